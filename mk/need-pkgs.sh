#!/bin/sh
# need-pkgs.sh PKG...: make sure Debian packages are installed.
# As root, installs what is missing with apt-get; otherwise stops with one
# line naming the exact command to run.
missing=
for pkg in "$@"; do
  dpkg-query -W -f='${Status}\n' "$pkg" 2>/dev/null | grep -q '^install ok installed$' ||
    missing="$missing $pkg"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" != 0 ]; then
  echo "error: missing Debian packages; run as root: apt-get install -y$missing" >&2
  exit 2
fi
echo "installing:$missing"
export DEBIAN_FRONTEND=noninteractive
# Parallel make runs several deps-* at once: one apt-get at a time, and any
# other apt run is waited for (dpkg lock timeout) rather than failed on.
exec 9>/var/lock/lwip-fastsum-need-pkgs.lock
flock 9
lock_wait="-o DPkg::Lock::Timeout=600"
# Only refresh the package lists when the install fails with stale ones.
apt-get install $lock_wait -y -q --no-install-recommends $missing >/dev/null 2>&1 ||
  { apt-get update $lock_wait -q >/dev/null && apt-get install $lock_wait -y -q --no-install-recommends $missing >/dev/null; } ||
  { echo "error: apt-get install$missing failed" >&2; exit 2; }
