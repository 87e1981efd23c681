#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# limits.sh [--report OUTPUT.md] CORE MACHINE PROG PATHS [CORE MACHINE PROG PATHS]...
#
# make count-limits (in make test): on each CORE (test/measure/count/trace.sh), the
# fastsum paths PATHS (comma-separated names from count_chksum --list)
# execute no more instructions than the better of lwIP's algorithms 2 and
# 3 at 20, 40, 64, 128, 256, 576 and 1500 bytes, at a word address and 2
# bytes past one; on the Cortex-M cores no more estimated cycles either
# (test/measure/count/cycles.awk). And at 1500 bytes: the ARMv7-M path (arm) at
# most 0.4 instructions a byte, the ARMv6-M path 0.8, the Xtensa path
# (lx106) 0.9, at both offsets; Cortex-M4 with the ARMv7-M path at least
# 1.6 bytes a cycle, Cortex-M0+ with the ARMv6-M path 1.2, word-aligned.
#
# One run of PROG (test/measure/count/count_chksum.c) per core makes every call
# (count_chksum --grid), two a cell, which must agree; each is counted from
# its first instruction to its return. Prints a table per core and the
# verdicts (also to OUTPUT.md with --report); status 1 when one is not met.
set -eu

here=$(dirname "$0")
. "$here/trace.sh"

usage() {
  echo "usage: limits.sh [--report OUTPUT.md] CORE MACHINE PROG PATHS [CORE MACHINE PROG PATHS]..." >&2
  exit 2
}
out=
if [ $# -ge 2 ] && [ "$1" = --report ]; then
  out=$2
  shift 2
fi
[ $# -ge 4 ] && [ $(($# % 4)) -eq 0 ] || usage
groups="$*"
while [ $# -gt 0 ]; do
  trace_check_core "$1"
  [ -f "$3" ] || { echo "error: $3: no such program" >&2; exit 2; }
  case $4 in *[!a-z0-9,-]* | ,* | *, | *,,* | "") echo "error: paths '$4': not a comma-separated list of names" >&2; exit 2 ;; esac
  shift 4
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

LENS="20 40 64 128 256 576 1500"
OFFSETS="0 2"
BASELINES="lwip-alg2 lwip-alg3"

cortex() {
  case $1 in cortex-*) return 0 ;; *) return 1 ;; esac
}

# cell CORE FUNCTION OFFSET LEN: "INSTRUCTIONS CYCLES" of one call
cell() {
  eval "echo \"\$cell_$(echo "$1_$2_$3_$4" | tr -- '-' '_')\""
}

# measure CORE MACHINE PROG FUNCTIONS: one run, every cell stored
measure() {
  trace_disassemble "$1" "$3" "$tmp"
  d=$tmp/$(basename "$3")
  trace_run "$1" "$2" "$3" "$tmp/trace" --grid "$4" "$(echo $LENS | tr ' ' ,)" "$(echo $OFFSETS | tr ' ' ,)" 2
  awk -v core="$1" -v sites="$(cat "$d.sites")" -v each=1 -f "$here/cycles.awk" "$d.dis" "$tmp/trace" >"$tmp/calls"
  set -- "$1" $(echo "$4" | tr , ' ')
  core=$1
  shift
  n=0
  for f in "$@"; do
    for o in $OFFSETS; do
      for len in $LENS; do
        first=$(sed -n "$((n + 1))p" "$tmp/calls") second=$(sed -n "$((n + 2))p" "$tmp/calls")
        if [ -z "$first" ] || [ "$first" != "$second" ]; then
          echo "error: $core $f $len B at offset $o: calls counted '$first' and '$second': not repeatable" >&2
          exit 1
        fi
        eval "cell_$(echo "${core}_${f}_${o}_${len}" | tr -- '-' '_')='$first'"
        n=$((n + 2))
      done
    done
  done
  # the summary line of cycles.awk follows the calls
  [ "$(sed -n "$((n + 2))p" "$tmp/calls")" = "" ] ||
    { echo "error: $core: more calls than the table's" >&2; exit 1; }
}

# table CORE FUNCTIONS...: instructions per call (Cortex-M: and cycles)
table() {
  core=$1
  shift
  echo
  if cortex "$core"; then
    echo "## $core: instructions / estimated cycles per call"
  else
    echo "## $core: instructions per call"
  fi
  echo
  printf '| function | offset |'
  for len in $LENS; do printf ' %s B |' "$len"; done
  printf '\n|---|---|'
  for len in $LENS; do printf -- '---|'; done
  echo
  for f in "$@"; do
    for o in $OFFSETS; do
      printf '| %s | %s |' "$f" "$o"
      for len in $LENS; do
        set -- $(cell "$core" "$f" "$o" "$len")
        if cortex "$core"; then printf ' %s / %s |' "$1" "$2"; else printf ' %s |' "$1"; fi
      done
      echo
    done
  done
}

