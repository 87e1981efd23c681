#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# checksums-test.sh: checksums.awk, the judge of every interop run, on
# made-up tshark lines: each verdict it must give, good and bad.
# Exit status: 0 every verdict as expected, 1 otherwise.
set -u
here=$(cd "$(dirname "$0")" && pwd)
failures=0

# frame ETH.SRC ARP IP ICMP UDP TCP FFFF IP.SRC [IPV6.SRC ICMPV6]: one
# tshark line (- for empty)
frame() {
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$@" | sed 's/\t-/\t/g; s/\t-$/\t/'
}
lwip=02:00:00:00:00:01 kernel=0a:00:00:00:00:01
# A link: lwIP (10.7.1.1) sends, and forwards datagrams of the kernel behind
# it (10.7.2.2); the kernel on the link (10.7.1.2) sends. All checksums good.
link() {
  frame $lwip 1 - - - - - -
  frame $lwip - 1 1 - - - 10.7.1.1
  frame $lwip - 1 - 1 - - 10.7.1.1
  frame $lwip - 1 - - 1 - 10.7.1.1
  frame $lwip - 1 - - 1 - 10.7.2.2
  frame $kernel 2 - - - - - -
  frame $kernel - 1 1 - - - 10.7.1.2
  frame $kernel - 1 - 1 - - 10.7.1.2
  [ "${1:-}" = no-kernel-tcp ] || frame $kernel - 1 - - 1 - 10.7.1.2
}

# The same over IPv6 (lwIP fd00:7:1::1, the kernel behind it fd00:7:2::2,
# the kernel on the link fd00:7:1::2): ICMPv6, UDP and TCP, no IP header
# checksum, and lwIP's neighbor advertisement from its link-local address.
link6() {
  frame $lwip - - - - - - - fe80::ff:fe00:1 1
  frame $lwip - - - - - - - fd00:7:1::1 1
  frame $lwip - - - 1 - - - fd00:7:1::1 -
  if [ "${1:-}" != no-lwip-tcp ]; then
    frame $lwip - - - - 1 - - fd00:7:1::1 -
    frame $lwip - - - - 1 - - fd00:7:2::2 -
  fi
  frame $kernel - - - - - - - fd00:7:1::2 1
  frame $kernel - - - 1 - - - fd00:7:1::2 -
  frame $kernel - - - - 1 - - fd00:7:1::2 -
}

# expect VERDICT WHAT LINES [NEED [SUMMARY]]: checksums.awk (-v need=NEED)
# on LINES says VERDICT, and the summary starts with SUMMARY if given
expect() {
  out=$(printf '%s\n' "$3" | awk -F'\t' -v lwip=02:00:00:00:00: -v lwip_ips=10.7.1.1,10.7.2.1,fd00:7:1::1,fd00:7:2::1 \
    -v need="${4:-}" -f "$here/checksums.awk")
  case $out in
    "$1 ${5:-}"*) echo "  ok    $1: $2" ;;
    *) echo "  FAIL  $2: expected $1${5:+ $5...}, got: $(echo "$out" | tr '\n' ' ')"; failures=$((failures + 1)) ;;
  esac
}
expect ok "every checksum good" "$(link)"
expect ok "the kernel's TCP 0xffff for 0x0000" "$(link; frame $kernel - 1 - - 0 1 10.7.1.2)"
expect ok "the kernel's TCP 0xffff for 0x0000, forwarded by lwIP" "$(link; frame $lwip - 1 - - 0 1 10.7.2.2)"
expect bad "lwIP's own TCP 0xffff for 0x0000" "$(link; frame $lwip - 1 - - 0 1 10.7.1.1)"
expect bad "a bad TCP checksum forwarded by lwIP" "$(link; frame $lwip - 1 - - 0 - 10.7.2.2)"
expect bad "a bad IPv4 header checksum from lwIP" "$(link; frame $lwip - 0 - - 1 - 10.7.2.2)"
expect bad "a bad UDP checksum from the kernel" "$(link; frame $kernel - 1 - 0 - - 10.7.1.2)"
expect bad "a bad inner ICMP checksum in an ICMP error from lwIP" "$(link; frame $lwip - 1,1 1,0 - - - 10.7.1.1,10.7.1.2)"
expect bad "no TCP checksum from the kernel" "$(link no-kernel-tcp)"
# IPv6 (-v need=ipv6): no header checksum; ICMPv6, UDP and TCP with the
# IPv6 pseudo header; a UDP checksum of 0 is illegal over IPv6 (tshark's
# verdict 4, and 3 "none" is bad too)
expect ok "every IPv6 checksum good, the IPv6 frames counted" "$(link6)" ipv6 "8 frames (0 ARP, 8 IPv6)"
expect ok "IPv4 and IPv6 links, both needed" "$(link; link6)" ipv4,ipv6 "17 frames (2 ARP, 8 IPv6)"
expect ok "an IPv4 link alone, as before: no IPv6 in the summary" "$(link)" "" "9 frames (2 ARP)
"
expect bad "no IPv6 frame where IPv6 is needed" "$(link)" ipv6
expect bad "IPv6 needed, no TCP/IPv6 checksum from lwIP" "$(link6 no-lwip-tcp)" ipv6
expect bad "a bad ICMPv6 checksum from lwIP" "$(link6; frame $lwip - - - - - - - fd00:7:1::1 0)" ipv6
expect bad "a UDP checksum of 0 over IPv6 from lwIP" "$(link6; frame $lwip - - - 4 - - - fd00:7:1::1 -)" ipv6
expect bad "a UDP/IPv6 datagram without checksum from the kernel" "$(link6; frame $kernel - - - 3 - - - fd00:7:1::2 -)" ipv6
expect bad "a bad TCP/IPv6 checksum forwarded by lwIP" "$(link6; frame $lwip - - - - 0 - - fd00:7:2::2 -)" ipv6
expect ok "the kernel's TCP/IPv6 0xffff for 0x0000, forwarded by lwIP" "$(link6; frame $lwip - - - - 0 1 - fd00:7:2::2 -)" ipv6
expect bad "lwIP's own TCP/IPv6 0xffff for 0x0000" "$(link6; frame $lwip - - - - 0 1 - fd00:7:1::1 -)" ipv6
expect bad "a bad ICMPv6 checksum where only IPv4 is needed" "$(link; link6; frame $kernel - - - - - - - fd00:7:1::2 0)" ipv4
expect bad "a bad inner ICMPv6 checksum in lwIP's Packet Too Big" "$(link6; frame $lwip - - - - - - - fd00:7:1::1,fd00:7:1::2 1,0)" ipv6
# protocols by name (make interop-soak: TCP only)
expect ok "only TCP over IPv4 and IPv6 needed, and seen" "$(frame $lwip - 1 - - 1 - 10.7.1.1; frame $kernel - 1 - - 1 - 10.7.1.2
  frame $lwip - - - - 1 - - fd00:7:1::1 -; frame $kernel - - - - 1 - - fd00:7:1::2 -)" "IPv4 header,TCP,TCP/IPv6"
expect bad "TCP/IPv6 needed, only TCP over IPv4 seen" "$(frame $lwip - 1 - - 1 - 10.7.1.1; frame $kernel - 1 - - 1 - 10.7.1.2)" "IPv4 header,TCP,TCP/IPv6"

if [ $failures = 0 ]; then
  echo "interop-checksums-awk: passed"
  exit 0
fi
echo "interop-checksums-awk: $failures verdicts wrong"
exit 1
