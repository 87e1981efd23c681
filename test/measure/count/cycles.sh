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
# the two calls must cost the same. CORE lx106 (the ESP8266, under
# qemu-system-xtensa) has no cost table: its table counts instructions.
#
# The full run prints one table per core and writes them to OUTPUT.md;
# --limits measures only the targets and the copy bound. Both fail when one
# is not met. Targets (printed met / NOT MET):
# Cortex-M4, fastsum's ARMv7-M path,
# 1500 bytes word-aligned >= 1.6 bytes a cycle; Cortex-M0+, the ARMv6-M
# path, >= 1.2. And on Cortex-M0+ fastsum_chksum_copy (copy-fastsum) takes
# no more instructions and no more cycles than the C library's memcpy
# followed by the ARMv6-M sum (copy-memcpy-armv6m), at 20, 40, 576 and
# 1500 bytes, source/destination offsets 0/0, 2/0, 0/2, 2/2.
set -eu

usage() {
  echo "usage: cycles.sh [--limits | OUTPUT.md] CORE MACHINE PROG [CORE MACHINE PROG]..." >&2
  exit 2
}
[ $# -ge 4 ] && [ $((($# - 1) % 3)) -eq 0 ] || usage
out=$1
shift
triples="$*"
while [ $# -gt 0 ]; do
  case $1 in cortex-m0plus | cortex-m3 | cortex-m4 | lx106) ;; *) echo "error: core $1: not one of cortex-m0plus, cortex-m3, cortex-m4, lx106" >&2; exit 2 ;; esac
  [ -f "$3" ] || { echo "error: $3: no such program" >&2; exit 2; }
  shift 3
done

# qemu and objdump of a core
qemu() {
  case $1 in
    lx106) echo qemu-system-xtensa -cpu lx106 ;;
    *) echo qemu-system-arm ;;
  esac
}
objdump() {
  case $1 in
    lx106) echo xtensa-lx106-elf-objdump ;;
    *) echo arm-none-eabi-objdump ;;
  esac
}
for q in qemu-system-arm qemu-system-xtensa; do
  command -v $q >/dev/null || { echo "error: $q not found (apt-get install qemu-system-arm qemu-system-misc)" >&2; exit 2; }
done
here=$(dirname "$0")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

CALLS=2

# per_call CORE MACHINE PROG FUNCTION LEN OFFSET [DST_OFFSET]: "instructions cycles" per call
per_call() {
  core=$1 machine=$2 prog=$3
  args=",arg=$4,arg=$5,arg=$6,arg=$CALLS,arg=${7:-0}"
  shift 3
  timeout 120 $(qemu "$core") -M "$machine" -display none -monitor none -serial none \
    -singlestep -d exec,nochain -D "$tmp/trace" \
    -semihosting-config "enable=on,target=native$args" -kernel "$prog" >"$tmp/out" 2>&1 ||
    { cat "$tmp/out" >&2; echo "error: $prog $*: the run failed" >&2; exit 1; }
  r=$(awk -v core="$core" -v sites="$(cat "$tmp/$(basename "$prog").sites")" -f "$here/cycles.awk" \
    "$tmp/$(basename "$prog").dis" "$tmp/trace")
  set -- $r
  if [ "$1" -ne $CALLS ] || [ $(($2 % CALLS)) -ne 0 ] || [ $(($3 % CALLS)) -ne 0 ]; then
    echo "error: $prog $*: $CALLS calls counted as $r (calls instructions cycles): not repeatable" >&2
    exit 1
  fi
  echo $(($2 / CALLS)) $(($3 / CALLS))
}

# disassemble CORE PROG: PROG's disassembly, and the addresses of main's
# calls through a function pointer (count_chksum's calls of the function)
disassemble() {
  $(objdump "$1") -d "$2" >"$tmp/$(basename "$2").dis"
  awk -F'\t' '/^[0-9a-f]+ <main>:/ { m = 1; next } m && /^$/ { m = 0 }
    m && $3 ~ /^(blx|callx0)/ { a = $1; gsub(/[ :]/, "", a); s = s (s ? "," : "") a }
    END { print s }' "$tmp/$(basename "$2").dis" >"$tmp/$(basename "$2").sites"
  [ -s "$tmp/$(basename "$2").sites" ] || { echo "error: $2: no call through a pointer in main" >&2; exit 1; }
}

