# SPDX-License-Identifier: BSD-3-Clause
# badframes.awk: one line per bad checksum, from tshark's fields of the frames
# that have one (badframes.sh gives them in this order, tab-separated, each a
# comma-separated list: an ICMP error quotes an inner header):
#    1 frame.number   2 eth.src   3 ip.src   4 ip.dst   5 ip.id
#    6 ip.frag_offset   7 ip.checksum.status   8 ip.checksum
#    9 ip.checksum_calculated   10 icmp.checksum.status   11 icmp.checksum
#   12 udp.checksum.status   13 udp.checksum   14 udp.checksum_calculated
#   15 udp.srcport   16 udp.dstport   17 tcp.checksum.status   18 tcp.checksum
#   19 tcp.checksum_calculated   20 tcp.checksum.ffff   21 tcp.srcport
#   22 tcp.dstport   23 tcp.seq   24 tcp.len   25 tcp.flags
#   26 tcp.analysis.retransmission   27 tcp.analysis.fast_retransmission
#   28 tcp.analysis.spurious_retransmission   29 _ws.expert.message
#   30 ipv6.src   31 ipv6.dst   32 icmpv6.checksum.status   33 icmpv6.checksum
# Judged as checksums.awk judges (so that the list holds exactly what it
# counts bad): the sender is lwIP when eth.src starts with -v lwip=PREFIX,
# else the kernel; verdicts 0 (bad) and 4 (illegal) are bad, and 3 (none)
# of UDP over IPv6 (a frame with an IPv6 and no IPv4 header); a TCP checksum
# 0xffff for 0x0000 is no fault when the first ip.src (ipv6.src) is not one
# of -v lwip_ips=A,B,... (Linux writes it on purpose).
# A line, e.g.:
#   frame 812 from lwIP, TCP checksum 0x60ff, computed 0x61ff: 10.7.1.1:7 > 10.7.1.2:40000 seq 5001 len 100 flags PSH,ACK, not a retransmission
#   frame 90 from lwIP, UDP checksum 0x0000, illegal over IPv6: [fd00:7:1::1]:7 > [fd00:7:1::2]:40000
# tshark 4.0 has no field for the computed checksum of ICMP and ICMPv6; it
# is taken from the frame's "Bad checksum [should be 0x...]" messages, those
# that the IPv4, UDP and TCP checksums do not account for ("?" if none is
# left).
BEGIN {
  if (lwip == "" || lwip_ips == "") {
    print "badframes.awk: error: needs -v lwip=MAC-PREFIX -v lwip_ips=A,B,..." > "/dev/stderr"
    usage_error = 1
    exit 2
  }
  n = split(lwip_ips, ips, ",")
  for (i = 1; i <= n; i++) lwip_ip[ips[i]] = 1
  split("FIN,SYN,RST,PSH,ACK,URG,ECE,CWR", flag_name, ",")
}
# pick(LIST, K, N): LIST's Kth element when LIST has one per checksum (N),
# else LIST whole: fields a quoted header lacks do not line up
function pick(list, k, n,   v) {
  return split(list, v, ",") == n ? v[k] : list
}
# hex(S): S ("0x0018") as a number, -1 if it is none (mawk has no strtonum)
function hex(s,   i, d, x) {
  s = tolower(s); sub(/^0x/, "", s)
  for (i = 1; i <= length(s); i++) {
    d = index("0123456789abcdef", substr(s, i, 1))
    if (!d) return -1
    x = x * 16 + d - 1
  }
  return x + 0
}
# flags(S): tcp.flags as names ("PSH,ACK"), S itself if it is no number
function flags(s,   x, i, out) {
  x = hex(s)
  if (x < 0) return s
  for (i = 1; i <= 8; i++) {
    if (x % 2) out = out (out == "" ? "" : ",") flag_name[i]
    x = int(x / 2)
  }
  return out == "" ? "none" : out
}
# bad(PROTO, VERDICT): whether checksums.awk counts VERDICT bad
function bad(proto, verdict) {
  return verdict == "0" || verdict == "4" || (v6 && proto == "UDP" && verdict == "3")
}
# report(PROTO, STATUS, STORED, COMPUTED, SKIP): a line per bad verdict in
# STATUS but the first SKIP (no fault, verdict 0); COMPUTED "-": ICMP's or
# ICMPv6's, from the messages
function report(proto, status, stored, computed, skip,   n, v, k, c) {
  n = split(status, v, ",")
  for (k = 1; k <= n; k++) {
    if (!bad(proto, v[k])) continue
    if (skip > 0 && v[k] == "0") { skip--; continue }
    if (v[k] != "0") c = "illegal over IPv6"
    else c = "computed " (computed == "-" ? icmp_computed() : pick(computed, k, n))
    printf "frame %s from %s, %s checksum %s, %s: %s\n", $1, who, proto, pick(stored, k, n), c, detail(proto, k, n)
  }
}
# account_for(STATUS, COMPUTED): the frame's "should be" messages of these
# bad checksums are not ICMP's
function account_for(status, computed,   n, v, c, k, i) {
  n = split(status, v, ",")
  split(computed, c, ",")
  for (k = 1; k <= n; k++) {
    if (v[k] != "0") continue
    for (i = 1; i <= should_n; i++)
      if (should[i] == tolower(c[k])) { should[i] = ""; break }
  }
}
function icmp_computed(   i, v) {
  for (i = 1; i <= should_n; i++)
    if (should[i] != "") { v = should[i]; should[i] = ""; return v }
  return "?"
}
# at(ADDR, PORT): ADDR:PORT, [ADDR]:PORT for IPv6
function at(addr, port) {
  return (index(addr, ":") ? "[" addr "]" : addr) ":" port
}
# detail(PROTO, K, N): addresses, and what finds the segment in the capture
function detail(proto, k, n,   d, src, dst) {
  src = pick(v6 ? $30 : $3, k, n); dst = pick(v6 ? $31 : $4, k, n)
  if (proto == "UDP") return at(src, pick($15, k, n)) " > " at(dst, pick($16, k, n))
  if (proto == "TCP") {
    d = at(src, pick($21, k, n)) " > " at(dst, pick($22, k, n)) \
      " seq " pick($23, k, n) " len " pick($24, k, n) " flags " flags(pick($25, k, n))
    if ($26 $27 $28 == "") return d ", not a retransmission"
    return d ", a " ($27 != "" ? "fast " : "") ($28 != "" ? "spurious " : "") "retransmission"
  }
  d = src " > " dst
  if (proto == "IPv4 header") d = d " id " pick($5, k, n) " offset " pick($6, k, n)
  return d
}
{
  who = index($2, lwip) == 1 ? "lwIP" : "kernel"
  v6 = $3 == "" && $30 != ""
  split(v6 ? $30 : $3, source, ",")
  tolerated = $20 != "" && !(source[1] in lwip_ip)
  should_n = 0
  rest = $29
  while (match(rest, /should be 0x[0-9a-fA-F]+/)) {
    should[++should_n] = tolower(substr(rest, RSTART + 10, RLENGTH - 10))
    rest = substr(rest, RSTART + RLENGTH)
  }
  account_for($7, $9); account_for($12, $14); account_for($17, $19)
  report("IPv4 header", $7, $8, $9, 0)
  report("ICMP", $10, $11, "-", 0)
  report("ICMPv6", $32, $33, "-", 0)
  report("UDP", $12, $13, $14, 0)
  report("TCP", $17, $18, $19, tolerated)
}
END { if (usage_error) exit 2 }
