#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# qemu.sh MACHINE IMAGE [--netif TAP@NETNS,ADDR/PREFIX[,mtu=N]] [--duration S] [--help]
#
# Starts contrib/mps2demo's IMAGE on qemu-system-arm's MPS2 board MACHINE
# (mps2-an385, mps2-an386, mps2-an505) the way test/product/interop/run.sh
# starts tapdemo (INTEROP_EMULATOR): the board's LAN9118 on the existing TAP
# device TAP in network namespace NETNS, MAC 02:00:00:00:00:01 (tapdemo's
# first), the arguments passed on to mps2demo by semihosting. SIGTERM or
# SIGINT asks mps2demo to stop (it watches a file, the stop file, through
# semihosting): it prints its counters and exits, and so does qemu, with
# mps2demo's status, which is this script's. With --help (and no --netif)
# the board runs without a network and prints mps2demo's usage.
#
# qemu's LAN9118 silently drops a frame that does not fit its receive FIFO
# (about 10 KB) and takes the frames the kernel writes to the TAP device as
# fast as they come: a datagram's train of fragments overflows it while the
# emulated CPU waits for the host's. The kernel's side of the link
# therefore sends fragments (and anything not IPv4) at INTEROP_MCU_RATE
# (default 1mbit: the FIFO holds 80 ms of them), whole datagrams at once;
# lwIP's TCP window (contrib/mps2demo/lwipopts.h) fits the FIFO. A host too
# busy to run the board for that long still loses frames: run.sh counts
# them and sends an unanswered ping or UDP datagram again.
set -u

usage() { echo "usage: qemu.sh MACHINE IMAGE [--netif TAP@NETNS,ADDR/PREFIX[,mtu=N]] [--duration S] [--help]" >&2; exit 2; }
[ $# -ge 2 ] || usage
machine=$1 image=$2
shift 2
[ -f "$image" ] || { echo "qemu.sh: error: $image: no such image" >&2; exit 2; }
qemu=qemu-system-arm
command -v $qemu >/dev/null || { echo "qemu.sh: error: $qemu not found (apt-get install qemu-system-arm)" >&2; exit 2; }
rate=${INTEROP_MCU_RATE:-1mbit}

tap= ns=
args=("$@")
while [ $# -gt 0 ]; do
  case $1 in
    --netif)
      [ $# -ge 2 ] || usage
      link=${2%%,*}
      tap=${link%@*}
      [ "$link" != "$tap" ] && ns=${link#*@}
      shift 2 ;;
    --duration) [ $# -ge 2 ] || usage; shift 2 ;;
    --help) shift ;;
    *) echo "qemu.sh: error: unknown option '$1'" >&2; exit 2 ;;
  esac
done
# in NETNS, or where this runs
netns() { if [ -n "$ns" ]; then ip netns exec "$ns" "$@"; else "$@"; fi; }

work=$(mktemp -d) || exit 2
stop_file=$work/stop
: >"$stop_file"
qemu_pid=
cleanup() {
  [ -n "$qemu_pid" ] && kill -KILL $qemu_pid 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

# A signal asks mps2demo to stop; it looks at the stop file every 100 ms.
trap 'echo stop >"$stop_file"' TERM INT

nic=(-nic none)
if [ -n "$tap" ]; then
  nic=(-nic "tap,ifname=$tap,script=no,downscript=no,mac=02:00:00:00:00:01")
  # HTB: IPv4 fragments and whatever is not IPv4 in class 1:1 at $rate,
  # whole IPv4 datagrams (u32: no MF flag, offset 0) unpaced in 1:2
  netns tc qdisc replace dev "$tap" root handle 1: htb default 1 &&
  netns tc class add dev "$tap" parent 1: classid 1:1 htb rate "$rate" burst 1514 quantum 1514 &&
  netns tc class add dev "$tap" parent 1: classid 1:2 htb rate 10gbit quantum 1514 &&
  netns tc filter add dev "$tap" parent 1: protocol ip u32 match u16 0 0x3fff at 6 flowid 1:2 ||
    { echo "qemu.sh: error: cannot pace $tap in ${ns:-this namespace}" >&2; exit 2; }
fi
# mps2demo's arguments by semihosting: the image's name and -append's
# words; what it prints to this script's standard output
netns $qemu -M "$machine" -display none -monitor none -serial none "${nic[@]}" \
  -chardev stdio,id=semihosting,signal=off -semihosting-config enable=on,target=native,chardev=semihosting \
  -kernel "$image" \
  -append "${args[*]} --stop-file $stop_file" </dev/null &
qemu_pid=$!
while :; do
  wait $qemu_pid
  rc=$?
  kill -0 $qemu_pid 2>/dev/null || break
done
qemu_pid=
exit $rc
