# checksums.awk: tallies tshark's checksum verdicts, one frame per line:
#   arp.opcode <TAB> ip.checksum.status <TAB> icmp.checksum.status <TAB>
#   udp.checksum.status <TAB> tcp.checksum.status
# each a comma-separated list (an ICMP error quotes an inner IP header).
# Verdicts: 0 bad, 1 good, 2 unverified. Prints one line starting with "ok"
# when nothing is bad and every protocol had at least one good checksum,
# else starting with "bad".
function tally(proto, field,   n, v, i) {
  if (field == "") return
  n = split(field, v, ",")
  for (i = 1; i <= n; i++) count[proto, v[i]]++
}
{
  frames++
  if ($1 != "") arp++
  tally("IPv4 header", $2); tally("ICMP", $3); tally("UDP", $4); tally("TCP", $5)
}
END {
  verdict = "ok"
  line = frames + 0 " frames (" arp + 0 " ARP)"
  split("IPv4 header,ICMP,UDP,TCP", protos, ",")
  for (i = 1; i <= 4; i++) {
    p = protos[i]
    good = count[p, 1] + 0; bad = count[p, 0] + 0; unverified = count[p, 2] + 0
    line = line "; " p " " good " good, " bad " bad"
    if (unverified) line = line ", " unverified " unverified"
    if (bad || !good) verdict = "bad"
  }
  print verdict " " line
}
