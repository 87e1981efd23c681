#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# checksums-test.sh: checksums.awk, the judge of every interop run, on
# made-up tshark lines: each verdict it must give, good and bad.
# Exit status: 0 every verdict as expected, 1 otherwise.
set -u
here=$(cd "$(dirname "$0")" && pwd)
failures=0

# frame ETH.SRC ARP IP ICMP UDP TCP FFFF IP.SRC: one tshark line (- for empty)
frame() {
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$@" | sed 's/\t-/\t/g'
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

# expect VERDICT WHAT LINES: checksums.awk on LINES says VERDICT
expect() {
  out=$(printf '%s\n' "$3" | awk -F'\t' -v lwip=02:00:00:00:00: -v lwip_ips=10.7.1.1,10.7.2.1 -f "$here/checksums.awk")
  case $out in
    "$1 "*) echo "  ok    $1: $2" ;;
    *) echo "  FAIL  $2: expected $1, got: $(echo "$out" | tr '\n' ' ')"; failures=$((failures + 1)) ;;
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

if [ $failures = 0 ]; then
  echo "interop-checksums-awk: passed"
  exit 0
fi
echo "interop-checksums-awk: $failures verdicts wrong"
exit 1
