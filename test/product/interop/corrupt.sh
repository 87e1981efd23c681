#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# corrupt.sh WORKDIR PROG SOFTWARE-PROG: the kernel corrupts some of the
# frames it sends to lwIP, and lwIP with the receive checksum state (tapdemo
# PROG: each frame's sum taken while tapif.c copies it) must drop what lwIP
# verifying in software (SOFTWARE-PROG) drops, and as many as tshark finds
# bad. See docs/interop.md. Logs and captures in WORKDIR (emptied first).
#
#   netns C or S (kernel)                       tapdemo (lwIP)
#   tap0 10.7.1.2/24, nftables on its egress  ->  10.7.1.1/24, MTU 1500
#
# Each build gets a namespace of its own and the same traffic: pings and
# UDP echoes of sizes up to 64 KiB, fragmented by the kernel and
# reassembled by lwIP. An nftables rule on the egress of the kernel's tap0
# (netdev family, after the kernel wrote its checksums, before the capture)
# flips the TTL of every 7th unfragmented datagram (a bad IPv4 header
# checksum) and else one byte of every 47th frame, 28 bytes after its IPv4
# header: data of ICMP or UDP, or of a fragment (a bad checksum of the
# reassembled datagram; 47 frames apart, no datagram has two). Raw payload
# writes (@nh) leave the checksums as they were. netem's corrupt would do
# the flipping, but it is a kernel option (CONFIG_NET_SCH_NETEM) some
# kernels lack, as the one this was written on does (and tc's pedit);
# nftables needs only netfilter, which every distribution kernel has.
#
# Fails unless, in each build: the capture holds every frame, lwIP's own
# checksums are all good, lwIP counted each bad checksum of the kernel's
# tshark found (ip.chkerr and mib2.ipinhdrerrors the IPv4 headers,
# icmp.chkerr the ICMP, udp.chkerr the UDP ones; each more than 0), and
# the client got an echo for each one lwIP sent; and unless both builds
# saw the same checksums and counted the same (tapdemo's counters line).
#
# Exit status: 0 passed, 1 a check failed, 2 bad usage or setup error,
# 77 skipped (not root, no /dev/net/tun, no network namespaces).
set -u

