#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# size-table.sh DIR "OPTS" "CORE=SIZE_TOOL..." "OBJECTS" "LINKED": the
# Markdown tables of `make size` from DIR/OPT/CORE/OBJECT.o and LINKED.elf:
# text/data/bss of each object, and the text of each link.
set -eu
. "$(dirname "$0")/../../../mk/lib.sh"
[ $# = 5 ] || die "usage: size-table.sh DIR OPTS CORES OBJECTS LINKED"
dir=$1 opts=$2 cores=$3 objects=$4 linked=$5

# "text/data/bss" of one file, Berkeley format.
tdb() {
  [ -f "$2" ] || die "$2: missing (did its compile fail?)"
  out=$("$1" -B "$2") || die "$1 -B $2 failed"
  echo "$out" | awk 'NR == 2 { print $1 "/" $2 "/" $3 }'
}
header() {
  printf '| %s |' "$1"
  for c in $cores; do printf ' %s |' "${c%%=*}"; done
  printf '\n|---|'
  for c in $cores; do printf -- '---:|'; done
  printf '\n'
}

echo "# Code size (bytes)"
echo
echo "lwIP 2.2.1 with lwip-port/baremetal/ (NO_SYS, IPv4, no asserts),"
echo "-ffreestanding -ffunction-sections -fdata-sections; arm-none-eabi-gcc"
echo "-mthumb -mcpu=<core>, riscv64-unknown-elf-gcc -march=rv32imc -mabi=ilp32,"
echo "xtensa-lx106-elf-gcc (ESP8266)."
echo "Reproduce: make size"
for o in $opts; do
  echo
  echo "## -$o: text/data/bss per object"
  echo
  header object
  for obj in $objects; do
    printf '| %s |' "$obj"
    for c in $cores; do v=$(tdb "${c#*=}" "$dir/$o/${c%%=*}/$obj.o"); printf ' %s |' "$v"; done
    printf '\n'
  done
  echo
  echo "## -$o: text linked for LWIP_CHKSUM alone (--gc-sections)"
  echo
  header link
  for l in $linked; do
    printf '| %s |' "$l"
    for c in $cores; do v=$(tdb "${c#*=}" "$dir/$o/${c%%=*}/$l.elf"); printf ' %s |' "${v%%/*}"; done
    printf '\n'
  done
done
