#!/bin/sh
# count.sh OUTPUT.md EMULATOR CHKSUM_PROG IP4_INLINE IP4_CALL IP4_CALL_FASTSUM
# count.sh --limits EMULATOR CHKSUM_PROG
#
# Executed-instruction counts under qemu-user: each program runs with one
# guest instruction per translation block, no block chaining and the exec
# log on, so the log has one "Trace" line per executed instruction. A
# count per call is (count of 2N calls - count of N calls) / N, start-up
# cancelling out; for the checksum functions minus the same for an empty
# function (the calling loop). The counts are exact and repeatable: a
# difference not divisible by N is an error. The full run prints the table
# and writes it to OUTPUT.md (COUNT_CC and COUNT_CFLAGS from the environment
# describe the build); both runs fail if the ARMv7-M path takes more than
# 0.4 instructions a byte at 1500 bytes or the ARMv6-M path more than 0.8
# (--limits measures only those).
set -eu

usage() {
  echo "usage: count.sh OUTPUT.md EMULATOR CHKSUM_PROG IP4_INLINE IP4_CALL IP4_CALL_FASTSUM" >&2
  echo "       count.sh --limits EMULATOR CHKSUM_PROG" >&2
  exit 2
}
if [ $# -eq 3 ] && [ "$1" = --limits ]; then
  out= emu=$2 prog=$3
  set -- "$prog"
elif [ $# -eq 6 ] && [ "$1" != --limits ]; then
  out=$1 emu=$2 prog=$3
  shift 3
  ip4_inline=$1 ip4_call=$2 ip4_fastsum=$3
  set -- "$prog" "$@"
else
  usage
fi
for f in "$@"; do
  [ -x "$f" ] || { echo "error: $f: no such program" >&2; exit 2; }
done
command -v "$emu" >/dev/null || { echo "error: $emu not found (apt-get install qemu-user)" >&2; exit 2; }

# qemu 8.1 renamed -singlestep to -one-insn-per-tb.
if "$emu" -h | grep -q -- '-one-insn-per-tb'; then one=-one-insn-per-tb; else one=-singlestep; fi
N=4

# instructions PROGRAM ARGS...: executed instructions of one run
instructions() {
  "$emu" $one -d exec,nochain -D /dev/stdout "$@" </dev/null | grep -c '^Trace' || true
}

# per_call WHAT PROGRAM ARGS-BEFORE-CALLS...: instructions per call
per_call() {
  what=$1
  shift
  a=$(instructions "$@" $N)
  b=$(instructions "$@" $((2 * N)))
  d=$((b - a))
  if [ "$a" -eq 0 ] || [ $((d % N)) -ne 0 ]; then
    echo "error: $what: counts $a and $b for $N and $((2 * N)) calls are not repeatable" >&2
    exit 1
  fi
  echo $((d / N))
}

# over_limit FUNCTION OFFSET INSTRUCTIONS: 1500-byte per-byte limit check
over_limit() {
  case $1 in armv7m) limit=0.4 ;; armv6m) limit=0.8 ;; *) return 1 ;; esac
  if awk "BEGIN { exit !($3 / 1500 > $limit) }"; then
    echo "error: $1 at offset $2: $3 instructions for 1500 bytes, over $limit a byte" >&2
    return 0
  fi
  return 1
}

lengths="20 40 576 1500"
empty=$(per_call empty "$prog" empty 0 0)
status=0
if [ -z "$out" ]; then
  for f in armv7m armv6m; do
    for off in 0 2; do
      c=$(per_call "$f 1500 $off" "$prog" "$f" 1500 "$off")
      n=$((c - empty))
      echo "$f, 1500 bytes at offset $off: $n instructions, $(awk "BEGIN { printf \"%.3f\", $n / 1500 }") a byte"
      if over_limit $f $off $n; then status=1; fi
    done
  done
  [ $status -eq 0 ] && echo "count: within the limits (ARMv7-M 0.4, ARMv6-M 0.8 instructions a byte)"
  exit $status
fi
empty_copy=$(per_call copy-empty "$prog" copy-empty 0 0)
tmp=$out.tmp
{
  echo "# Executed instructions per call"
  echo
  echo "$("$emu" --version | head -n 1)${COUNT_CC:+, $($COUNT_CC --version | head -n 1)}."
  echo "Flags \`${COUNT_CFLAGS:-}\`, counted with \`$one -d exec,nochain\`."
  echo "Checksum calls: the function's instructions per call, the calling loop"
  echo "subtracted (measured with an empty function: $empty and $empty_copy per call)."
  echo
  echo "## Checksum: fastsum paths vs lwIP's algorithms"
  echo
  echo "| function | offset | 20 B | 40 B | 576 B | 1500 B | per byte at 1500 |"
  echo "|---|---|---|---|---|---|---|"
  for f in armv7m armv6m portable lwip-alg2 lwip-alg3 copy-armv7m copy-portable copy-lwip-alg2; do
    case $f in copy-*) base=$empty_copy ;; *) base=$empty ;; esac
    for off in 0 2; do
      row="| $f | $off |"
      for len in $lengths; do
        c=$(per_call "$f $len $off" "$prog" "$f" "$len" "$off")
        n=$((c - base))
        row="$row $n |"
      done
      row="$row $(awk "BEGIN { printf \"%.3f\", $n / 1500 }") |"
      if over_limit $f $off $n; then status=1; fi
      echo "$row"
    done
  done
  echo
  echo "Offset: of the data (copy: of the source; the destination is word-aligned)."
  echo
  echo "## One IPv4 header: ip4_output_if() on a netif that drops the packet"
  echo
  echo "| lwIP 2.2.1 patched | instructions per packet |"
  echo "|---|---|"
  inline=$(per_call "ip4 inline" "$ip4_inline")
  call=$(per_call "ip4 call" "$ip4_call")
  fastsum=$(per_call "ip4 call fastsum" "$ip4_fastsum")
  echo "| LWIP_INLINE_IP_CHKSUM 1 (inline) | $inline |"
  echo "| LWIP_INLINE_IP_CHKSUM 0, inet_chksum() with lwIP's algorithm 2 | $call |"
  echo "| LWIP_INLINE_IP_CHKSUM 0, inet_chksum() with fastsum_chksum | $fastsum |"
  echo
  echo "Per packet: ip4_output_if() and pbuf_remove_header() of the reused pbuf."
} > "$tmp"
mv "$tmp" "$out"
cat "$out"
if [ $status -ne 0 ]; then
  echo "count: FAILED: over the instructions-per-byte limits" >&2
fi
exit $status
