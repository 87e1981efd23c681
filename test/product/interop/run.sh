#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# run.sh [-6|-1] PROG WORKDIR: lwIP (tapdemo PROG) against the Linux kernel
# over TAP devices, every frame captured and every checksum checked by tshark.
# See docs/interop.md. Writes logs and captures to WORKDIR (emptied first);
# they stay there, and on failure the last line names the directory and each
# bad checksum is listed (badframes.sh) in WORKDIR/bad-frames-NETNS.txt.
#
#   netns L (kernel)           tapdemo (lwIP, a router)           netns R (kernel)
#   tap0 10.7.1.2/24  <--->  10.7.1.1/24      10.7.2.1/24  <--->  tap0 10.7.2.2/24
#   MTU 1500                 MTU 1500         MTU 1280            MTU 1280
#
# With -6 the same over IPv6 only (PROG built with IPv6: interop/KEY-ipv6),
# static addresses without duplicate address detection on both sides:
#
#   tap0 fd00:7:1::2/64 <-> fd00:7:1::1/64    fd00:7:2::1/64 <-> tap0 fd00:7:2::2/64
#
# With -1 lwIP has one link, L (IPv4): the checks of lwIP as a host from L.
# INTEROP_EMULATOR in the environment names a command that runs PROG
# (test/product/interop-mcu/qemu.sh MACHINE: PROG is a board's image).
# The emulated board's controller may lose a frame the kernel sent it
# (qemu's LAN9118 has no flow control, and a busy host runs the board too
# late): there a ping or UDP datagram that gets no answer is sent again, up
# to 5 times per size, each retry a line of the output, and the run fails
# unless as many frames were lost outside lwIP (counted from the capture)
# as retries were needed. lwIP's own frames are counted exactly as ever.
# tapdemo reads the TAP device itself, which loses nothing: no retries.
#
# Exit status: 0 passed, 1 a check failed, 2 bad usage or setup error,
# 77 skipped (not root, no /dev/net/tun, no network namespaces).
set -u

usage() { echo "usage: run.sh [-6|-1] PROG WORKDIR" >&2; exit 2; }
ipv6= one_link=
case ${1:-} in
  -6) ipv6=1 && shift ;;
  -1) one_link=1 && shift ;;
