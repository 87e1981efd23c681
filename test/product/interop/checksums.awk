# SPDX-License-Identifier: BSD-3-Clause
# checksums.awk: tallies tshark's checksum verdicts, one frame per line:
#   eth.src <TAB> arp.opcode <TAB> ip.checksum.status <TAB>
#   icmp.checksum.status <TAB> udp.checksum.status <TAB> tcp.checksum.status
#   <TAB> tcp.checksum.ffff <TAB> ip.src
# each a comma-separated list (an ICMP error quotes an inner header).
# Verdicts: 0 bad, 1 good, 2 unverified. Frames from a MAC starting with
# -v lwip=PREFIX are lwIP's, the others the kernel's.
# tshark calls a TCP checksum of 0xffff where 0x0000 is computed bad (RFC
# 1624: a full computation never gives -0); every receiver accepts it, and
# Linux sends it on purpose (skb_checksum_help writes 0xffff for a sum of 0),
# about once in 65536 segments. Such a segment from a kernel's address
# (first ip.src not in -v lwip_ips=A,B,...) is counted apart, also when lwIP
# forwarded it (a router rewrites the IPv4 header, not the TCP checksum);
# one from lwIP's own address fails. Prints "ok" or "bad",
# a summary, and a line per sender; "ok" when nothing is bad and both lwIP
# and the kernel had good IPv4, ICMP, UDP and TCP checksums (all were seen).
BEGIN {
  if (lwip == "" || lwip_ips == "") {
    print "checksums.awk: error: needs -v lwip=MAC-PREFIX -v lwip_ips=A,B,..." > "/dev/stderr"
    usage_error = 1
    exit 2
  }
  n = split(lwip_ips, ips, ",")
  for (i = 1; i <= n; i++) lwip_ip[ips[i]] = 1
}
function tally(who, proto, field,   n, v, i) {
  if (field == "") return
  n = split(field, v, ",")
  for (i = 1; i <= n; i++) count[who, proto, v[i]]++
}
{
  who = index($1, lwip) == 1 ? "lwIP" : "kernel"
  frames++
  if ($2 != "") arp++
  tcp = $6
  split($8, source, ",")
  if ($7 != "" && !(source[1] in lwip_ip) && sub(/0/, "", tcp)) minus_zero[who]++
  tally(who, "IPv4 header", $3); tally(who, "ICMP", $4); tally(who, "UDP", $5); tally(who, "TCP", tcp)
}
END {
  if (usage_error) exit 2
  verdict = "ok"
  split("IPv4 header,ICMP,UDP,TCP", protos, ",")
  split("lwIP,kernel", senders, ",")
  for (s = 1; s <= 2; s++) {
    who = senders[s]
    lines = lines sprintf("\n          from %-7s", who ":")
    for (i = 1; i <= 4; i++) {
      p = protos[i]
      good = count[who, p, 1] + 0; bad = count[who, p, 0] + 0; unverified = count[who, p, 2] + 0
      lines = lines sprintf("%s %s %d good %d bad", i > 1 ? "," : "", p, good, bad)
      if (unverified) lines = lines " " unverified " unverified"
      if (bad || !good) verdict = "bad"
    }
    if (minus_zero[who])
      lines = lines sprintf(" (+%d TCP 0xffff for 0x0000 from a kernel)", minus_zero[who])
  }
  print verdict " " frames + 0 " frames (" arp + 0 " ARP)" lines
}
