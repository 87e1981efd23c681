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
# Only refresh the package lists when the install fails with stale ones.
apt-get install -y -q --no-install-recommends $missing >/dev/null 2>&1 ||
  { apt-get update -q >/dev/null && apt-get install -y -q --no-install-recommends $missing >/dev/null; } ||
  { echo "error: apt-get install$missing failed" >&2; exit 2; }