esac
[ $# = 2 ] || usage
[ -x "$1" ] || { echo "interop: error: $1 is not an executable" >&2; exit 2; }
prog=$(realpath "$1")
work=$2
here=$(cd "$(dirname "$0")" && pwd)
tag=interop-$(basename "$(dirname "$prog")")
. "$here/../../../mk/lib.sh"
python=/usr/bin/python3
emulator=${INTEROP_EMULATOR:-}
retries=0
[ -n "$emulator" ] && retries=5
limit=600 # no process lives longer than this, seconds

netns_require $tag deps-interop ip ethtool ping dumpcap tshark timeout $python

# ---- cleanup on every exit path (with a failure in CI the run's captures
# and logs are all there is to go on) ----
L=fsi$$l R=fsi$$r
pids= current=
netns_stop() { stop_processes $pids $current; }
links="$L $R"
[ -n "$one_link" ] && links=$L
netns_start "$work" $links

# side NS ADDR/PREFIX MTU OTHER-NET LWIP-ADDR: a kernel peer in its netns.
# IPv6 is off on its TAP device. With -6 it gets no address here:
# netns_ipv6_on turns IPv6 on and adds them once lwIP runs (also a fence's
# marker makes the kernel send where IPv6 is on).
side() {
  ip -n "$1" link set tap0 mtu "$3" up &&
  { [ -n "$ipv6" ] || { ip -n "$1" addr add "$2" dev tap0 && ip -n "$1" route add "$4" via "$5" dev tap0 onlink; }; } ||
    die "setting up namespace $1 failed"
}
if [ -n "$ipv6" ]; then
  # lwIP's addresses, where L and R reach it, and those of L and R
  lwip_l=fd00:7:1::1 lwip_r=fd00:7:2::1 peer_l=fd00:7:1::2 peer_r=fd00:7:2::2
  side $L - 1500
  side $R - 1280
  lwip_netifs="--netif tap0@$L,$lwip_l/64 --netif tap0@$R,$lwip_r/64,mtu=1280"
  family=ipv6
else
  lwip_l=10.7.1.1 lwip_r=10.7.2.1 peer_l=10.7.1.2 peer_r=10.7.2.2
  side $L $peer_l/24 1500 10.7.2.0/24 $lwip_l
  lwip_netifs="--netif tap0@$L,$lwip_l/24"
  if [ -z "$one_link" ]; then
    side $R $peer_r/24 1280 10.7.1.0/24 $lwip_r
    lwip_netifs="$lwip_netifs --netif tap0@$R,$lwip_r/24,mtu=1280"
  fi
  family=ipv4
fi
lwip_ips=$lwip_l,$lwip_r
# tapdemo numbers its MACs 02:00:00:00:00:01, :02, ... (qemu.sh gives the
# board the first)
lwip_macs=02:00:00:00:00:
[ -n "$one_link" ] && lwip_ips=$lwip_l

# ---- captures, lwIP, the echo server behind it ----
# fence NS: marker frames into NS's tap0 until its capture has one more
fence() { capture_fence "$work/$1.pcapng" $1 $python "$here/peer.py" marker tap0; }
for ns in $links; do
  # A buffer for the whole run: not one frame may be lost to a busy CPU.
  capture_start $ns "$work/$ns.pcapng" "$work/dumpcap-$ns.log" 128 $limit
  pids="$pids $capture_pid"
done
for ns in $links; do fence $ns; done
# The kernel's drop counters of each tap0: frames are accounted for from
# here on. A marker that the fence wrote before dumpcap really captured had
# no receiver in the kernel, which counts it in rx_dropped although it is
# nobody's frame (one such marker made the check below fail now and then,
# "the kernel dropped 1 of lwIP's"), so the check counts from these to
# those when the capture ends.
for ns in $links; do tap_drops $ns >"$work/drops-$ns.before"; done

$emulator "$prog" $lwip_netifs --duration $limit >"$work/tapdemo.log" 2>&1 &
demo=$!
pids="$pids $demo"
waitfor $tag "$work/tapdemo.log" "ready" 10
if [ -n "$ipv6" ]; then
  netns_ipv6_on $L $peer_l/64 fd00:7:2::/64 $lwip_l
  netns_ipv6_on $R $peer_r/64 fd00:7:1::/64 $lwip_r
fi
if [ -z "$one_link" ]; then
  ip netns exec $R $python "$here/peer.py" serve $peer_r 7 --duration $limit >"$work/server.log" 2>&1 &
  pids="$pids $!"
  waitfor $tag "$work/server.log" "ready" 10
fi

# ---- the checks ----
failures=0 retried=0 late=0 lost_outside=0
pass() { echo "  ok    $*"; }
failed() { echo "  FAIL  $*"; failures=$((failures + 1)); }
# retry WHAT...: one more try of a ping or datagram that got no answer. One
# that fails every retry fails the run: there are no more retries then.
retry() { echo "  retry $*"; retried=$((retried + 1)); }

# bad_frames NS: the frames of the bad checksums on NS's link, all in
# bad-frames-NS.txt
bad_frames() {
  capture_bad_frames "$here/badframes.sh" "$work/$1.pcapng" $lwip_ips "$work/bad-frames-$1.txt" \
    "$work/badframes-$1.log" || failed "badframes.sh on $1.pcapng: $(tail -1 "$work/badframes-$1.log")"
}

# pings NS DST PING-OPTIONS SIZE...: 3 echoes per size, each answered within
# 5 s and intact (a request without an answer sent again, up to $retries
# times per size). One ping per run: with -c 3, ping stops waiting two round
# trips after its last request, which a busy machine can exceed.
pings() {
  local ns=$1 dst=$2 opts=$3 size out tries replies again
  shift 3
  for size in "$@"; do
    replies=0 tries=0 out=
    while [ $replies -lt 3 ]; do
      bounded 30 "$work/client.log" - ip netns exec "$ns" ping -n -c 1 -W 5 $opts -s "$size" "$dst"
      if grep -q " 1 received, 0% packet loss" "$work/client.log" &&
         ! grep -qE "wrong data|DUP!|truncated" "$work/client.log"; then
        replies=$((replies + 1))
        continue
      fi
      out=$(grep -E "transmitted|wrong|DUP|truncated|rror" "$work/client.log" | head -3 | tr '\n' ' ')
      grep -q " 0 received" "$work/client.log" && ! grep -qE "wrong data|DUP!|truncated|rror" "$work/client.log" &&
        [ $tries -lt $retries ] || break
      tries=$((tries + 1))
      retry "ping $dst $opts -s $size: request $((replies + 1)) unanswered (retry $tries of $retries)"
    done
    again=
    [ $tries = 0 ] || again=" ($tries retries)"
    if [ $replies = 3 ]; then
      pass "ping $dst $opts -s $size: 3/3 replies$again"
    else
      failed "ping $dst $opts -s $size: request $((replies + 1)) failed$again: $out"
      retries=0
    fi
  done
}

# peer NS ARGS...: one peer.py client, bounded; its retries (udp-echo
# --retries) counted, and its late echoes
peer() {
  local ns=$1 out n
  shift
  bounded 150 "$work/client.log" - ip netns exec "$ns" $python "$here/peer.py" "$@"
  rc=$?
  sed -n 's/^retry /  retry /p' "$work/client.log"
  retried=$((retried + $(grep -c '^retry ' "$work/client.log")))
  n=$(sed -n 's/.* retries (\([0-9]*\) late echoes)$/\1/p' "$work/client.log")
  late=$((late + ${n:-0}))
  out=$(grep -v '^retry ' "$work/client.log")
  case $rc in
    0) pass "$out" ;;
    124) failed "peer.py $1 $2: no result within 150 s" ;;
    *) failed "$(echo "$out" | tail -3 | tr '\n' ' ')" ;;
  esac
  [ $rc = 0 ] || retries=0
}