[ $# = 3 ] || { echo "usage: corrupt.sh WORKDIR PROG SOFTWARE-PROG" >&2; exit 2; }
for prog in "$2" "$3"; do
  [ -x "$prog" ] || { echo "interop-corrupt: error: $prog is not an executable" >&2; exit 2; }
done
work=$1 prog_complete=$(realpath "$2") prog_software=$(realpath "$3")
here=$(cd "$(dirname "$0")" && pwd)
tag=interop-corrupt-$(basename "$(dirname "$prog_complete")")
. "$here/../../../mk/lib.sh"
python=/usr/bin/python3
limit=600 # no process lives longer than this, seconds
wait_s=2  # an echo that does not come within this is lost

netns_require $tag deps-interop ip ethtool ping dumpcap tshark nft timeout $python

ns_complete=fsc$$c ns_software=fsc$$s
pids= current=
netns_stop() { stop_processes $pids $current; }
netns_start "$work" $ns_complete $ns_software

lwip=10.7.1.1 peer=10.7.1.2
ping_sizes="0 1 56 1472 1473 4000 8972 30000 65000"
udp_sizes=1,2,3,7,8,63,64,255,256,1023,1024,1471,1472,1473,1480,1481,2000,2952,2953,4000,8192,8972,9000,16383,16384,30000,32768,50000,65000,65506,65507

failures=0
pass() { echo "  ok    $*"; }
failed() { echo "  FAIL  $*"; failures=$((failures + 1)); }

# counter NAME FILE: the value of NAME in tapdemo's counters line in FILE
counter() { sed -n "s/^tapdemo: counters.* $1=\([0-9]*\).*/\1/p" "$2"; }
# bad PROTO LINE: the bad checksums of PROTO in a sender's line of
# checksums.awk ("IPv4 header 10 good 2 bad, ICMP ...")
bad() { echo "$2" | sed -n "s/.*$1 [0-9]* good \([0-9]*\) bad.*/\1/p"; }

# run BUILD PROG NS: the traffic into PROG from NS; BUILD names its files
run() {
  local build=$1 prog=$2 ns=$3 size i answered=0 sent=0 out demo from_kernel from_lwip
  local h i_bad u_bad
  echo " $build ($prog):"
  ip -n $ns link set tap0 mtu 1500 up && ip -n $ns addr add $peer/24 dev tap0 ||
    die "setting up namespace $ns failed"
  ip netns exec $ns nft -f - <<EOF || die "nftables in namespace $ns failed"
table netdev corrupt {
  chain egress {
    type filter hook egress device tap0 priority 0; policy accept;
    ip daddr $lwip ip frag-off & 0x3fff == 0 ip protocol { icmp, udp } numgen inc mod 7 == 0 @nh,64,8 set @nh,64,8 ^ 0xff accept
    ip daddr $lwip ip protocol { icmp, udp } numgen inc mod 47 == 0 @nh,224,8 set @nh,224,8 ^ 0xff
  }
}
EOF
  capture_start $ns "$work/$build.pcapng" "$work/dumpcap-$build.log" 128 $limit
  pids="$pids $capture_pid"
  capture_fence "$work/$build.pcapng" $ns $python "$here/peer.py" marker tap0
  "$prog" --netif tap0@$ns,$lwip/24 --duration $limit >"$work/tapdemo-$build.log" 2>&1 &
  demo=$!
  pids="$pids $demo"
  waitfor $tag "$work/tapdemo-$build.log" "ready" 10

  for size in $ping_sizes; do
    for i in 1 2 3; do
      bounded 30 "$work/client.log" - ip netns exec $ns ping -n -c 1 -W $wait_s -s $size $lwip
      sent=$((sent + 1))
      if grep -qE "wrong data|DUP!|truncated" "$work/client.log"; then
        failed "ping -s $size: $(grep -E "wrong data|DUP!|truncated" "$work/client.log" | head -1)"
      fi
      grep -q " 1 received" "$work/client.log" && answered=$((answered + 1))
    done
  done
  bounded 600 "$work/udp-$build.log" - ip netns exec $ns $python "$here/peer.py" udp-echo $lwip 7 \
    --sizes $udp_sizes --lossy --timeout $wait_s || failed "peer.py udp-echo: $(tail -1 "$work/udp-$build.log")"

  stop_processes $demo
  pids=${pids/ $demo/}
  grep -q "^tapdemo: stopped" "$work/tapdemo-$build.log" && grep -q "^tapdemo: counters" "$work/tapdemo-$build.log" ||
    failed "lwIP did not stop cleanly with its counters: $(tail -3 "$work/tapdemo-$build.log" | tr '\n' ' ')"
  capture_fence "$work/$build.pcapng" $ns $python "$here/peer.py" marker tap0
  stop_processes $pids
  pids=

  [ "$(capture_dropped "$work/dumpcap-$build.log")" = 0 ] ||
    failed "capture incomplete: $(grep -E "^Packets|rror" "$work/dumpcap-$build.log" | tr '\n' ' ')"
  capture_checksums "$work/$build.pcapng" "$work/checksums-$build.txt" "$work/tshark-$build.log" &&
    ! grep -qv "Running as user" "$work/tshark-$build.log" ||
    failed "tshark on $build.pcapng: $(grep -v "Running as user" "$work/tshark-$build.log" | head -3 | tr '\n' ' ')"
  out=$(awk -F'\t' -v lwip=02:00:00:00:00: -v lwip_ips=$lwip -v "need=IPv4 header,ICMP,UDP" \
    -f "$here/checksums.awk" "$work/checksums-$build.txt")
  from_lwip=$(echo "$out" | grep "from lwIP:")
  from_kernel=$(echo "$out" | grep "from kernel:")
  echo "$from_lwip" >"$work/verdicts-$build.txt"
  echo "$from_kernel" >>"$work/verdicts-$build.txt"
  if [ -n "$from_lwip" ] && ! echo "$from_lwip" | grep -oE '[0-9]+ bad' | grep -qv '^0 bad'; then
    pass "checksums from lwIP all good:$(echo "${from_lwip#*from lwIP:}" | tr -s ' ')"
  else
    failed "checksums from lwIP:$(echo "${from_lwip#*from lwIP:}" | tr -s ' ')"
    capture_bad_frames "$here/badframes.sh" "$work/$build.pcapng" $lwip "$work/bad-frames-$build.txt" \
      "$work/badframes-$build.log"
  fi

  # each bad checksum tshark found, counted by lwIP
  h=$(bad "IPv4 header" "$from_kernel") i_bad=$(bad ICMP "$from_kernel") u_bad=$(bad UDP "$from_kernel")
  local log="$work/tapdemo-$build.log"
  local counted="ip.chkerr $(counter ip.chkerr "$log"), mib2.ipinhdrerrors $(counter mib2.ipinhdrerrors "$log"), icmp.chkerr $(counter icmp.chkerr "$log"), udp.chkerr $(counter udp.chkerr "$log")"
  local found="ip.chkerr ${h:-?}, mib2.ipinhdrerrors ${h:-?}, icmp.chkerr ${i_bad:-?}, udp.chkerr ${u_bad:-?}"
  if [ "$counted" = "$found" ] && [ "${h:-0}" -gt 0 ] && [ "${i_bad:-0}" -gt 0 ] && [ "${u_bad:-0}" -gt 0 ]; then
    pass "lwIP dropped each bad checksum tshark found in the kernel's frames: $counted"
  else
    failed "lwIP counted $counted; tshark found bad in the kernel's frames: IPv4 header ${h:-?}, ICMP ${i_bad:-?}, UDP ${u_bad:-?} (each must be more than 0)"
  fi
  # each echo lwIP sent reached the client
  local udp_echoed udp_late
  udp_echoed=$(sed -n 's|^udp echo via [^ ]*: \([0-9]*\)/.*|\1|p' "$work/udp-$build.log")
  udp_late=$(sed -n 's/.* unanswered (\([0-9]*\) late echoes)$/\1/p' "$work/udp-$build.log")
  out="pings answered $answered of $sent, icmp.xmit $(counter icmp.xmit "$log"); UDP echoes ${udp_echoed:-?} (+${udp_late:-?} late) of 31, udp.xmit $(counter udp.xmit "$log"); reassembled mib2.ipreasmoks $(counter mib2.ipreasmoks "$log")"
  if [ "$answered" = "$(counter icmp.xmit "$log")" ] && [ $(( ${udp_echoed:-0} + ${udp_late:-0} )) = "$(counter udp.xmit "$log")" ] &&
     [ "$answered" -gt 0 ] && [ "${udp_echoed:-0}" -gt 0 ]; then
    pass "$out"
  else
    failed "$out"
  fi
}

echo "$tag: lwIP at $lwip, the kernel at $peer corrupting its frames to lwIP (nftables); complete sums, then software verification"
run complete "$prog_complete" $ns_complete
run software "$prog_software" $ns_software

# the same frames judged alike, the same counted
echo " complete against software:"
if cmp -s "$work/verdicts-complete.txt" "$work/verdicts-software.txt"; then
  pass "tshark's verdicts equal: $(tr -s ' ' <"$work/verdicts-complete.txt" | tr '\n' ';')"
else
  failed "tshark's verdicts differ: complete $(tr -s ' ' <"$work/verdicts-complete.txt" | tr '\n' ';') software $(tr -s ' ' <"$work/verdicts-software.txt" | tr '\n' ';')"
fi
counters() { grep "^tapdemo: counters" "$work/tapdemo-$1.log" | tr ' ' '\n' | grep =; }
counters complete >"$work/counters-complete.txt"
counters software >"$work/counters-software.txt"
if [ -s "$work/counters-complete.txt" ] && cmp -s "$work/counters-complete.txt" "$work/counters-software.txt"; then
  pass "lwIP's counters equal: $(grep -cv '=0$' "$work/counters-complete.txt") of $(wc -l <"$work/counters-complete.txt") not 0"
else
  failed "lwIP's counters differ, complete < > software: $(diff "$work/counters-complete.txt" "$work/counters-software.txt" |
    grep '^[<>]' | tr '\n' ' ')"
fi

if [ $failures = 0 ]; then
  echo "$tag: passed"
  exit 0
fi
echo "$tag: $failures checks FAILED"
exit 1