# call_cycles ARGS...: the cycles of per_call ARGS... (lx106: instructions)
call_cycles() {
  r=$(per_call "$@")
  case $1 in
    lx106) echo "${r% *}" ;;
    *) echo "${r#* }" ;;
  esac
}

per_byte() {
  awk "BEGIN { printf \"%.2f\", $1 / $2 }"
}

# target CORE FUNCTION: the bytes-a-cycle target at 1500 aligned bytes, or nothing
target() {
  case $1/$2 in
    cortex-m4/armv7m) echo 1.6 ;;
    cortex-m0plus/armv6m) echo 1.2 ;;
  esac
}

# verdict CORE FUNCTION CYCLES: prints met / NOT MET, status 1 when not met
verdict() {
  t=$(target "$1" "$2")
  if awk "BEGIN { exit !(1500 / $3 >= $t) }"; then
    echo "$1, $2, 1500 bytes word-aligned: $(per_byte 1500 "$3") bytes a cycle, target >= $t: met"
  else
    echo "$1, $2, 1500 bytes word-aligned: $(per_byte 1500 "$3") bytes a cycle, target >= $t: NOT MET"
    return 1
  fi
}

# bound_path CORE: the path whose memcpy + sum bounds fastsum_chksum_copy
bound_path() {
  case $1 in
    cortex-m0plus) echo armv6m ;;
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
    echo "$1, fastsum_chksum_copy <= memcpy + $p in instructions and cycles at 20, 40, 576, 1500 B, offsets 0/0 2/0 0/2 2/2: met"
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
    disassemble "$core" "$prog"
    for f in armv7m armv6m; do
      [ -n "$(target "$core" $f)" ] || continue
      c=$(call_cycles "$core" "$machine" "$prog" $f 1500 0)
      verdict "$core" $f "$c" || status=1
    done
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
  echo "for copies source/destination. Last column: bytes a cycle at 1500 bytes. The"
  echo "ESP8266's lx106 (\`qemu-system-xtensa -cpu lx106\`): executed instructions."
  verdicts=
  while [ $# -gt 0 ]; do
    core=$1 machine=$2 prog=$3
    shift 3
    disassemble "$core" "$prog"
    echo
    echo "## $core (\`$(basename "$(dirname "$prog")")\`, run on qemu \`$machine\`)"
    echo
    case $core in
      lx106) echo "Executed instructions per call (no cost table for this core)."; echo
        echo "| function | offset | 20 B | 40 B | 576 B | 1500 B | B/instruction at 1500 |" ;;
      *) echo "| function | offset | 20 B | 40 B | 576 B | 1500 B | B/cycle at 1500 |" ;;
    esac
    echo "|---|---|---|---|---|---|---|"
    timeout 60 $(qemu "$core") -M "$machine" -display none -monitor none -serial none \
      -semihosting-config enable=on,target=native,arg=--list -kernel "$prog" >"$tmp/list" 2>&1
    for f in $(tr -d '\r' <"$tmp/list"); do
      case $f in
        empty | copy-empty) continue ;;
        copy-*) offsets="0/0 2/0 0/2 2/2" ;;
        *) offsets="0 2" ;;
      esac
      for o in $offsets; do
        row="| $f | $o |"
        for len in 20 40 576 1500; do
          measure "$core" "$machine" "$prog" "$f" $len ${o%/*} $(case $o in */*) echo ${o#*/} ;; esac)
          case $core in lx106) c=${r% *} ;; *) c=${r#* } ;; esac
          row="$row $c |"
        done
        echo "$row $(per_byte 1500 "$c") |"
        if [ "$o" = 0 ] && [ -n "$(target "$core" "$f")" ]; then
          v=$(verdict "$core" "$f" "$c") || status=1
          verdicts="$verdicts$v
"
        fi
      done
    done
    if [ -n "$(bound_path "$core")" ]; then
      v=$(copy_bound "$core") || status=1
      verdicts="$verdicts$v
"
    fi
  done
  echo
  echo "Targets:"
  echo
  printf '%s' "$verdicts" | sed 's/^/- /'
} >"$out.tmp"
mv "$out.tmp" "$out"
cat "$out"
exit $status
