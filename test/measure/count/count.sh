#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# count.sh OUTPUT.md IP4_INLINE IP4_CALL IP4_CALL_FASTSUM EMULATOR PROG [EMULATOR PROG]...
#
# Executed-instruction counts under qemu-user: each program runs with one
# guest instruction per translation block, no block chaining and the exec
# log on, so the log has one "Trace" line per executed instruction. A
# count per call is (count of 2N calls - count of N calls) / N, start-up
# cancelling out; for the checksum functions minus the same for an empty
# function (the calling loop). The counts are exact and repeatable: a
# difference not divisible by N is an error.
#
# The full run: one table per checksum program (test/measure/count/count_chksum.c
# built for a CPU, every function it lists), the IPv4 output programs
# (test/measure/count/count_ip4.c, run under the first EMULATOR), printed and
# written to OUTPUT.md; COUNT_BUILDS from the environment describes the
# builds. It fails where fastsum_chksum_copy (copy-fastsum) executes more
# instructions than the C library's memcpy followed by the path's sum
# (copy-memcpy-PATH) at any length and source/destination offset: on
# AArch64 and RISC-V (cycles.sh checks ARMv6-M on Cortex-M0+). The limits
# of the paths are test/measure/count/limits.sh's.
set -eu
. "$(dirname "$0")/../../../mk/lib.sh"

usage() {
  echo "usage: count.sh OUTPUT.md IP4_INLINE IP4_CALL IP4_CALL_FASTSUM EMULATOR PROG [EMULATOR PROG]..." >&2
  exit 2
}
if [ $# -ge 6 ] && [ $(($# % 2)) -eq 0 ]; then
  out=$1 ip4_inline=$2 ip4_call=$3 ip4_fastsum=$4
  shift 4
  for f in "$ip4_inline" "$ip4_call" "$ip4_fastsum"; do
    [ -x "$f" ] || { echo "error: $f: no such program" >&2; exit 2; }
  done
else
  usage
fi
# what remains: EMULATOR PROG pairs
pairs="$*"
while [ $# -gt 0 ]; do
  command -v "$1" >/dev/null || { echo "error: $1 not found (apt-get install qemu-user)" >&2; exit 2; }
  [ -x "$2" ] || { echo "error: $2: no such program" >&2; exit 2; }
  shift 2
done

N=4

# instructions EMULATOR PROGRAM ARGS...: executed instructions of one run
instructions() {
  e=$1
  shift
  "$e" "$(qemu_one_insn "$e")" -d exec,nochain -D /dev/stdout "$@" </dev/null | grep -c '^Trace' || true
}

# per_call WHAT EMULATOR PROGRAM ARGS-BEFORE-CALLS...: instructions per
# call; $dst (a copy's destination offset), if set, follows the calls
per_call() {
  what=$1
  shift
  a=$(instructions "$@" $N ${dst:-})
  b=$(instructions "$@" $((2 * N)) ${dst:-})
  d=$((b - a))
  if [ "$a" -eq 0 ] || [ $((d % N)) -ne 0 ]; then
    echo "error: $what: counts $a and $b for $N and $((2 * N)) calls are not repeatable" >&2
    exit 1
  fi
  echo $((d / N))
}

per_byte() {
  awk "BEGIN { printf \"%.3f\", $1 / 1500 }"
}

# bound_path EMULATOR: the path whose memcpy + sum bounds fastsum_chksum_copy
bound_path() {
  case $1 in
    qemu-aarch64) echo aarch64 ;;
    qemu-riscv64) echo riscv ;;
  esac
}

# cell NAME: a count the table stored (FUNCTION-SRC-DST-LEN, - and / as _)
cell() {
  eval "echo \${count_$(echo "$1" | tr -- '-/' '__')}"
}

status=0
dst=
set -- $pairs
tmp=$out.tmp
{
  echo "# Executed instructions per call"
  echo
  echo "$("$1" --version | head -n 1)${COUNT_BUILDS:+; builds: $COUNT_BUILDS}."
  echo "Counted with \`-singlestep -d exec,nochain\` (\`-one-insn-per-tb\` on qemu >= 8.1)."
  echo "Checksum functions: the function's own instructions per call, the"
  echo "calling loop (measured with an empty function) subtracted."
  echo "Offset: of the data; for the copies, source/destination. copy-fastsum is"
  echo "fastsum_chksum_copy as lwIP calls it; copy-memcpy-PATH the C library's memcpy,"
  echo "then PATH's sum."
  while [ $# -gt 0 ]; do
    emu=$1 prog=$2
    shift 2
    empty=$(per_call empty "$emu" "$prog" empty 0 0)
    empty_copy=$(per_call copy-empty "$emu" "$prog" copy-empty 0 0)
    echo
    echo "## ${emu#qemu-}: checksum paths vs lwIP's algorithms"
    echo
    echo "| function | offset | 20 B | 40 B | 576 B | 1500 B | per byte at 1500 |"
    echo "|---|---|---|---|---|---|---|"
    for f in $("$emu" "$prog" --list); do
      case $f in
        empty | copy-empty) continue ;;
        copy-*) base=$empty_copy offsets="0/0 2/0 0/2 2/2" ;;
        *) base=$empty offsets="0 2" ;;
      esac
      for o in $offsets; do
        off=${o%/*}
        case $o in */*) dst=${o#*/} ;; *) dst= ;; esac
        row="| $f | $o |"
        for len in 20 40 576 1500; do
          c=$(per_call "$emu $f $len $o" "$emu" "$prog" "$f" "$len" "$off")
          n=$((c - base))
          eval "count_$(echo "$f-$o-$len" | tr -- '-/' '__')=$n"
          row="$row $n |"
        done
        echo "$row $(per_byte $n) |"
      done
    done
    dst=
    p=$(bound_path "$emu")
    [ -n "$p" ] || continue
    over=
    for o in 0/0 2/0 0/2 2/2; do
      for len in 20 40 576 1500; do
        c=$(cell "copy-fastsum-$o-$len") b=$(cell "copy-memcpy-$p-$o-$len")
        [ "$c" -le "$b" ] || over="$over $len B at $o ($c > $b);"
      done
    done
    echo
    if [ -z "$over" ]; then
      echo "fastsum_chksum_copy <= memcpy + $p at 20, 40, 576, 1500 B, offsets 0/0 2/0 0/2 2/2: met"
    else
      echo "fastsum_chksum_copy <= memcpy + $p: NOT MET:$over"
      status=1
    fi
  done
  set -- $pairs
  emu=$1
  inline=$(per_call "ip4 inline" "$emu" "$ip4_inline")
  call=$(per_call "ip4 call" "$emu" "$ip4_call")
  fastsum=$(per_call "ip4 call fastsum" "$emu" "$ip4_fastsum")
  echo
  echo "## ${emu#qemu-}: one IPv4 header, ip4_output_if() on a netif that drops the packet"
  echo
  echo "| patched lwIP | instructions per packet |"
  echo "|---|---|"
  echo "| LWIP_INLINE_IP_CHKSUM 1 (inline) | $inline |"
  echo "| LWIP_INLINE_IP_CHKSUM 0, inet_chksum() with lwIP's algorithm 2 | $call |"
  echo "| LWIP_INLINE_IP_CHKSUM 0, inet_chksum() with fastsum_chksum | $fastsum |"
  echo
  echo "Per packet: ip4_output_if() and pbuf_remove_header() of the reused pbuf."
} > "$tmp"
mv "$tmp" "$out"
cat "$out"
if [ $status -ne 0 ]; then
  echo "count: FAILED: over the copy bound" >&2
fi
exit $status
