#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# cycles.sh OUTPUT.md CORE MACHINE PROG [CORE MACHINE PROG]...
# cycles.sh --limits CORE MACHINE PROG [CORE MACHINE PROG]...
#
# Estimated cycles per checksum call on Cortex-M cores at zero wait states:
# PROG (test/measure/count/count_chksum.c built bare metal for CORE with picolibc)
# runs under `qemu-system-arm -M MACHINE -singlestep -d exec,nochain`, which
# logs every executed instruction; test/measure/count/cycles.awk prices the
# instructions of the checksum function, from its first instruction to its
# return, with the cost table of docs/count.md. The program calls it twice;
# the two calls must cost the same. CORE rv32imc (under qemu-system-riscv32)
# and lx106 (the ESP8266, under qemu-system-xtensa) have no cost table:
# their tables count instructions. test/measure/count/trace.sh runs the programs.
#
# The full run prints one table per core and writes them to OUTPUT.md;
# --limits measures only the copy bound. Both fail when it is not met:
# fastsum_chksum_copy (copy-fastsum) takes no more instructions (on
# Cortex-M0+ no more cycles either) than the C library's memcpy followed by
# the core's path (copy-memcpy-PATH: ARMv6-M on Cortex-M0+, RISC-V on
# rv32imc, Xtensa on lx106), at 20, 40, 576 and 1500 bytes,
# source/destination offsets 0/0, 2/0, 0/2, 2/2. test/measure/count/limits.sh
# checks the paths against lwIP's algorithms and the cycle targets.
set -eu

here=$(dirname "$0")
. "$here/trace.sh"

usage() {
  echo "usage: cycles.sh [--limits | OUTPUT.md] CORE MACHINE PROG [CORE MACHINE PROG]..." >&2
  exit 2
}
[ $# -ge 4 ] && [ $((($# - 1) % 3)) -eq 0 ] || usage
out=$1
shift
triples="$*"
while [ $# -gt 0 ]; do
  case $1 in cortex-m0plus | cortex-m3 | cortex-m4 | rv32imc | lx106) ;; *) echo "error: core $1: not one of cortex-m0plus, cortex-m3, cortex-m4, rv32imc, lx106" >&2; exit 2 ;; esac
  trace_check_core "$1"
  [ -f "$3" ] || { echo "error: $3: no such program" >&2; exit 2; }
  shift 3
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

CALLS=2

# per_call CORE MACHINE PROG FUNCTION LEN OFFSET [DST_OFFSET]: "instructions cycles" per call
per_call() {
  core=$1 machine=$2 prog=$3
  shift 3
  trace_run "$core" "$machine" "$prog" "$tmp/trace" "$1" "$2" "$3" $CALLS "${4:-0}"
  d=$tmp/$(basename "$prog")
  r=$(awk -v core="$core" -v sites="$(cat "$d.sites")" -f "$here/cycles.awk" "$d.dis" "$tmp/trace")
  set -- $r
  if [ "$1" -ne $CALLS ] || [ $(($2 % CALLS)) -ne 0 ] || [ $(($3 % CALLS)) -ne 0 ]; then
    echo "error: $prog $*: $CALLS calls counted as $r (calls instructions cycles): not repeatable" >&2
    exit 1
  fi
  echo $(($2 / CALLS)) $(($3 / CALLS))
}

per_byte() {
  awk "BEGIN { printf \"%.2f\", $1 / $2 }"
}

# bound_path CORE: the path whose memcpy + sum bounds fastsum_chksum_copy
bound_path() {
  case $1 in
    cortex-m0plus) echo armv6m ;;
    rv32imc) echo riscv ;;
    lx106) echo xtensa ;;
  esac
}

# measure CORE MACHINE PROG FUNCTION LEN OFFSET [DST_OFFSET]: sets r to
# per_call's "instructions cycles" and keeps it for copy_bound
measure() {
  r=$(per_call "$@")
  eval "measured_$(echo "$1-$4-$6-${7:-}-$5" | tr -- '-/' '__')='$r'"
}

