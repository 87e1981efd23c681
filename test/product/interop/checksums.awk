# SPDX-License-Identifier: BSD-3-Clause
# checksums.awk: tallies tshark's checksum verdicts, one frame per line:
#   eth.src <TAB> arp.opcode <TAB> ip.checksum.status <TAB>
#   icmp.checksum.status <TAB> udp.checksum.status <TAB> tcp.checksum.status
#   <TAB> tcp.checksum.ffff <TAB> ip.src <TAB> ipv6.src <TAB>
#   icmpv6.checksum.status
# each a comma-separated list (an ICMP error quotes an inner header).
# Verdicts: 0 bad, 1 good, 2 unverified, 3 none (a UDP checksum of 0), 4
# illegal (tshark's for a UDP checksum of 0 over IPv6). Bad are 0 and 4, and
# 3 over IPv6: there every UDP datagram needs a checksum (RFC 8200, 8.1).
# A frame with an IPv6 and no IPv4 header is IPv6's: its UDP and TCP
# verdicts count as UDP/IPv6 and TCP/IPv6 (IPv6 has no header checksum).
# Frames from a MAC starting with -v lwip=PREFIX are lwIP's, the others the
# kernel's.
# tshark calls a TCP checksum of 0xffff where 0x0000 is computed bad (RFC
# 1624: a full computation never gives -0); every receiver accepts it, and
# Linux sends it on purpose (skb_checksum_help writes 0xffff for a sum of 0),
# about once in 65536 segments. Such a segment from a kernel's address
# (first ip.src, or ipv6.src, not in -v lwip_ips=A,B,...) is counted apart,
# also when lwIP forwarded it (a router rewrites the IP header, not the TCP
# checksum); one from lwIP's own address fails.
# -v need=LIST: what must have been seen, comma-separated: ipv4 (the
# default; its protocols "IPv4 header", ICMP, UDP, TCP), ipv6 (ICMPv6,
# UDP/IPv6, TCP/IPv6) or single protocols by those names. Prints "ok" or
# "bad", a summary, and a line per sender; "ok" when nothing is bad and both
# lwIP and the kernel had good checksums of each protocol needed. A family's
# protocols are listed when one of them is needed or any was seen.
BEGIN {
  if (lwip == "" || lwip_ips == "") {
    print "checksums.awk: error: needs -v lwip=MAC-PREFIX -v lwip_ips=A,B,..." > "/dev/stderr"
    usage_error = 1
    exit 2
  }
  n = split(lwip_ips, ips, ",")
  for (i = 1; i <= n; i++) lwip_ip[ips[i]] = 1
  split("IPv4 header,ICMP,UDP,TCP", p4, ",")
  split("ICMPv6,UDP/IPv6,TCP/IPv6", p6, ",")
  for (i = 1; i <= 4; i++) family[p4[i]] = "ipv4"
  for (i = 1; i <= 3; i++) family[p6[i]] = "ipv6"
  if (need == "") need = "ipv4"
  n = split(need, v, ",")
  for (i = 1; i <= n; i++) {
    if (v[i] == "ipv4") for (k = 1; k <= 4; k++) required[p4[k]] = 1
    else if (v[i] == "ipv6") for (k = 1; k <= 3; k++) required[p6[k]] = 1
    else if (v[i] in family) required[v[i]] = 1
    else {
      print "checksums.awk: error: -v need= takes ipv4, ipv6 and protocol names, not " v[i] > "/dev/stderr"
      usage_error = 1
      exit 2
    }
  }
  for (p in required) needed[family[p]] = 1
}
# tally(WHO, PROTO, FIELD, V6): counts FIELD's verdicts; bad ones as 0
function tally(who, proto, field, v6,   n, v, i) {
  if (field == "") return
  n = split(field, v, ",")
  for (i = 1; i <= n; i++) {
    if (v[i] == "4" || (v6 && proto == "UDP/IPv6" && v[i] == "3")) v[i] = "0"
    count[who, proto, v[i]]++
  }
}
{
  who = index($1, lwip) == 1 ? "lwIP" : "kernel"
  frames++
  if ($2 != "") arp++
  v6 = $3 == "" && $9 != ""
  if (v6) ipv6_frames++
  tcp = $6
  split(v6 ? $9 : $8, source, ",")
  if ($7 != "" && !(source[1] in lwip_ip) && sub(/0/, "", tcp)) minus_zero[who]++
  if (v6) {
    tally(who, "ICMPv6", $10, 1); tally(who, "UDP/IPv6", $5, 1); tally(who, "TCP/IPv6", tcp, 1)
  } else {
    tally(who, "IPv4 header", $3); tally(who, "ICMP", $4); tally(who, "UDP", $5); tally(who, "TCP", tcp)
    # an ICMPv6 verdict outside an IPv6 frame (a tunnel): still judged
    tally(who, "ICMPv6", $10)
  }
}
# seen(FAMILY): whether any verdict of FAMILY's protocols was counted
function seen(f,   p, w, s) {
  for (p in family)
    if (family[p] == f)
      for (w = 1; w <= 2; w++)
        for (s = 0; s <= 3; s++)
          if (count[senders[w], p, s]) return 1
  return 0
}
END {
  if (usage_error) exit 2
  verdict = "ok"
  split("lwIP,kernel", senders, ",")
  nprotos = 0
  if (needed["ipv4"] || seen("ipv4"))
    for (i = 1; i <= 4; i++) protos[++nprotos] = p4[i]
  if (needed["ipv6"] || seen("ipv6"))
    for (i = 1; i <= 3; i++) protos[++nprotos] = p6[i]
  for (s = 1; s <= 2; s++) {
    who = senders[s]
    lines = lines sprintf("\n          from %-7s", who ":")
    for (i = 1; i <= nprotos; i++) {
      p = protos[i]
      good = count[who, p, 1] + 0; bad = count[who, p, 0] + 0; unverified = count[who, p, 2] + 0
      lines = lines sprintf("%s %s %d good %d bad", i > 1 ? "," : "", p, good, bad)
      if (unverified) lines = lines " " unverified " unverified"
      if (bad || (!good && required[p])) verdict = "bad"
    }
    if (minus_zero[who])
      lines = lines sprintf(" (+%d TCP 0xffff for 0x0000 from a kernel)", minus_zero[who])
  }
  summary = arp + 0 " ARP"
  if (needed["ipv6"] || ipv6_frames) summary = summary ", " ipv6_frames + 0 " IPv6"
  print verdict " " frames + 0 " frames (" summary ")" lines
}