# never_more CORE PATHS...: the verdict against lwIP's algorithms
never_more() {
  core=$1
  shift
  over=
  for f in "$@"; do
    for o in $OFFSETS; do
      for len in $LENS; do
        set -- $(cell "$core" "$f" "$o" "$len") $(cell "$core" lwip-alg2 "$o" "$len") $(cell "$core" lwip-alg3 "$o" "$len")
        best_i=$(($3 < $5 ? $3 : $5)) best_c=$(($4 < $6 ? $4 : $6))
        if [ "$1" -gt $best_i ]; then over="$over $f $len B at $o: $1 > $best_i instructions;"; fi
        if cortex "$core" && [ "$2" -gt $best_c ]; then over="$over $f $len B at $o: $2 > $best_c cycles;"; fi
      done
    done
  done
  what="instructions"
  if cortex "$core"; then what="instructions and estimated cycles"; fi
  if [ -z "$over" ]; then
    echo "$core: $(echo "$paths" | sed 's/,/, /g') <= the better of lwIP's algorithms 2 and 3 in $what, 20 to 1500 B, offsets 0 and 2: met"
  else
    echo "$core: $(echo "$paths" | sed 's/,/, /g') <= the better of lwIP's algorithms 2 and 3 in $what: NOT MET:$over"
    return 1
  fi
}

# per_byte_limit CORE PATH: the most instructions a byte at 1500 bytes
per_byte_limit() {
  case $1/$2 in
    arm/armv7m) echo 0.4 ;;
    arm/armv6m) echo 0.8 ;;
    lx106/xtensa) echo 0.9 ;;
  esac
}

# cycle_target CORE PATH: the fewest bytes a cycle at 1500 aligned bytes
cycle_target() {
  case $1/$2 in
    cortex-m4/armv7m) echo 1.6 ;;
    cortex-m0plus/armv6m) echo 1.2 ;;
  esac
}

# at_1500 CORE PATHS...: the per-byte limits and cycle targets
at_1500() {
  core=$1
  shift
  for f in "$@"; do
    l=$(per_byte_limit "$core" "$f")
    for o in $OFFSETS; do
      [ -n "$l" ] || break
      set -- $(cell "$core" "$f" "$o" 1500)
      v=$(awk "BEGIN { printf \"%.3f\", $1 / 1500 }")
      if awk "BEGIN { exit !($v <= $l) }"; then
        echo "$core: $f, 1500 B at offset $o: $v instructions a byte, limit $l: met"
      else
        echo "$core: $f, 1500 B at offset $o: $v instructions a byte, limit $l: NOT MET"
      fi
    done
    t=$(cycle_target "$core" "$f")
    [ -n "$t" ] || continue
    set -- $(cell "$core" "$f" 0 1500)
    v=$(awk "BEGIN { printf \"%.2f\", 1500 / $2 }")
    if awk "BEGIN { exit !($v >= $t) }"; then
      echo "$core: $f, 1500 B word-aligned: $v bytes a cycle, target $t: met"
    else
      echo "$core: $f, 1500 B word-aligned: $v bytes a cycle, target $t: NOT MET"
      status=1
    fi
  done
}

status=0
verdicts=
tables=
set -- $groups
while [ $# -gt 0 ]; do
  core=$1 machine=$2 prog=$3 paths=$4
  shift 4
  measure "$core" "$machine" "$prog" "$paths,$(echo $BASELINES | tr ' ' ,)"
  tables="$tables$(table "$core" $(echo "$paths" | tr , ' ') $BASELINES)
"
  v=$(never_more "$core" $(echo "$paths" | tr , ' ')) || status=1
  verdicts="$verdicts$v
$(at_1500 "$core" $(echo "$paths" | tr , ' '))
"
  case $verdicts in *"NOT MET"*) status=1 ;; esac
done
{
  echo "# Instructions per call against lwIP's algorithms"
  echo
  echo "Each call from its first instruction to its return (\`-singlestep -d exec,nochain\`);"
  echo "on Cortex-M also cycles estimated as docs/count.md says. Offset: of the data."
  printf '%s' "$tables"
  echo
  echo "Limits:"
  echo
  printf '%s' "$verdicts" | sed '/^$/d; s/^/- /'
} >"$tmp/report"
if [ -n "$out" ]; then cp "$tmp/report" "$out"; fi
cat "$tmp/report"
exit $status
