#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# test-series.sh WORKDIR [TREE...]: mk/series.sh's proof that the series are in
# sync fails on each kind of drift, planted in a copy of patches/: a canonical
# patch changed after the generated series were made, a generated patch
# edited by hand, a generated patch that changes another line or has another
# message (its recorded hash made to match), a canonical patch that is not
# what git format-patch gives. TREEs: the canonical series' Debian trees.
set -u
top=$(cd "$(dirname "$0")/../../.." && pwd)
. "$top/mk/lib.sh"
series=$top/mk/series.sh
[ $# -ge 1 ] || { echo "usage: $0 WORKDIR [TREE...]" >&2; exit 2; }
work=$1
shift
failures=0 checks=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# expect STATUS PATTERN ARGS...: mk/series.sh on the copy exits STATUS
# with a message matching PATTERN.
expect() {
  checks=$((checks + 1))
  st=$1 pat=$2
  shift 2
  out=$(SERIES_PATCHES=$work/patches "$series" "$@" 2>&1); status=$?
  [ "$status" -eq "$st" ] || { fail "$* (/$pat/): exit $status, expected $st ($out)"; return; }
  printf '%s\n' "$out" | grep -q -- "$pat" || fail "$*: '$out' does not match '$pat'"
}
fresh() { rm -rf "$work/patches" && mkdir -p "$work" && cp -R "$top/patches" "$work/patches"; }
# rehash NAME: record NAME's patches as they are now (what a hand edit that
# also fixed the hash would do)
rehash() {
  sed -i "s/^# patches .*/# patches $(series_hash "$work/patches/$1")/" "$work/patches/$1/series"
}
nth() { series_patches "$work/patches/$1" | sed -n "$2p"; }

generated=$(cd "$top/patches" && ls -d */derive | sed 's|/derive||')
[ -n "$generated" ] || { echo "test-series: no generated series" >&2; exit 2; }
# the plants in one generated series (the proof is the same for each, and
# make check's patches-sync proves every one in sync): the first that has
# fixups
g=$(cd "$top/patches" && ls */fixup-*.diff | sed 's|/.*||' | head -n 1)
[ -n "$g" ] || g=$(echo "$generated" | head -n 1)
fresh
expect 0 "in sync" check "$g"
{
  from=$(sed -n 's/^from[ \t]*//p' "$top/patches/$g/derive")
  # the canonical series changed, the generated one not made again
  fresh
  p=$(nth "$from" 2)
  sed -i '0,/^+[^+]/s|^+\([^+].*\)$|+\1 /* planted */|' "$work/patches/$from/$p"
  expect 1 "made from another version of patches/$from" check "$g"
  # a generated patch edited by hand
  fresh
  p=$(nth "$g" 2)
  sed -i '0,/^+[^+]/s|^+\([^+].*\)$|+\1 /* planted */|' "$work/patches/$g/$p"
  expect 1 "edited after they were made" check "$g"
  # ... and its hash made to match: the patch changes another line
  rehash "$g"
  expect 1 "$p: it changes other lines than patches/$from/" check "$g"
  # another message, its hash made to match
  fresh
  awk '!done && $0 == "---" { print "Another line."; done = 1 } { print }' "$work/patches/$g/$p" > "$work/p" &&
    mv "$work/p" "$work/patches/$g/$p"
  rehash "$g"
  expect 1 "$p: its message is not that of" check "$g"
}

# a canonical patch that is not what git format-patch makes of it (its
# diffstat summary edited), on the first canonical tree given (the
# generated series left out: they would fail first, made from another
# version)
for t in ${1:+"$1"}; do
  fresh
  for g in $generated; do rm -rf "$work/patches/$g"; done
  v=$("$top/mk/lwip-version.sh" "$t") || exit 2
  p=$(nth "lwip-$v" 1)
  sed -i 's/^\( [0-9]* files\? changed\)/\1 /' "$work/patches/lwip-$v/$p"
  expect 1 "patches/lwip-$v is not what git format-patch makes of it" sync check "$work/sync" "$t"
done

if [ "$failures" -ne 0 ]; then
  echo "test-series: $failures of $checks checks failed"
  exit 1
fi
rm -rf "$work"
echo "test-series: $checks checks passed"
