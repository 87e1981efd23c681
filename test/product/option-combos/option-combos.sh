#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# option-combos.sh TREE FILE "OPTION..." CC CFLAGS...: compile FILE of the
# lwIP tree TREE (syntax and warnings only) once for every combination of
# 0/1 values of the OPTIONs, two compilers at a time. Prints one line with
# the count; on failure, the failing combination and the compiler's output,
# exit 1.
set -u
[ $# -ge 4 ] || { echo "usage: $0 TREE FILE \"OPTION...\" CC [CFLAGS...]" >&2; exit 2; }
tree=$1 file=$2 options=$3 cc=$4
shift 4
[ -f "$tree/$file" ] || { echo "error: $tree/$file does not exist" >&2; exit 2; }

# Every combination as one line of -DOPTION=0/1 flags.
combos=" "
for o in $options; do
  combos=$(printf '%s\n' "$combos" | while IFS= read -r c; do
    printf '%s\n%s\n' "$c -D$o=0" "$c -D$o=1"; done)
done
log=$(mktemp "${TMPDIR:-/tmp}/option-combos.XXXXXX") || exit 2
trap 'rm -f "$log"' EXIT
# xargs stops at the first combination that does not compile (exit 255).
if ! printf '%s\n' "$combos" | xargs -P 2 -I FLAGS sh -c \
    "$cc -fsyntax-only $* FLAGS $tree/$file >>$log 2>&1 || { echo 'failed: FLAGS' >>$log; exit 255; }" 2>/dev/null; then
  echo "error: $file does not compile for every option combination:" >&2
  cat "$log" >&2
  exit 1
fi
echo "$file: $(printf '%s\n' "$combos" | wc -l) option combinations compile"
