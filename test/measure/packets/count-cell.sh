#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# count-cell.sh CORE MACHINE PROG ROW...
#
# One cell of make count-packets: PROG (test/measure/packets/count_packets.c
# built for CORE) runs the ROWs under qemu with the instruction log on
# (test/measure/count/trace.sh); test/measure/count/cycles.awk counts each
# call of count_call() through a pointer, from the callee's first
# instruction to its return, and prices it on Cortex-M0+, M3 and M4
# (docs/count.md). A row runs three times: the first warms the stack up,
# the other two must count the same within 1% (the sequence numbers differ,
# and a core without a carry flag, the lx106, branches on the carries of
# their sums). Prints "ROW INSTRUCTIONS CYCLES" per row, the mean of the
# two (CYCLES 0 on a core without a cost table).
set -eu

here=$(dirname "$0")
. "$here/../count/trace.sh"

[ $# -ge 4 ] || { echo "usage: count-cell.sh CORE MACHINE PROG ROW..." >&2; exit 2; }
core=$1 machine=$2 prog=$3
shift 3
trace_check_core "$core"
[ -f "$prog" ] || { echo "error: $prog: no such program" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

trace_disassemble "$core" "$prog" "$tmp" count_call
d=$tmp/$(basename "$prog")
trace_run "$core" "$machine" "$prog" "$tmp/trace" "$@"
awk -v core="$core" -v sites="$(cat "$d.sites")" -v each=1 -f "$here/../count/cycles.awk" \
  "$d.dis" "$tmp/trace" >"$tmp/calls"

# "row NAME CALLS" after each row: its 3 x CALLS calls in turn
tr -d '\r' <"$tmp/trace.out" | awk -v prog="$prog" -v want="$*" '
  function differ(a, b) { return 100 * (a > b ? a - b : b - a) > a }
  function fail(msg) { print "error: " prog ": " msg > "/dev/stderr"; failed = 1; exit 1 }
  FNR == NR { instructions[++ncalls] = $1; cycles[ncalls] = $2; next }
  $1 == "row" {
    rows++
    for (round = 1; round <= 3; round++) {
      ri[round] = 0; rc[round] = 0
      for (i = 0; i < $3; i++) {
        if (++n > ncalls) fail("fewer calls counted than run")
        ri[round] += instructions[n]; rc[round] += cycles[n]
      }
    }
    if (differ(ri[2], ri[3]) || differ(rc[2], rc[3]))
      fail($2 ": runs counted " ri[2] "/" rc[2] " and " ri[3] "/" rc[3] " (instructions/cycles): not repeatable")
    print $2, int((ri[2] + ri[3]) / 2), int((rc[2] + rc[3]) / 2)
  }
  END {
    if (failed) exit 1
    # the line after the calls: the summary of cycles.awk
    if (n + 1 != ncalls) fail((ncalls - 1) " calls counted, " n " run")
    if (rows != split(want, w, " ")) fail(rows " rows run of " split(want, w, " "))
  }' "$tmp/calls" -
