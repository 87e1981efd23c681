#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# run.sh [--report-only] DIR CHKSUM_PROG TABLES_PROG COUNTED_PROG... -- LWIP_PROG...
#
# Runs the five benchmarks and writes everything to DIR:
#   bench.txt        every table (printed too, unless --report-only)
#   *.csv            one per benchmark: sweep, pieces, alignment, header, e2e
#   sweep-primed.png, sweep-flushed.png   ticks vs size per routine (gnuplot)
#   report.txt       the short report (printed)
# The lwIP builds (benchmarks 1 and 5, LWIP_PROG: every build in both code
# layouts) run in alternating rounds, so noise on this shared machine falls
# on every build alike; COUNTED_PROG (one layout of each build) run once
# under callgrind, which counts the instructions each operation executes.
# --report-only: print only the short report (what `make` does).
set -e
report_only=0
if [ "$1" = "--report-only" ]; then
  report_only=1
  shift
fi
usage() {
  echo "usage: $0 [--report-only] DIR CHKSUM_PROG TABLES_PROG COUNTED_PROG... -- LWIP_PROG..." >&2
  exit 2
}
[ $# -ge 6 ] || usage
dir=$1 chksum=$2 tables=$3
shift 3
counted=
while [ $# -gt 0 ] && [ "$1" != -- ]; do
  counted="$counted $1"
  shift
done
[ $# -ge 2 ] && [ -n "$counted" ] || usage
shift
command -v valgrind >/dev/null || { echo "error: valgrind not found (apt-get install valgrind)" >&2; exit 2; }
here=$(dirname "$0")
rounds=10
export BENCH_DIR="$dir"
mkdir -p "$dir"
rm -f "$dir"/*.csv "$dir"/*.png "$dir"/*.dat "$dir"/*.txt
start=$(date +%s)

# Every table to bench.txt, and to the terminal unless --report-only.
# (No pipe from the programs: their exit status must stop the run.)
show() {
  if [ $report_only = 1 ]; then cat "$1" >>"$dir/bench.txt"; else tee -a "$dir/bench.txt" <"$1"; fi
}

"$chksum" >"$dir/tables-chksum.txt"
show "$dir/tables-chksum.txt"

samples="$dir/lwip-samples.csv"
: >"$samples"
round=1
while [ $round -le $rounds ]; do
  for prog in "$@"; do
    "$prog" >>"$samples"
  done
  round=$((round + 1))
done
# Instructions per operation: callgrind counts inside count_ops() and dumps
# its counts after each call, one dump per case in the order the program
# names them (build,case,operations,packets_per_op). The count includes the
# driver's loop around each call, the same in every build.
counts="$dir/lwip-counts.csv"
: >"$counts"
rm -rf "$dir/callgrind"
mkdir -p "$dir/callgrind"
for prog in $counted; do
  name=$(basename "$(dirname "$prog")")
  valgrind --tool=callgrind --callgrind-out-file="$dir/callgrind/$name" --toggle-collect=count_ops \
    --dump-after=count_ops --dump-instr=no "$prog" --count >"$dir/callgrind/$name.cases" 2>"$dir/callgrind/$name.log" ||
    { cat "$dir/callgrind/$name.log" >&2; echo "error: $prog --count failed under callgrind" >&2; exit 1; }
  i=0
  while IFS=, read -r build kase ops per_op; do
    i=$((i + 1))
    dump="$dir/callgrind/$name.$i"
    [ -f "$dump" ] || { echo "error: callgrind wrote no $dump" >&2; exit 1; }
    total=$(awk '/^(summary|totals):/ { print $2; exit }' "$dump")
    [ -n "$total" ] || { echo "error: no instruction total in $dump" >&2; exit 1; }
    # ip4_frag per fragment, the rest per call (as the timed samples)
    if [ "$kase" = ip4_frag ]; then ops=$((ops * per_op)); fi
    echo "$build,$kase,$(awk -v t="$total" -v n="$ops" 'BEGIN { printf "%.1f", t / n }')" >>"$counts"
  done <"$dir/callgrind/$name.cases"
  [ $i -gt 0 ] || { echo "error: $prog --count ran no case" >&2; exit 1; }
done

"$tables" "$samples" "$counts" >"$dir/tables-lwip.txt"
echo >>"$dir/bench.txt"
show "$dir/tables-lwip.txt"

# Plot data: size, then the aligned-start median of every routine.
for cache in primed flushed; do
  awk -F, -v cache=$cache 'NR > 1 && $4 == cache && $3 == 0 {
      if (!($1 in col)) { col[$1] = ++ncol; name[ncol] = $1 }
      if (!($2 in row)) { row[$2] = ++nrow; size[nrow] = $2 }
      v[$2, $1] = $5 }
    END { printf "size"; for (c = 1; c <= ncol; c++) printf " %s", name[c]; print ""
      for (r = 1; r <= nrow; r++) { printf "%s", size[r]
        for (c = 1; c <= ncol; c++) printf " %s", v[size[r], name[c]]; print "" } }' \
    "$dir/sweep.csv" >"$dir/sweep-$cache.dat"
  gnuplot -e "data='$dir/sweep-$cache.dat'; cache='$cache'; out='$dir/sweep-$cache.png'" "$here/sweep.gp"
done

seconds=$(($(date +%s) - start))
{
  echo "== benchmark report (make bench, ${seconds} s; every table: $dir/bench.txt)"
  grep -h '^# CPU' "$dir/bench.txt" | head -n 1
  grep -hv '^#' "$dir/headlines-chksum.txt" "$dir/headlines-lwip.txt"
  if [ -f "$dir/peers/peers-targets.txt" ]; then
    echo "peers (the last make bench-peers, $dir/peers/peers.txt):"
    grep -hv '^#' "$dir/peers/peers-targets.txt"
  fi
  # build/count/ beside build/bench/
  if [ -f "$dir/../count/packets-summary.txt" ]; then
    echo "packets (the last make count-packets or make count-limits; make count-packets: $dir/../count/packets.md):"
    cat "$dir/../count/packets-summary.txt"
  else
    echo "packets: make count-limits (in make test) or make count-packets counts them on each core"
  fi
  echo "CSVs: $dir/{sweep,pieces,alignment,header,e2e}.csv"
  echo "plots: $dir/sweep-primed.png $dir/sweep-flushed.png; docs/benchmarks.md explains them"
} >"$dir/report.txt"
echo
cat "$dir/report.txt"
