#!/bin/sh
# test-apply.sh WORKDIR TREE...: mk/apply-patches.sh on copies of pristine
# lwIP trees, as a user would run `make apply`, also with the trees' line
# endings switched (CRLF <-> LF): every outcome (exit status, message, tree
# contents) is asserted.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
apply=$top/mk/apply-patches.sh
[ $# -ge 2 ] || { echo "usage: $0 WORKDIR TREE..." >&2; exit 2; }
work=$1
shift
failures=0 checks=0

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
# expect STATUS PATTERN ACTION DIR: run, check the status and that the
# output (stdout and stderr, one line) matches PATTERN.
expect() {
  checks=$((checks + 1))
  out=$("$apply" "$3" "$4" 2>&1); status=$?
  [ "$status" -eq "$1" ] || { fail "$3 $4: exit $status, expected $1 ($out)"; return; }
  [ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ] || fail "$3 $4: more than one line: $out"
  printf '%s\n' "$out" | grep -q -- "$2" || fail "$3 $4: '$out' does not match '$2'"
}
same() { # same A B WHAT
  checks=$((checks + 1))
  diff -r "$1" "$2" >/dev/null || fail "$3: $1 and $2 differ"
}
crlf_lines() { grep -c "$(printf '\r')\$" "$1"; }
fresh() { rm -rf "$2" && mkdir -p "$(dirname "$2")" && cp -R "$1" "$2"; }

rm -rf "$work"
for pristine in "$@"; do
  v=$("$top/mk/lwip-version.sh" "$pristine") || exit 2
  t=$work/$v
  fresh "$pristine" "$t"

  # apply, refuse a second time, revert to the very same bytes, refuse again
  expect 0 "applied .* (lwIP $v)" apply "$t"
  checks=$((checks + 1))
  diff -r "$pristine" "$t" >/dev/null && fail "$v: apply changed nothing"
  checks=$((checks + 1))
  f=src/core/ipv4/ip4.c
  [ "$(crlf_lines "$pristine/$f")" -eq 0 ] && [ "$(crlf_lines "$t/$f")" -ne 0 ] && fail "$v: $f got CR characters"
  [ "$(crlf_lines "$pristine/$f")" -ne 0 ] && [ "$(crlf_lines "$t/$f")" -ne "$(wc -l < "$t/$f")" ] && fail "$v: $f is no longer CRLF throughout"
  expect 1 "already applied" apply "$t"
  expect 0 "reverted" revert "$t"
  same "$pristine" "$t" "$v: revert"
  expect 1 "not applied" revert "$t"

  # all or nothing: a tree changed where the last patch's first hunk goes
  last=$(tail -n 1 "$top/patches/lwip-$v/series")
  file=$(sed -n 's|^diff --git a/\([^ ]*\) .*|\1|p' "$top/patches/lwip-$v/$last" | head -n 1)
  # the first line the last patch removes (hunk line numbers count after the
  # earlier patches, so find it by its text; CRLF trees end it with \r)
  removed=$(sed -n '/^@@ /,$ { /^-/ { s/^-//; p; q; } }' "$top/patches/lwip-$v/$last")
  line=$(awk -v want="$removed" '{ l = $0; sub(/\r$/, "", l) } l == want { print NR; exit }' "$t/$file")
  [ -n "$line" ] || fail "$v: the last patch's first removed line is not in $file"
  sed -i "${line}s|^|/* local change */ |" "$t/$file"
  cp -R "$t" "$t.modified"
  expect 1 "does not fit" apply "$t"
  same "$t.modified" "$t" "$v: failed apply must leave the tree as it was"

  # read-only tree (root ignores the mode bits, the script does not)
  fresh "$pristine" "$t"
  chmod -R a-w "$t"
  expect 2 "read-only" apply "$t"
  chmod -R u+w "$t"
  same "$pristine" "$t" "$v: read-only tree untouched"
done

# 2.1.3 as released is CRLF, as a git checkout LF; 2.2.1 is LF. Each tree
# also with its line endings switched: the patched files keep theirs, a
# revert gives the same bytes back.
for pristine in "$@"; do
  v=$("$top/mk/lwip-version.sh" "$pristine") || exit 2
  t=$work/$v-switched
  fresh "$pristine" "$t"
  f=$t/src/core/ipv4/ip4.c
  if [ "$(crlf_lines "$f")" -gt 0 ]; then
    find "$t" -type f \( -name '*.[ch]' -o -name '*.mk' \) -exec sed -i 's/\r$//' {} +
  else
    find "$t" -type f \( -name '*.[ch]' -o -name '*.mk' \) -exec sed -i 's/$/\r/' {} +
  fi
  cp -R "$t" "$t.orig"
  crlf_before=$(crlf_lines "$f")
  expect 0 "applied" apply "$t"
  checks=$((checks + 1))
  if [ "$crlf_before" -eq 0 ]; then
    [ "$(crlf_lines "$f")" -eq 0 ] || fail "$v LF: $f got CR characters"
  else
    [ "$(crlf_lines "$f")" -eq "$(wc -l < "$f")" ] || fail "$v CRLF: $f is no longer CRLF throughout"
  fi
  expect 0 "reverted" revert "$t"
  same "$t.orig" "$t" "$v with switched line endings: revert"
done

# not a tree, unknown version, bad usage
mkdir -p "$work/empty"
expect 2 "not an lwIP tree" apply "$work/empty"
t=$work/2.0.0
fresh "$1" "$t"
sed -i 's/^\(#define LWIP_VERSION_MINOR[ \t]*\)[0-9]*/\10/; s/^\(#define LWIP_VERSION_REVISION[ \t]*\)[0-9]*/\10/' \
  "$t/src/include/lwip/init.h"
expect 2 "supported" apply "$t"
expect 2 "unknown action" frobnicate "$t"

if [ "$failures" -ne 0 ]; then
  echo "test-apply: $failures of $checks checks failed"
  exit 1
fi
rm -rf "$work"
echo "test-apply: $checks checks passed"
