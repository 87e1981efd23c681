#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# complete-sums.sh WORKDIR: after a passed interop run of contrib/mps2demo
# (test/product/interop/run.sh -1, WORKDIR its directory), whether lwIP got
# every received frame with its complete sum and accepted the kernel's
# traffic from those sums: by mps2demo's report (WORKDIR/tapdemo.log),
# lan9118if gave a complete sum to every frame it handed to lwIP (read and
# not dropped), lwIP received IPv4 packets, and lwIP counted no checksum
# error (IP, ICMP, UDP, TCP). That everything was delivered the run has
# checked already. Exit status: 0 passed, 1 failed, 2 bad usage.
set -u
usage() { echo "usage: complete-sums.sh WORKDIR" >&2; exit 2; }
[ $# = 1 ] || usage
work=$1
tag=interop-$(basename "$(dirname "$(cd "$work" 2>/dev/null && pwd)")")
[ -f "$work/tapdemo.log" ] || { echo "complete-sums.sh: error: $work/tapdemo.log: no such file" >&2; exit 2; }

failed() {
  echo "$tag: complete sums FAILED: $*"
  echo "$tag: logs and captures kept in $(cd "$work" && pwd)"
  exit 1
}

# the report's "rx READ frames (DROPPED dropped)" and, at its end,
# "COMPLETE frames with a complete sum; lwIP received IPV4 IPv4 packets,
# checksum errors: IP N, ICMP N, UDP N, TCP N"
read -r frames dropped complete ipv4 ip icmp udp tcp <<EOF
$(sed -n 's/.*: rx \([0-9]*\) frames (\([0-9]*\) dropped), .*; \([0-9]*\) frames with a complete sum; lwIP received \([0-9]*\) IPv4 packets, checksum errors: IP \([0-9]*\), ICMP \([0-9]*\), UDP \([0-9]*\), TCP \([0-9]*\)$/\1 \2 \3 \4 \5 \6 \7 \8/p' "$work/tapdemo.log")
EOF
[ -n "$tcp" ] || failed "no report of complete sums and checksum errors in $work/tapdemo.log"
given=$((frames - dropped))
counts="$complete of the $given frames lwIP was given had one, lwIP received $ipv4 IPv4 packets, checksum errors: IP $ip, ICMP $icmp, UDP $udp, TCP $tcp"
if [ "$complete" = "$given" ] && [ "$ipv4" -gt 0 ] && [ $((ip + icmp + udp + tcp)) = 0 ]; then
  echo "$tag: complete sums: $counts"
else
  failed "$counts"
fi
