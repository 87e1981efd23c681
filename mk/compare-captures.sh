#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# compare-captures.sh DIR_A DIR_B [PATTERN...]
# The packet tests' capture directories DIR_A and DIR_B hold the same set of
# .pcap files, byte for byte identical. Files whose name matches a shell
# PATTERN (for example 'forward_*') are left out of the comparison.
# Exit status 1 on any difference, 2 on bad arguments.
set -eu
if [ $# -lt 2 ] || [ ! -d "$1" ] || [ ! -d "$2" ]; then
  echo "usage: compare-captures.sh DIR_A DIR_B [PATTERN...] (both directories must exist)" >&2
  exit 2
fi
a=$1 b=$2
shift 2

list() {
  dir=$1
  shift
  for path in "$dir"/*.pcap; do
    [ -e "$path" ] || continue
    name=${path##*/}
    keep=yes
    for pattern in "$@"; do
      case $name in $pattern) keep= ;; esac
    done
    [ -z "$keep" ] || echo "$name"
  done
}

files_a=$(list "$a" "$@")
files_b=$(list "$b" "$@")
if [ -z "$files_a" ]; then
  echo "pktest: no capture files in $a" >&2
  exit 1
fi
if [ "$files_a" != "$files_b" ]; then
  echo "pktest: $a and $b hold different sets of capture files:" >&2
  printf '%s\n' "$files_a" > "${TMPDIR:-/tmp}/pktest-a.$$"
  printf '%s\n' "$files_b" | diff "${TMPDIR:-/tmp}/pktest-a.$$" - >&2 || true
  rm -f "${TMPDIR:-/tmp}/pktest-a.$$"
  exit 1
fi
count=0
bytes=0
for name in $files_a; do
  if ! cmp "$a/$name" "$b/$name"; then
    echo "pktest: $name differs between $a and $b" >&2
    exit 1
  fi
  count=$((count + 1))
  bytes=$((bytes + $(wc -c < "$a/$name")))
done
echo "pktest: $count capture files ($bytes bytes) identical: $a = $b"