# copy_bound CORE: met / NOT MET for the copy bound from the measured
# cells, status 1 when not met
copy_bound() {
  p=$(bound_path "$1") over=
  for o in 0/0 2/0 0/2 2/2; do
    for len in 20 40 576 1500; do
      eval "c=\$measured_$(echo "$1-copy-fastsum-${o%/*}-${o#*/}-$len" | tr -- '-/' '__')"
      eval "b=\$measured_$(echo "$1-copy-memcpy-$p-${o%/*}-${o#*/}-$len" | tr -- '-/' '__')"
      [ -n "$c" ] && [ -n "$b" ] || { echo "error: $1 $o $len: copy-fastsum or copy-memcpy-$p not measured" >&2; exit 1; }
      # instructions and cycles
      if [ "${c% *}" -gt "${b% *}" ] || [ "${c#* }" -gt "${b#* }" ]; then
        over="$over $len B at $o ($c > $b);"
      fi
    done
  done
  if [ -z "$over" ]; then
    case $1 in cortex-*) what="instructions and cycles" ;; *) what=instructions ;; esac
    echo "$1, fastsum_chksum_copy <= memcpy + $p in $what at 20, 40, 576, 1500 B, offsets 0/0 2/0 0/2 2/2: met"
  else
    echo "$1, fastsum_chksum_copy <= memcpy + $p: NOT MET (instructions cycles):$over"
    return 1
  fi
}

status=0
set -- $triples
if [ "$out" = --limits ]; then
  while [ $# -gt 0 ]; do
    core=$1 machine=$2 prog=$3
    shift 3
    trace_disassemble "$core" "$prog" "$tmp"
    p=$(bound_path "$core")
    [ -n "$p" ] || continue
    for f in copy-fastsum copy-memcpy-$p; do
      for o in 0/0 2/0 0/2 2/2; do
        for len in 20 40 576 1500; do
          measure "$core" "$machine" "$prog" $f $len ${o%/*} ${o#*/}
        done
      done
    done
    copy_bound "$core" || status=1
  done
  exit $status
fi

{
  echo "# Estimated cycles per call on Cortex-M, zero wait states"
  echo
  echo "$(qemu-system-arm --version | head -n 1); $(arm-none-eabi-gcc --version | head -n 1)."
  echo "Cycles per call from the executed-instruction trace (\`qemu-system-arm -singlestep"
  echo "-d exec,nochain\`) priced by the cost table of docs/count.md (taken-branch refill P = 2"
  echo "on Cortex-M3/M4): the function's own instructions, its first to its return. Offset: of the data;"
  echo "for copies source/destination. Last column: bytes a cycle at 1500 bytes. rv32imc"
  echo "(\`qemu-system-riscv32\`) and the ESP8266's lx106 (\`qemu-system-xtensa -cpu lx106\`):"
  echo "executed instructions."
  verdicts=
  while [ $# -gt 0 ]; do
    core=$1 machine=$2 prog=$3
    shift 3
    trace_disassemble "$core" "$prog" "$tmp"
    echo
    echo "## $core (\`$(basename "$(dirname "$prog")")\`, run on qemu \`$machine\`)"
    echo
    case $core in
      cortex-*) echo "| function | offset | 20 B | 40 B | 576 B | 1500 B | B/cycle at 1500 |" ;;
      *) echo "Executed instructions per call (no cost table for this core)."; echo
        echo "| function | offset | 20 B | 40 B | 576 B | 1500 B | B/instruction at 1500 |" ;;
    esac
    echo "|---|---|---|---|---|---|---|"
    trace_run "$core" "$machine" "$prog" "$tmp/list" --list
    for f in $(tr -d '\r' <"$tmp/list.out"); do
      case $f in
        empty | copy-empty) continue ;;
        copy-*) offsets="0/0 2/0 0/2 2/2" ;;
        *) offsets="0 2" ;;
      esac
      for o in $offsets; do
        row="| $f | $o |"
        for len in 20 40 576 1500; do
          measure "$core" "$machine" "$prog" "$f" $len ${o%/*} $(case $o in */*) echo ${o#*/} ;; esac)
          case $core in cortex-*) c=${r#* } ;; *) c=${r% *} ;; esac
          row="$row $c |"
        done
        echo "$row $(per_byte 1500 "$c") |"
      done
    done
    if [ -n "$(bound_path "$core")" ]; then
      v=$(copy_bound "$core") || status=1
      verdicts="$verdicts$v
"
    fi
  done
  echo
  echo "Bound:"
  echo
  printf '%s' "$verdicts" | sed 's/^/- /'
} >"$out.tmp"
mv "$out.tmp" "$out"
cat "$out"
exit $status