# packet_too_big NS DST SIZE MTU: one echo request of SIZE bytes, which lwIP
# cannot forward: its ICMPv6 Packet Too Big comes back instead of a reply.
# SIZE must make the kernel fragment (above 1452 at MTU 1500): lwIP answers
# no ICMPv6 message with an ICMPv6 error, an echo request neither
# (ip6_forward), but the first fragment's next header is the fragment header.
packet_too_big() {
  bounded 30 "$work/client.log" - ip netns exec "$1" ping -n -c 1 -W 5 -s "$3" "$2"
  if grep -q "Packet too big: mtu=$4\$" "$work/client.log"; then
    pass "ping $2 -s $3: $(grep -o "From .*" "$work/client.log" | head -1)"
  else
    failed "ping $2 -s $3: no Packet too big (mtu=$4) from lwIP: $(grep -E "From|transmitted|rror" "$work/client.log" | head -3 | tr '\n' ' ')"
  fi
}

udp_sizes=1,2,3,7,8,63,64,255,256,1023,1024,1471,1472,1473,1480,1481,2000,2952,2953,4000,8192,8972,9000,16383,16384,30000,32768,50000,65000,65506,65507
version=$($emulator "$prog" --help 2>/dev/null | sed -n 's/^lwIP \([^ ]*\) .*/\1/p')
if [ -n "$one_link" ]; then
  echo "$tag: lwIP $version at $lwip_l, kernel peer in namespace $L ($peer_l)"
else
  echo "$tag: lwIP $version at $lwip_l and $lwip_r (MTU 1280), kernel peers in namespaces $L ($peer_l), $R ($peer_r)"
