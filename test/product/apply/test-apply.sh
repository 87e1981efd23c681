#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# test-apply.sh WORKDIR TREE...: mk/apply-patches.sh on copies of pristine
# lwIP trees, as a user would run `make apply`, also with the trees' line
# endings switched (CRLF <-> LF): every outcome (exit status, message, tree
# contents) is asserted: refusals name the patch that does not fit or the
# patches already applied; a write that fails half way leaves the tree as it
# was.
set -u
top=$(cd "$(dirname "$0")/../../.." && pwd)
apply=$top/mk/apply-patches.sh
[ $# -ge 2 ] || { echo "usage: $0 WORKDIR TREE..." >&2; exit 2; }
work=$1
shift
failures=0 checks=0
run_env=

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
# expect STATUS PATTERN ACTION DIR: run, check the status and that the
# output (stdout and stderr, one line) matches PATTERN.
expect() {
  checks=$((checks + 1))
  out=$(env $run_env "$apply" "$3" "$4" 2>&1); status=$?
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
series() { sed -e 's/#.*//' -e 's/[ \t].*//' -e '/^$/d' "$top/patches/lwip-$1/series"; }
to_lf() { find "$1" -type f \( -name '*.[ch]' -o -name '*.mk' -o -name CHANGELOG \) -exec sed -i 's/\r$//' {} +; }
# first_misfit V TREE: the first patch of the series that does not fit TREE,
# found by patch(1) one patch at a time on an LF copy (not the script's way).
first_misfit() {
  rm -rf "$work/oracle" && cp -R "$2" "$work/oracle" && to_lf "$work/oracle"
  for p in $(series "$1"); do
    patch -s -d "$work/oracle" -p1 --force --fuzz=0 -r - < "$top/patches/lwip-$1/$p" >/dev/null 2>&1 ||
      { echo "$p"; return; }
  done
}
# change_removed_line V PATCH TREE: change the first line PATCH removes, in
# TREE (found by its text: hunk line numbers count after the earlier
# patches; CRLF trees end it with \r).
change_removed_line() {
  # the first removed line of the patch and its file (a CHANGELOG hunk
  # may come first and only add lines)
  first_removed='/^diff --git /{ f = substr($3, 3); h = 0 } /^@@ /{ h = 1 } h && /^-/ && !/^--- a\//'
  cfile=$(awk "$first_removed { print f; exit }" "$top/patches/lwip-$1/$2")
  removed=$(awk "$first_removed { print substr(\$0, 2); exit }" "$top/patches/lwip-$1/$2")
  line=$(awk -v want="$removed" '{ l = $0; sub(/\r$/, "", l) } l == want { print NR; exit }' "$3/$cfile")
  [ -n "$line" ] || { fail "$1: the first line $2 removes is not in $cfile"; return 1; }
  sed -i "${line}s|^|/* local change */ |" "$3/$cfile"
}

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

  # all or nothing, and the refusal names the first patch that does not
  # fit: a tree changed where the last code patch's first hunk goes (the
  # last patch of the series only adds CHANGELOG entries), and one changed
  # where the second patch's goes (the series stops there, before the last)
  last_code=$(series "$v" | awk -v d="$top/patches/lwip-$v" '{ f = d "/" $0; while ((getline l < f) > 0) if (l ~ /^-[^-]/) n = NR; close(f) } END { print n }')
  for nth in $last_code 2; do
    fresh "$pristine" "$t"
    change_removed_line "$v" "$(series "$v" | sed -n "${nth}p")" "$t" || continue
    misfit=$(first_misfit "$v" "$t")
    checks=$((checks + 1))
    [ -n "$misfit" ] || { fail "$v: the series still fits the tree changed for patch $nth"; continue; }
    [ "$nth" -eq 2 ] && [ "$misfit" = "$(series "$v" | tail -n 1)" ] &&
      fail "$v: changing patch 2's line makes only the last patch fail: no test of the name"
    cp -R "$t" "$t.modified"
    expect 1 "$misfit does not fit" apply "$t"
    same "$t.modified" "$t" "$v: failed apply must leave the tree as it was"
    rm -rf "$t.modified"
  done

  # a tree with the first k patches applied (here 2) is named so, by apply
  # and by revert, and left as it was
  fresh "$pristine" "$t"
  to_lf "$t"
  for p in $(series "$v" | head -n 2); do
    patch -s -d "$t" -p1 < "$top/patches/lwip-$v/$p" >/dev/null || fail "$v: $p does not apply"
  done
  cp -R "$t" "$t.partial"
  expect 1 "patches 1\\.\\.2 of the series are applied" apply "$t"
  expect 1 "patches 1\\.\\.2 of the series are applied" revert "$t"
  same "$t.partial" "$t" "$v: refused partly applied tree must be left as it was"
  rm -rf "$t.partial"

  # a write that fails half way (the fourth file the series touches, or the
  # last: a cat that writes part of it and fails, as on a full disk) leaves
  # the tree byte for byte as it was, for apply and for revert
  files=$(cd "$top/patches/lwip-$v" && sed -n 's|^diff --git a/\([^ ]*\) b/.*|\1|p' $(series "$v") | sort -u)
  victim=$(printf '%s\n' $files | sed -n '4p')
  [ -n "$victim" ] || victim=$(printf '%s\n' $files | tail -n 1)
  shim=$work/shim-$v
  mkdir -p "$shim"
  real_cat=$(command -v cat)
  printf '%s\n' '#!/bin/sh' \
    "case \"\$*\" in *'/$victim') $real_cat \"\$@\" | head -c 100; exit 1 ;; esac" \
    "exec $real_cat \"\$@\"" > "$shim/cat"
  chmod +x "$shim/cat"
  fresh "$pristine" "$t"
  run_env="PATH=$shim:$PATH"
  expect 2 "cannot write .*$victim" apply "$t"
  run_env=
  same "$pristine" "$t" "$v: apply with a failing write must leave the tree as it was"
  expect 0 "applied" apply "$t"
  cp -R "$t" "$t.applied"
  run_env="PATH=$shim:$PATH"
  expect 2 "cannot write .*$victim" revert "$t"
  run_env=
  same "$t.applied" "$t" "$v: revert with a failing write must leave the tree as it was"
  rm -rf "$t.applied"

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
    to_lf "$t"
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
