#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# run.sh QEMU-SYSTEM [QEMU-OPTIONS]... PROGRAM.elf
#
# Runs a bare-metal test program (picolibc, semihosting) under qemu-system:
# the program prints through semihosting and ends the emulator with its
# exit status (semihosting SYS_EXIT). Passes when that status is 0 and the
# program printed "N passed, 0 failed"; a run longer than
# BAREMETAL_TIMEOUT seconds (default 900) fails.
set -eu
[ $# -ge 2 ] || { echo "usage: run.sh QEMU-SYSTEM [QEMU-OPTIONS]... PROGRAM.elf" >&2; exit 2; }
eval "elf=\${$#}"
[ -f "$elf" ] || { echo "error: $elf: no such program" >&2; exit 2; }
command -v "$1" >/dev/null || { echo "error: $1 not found (apt-get install qemu-system-arm qemu-system-misc)" >&2; exit 2; }
qemu=$1
shift
# every argument but the last: the options
n=$(($# - 1))
set -- "$@"
opts=
while [ $n -gt 0 ]; do opts="$opts $1"; shift; n=$((n - 1)); done
limit=${BAREMETAL_TIMEOUT:-900}
log=$elf.log
status=0
# shellcheck disable=SC2086 # opts are words
timeout "$limit" "$qemu" $opts -display none -monitor none -serial none \
  -semihosting-config enable=on,target=native -kernel "$elf" </dev/null >"$log" 2>&1 || status=$?
cat "$log"
if [ $status -eq 124 ]; then
  echo "error: $elf: no exit within $limit s" >&2
  exit 1
fi
if [ $status -ne 0 ]; then
  echo "error: $elf: exit status $status" >&2
  exit 1
fi
grep -Eq '^[^ ].* [0-9]+ passed, 0 failed$' "$log" || { echo "error: $elf: no \"N passed, 0 failed\" line" >&2; exit 1; }