fi
if [ -n "$ipv6" ]; then
  # The same sizes up to 65487, and those of the largest datagrams in one
  # frame: at MTU 1280 and 1500, a payload of 1232 and 1452 bytes after 48
  # of IPv6 and UDP (ICMPv6) header; the kernel fragments larger ones, and so
  # does lwIP. lwIP holds a datagram with its IPv6 header in a pbuf, whose
  # length is 16 bits: it cannot reassemble one longer than 65535 bytes (a
  # payload of 65487: ip6_reass asserts, or drops it without assertions).
  udp_sizes=$(echo $udp_sizes,1232,1233,1452,1453,65486,65487 | tr , '\n' |
    awk '$1 <= 65487' | sort -n | paste -sd,)
  echo " lwIP as a host, from $L (MTU 1500):"
  pings $L $lwip_l "" 0 1 56 1232 1233 1280 1452 1453 1500 4000 8952 30000 65000
  peer $L udp-echo $lwip_l 7 --sizes $udp_sizes --retries $retries
  peer $L tcp-echo $lwip_l 7 --bytes $((4 * 1024 * 1024))
  peer $L tcp-discard $lwip_l 9 --bytes $((1024 * 1024))
  echo " lwIP as a host, from $R (MTU 1280):"
  pings $R $lwip_r "" 0 56 1232 1233 1280 1452 1453 1500 4000 65000
  peer $R udp-echo $lwip_r 7 --sizes $udp_sizes --retries $retries
  peer $R tcp-echo $lwip_r 7 --bytes $((1024 * 1024))
  echo " lwIP as a router, $L -> $R (MTU 1280 behind lwIP: the kernel fragments after Packet Too Big):"
  packet_too_big $L $peer_r 2000 1280
  pings $L $peer_r "" 0 56 1232 1233 1452 1453 4000 30000 65000
  peer $L udp-echo $peer_r 7 --sizes $udp_sizes --retries $retries
  peer $L tcp-echo $peer_r 7 --bytes $((2 * 1024 * 1024))
  peer $R tcp-minus-zero $peer_l 9
else
  echo " lwIP as a host, from $L:"
  pings $L $lwip_l "" 0 1 56 1472 1473 4000 8972 30000 65000
  peer $L udp-echo $lwip_l 7 --sizes $udp_sizes --retries $retries
  peer $L tcp-echo $lwip_l 7 --bytes $((20 * 1024 * 1024))
  peer $L tcp-discard $lwip_l 9 --bytes $((4 * 1024 * 1024))
fi
if [ -z "$ipv6$one_link" ]; then
  echo " lwIP as a router, $L -> $R (lwIP refragments to MTU 1280):"
  pings $L $peer_r "-M dont" 0 56 1252 1253 1472 1473 4000 8972 30000 65000
  peer $L udp-echo $peer_r 7 --sizes $udp_sizes --retries $retries
  peer $L tcp-echo $peer_r 7 --bytes $((2 * 1024 * 1024))
  # the kernel's TCP checksum 0xffff for 0x0000: lwIP forwards it unchanged
  # and checksums.awk counts it as the kernel's (checked below)
  peer $R tcp-minus-zero $peer_l 9
fi

# ---- lwIP stops cleanly and reports ----
if [ -n "$ipv6" ]; then
  netns_ipv6_off $L
  netns_ipv6_off $R
  sleep 0.2 # lwIP reads what the kernel sent as IPv6 went down
fi
kill -TERM $demo
for i in $(seq 50); do kill -0 $demo 2>/dev/null || break; sleep 0.1; done
kill -KILL $demo 2>/dev/null
wait $demo
rc=$?
pids=${pids/ $demo/}
stopped=$(grep "stopped" "$work/tapdemo.log")
if [ $rc = 0 ] && [ -n "$stopped" ]; then
  pass "$stopped"
else
  failed "lwIP did not stop cleanly on SIGTERM (status $rc): $(tail -3 "$work/tapdemo.log" | tr '\n' ' ')"
fi
# The kernel's checksums are right (tshark checks them below): lwIP,
# verifying them from the sums tapif.c took, counted none bad (TCP would
# resend a good segment dropped for a wrong sum; only this shows it).
counters=$(grep "^tapdemo: counters" "$work/tapdemo.log")
if [ -n "$counters" ]; then
  errors=$(echo "$counters" | grep -oE '[a-z0-9_]+\.chkerr=[0-9]+|mib2\.ipinhdrerrors=[0-9]+' | grep -v '=0$' | tr '\n' ' ')
  if [ -z "$errors" ]; then
    pass "lwIP counted no checksum error"
  else
    failed "lwIP counted checksum errors in good frames: $errors"
  fi
fi

