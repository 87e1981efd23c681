#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# need-pkgs.sh [--dry-run] PKG...: make sure Debian packages are installed.
# As root, installs what is missing with apt-get (--no-install-recommends:
# the callers name every package they need); otherwise stops with one line
# naming the exact command to run. With --dry-run it installs nothing and
# prints the one line naming what is missing, if anything is (make -n's
# `make deps`, mk/packages.mk). Exit status: 0 installed (--dry-run:
# always); 2 missing (non-root) or the install failed, one line on stderr.
dry_run=
if [ "${1:-}" = --dry-run ]; then dry_run=yes; shift; fi
[ $# -gt 0 ] || exit 0
installed=$(dpkg-query -W -f='${db:Status-Abbrev} ${Package}\n' "$@" 2>/dev/null | sed -n 's/^ii  *//p')
missing=
for pkg in "$@"; do
  case " $(echo $installed) " in *" $pkg "*) ;; *) missing="$missing $pkg" ;; esac
done
[ -z "$missing" ] && exit 0
if [ -n "$dry_run" ]; then
  echo "missing Debian packages; make installs them as root: apt-get install -y$missing"
  exit 0
fi
if [ "$(id -u)" != 0 ]; then
  echo "error: missing Debian packages; run as root: apt-get install -y$missing" >&2
  exit 2
fi
echo "installing:$missing"
export DEBIAN_FRONTEND=noninteractive
# One apt-get at a time (several make runs may start at once), and any other
# apt run is waited for (dpkg lock timeout) rather than failed on.
exec 9>/tmp/lwip-fastsum-need-pkgs.lock
flock 9
lock_wait="-o DPkg::Lock::Timeout=600"
log=$(mktemp "${TMPDIR:-/tmp}/need-pkgs.XXXXXX.log") || { echo "error: cannot create a log file" >&2; exit 2; }
# Only refresh the package lists when the install fails with stale ones.
if apt-get install $lock_wait -y -q --no-install-recommends $missing >"$log" 2>&1 ||
   { apt-get update $lock_wait -q >>"$log" 2>&1 &&
     apt-get install $lock_wait -y -q --no-install-recommends $missing >>"$log" 2>&1; }; then
  rm -f "$log"
  exit 0
fi
echo "error: apt-get install$missing failed, see $log" >&2
exit 2
