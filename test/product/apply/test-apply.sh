#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# test-apply.sh WORKDIR TREE...: mk/apply-patches.sh on copies of pristine
# lwIP trees, as a user would run `make apply`, also with the trees' line
# endings switched (CRLF <-> LF): every outcome (exit status, message, tree
# contents) is asserted: the series chosen (the one made on the tree where
# there is one, fitting exactly); every hunk that needs an offset or fuzz
# named as patch(1) itself reports it; refusals name the patch, file, hunk
# and line that do not fit (as patch(1) finds them, one patch at a time) or
# the patches already applied; a tree where a vendor already changed what a
# patch changes gets the series made for that; a write that fails half way
# leaves the tree as it was; a revert gives the very bytes back.
set -u
top=$(cd "$(dirname "$0")/../../.." && pwd)
. "$top/mk/lib.sh"
apply=$top/mk/apply-patches.sh
[ $# -ge 2 ] || { echo "usage: $0 WORKDIR TREE..." >&2; exit 2; }
work=$1
shift
failures=0 checks=0
run_env=

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
# expect STATUS PATTERN ACTION DIR: run, check the status and that the
# output (stdout and stderr) matches PATTERN; an error is one line.
expect() {
  checks=$((checks + 1))
  out=$(env $run_env "$apply" "$3" "$4" 2>&1); status=$?
  [ "$status" -eq "$1" ] || { fail "$3 $4: exit $status, expected $1 ($out)"; return; }
  [ "$status" -eq 0 ] || [ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ] || fail "$3 $4: more than one line: $out"
  printf '%s\n' "$out" | grep -q -- "$2" || fail "$3 $4: '$out' does not match '$2'"
}
same() { # same A B WHAT
  checks=$((checks + 1))
  diff -r "$1" "$2" >/dev/null || fail "$3: $1 and $2 differ"
}
crlf_lines() { grep -c "$(printf '\r')\$" "$1"; }
# fresh FROM TO: TO a copy of what the series read and patch of tree FROM
fresh() {
  rm -rf "$2" && mkdir -p "$2" &&
    for d in src test CHANGELOG UPGRADING; do [ ! -e "$1/$d" ] || cp -R "$1/$d" "$2/"; done
}
to_lf() { find "$1" -type f \( -name '*.[ch]' -o -name '*.mk' -o -name CHANGELOG \) -exec sed -i 's/\r$//' {} +; }
chosen() { printf '%s\n' "$out" | sed -n 's/^lwIP .*: series \([^ ]*\) (made for.*/\1/p'; }
# The code patches of series S: all but a last one that only adds CHANGELOG entries.
code() {
  last=$(series_patches "$top/patches/$1" | tail -n 1)
  if [ "$(sed -n 's|^diff --git a/\([^ ]*\) .*|\1|p' "$top/patches/$1/$last" | sort -u)" = CHANGELOG ]; then
    series_patches "$top/patches/$1" | sed '$d'
  else
    series_patches "$top/patches/$1"
  fi
}
# oracle S TREE [all]: patch(1) runs S's code patches (all: every patch)
# one at a time on an LF copy of TREE; prints "misfit PATCH FILE HUNK LINE"
# for the first that does not fit, and "PATCH: FILE hunk N: WHAT" for each
# hunk that needed an offset or fuzz.
oracle() {
  rm -rf "$work/oracle" && cp -R "$2" "$work/oracle" && to_lf "$work/oracle"
  if [ "${3:-}" = all ]; then ps=$(series_patches "$top/patches/$1"); else ps=$(code "$1"); fi
  for p in $ps; do
    o=$(patch -d "$work/oracle" -p1 --force -r - < "$top/patches/$1/$p" 2>&1)
    st=$?
    printf '%s\n' "$o" | while read -r a b c d e rest; do
      case "$a $b" in
        "patching file") echo "$c" > "$work/oracle.file" ;;
        Hunk\ \#*)
          f=$(cat "$work/oracle.file") h=${b#\#}
          case "$rest" in *fuzz*) echo "$p: $f hunk $h: fuzz" ;; esac
          case "$rest" in *offset*) echo "$p: $f hunk $h: offset" ;; esac
          [ "$c" != FAILED ] || echo "misfit $p $f $h ${e%.}" ;;
      esac
    done
    [ "$st" -eq 0 ] || return 0
  done
}
# reported: the hunks the script named as needing an offset or fuzz, in
# the oracle's form.
reported() {
  printf '%s\n' "$out" | sed -n 's/^  \([^ ]*\.patch\): \([^ ]*\) hunk \([0-9]*\) at line [0-9]*: \(.*\)$/\1 \2 \3 \4/p' |
    while read -r p f h what; do
      case "$what" in *fuzz*) echo "$p: $f hunk $h: fuzz" ;; esac
      case "$what" in *offset*) echo "$p: $f hunk $h: offset" ;; esac
    done
}
# removed_line S PATCH TREE: the file and line number in TREE of the first
# line PATCH removes (found by its text: hunk line numbers count after the
# earlier patches; CRLF trees end it with \r); nothing if TREE lacks it.
removed_line() {
  first_removed='/^diff --git /{ f = substr($3, 3); h = 0 } /^@@ /{ h = 1 } h && /^-/ && !/^--- a\//'
  cfile=$(awk "$first_removed { print f; exit }" "$top/patches/$1/$2")
  removed=$(awk "$first_removed { print substr(\$0, 2); exit }" "$top/patches/$1/$2")
  [ -n "$cfile" ] || return 0
  line=$(awk -v want="$removed" '{ l = $0; sub(/\r$/, "", l) } l == want { print NR; exit }' "$3/$cfile")
  [ -z "$line" ] || echo "$cfile $line"
}
# change_removed_line S PATCH TREE: change the first line PATCH removes, in
# TREE.
change_removed_line() {
  at=$(removed_line "$@")
  [ -n "$at" ] || { fail "$1: the first line $2 removes is not in $3"; return 1; }
  sed -i "${at#* }s|^|/* local change */ |" "$3/${at% *}"
}
# mark_line TREE FILE LINE: append a comment to a line (before a CR)
mark_line() { sed -i "$3s|\(\r\?\)\$| /* local */\1|" "$1/$2"; }