# ---- every checksum of every frame, in both captures ----
for ns in $links; do fence $ns; done
stop_processes $pids
pids=
# the counters as the capture ended (a frame the kernel sends later to the
# closed TAP device is counted in tx_dropped, and in no capture)
for ns in $links; do tap_drops $ns >"$work/drops-$ns.after"; done
for ns in $links; do
  [ "$(capture_dropped "$work/dumpcap-$ns.log")" = 0 ] ||
    failed "capture on $ns/tap0 incomplete: $(grep -E "^Packets|rror" "$work/dumpcap-$ns.log" | tr '\n' ' ')"
  capture_checksums "$work/$ns.pcapng" "$work/checksums-$ns.txt" "$work/tshark-$ns.log"
  rc=$?
  if [ $rc != 0 ] || grep -qv "Running as user" "$work/tshark-$ns.log"; then
    failed "tshark on $ns.pcapng (status $rc): $(grep -v "Running as user" "$work/tshark-$ns.log" | head -3 | tr '\n' ' ')"
  fi
  # Every frame lwIP wrote on this link is in the capture, but for those the
  # kernel dropped before the capture point when its receive backlog was
  # full (a loaded machine). Every frame the kernel wrote reached lwIP, but
  # for those it captured and then dropped because lwIP had not read its
  # queue yet, and those an emulated board's controller lost. Both counted
  # on the kernel's tap0 (the drops while capturing) and by lwIP's netif.
  set -- $(sed -n "s/.*tap0@$ns: rx \([0-9]*\) frames ([0-9]* dropped), tx \([0-9]*\) .*/\1 \2/p" "$work/tapdemo.log")
  from_lwip=$(awk -F'\t' -v lwip=$lwip_macs 'index($1, lwip) == 1' "$work/checksums-$ns.txt" | wc -l)
  from_kernel=$(($(wc -l <"$work/checksums-$ns.txt") - from_lwip))
  read -r rx0 tx0 <"$work/drops-$ns.before"
  read -r rx1 tx1 <"$work/drops-$ns.after"
  rxdrop=$((rx1 - rx0)) txdrop=$((tx1 - tx0))
  lost=$((from_kernel - txdrop - ${1:-0}))
  counts="lwIP wrote ${2:-?}, captured $from_lwip, $rxdrop dropped by the kernel; the kernel wrote $from_kernel, $txdrop dropped in its TAP queue, lwIP read ${1:-?}"
  if [ $# != 2 ] || [ $2 != $((from_lwip + rxdrop)) ] || [ $lost -lt 0 ] || { [ -z "$emulator" ] && [ $lost != 0 ]; }; then
    failed "frames on $ns/tap0: $counts ($rx0 received and $tx0 sent before the capture)"
  elif [ -n "$emulator" ]; then
    pass "frames on $ns/tap0: $counts, $lost lost in the board's controller"
  else
    pass "frames on $ns/tap0: $counts"
  fi
  # what a retry may have been for: frames lost on their way to lwIP or back
  lost_outside=$((lost_outside + rxdrop + txdrop + lost))
  out=$(awk -F'\t' -v lwip=$lwip_macs -v lwip_ips=$lwip_ips -v need=$family \
    -f "$here/checksums.awk" "$work/checksums-$ns.txt")
  case $out in
    ok*) pass "checksums on $ns/tap0: ${out#ok }" ;;
    *) failed "checksums on $ns/tap0: ${out#bad }"
       bad_frames $ns ;;
  esac
  case $one_link$ns:$out in
    $L:*"from lwIP:"*"0xffff for 0x0000 from a kernel"*"from kernel:"*) ;;
    $L:*) failed "checksums on $ns/tap0: no TCP checksum 0xffff for 0x0000 from $R forwarded by lwIP" ;;
  esac
done

# Each retry was for a frame lost outside lwIP, unless its late echo came.
if [ $((retried - late)) -gt $lost_outside ]; then
  failed "retries: $retried ($late answered late), more than the $lost_outside frames lost outside lwIP: lwIP lost datagrams itself"
elif [ -n "$emulator" ]; then
  pass "retries: $retried ($late answered late); frames lost outside lwIP: $lost_outside"
fi

if [ $failures = 0 ]; then
  echo "$tag: passed"
  exit 0
fi
echo "$tag: $failures checks FAILED"
exit 1
