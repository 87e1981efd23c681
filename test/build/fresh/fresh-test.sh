#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# fresh-test.sh WORKDIR [-jN]: the README on a bare Debian machine.
#
# Builds a minimal Debian bookworm root in WORKDIR/root (mmdebstrap
# --variant=apt: the essential packages, apt, and make; made once as
# WORKDIR/bookworm-apt.tar and unpacked for each run), puts a clean clone
# of this repository's HEAD in it, and there
#   1. as a non-root user, `make` must stop at once (no file written) with
#      one line naming the `apt-get install -y ...` command;
#   2. as root, `make -n test` must pass, install nothing, write nothing and
#      print the one line naming the missing packages (`make deps` under -n:
#      mk/need-pkgs.sh --dry-run);
#   3. as root, the README's two commands, `make` and then `make test`, must
#      pass (they install every package they need), with -jN if given.
# Each command's time is printed; any failure exits non-zero. The chroot runs
# in mount and PID namespaces of its own (proc, sys, dev with /dev/net/tun,
# a tmpfs on /run for `ip netns`): its mounts and processes end with it, also
# when interrupted, and the root is removed in any case. Needs root.
# Logs stay in WORKDIR: nonroot.log, dry-run.log, make.log, make-test.log.
# A failed interop run's directory (captures, logs, bad-frames lists) is
# copied out of the root first, to WORKDIR/kept/ (the path it had under
# build/), and its path printed.
set -eu
. "$(dirname "$0")/../../../mk/lib.sh"

SUITE=bookworm
MIRROR=http://deb.debian.org/debian
SECURITY=http://deb.debian.org/debian-security
CLONE=/src/lwip-fastsum
CHROOT_PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin

# seconds since the epoch, and a duration printed as "1 min 23 s"
now() { date +%s; }
took() { s=$(( $(now) - $1 )); echo "$((s / 60)) min $((s % 60)) s"; }