rm -rf "$work"
i=0
for tree in "$@"; do
  i=$((i + 1))
  v=$("$top/mk/lwip-version.sh" "$tree") || exit 2
  pristine=$work/$i-$v-pristine
  fresh "$tree" "$pristine"
  t=$work/$i-$v
  fresh "$pristine" "$t"

  # the series chosen: the one made on this tree, if any, fitting exactly
  expect 0 "applied .* (series .*, lwIP $v)" apply "$t"
  s=$(chosen)
  checks=$((checks + 1))
  [ -n "$s" ] || { fail "$v: apply does not say which series"; continue; }
  made_on=$("$top/mk/series.sh" bases "$pristine")
  if [ -n "$made_on" ]; then
    printf '%s\n' $made_on | grep -qxF "$s" || fail "$v: chose $s, not the series made on this tree ($made_on)"
    printf '%s\n' "$out" | grep -q "series $s (.*), which fits exactly" || fail "$v: $s does not fit exactly: $out"
  fi
  checks=$((checks + 1))
  [ "$("$apply" which "$pristine")" = "$s" ] || fail "$v: which does not name $s"

  # apply, refuse a second time, revert to the very same bytes, refuse again
  checks=$((checks + 1))
  diff -r "$pristine" "$t" >/dev/null && fail "$v: apply changed nothing"
  checks=$((checks + 1))
  f=src/core/ipv4/ip4.c
  [ "$(crlf_lines "$pristine/$f")" -eq 0 ] && [ "$(crlf_lines "$t/$f")" -ne 0 ] && fail "$v: $f got CR characters"
  [ "$(crlf_lines "$pristine/$f")" -ne 0 ] && [ "$(crlf_lines "$t/$f")" -ne "$(wc -l < "$t/$f")" ] && fail "$v: $f is no longer CRLF throughout"
  expect 1 "already applied" apply "$t"
  expect 0 "reverted .* (series $s, lwIP $v)" revert "$t"
  same "$pristine" "$t" "$v: revert"
  expect 1 "not applied" revert "$t"

  # offsets and fuzz: lines inserted at the top of ip4.c, and the first
  # context line of a hunk changed (the first hunk for which every patch
  # still fits): the script names each such hunk as patch(1) reports it,
  # and a revert gives the changed tree back
  found=
  for h in $(awk '/^@@ /{ n++; print n }' $(code "$s" | sed "s|^|$top/patches/$s/|") | head -n 8); do
    fresh "$pristine" "$t"
    where=$(code "$s" | sed "s|^|$top/patches/$s/|" | xargs awk -v want="$h" '
      /^diff --git /{ f = substr($3, 3) } /^@@ /{ if (++n == want) { sub(/^@@ -/, ""); sub(/,.*/, ""); print f, $0; exit } }')
    mark_line "$t" $where
    sed -i "1a /* three lines */\\
/* before the code */\\
/* of ip4.c */" "$t/src/core/ipv4/ip4.c"
    [ "$(crlf_lines "$pristine/src/core/ipv4/ip4.c")" -eq 0 ] || sed -i '2,4s/$/\r/' "$t/src/core/ipv4/ip4.c"
    want=$(oracle "$s" "$t")
    printf '%s\n' "$want" | grep -q '^misfit' && continue
    printf '%s\n' "$want" | grep -q 'fuzz$' && { found=yes; break; }
  done
  checks=$((checks + 1))
  if [ -z "$found" ]; then
    fail "$v: no hunk of $s whose first context line needs fuzz when changed"
  else
    cp -R "$t" "$t.planted"
    expect 0 "with fuzz" apply "$t"
    checks=$((checks + 1))
    if [ "$(chosen)" != "$s" ]; then
      fail "$v: with offsets and fuzz planted, $(chosen) chosen, not $s"
    else
      want=$(oracle "$s" "$t.planted" all | grep -v '^misfit' | sort)
      [ "$(reported | sort)" = "$want" ] || fail "$v: the hunks named are not those patch(1) needs an offset or fuzz for: $(reported | sort | diff - "$(printf '%s\n' "$want" > "$work/want" && echo "$work/want")" | tr '\n' ' ')"
    fi
    expect 0 "reverted" revert "$t"
    same "$t.planted" "$t" "$v: revert of a tree patched with offsets and fuzz"
    rm -rf "$t.planted"
  fi

  # all or nothing, and the refusal names the patch, file, hunk and line
  # that do not fit: a tree changed where the first hunk goes of the last
  # code patch that removes a line of the pristine tree (the split sweeps'
  # patch changes only lines the series added), and one changed where the
  # second patch's goes (the series stops there, before the last)
  touching=$(code "$s" | wc -l)
  while [ "$touching" -gt 2 ] && [ -z "$(removed_line "$s" "$(series_patches "$top/patches/$s" | sed -n "${touching}p")" "$pristine")" ]; do
    touching=$((touching - 1))
  done
  for nth in $touching 2; do
    fresh "$pristine" "$t"
    change_removed_line "$s" "$(series_patches "$top/patches/$s" | sed -n "${nth}p")" "$t" || continue
    misfit=$(oracle "$s" "$t" | sed -n 's/^misfit //p')
    checks=$((checks + 1))
    [ -n "$misfit" ] || { fail "$v: $s still fits the tree changed for patch $nth"; continue; }
    read -r mp mf mh ml <<EOF
$misfit
EOF
    [ "$nth" -eq 2 ] && [ "$mp" = "$(code "$s" | tail -n 1)" ] &&
      fail "$v: changing patch 2's line makes only the last patch fail: no test of the name"
    cp -R "$t" "$t.modified"
    expect 1 "$mp does not fit: $mf hunk $mh at line $ml\$" apply "$t"
    same "$t.modified" "$t" "$v: failed apply must leave the tree as it was"
    rm -rf "$t.modified"
  done

  # a tree with the first k patches applied (here 2) is named so, by apply
  # and by revert, and left as it was
  fresh "$pristine" "$t"
  to_lf "$t"
  for p in $(series_patches "$top/patches/$s" | head -n 2); do
    patch -s -d "$t" -p1 < "$top/patches/$s/$p" >/dev/null || fail "$v: $p does not apply"
  done
  cp -R "$t" "$t.partial"
  expect 1 "patches 1\\.\\.2 of the series .* are applied" apply "$t"
  expect 1 "patches 1\\.\\.2 of the series .* are applied" revert "$t"
  same "$t.partial" "$t" "$v: refused partly applied tree must be left as it was"
  rm -rf "$t.partial"

  # a vendor's own fix of what a patch fixes: 2.2's ip4_forward() zeroing
  # the checksums with the conditions inverted (as NXP's tree has it). A
  # series made for that is chosen (the tree's own one does not fit), and
  # ip4.c ends as the series makes it on the pristine tree.
  # (Only on a tree of a canonical series: the vendor's series is made
  # from that.)
  fresh "$pristine" "$t"
  [ -f "$top/patches/$s/derive" ] || sed -i -E 's/if \(CHECKSUM_GEN_(IP|UDP|TCP|ICMP) \|\| NETIF_CHECKSUM_ENABLED\(inp, NETIF_CHECKSUM_GEN_(IP|UDP|TCP|ICMP)\)\)/if (!CHECKSUM_GEN_\1 || (LWIP_CHECKSUM_CTRL_PER_NETIF \&\& !NETIF_CHECKSUM_ENABLED(inp, NETIF_CHECKSUM_GEN_\2)))/' \
    "$t/src/core/ipv4/ip4.c"
  if ! cmp -s "$pristine/src/core/ipv4/ip4.c" "$t/src/core/ipv4/ip4.c"; then
    cp -R "$t" "$t.vendor"
    expect 0 "not $s: it .* does not fit" apply "$t"
    checks=$((checks + 1))
    [ "$(chosen)" != "$s" ] || fail "$v: $s chosen for the vendor-fixed tree"
    fresh "$pristine" "$work/reference"
    "$apply" apply "$work/reference" >/dev/null
    checks=$((checks + 1))
    cmp -s "$work/reference/src/core/ipv4/ip4.c" "$t/src/core/ipv4/ip4.c" ||
      fail "$v: ip4.c of the vendor-fixed tree, patched, is not that of the patched tree"
    expect 0 "reverted" revert "$t"
    same "$t.vendor" "$t" "$v: revert of the vendor-fixed tree"
    rm -rf "$t.vendor" "$work/reference"
  fi

  # a write that fails half way (the fourth file the series touches, or the
  # last: a cat that writes part of it and fails, as on a full disk) leaves
  # the tree byte for byte as it was, for apply and for revert
  files=$(series_touched "$top/patches/$s")
  victim=$(printf '%s\n' $files | sed -n '4p')
  [ -n "$victim" ] || victim=$(printf '%s\n' $files | tail -n 1)
  shim=$work/shim-$i
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
i=0
for tree in "$@"; do
  i=$((i + 1))
  v=$("$top/mk/lwip-version.sh" "$tree") || exit 2
  t=$work/$i-$v-switched
  fresh "$tree" "$t"
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
expect 2 "the series cover lwIP 2.1.x and 2.2.x" apply "$t"
expect 2 "unknown action" frobnicate "$t"

if [ "$failures" -ne 0 ]; then
  echo "test-apply: $failures of $checks checks failed"
  exit 1
fi
rm -rf "$work"
echo "test-apply: $checks checks passed"
