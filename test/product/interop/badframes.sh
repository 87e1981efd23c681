#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# badframes.sh CAPTURE LWIP-MAC-PREFIX LWIP-IPS LIST: every bad checksum in
# CAPTURE, IPv4 and IPv6, one line each (badframes.awk: frame number,
# sender, protocol, stored and computed checksum (or why a UDP checksum of 0
# over IPv6 is bad); for UDP and TCP the ports, for TCP the absolute
# sequence number, length, flags and whether tshark takes it for a
# retransmission), judged as checksums.awk judges (LWIP-MAC-PREFIX and
# LWIP-IPS as its -v lwip= and lwip_ips=). Writes them all to LIST and prints
# the first 20: a run that fails on one bad checksum among thousands must
# say which frame, so that one failure in CI is enough to look into it.
# run.sh and iperf.sh call it when checksums.awk finds a checksum bad; by
# hand on a kept capture:
#   badframes.sh build/interop/lwip-2.2.1/run/fsi123l.pcapng 02:00:00:00:00: 10.7.1.1,10.7.2.1 /tmp/bad.txt
# Exit status: 0 listed (also none), 2 bad usage or tshark failed.
set -u -o pipefail

[ $# = 4 ] || { echo "usage: badframes.sh CAPTURE LWIP-MAC-PREFIX LWIP-IPS LIST" >&2; exit 2; }
capture=$1 lwip=$2 lwip_ips=$3 list=$4
here=$(cd "$(dirname "$0")" && pwd)
shown=20
[ -r "$capture" ] || { echo "badframes: error: cannot read $capture" >&2; exit 2; }

# The checksum options as run.sh's tshark pass (so the same frames are bad),
# with TCP analysis on (the retransmission marks) and sequence numbers as on
# the wire (to find the segment in the capture, or a retransmission of it).
err=$(mktemp) || exit 2
trap 'rm -f "$err"' EXIT
tshark -n -r "$capture" \
  -Y "ip.checksum.status == 0 || icmp.checksum.status == 0 || icmpv6.checksum.status == 0 || udp.checksum.status == 0 || udp.checksum.status >= 3 || tcp.checksum.status == 0 || tcp.checksum.status == 4" \
  -o ip.check_checksum:TRUE -o udp.check_checksum:TRUE -o tcp.check_checksum:TRUE \
  -o tcp.analyze_sequence_numbers:TRUE -o tcp.relative_sequence_numbers:FALSE \
  -T fields -E separator=/t -E occurrence=a -E aggregator=, \
  -e frame.number -e eth.src -e ip.src -e ip.dst -e ip.id -e ip.frag_offset \
  -e ip.checksum.status -e ip.checksum -e ip.checksum_calculated \
  -e icmp.checksum.status -e icmp.checksum \
  -e udp.checksum.status -e udp.checksum -e udp.checksum_calculated -e udp.srcport -e udp.dstport \
  -e tcp.checksum.status -e tcp.checksum -e tcp.checksum_calculated -e tcp.checksum.ffff \
  -e tcp.srcport -e tcp.dstport -e tcp.seq -e tcp.len -e tcp.flags \
  -e tcp.analysis.retransmission -e tcp.analysis.fast_retransmission -e tcp.analysis.spurious_retransmission \
  -e _ws.expert.message -e ipv6.src -e ipv6.dst -e icmpv6.checksum.status -e icmpv6.checksum 2>"$err" |
  awk -F'\t' -v lwip="$lwip" -v lwip_ips="$lwip_ips" -f "$here/badframes.awk" >"$list"
rc=$?
if [ $rc != 0 ] || grep -qv "Running as user" "$err"; then
  echo "badframes: error: tshark on $capture (status $rc): $(grep -v "Running as user" "$err" | head -3 | tr '\n' ' ')" >&2
  exit 2
fi
head -n $shown "$list"
total=$(wc -l <"$list")
[ "$total" -le $shown ] || echo "... $((total - shown)) more ($total in all in $list)"
exit 0