# ---- inside the namespaces (called by the part below) ----------------------
if [ "${1:-}" = --inside ]; then
  work=$2 root=$2/root jobs=${3:-}
  # The first process of the PID namespace: its exit ends every process in
  # it (and with them the mounts). Signals reach it only through a trap, and
  # commands run in the background so that the wait for them is cut short.
  trap 'exit 2' HUP INT TERM
  run() { "$@" & wait $!; }
  # the root a mount point of its own: `ip netns exec` makes / a slave mount
  mount --bind "$root" "$root"
  mount -t proc proc "$root/proc"
  mount -t sysfs sysfs "$root/sys"
  mount --rbind /dev "$root/dev"
  mount -t tmpfs -o mode=755 tmpfs "$root/run"
  mkdir -p "$root/run/lock"   # as on a booted machine
  [ -c "$root/dev/net/tun" ] || die "no /dev/net/tun in the chroot"
  in_root() { chroot "$root" env -i PATH=$CHROOT_PATH HOME=/root LANG=C.UTF-8 "$@"; }
  # keep_failed LOG: the directories that failed interop runs name in LOG
  # ("interop-...: logs and captures kept in DIR", run.sh and iperf.sh)
  # copied to WORKDIR/kept/: the root goes when this ends, and a failure
  # that does not come again is understood from its captures or not at all.
  keep_failed() {
    sed -n 's|^interop[^ ]*: logs and captures kept in \(/.*\)$|\1|p' "$1" | sort -u |
    while read -r dir; do
      case $dir in
        "$CLONE"/build/*) dest=$work/kept/${dir#"$CLONE"/build/} ;;
        *) dest=$work/kept$dir ;;
      esac
      rm -rf "$dest" && mkdir -p "$(dirname "$dest")" && cp -a "$root$dir" "$dest" &&
        echo "fresh-test: kept $dest (the root's $dir)" ||
        echo "fresh-test: could not copy the root's $dir to $dest" >&2
    done
  }

  # 1. non-root: stops at once, one line, nothing written
  t0=$(now)
  status=0
  run chroot --userspec=65534:65534 "$root" env -i PATH=$CHROOT_PATH HOME=/nonexistent LANG=C.UTF-8 \
    sh -c "cd $CLONE && make" > "$work/nonroot.log" 2>&1 || status=$?
  echo "fresh-test: make as non-root: exit $status in $(took "$t0"): $(cat "$work/nonroot.log")"
  [ "$status" -ne 0 ] || die "make as non-root passed; it must stop with the apt-get line"
  [ "$(wc -l < "$work/nonroot.log")" -eq 1 ] || die "make as non-root printed more than one line (see $work/nonroot.log)"
  grep -q 'run as root: apt-get install -y [a-z0-9]' "$work/nonroot.log" ||
    die "make as non-root did not name the apt-get install command"
  [ ! -e "$root$CLONE/build" ] || die "make as non-root wrote $CLONE/build before stopping"

  # 2. as root, make -n: exit 0, no package installed, no file written, the
  #    missing packages named in one line
  t0=$(now)
  in_root dpkg-query -W -f='${Package} ${Version}\n' > "$work/packages-before"
  status=0
  run in_root sh -c "cd $CLONE && make -n test" > "$work/dry-run.log" 2>&1 || status=$?
  [ "$status" -eq 0 ] || { tail -n 20 "$work/dry-run.log"; die "make -n test as root exited $status; log: $work/dry-run.log"; }
  in_root dpkg-query -W -f='${Package} ${Version}\n' > "$work/packages-after"
  cmp -s "$work/packages-before" "$work/packages-after" ||
    die "make -n test as root installed: $(diff "$work/packages-before" "$work/packages-after" | sed -n 's/^> //p' | tr '\n' ' ')"
  [ ! -e "$root$CLONE/build" ] || die "make -n test as root wrote $CLONE/build"
  apt_changed=$(find "$root/var/lib/apt" "$root/var/cache/apt" -newer "$work/packages-before" 2>/dev/null |
    head -n 3 | tr '\n' ' ')
  [ -z "$apt_changed" ] || die "make -n test as root ran apt-get: it changed $apt_changed"
  named=$(grep -c '^missing Debian packages; make installs them as root: apt-get install -y [a-z0-9]' \
    "$work/dry-run.log" || true)
  [ "$named" = 1 ] ||
    die "make -n test as root printed $named lines naming the missing packages, not 1 (see $work/dry-run.log)"
  echo "fresh-test: make -n test as root: exit 0 in $(took "$t0"), no package installed, no file written," \
    "the missing packages named in one line"

  # 3. as root, exactly the README's two commands (with make fresh-test's -j)
  for cmd in "make${jobs:+ $jobs}" "make${jobs:+ $jobs} test"; do
    log=$work/$(echo "$cmd" | sed 's/ -j[0-9]*//' | tr ' ' -).log
    t0=$(now)
    status=0
    run in_root sh -c "cd $CLONE && $cmd" > "$log" 2>&1 || status=$?
    if [ "$status" -ne 0 ]; then
      tail -n 40 "$log"
      keep_failed "$log"
      die "'$cmd' failed (exit $status) after $(took "$t0") in a fresh $SUITE root; log: $log"
    fi
    echo "fresh-test: $cmd as root: passed in $(took "$t0") (log: $log)"
  done
  # the interop tests ran (as root, network namespaces, TAP devices), not
  # skipped
  ! grep -q '^interop-.*: skipped' "$work/make-test.log" ||
    die "the interop tests were skipped in the chroot: $(grep -m 1 '^interop-.*: skipped' "$work/make-test.log")"
  grep -q '^interop-.*: passed' "$work/make-test.log" || die "no interop test passed in the chroot"
  exit 0
fi

# ---- outside: build the root, run the above in namespaces, clean up --------
{ [ $# -eq 1 ] || [ $# -eq 2 ]; } || die "usage: $0 WORKDIR [-jN]"
case ${2:--j} in -j|-j[1-9]|-j[1-9][0-9]) ;; *) die "not a -j option: $2" ;; esac
[ "$(id -u)" -eq 0 ] || die "make fresh-test needs root (mmdebstrap, chroot, mounts)"
top=$(cd "$(dirname "$0")/../../.." && pwd)
mkdir -p "$1"
work=$(cd "$1" && pwd) root=$(cd "$1" && pwd)/root
tarball=$work/$SUITE-apt.tar

child=
cleanup() {
  # unshare itself ignores INT and TERM while it waits: the signal goes to
  # the first process inside, its child
  if [ -n "$child" ]; then
    pkill -TERM -P "$child" 2>/dev/null || true
    wait "$child" 2>/dev/null || true
  fi
  # The mounts live in the child's mount namespace, gone with it; should one
  # show here, it is unmounted before anything is removed, and rm stays on
  # the root's own file system whatever happens.
  if findmnt -rn -o TARGET | grep -q "^$root"; then
    findmnt -rn -o TARGET | grep "^$root" | sort -r | xargs -r umount -l 2>/dev/null || true
  fi
  rm -rf --one-file-system "$root"
}
# (a second signal during the clean-up does not interrupt it)
cleanup_once() { trap '' HUP INT TERM; cleanup; }
cleanup
# the evidence of an earlier run's failure, which this one replaces
rm -rf "$work/kept"
trap cleanup_once EXIT
trap 'echo "fresh-test: interrupted; removing $root" >&2; exit 2' HUP INT TERM

t_all=$(now)
# The bare root is made once per build directory (make clean removes it)
# and unpacked for every run.
t0=$(now)
if [ ! -f "$tarball" ]; then
  mmdebstrap --quiet --variant=apt --include=make "$SUITE" "$work/partial.tar" \
    "deb $MIRROR $SUITE main" "deb $MIRROR $SUITE-updates main" "deb $SECURITY $SUITE-security main" \
    > "$work/mmdebstrap.log" 2>&1 || { tail -n 20 "$work/mmdebstrap.log"; die "mmdebstrap failed; log: $work/mmdebstrap.log"; }
  mv "$work/partial.tar" "$tarball"
  echo "fresh-test: minimal $SUITE root made (mmdebstrap --variant=apt, with make): $(took "$t0")"
fi
mkdir -p "$root"
tar -C "$root" -xf "$tarball" || die "cannot unpack $tarball"
echo "fresh-test: minimal $SUITE root in $root: $(took "$t0")"

head=$(git -C "$top" rev-parse HEAD)
git clone --quiet --no-checkout "$top" "$root$CLONE"
git -C "$root$CLONE" checkout --quiet --detach "$head"
echo "fresh-test: clean clone of HEAD $(git -C "$top" rev-parse --short HEAD) in $CLONE"

# Own mount and PID namespaces: every mount and process inside ends with it.
unshare --mount --propagation private --pid --fork "$0" --inside "$work" ${2:-} &
child=$!
status=0
wait "$child" || status=$?
child=
[ "$status" -eq 0 ] || exit "$status"
echo "fresh-test: passed in $(took "$t_all")"
