#!/bin/sh
# count.sh OUTPUT.md EMULATOR CHKSUM_PROG IP4_INLINE IP4_CALL IP4_CALL_FASTSUM
#
# Executed-instruction counts under qemu-user: each program runs with one
# guest instruction per translation block, no block chaining and the exec
# log on, so the log has one "Trace" line per executed instruction. A
# count per call is (count of 2N calls - count of N calls) / N, start-up
# cancelling out; for the checksum functions minus the same for an empty
# function (the calling loop). The counts are exact and repeatable: a
# difference not divisible by N is an error. Prints the table, writes it to
# OUTPUT.md, and fails if the ARMv7-M path takes more than 0.4 instructions
# a byte at 1500 bytes or the ARMv6-M path more than 0.8.
set -eu

if [ $# -ne 6 ]; then
  echo "usage: count.sh OUTPUT.md EMULATOR CHKSUM_PROG IP4_INLINE IP4_CALL IP4_CALL_FASTSUM" >&2
  exit 2
fi
out=$1 emu=$2 prog=$3 ip4_inline=$4 ip4_call=$5 ip4_fastsum=$6
for f in "$prog" "$ip4_inline" "$ip4_call" "$ip4_fastsum"; do
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

lengths="20 40 576 1500"
empty=$(per_call empty "$prog" empty 0 0)
empty_copy=$(per_call copy-empty "$prog" copy-empty 0 0)
status=0
tmp=$out.tmp
{
  echo "# Executed instructions per call"
  echo
  echo "$("$emu" --version | head -n 1)${COUNT_CC:+, $($COUNT_CC --version | head -n 1)}."
  echo "Thumb-2 (\`-mthumb -march=armv7-a+fp -O2\`), counted with \`$one -d exec,nochain\`."
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
        n=$(($(per_call "$f $len $off" "$prog" "$f" "$len" "$off") - base))
        row="$row $n |"
      done
      ipb=$(awk "BEGIN { printf \"%.3f\", $n / 1500 }")
      row="$row $ipb |"
      limit=
      case $f in armv7m) limit=0.4 ;; armv6m) limit=0.8 ;; esac
      if [ -n "$limit" ] && awk "BEGIN { exit !($ipb > $limit) }"; then
        echo "error: $f at offset $off: $ipb instructions a byte at 1500 bytes, limit $limit" >&2
        status=1
      fi
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
