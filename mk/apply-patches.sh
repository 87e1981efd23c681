#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# apply-patches.sh apply|revert|which DIR: apply (or revert) the patch series
# that fits the lwIP tree DIR, all or nothing; `which` names that series.
#
# The candidates are the series of the tree's lwIP line (2.1 or 2.2; each
# series file records the version it was made for, mk/series.sh): first the
# one made for the tree's version, then those for its release (2.2.0 for
# 2.2.0-dev), the canonical one, the others. Each is tried on a temporary
# copy of the files the series touch (GNU patch; offsets and fuzz allowed,
# counted): the first that fits exactly is taken, else the one with the
# fewest hunks needing fuzz, then at an offset. It says which and why, and
# names every hunk that needed an offset or fuzz. The last patch, the
# CHANGELOG entries, is left out (and said so) where the tree's CHANGELOG
# differs too much. DIR/.lwip-fastsum-series records the series and the
# patches applied; revert reverts those and removes it (without it, revert
# takes the series that reverts best). Touched files with CRLF line endings
# (the 2.1.3 tarball) are patched as LF and converted back, so a revert
# restores the tree byte for byte. DIR is written only when every code patch
# fits.
#
# Exit status: 0 done; 1 no series fits (a modified tree: the message names
# the patch, file, hunk and line that do not fit, for the closest series),
# or it is already applied (apply), not applied (revert), or only its first
# k patches are; 2 bad usage, not an lwIP 2.1/2.2 tree, read-only tree, a
# write that failed (the tree is left as it was). Errors are one line on
# stderr. (`make apply` and `make revert` report any failure as make's exit
# status 2.)
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/mk/lib.sh"

[ $# -eq 2 ] || die "usage: $0 apply|revert|which LWIP_DIR"
action=$1 dir=$2
case $action in apply|revert|which) ;; *) die "unknown action '$action' (apply, revert or which)" ;; esac
[ -d "$dir" ] || die "$dir: no such directory"
version=$("$top/mk/lwip-version.sh" "$dir" 2>&1) || die "${version#error: }"
marker=.lwip-fastsum-series

meta=$(mktemp -d "${TMPDIR:-/tmp}/lwip-patch.XXXXXX") || die "cannot create a temporary directory"
work=$meta/tree
trap 'rm -rf "$meta"' EXIT

# What each series of the tree's line is, read once into $meta/SERIES.*:
# .all its patches, .code those but a last CHANGELOG-only one, .cl that one.
line=${version%.*}
for s in "$top"/patches/*/series; do
  s=$(basename "$(dirname "$s")")
  v=$(series_field "$top/patches/$s" lwip-version)
  [ "${v%.*}" = "$line" ] || continue
  series_patches "$top/patches/$s" > "$meta/$s.all"
  for p in $(cat "$meta/$s.all"); do
    [ -f "$top/patches/$s/$p" ] || die "patches/$s/series names $p, which does not exist"
  done
  last=$(tail -n 1 "$meta/$s.all")
  if [ "$(sed -n 's|^diff --git a/\([^ ]*\) b/.*|\1|p' "$top/patches/$s/$last" | sort -u)" = CHANGELOG ]; then
    echo "$last" > "$meta/$s.cl" && sed '$d' "$meta/$s.all" > "$meta/$s.code"
  else
    : > "$meta/$s.cl" && cp "$meta/$s.all" "$meta/$s.code"
  fi
  rank=4
  [ -f "$top/patches/$s/derive" ] || rank=3
  [ "${v%%-*}" != "${version%%-*}" ] || rank=2
  [ "$v" != "$version" ] || rank=1
  echo "$rank $s"
done | sort -k1,1n -k2 | cut -d' ' -f2 > "$meta/candidates"
candidates=$(cat "$meta/candidates")
[ -n "$candidates" ] || die "no patch series for lwIP $version (patches/*/series)"
describe() { sed -n 's/^base[ \t]*//p' "$top/patches/$1/derive" 2>/dev/null | grep . || echo "lwIP $version"; }
files=$(for s in $candidates; do
  (cd "$top/patches/$s" && sed -n 's|^diff --git a/\([^ ]*\) b/.*|\1|p' $(cat "$meta/$s.all"))
done | sort -u)

# The copy: LF line endings.
crlf=
for f in $files; do
  [ -f "$dir/$f" ] || continue
  mkdir -p "$work.orig/$(dirname "$f")"
  lines=$(wc -l < "$dir/$f")
  cr=$(grep -c "$(printf '\r')\$" "$dir/$f")
  if [ "$cr" -eq 0 ]; then
    cp "$dir/$f" "$work.orig/$f"
  elif [ "$cr" -eq "$lines" ] && [ "$(tail -c 1 "$dir/$f" | od -An -c | tr -d ' ')" = '\n' ]; then
    crlf="$crlf $f"
    sed 's/\r$//' "$dir/$f" > "$work.orig/$f"
  else
    die_with 1 "$dir/$f mixes CRLF and LF line endings: convert it to one of them first"
  fi
done
restore() { rm -rf "$work"; cp -R "$work.orig" "$work"; }

# run SERIES forward|backward PATCH...: the patches over the copy in order
# (backward: reverted, in the order given). Appends each hunk that needed
# an offset or fuzz to $meta/notes ("PATCH: FILE hunk N at line L: WHAT");
# on failure sets failed (the patch) and why (file, hunk, line).
run() {
  s=$1 opt=
  [ "$2" = forward ] || opt=-R
  shift 2
  failed= why=
  for p in "$@"; do
    for f in $(sed -n 's|^diff --git a/\([^ ]*\) b/.*|\1|p' "$top/patches/$s/$p"); do
      [ -f "$work/$f" ] || { failed=$p why="$f is missing from the tree"; return 1; }
    done
    # --force: no guessing that a patch is reversed
    patch -d "$work" -p1 $opt --force --no-backup-if-mismatch -r - < "$top/patches/$s/$p" > "$meta/out" 2>&1
    st=$?
    awk -v p="$p" '/^patching file / { f = $3 }
      /^Hunk #[0-9]+ succeeded at / {
        n = $2; sub(/#/, "", n); note = ""
        if (match($0, /with fuzz [0-9]+/)) note = substr($0, RSTART, RLENGTH)
        if (match($0, /offset -?[0-9]+ lines?/)) note = note (note ? ", " : "") substr($0, RSTART, RLENGTH)
        if (note) print p ": " f " hunk " n " at line " $5 ": " note
      }' "$meta/out" >> "$meta/notes"
    if [ "$st" -ne 0 ]; then
      failed=$p
      why=$(awk '/^patching file /{ f = $3 }
        /^Hunk #[0-9]+ FAILED at / { n = $2; sub(/#/, "", n); l = $5; sub(/\.$/, "", l); print f " hunk " n " at line " l; exit }
        /can.t find|malformed|garbage/ { print (f ? f ": " : "") $0; exit }' "$meta/out")
      return 1
    fi
  done
}
score() { echo "$(grep -c 'with fuzz' "$meta/notes") $(grep -c 'offset' "$meta/notes")"; }

# try SERIES forward|backward: its code patches (backward: the CHANGELOG
# patch first where it reverts, $meta/SERIES.clrev, then the code patches
# in reverse order) on a fresh copy; the result in $meta/SERIES.fit: "yes
# FUZZ OFFSETS" or "no PATCH WHY", its hunks in $meta/SERIES.notes.
try() {
  restore
  : > "$meta/notes"
  if [ "$2" = forward ]; then
    run "$1" forward $(cat "$meta/$1.code")
  else
    rm -f "$meta/$1.clrev"
    if [ -s "$meta/$1.cl" ] && run "$1" backward $(cat "$meta/$1.cl"); then
      touch "$meta/$1.clrev"
    else
      restore; : > "$meta/notes"
    fi
    run "$1" backward $(tac "$meta/$1.code")
  fi
  if [ -z "$failed" ]; then echo "yes $(score)"; else echo "no $failed $why"; fi > "$meta/$1.fit"
  cp "$meta/notes" "$meta/$1.notes"
}
fitted() { # how SERIES fitted, in words
  read -r ok a b rest < "$meta/$1.fit"
  if [ "$ok" = no ]; then echo "$a does not fit ($b $rest)"
  elif [ "$a $b" = "0 0" ]; then echo "fits exactly"
  else echo "fits with $b hunks at an offset, $a with fuzz"
  fi
}

# The k leading code patches of SERIES that revert cleanly in reverse order:
# the last one that reverts on its own, confirmed by reverting all k.
applied_prefix() {
  k=$(wc -l < "$meta/$1.code")
  restore
  while [ "$k" -gt 0 ]; do
    p=$(sed -n "${k}p" "$meta/$1.code")
    if patch -d "$work" -p1 -R --dry-run --force -r - < "$top/patches/$1/$p" >/dev/null 2>&1; then
      run "$1" backward $(head -n "$k" "$meta/$1.code" | tac) && { echo "$k"; return; }
      restore
    fi
    k=$((k - 1))
  done
  echo 0
}

# The series: the one make apply recorded, or the best fit.
direction=forward
[ "$action" != revert ] || direction=backward
best= tried=
if [ -f "$dir/$marker" ]; then
  best=$(sed -n 1p "$dir/$marker")
  [ "$action" != apply ] || die_with 1 "lwIP $version patches (series $best) are already applied in $dir (make revert first)"
  [ "$action" != which ] || { echo "$best"; exit 0; }
  [ -f "$top/patches/$best/series" ] || die "$dir/$marker names series $best, which is not in patches/"
  sed 1d "$dir/$marker" > "$meta/applied"
  restore
  : > "$meta/notes"
  run "$best" backward $(tac "$meta/applied") ||
    die_with 1 "$dir: series $best (recorded in $marker) does not revert: $failed: $why (changed since it was applied?)"
  n=$(wc -l < "$meta/applied")
else
  for s in $candidates; do
    try "$s" $direction
    tried="$tried $s"
    read -r ok fz off rest < "$meta/$s.fit"
    [ "$ok" = yes ] || continue
    if [ -z "$best" ] || [ "$fz" -lt "$bfz" ] || { [ "$fz" -eq "$bfz" ] && [ "$off" -lt "$boff" ]; }; then
      best=$s bfz=$fz boff=$off
    fi
    [ "$direction" = backward ] || [ "$fz $off" != "0 0" ] || break
  done
fi

if [ -z "$best" ]; then
  # Applied already, in part, or a tree the series do not fit.
  for s in $candidates; do
    k=$(applied_prefix "$s") n=$(wc -l < "$meta/$s.code")
    if [ "$k" -eq "$n" ]; then
      [ "$action" = revert ] || die_with 1 "lwIP $version patches (series $s) are already applied in $dir (make revert first)"
    elif [ "$k" -gt 0 ]; then
      die_with 1 "$dir: patches 1..$k of the series $s are applied (up to $(sed -n "${k}p" "$meta/$s.code")), not all $n: restore the pristine files first"
    fi
  done
  if [ "$action" = revert ]; then
    for s in $candidates; do
      try "$s" forward
      [ "$(cut -d' ' -f1 "$meta/$s.fit")" != yes ] || die_with 1 "lwIP $version patches are not applied in $dir: nothing to revert"
    done
  fi
  # The closest series: the one that got furthest, the first among equals.
  closest= reach=-1
  for s in $candidates; do
    r=$(grep -nxF "$(cut -d' ' -f2 "$meta/$s.fit")" "$meta/$s.code" | cut -d: -f1)
    [ "${r:-0}" -le "$reach" ] || { closest=$s reach=${r:-0}; }
  done
  read -r ok p why < "$meta/$closest.fit"
  die_with 1 "$dir: no series fits lwIP $version as found (modified tree?); the closest, $closest: $p does not fit: $why"
fi
[ "$action" != which ] || { echo "$best"; exit 0; }

# The tree as it will be, and what to say about it.
if [ "$action" = apply ]; then
  {
    echo "lwIP $version in $dir: series $best (made for $(describe "$best")), which $(fitted "$best")"
    for s in $tried; do [ "$s" = "$best" ] || echo "  not $s: it $(fitted "$s")"; done
    sed 's/^/  /' "$meta/$best.notes"
  } > "$meta/report"
  restore
  : > "$meta/notes"
  run "$best" forward $(cat "$meta/$best.code") || die_with 1 "series $best no longer fits"
  cp "$meta/$best.code" "$meta/applied"
  cl=$(cat "$meta/$best.cl")
  if [ -n "$cl" ]; then
    : > "$meta/notes"
    cp -R "$work" "$work.code"
    if run "$best" forward "$cl"; then
      echo "$cl" >> "$meta/applied"
      sed 's/^/  /' "$meta/notes" >> "$meta/report"
    else
      rm -rf "$work" && mv "$work.code" "$work"
      echo "  $cl left out: this tree's CHANGELOG differs there ($why)" >> "$meta/report"
    fi
  fi
  { echo "$best"; cat "$meta/applied"; } > "$meta/marker"
  n=$(wc -l < "$meta/applied")
elif [ ! -f "$dir/$marker" ]; then
  try "$best" backward
  n=$(($(wc -l < "$meta/$best.code") + $([ -f "$meta/$best.clrev" ] && echo 1 || echo 0)))
fi

for f in $crlf; do
  sed 's/$/\r/' "$work/$f" > "$work/$f.crlf" && mv "$work/$f.crlf" "$work/$f"
done

# Write all or nothing: every changed file is first written next to its
# target as a copy of it (same owner and mode) with the new contents; only
# when all are written are they renamed into place. Any failure before (a
# full disk, an interrupt) removes them and leaves the tree as it was; a
# rename that fails puts back the files already renamed (kept as hard links).
changed=
for f in $files; do
  [ -f "$dir/$f" ] || continue
  cmp -s "$work/$f" "$dir/$f" || changed="$changed $f"
done
for f in $changed; do
  # Root passes access(2) checks, so look at the write bits as well.
  if [ ! -w "$dir/$f" ] || [ ! -w "$(dirname "$dir/$f")" ] ||
     [ -n "$(find "$dir/$f" "$(dirname "$dir/$f")" -maxdepth 0 ! -perm -u+w)" ]; then
    die "$dir is read-only ($f cannot be written)"
  fi
done
new=.lwip-fastsum-new old=.lwip-fastsum-old renamed=
undo() {
  for f in $renamed; do mv -f "$dir/$f$old" "$dir/$f"; done
  for f in $changed; do rm -f "$dir/$f$new" "$dir/$f$old"; done
  rm -f "$dir/$marker$new"
  rm -rf "$meta"
}
trap 'undo' EXIT
trap 'exit 2' HUP INT TERM
for f in $changed; do
  { cp -p "$dir/$f" "$dir/$f$new" && cat "$work/$f" > "$dir/$f$new" &&
    ln -f "$dir/$f" "$dir/$f$old"; } 2>/dev/null || die "cannot write $dir/$f$new (nothing changed)"
done
[ "$action" != apply ] || cp "$meta/marker" "$dir/$marker$new" 2>/dev/null ||
  die "cannot write $dir/$marker$new (nothing changed)"
for f in $changed; do
  mv -f "$dir/$f$new" "$dir/$f" || die "cannot rename $dir/$f$new (nothing changed)"
  renamed="$renamed $f"
done
if [ "$action" = apply ]; then
  mv -f "$dir/$marker$new" "$dir/$marker" || die "cannot rename $dir/$marker$new (nothing changed)"
else
  rm -f "$dir/$marker"
fi
renamed=
for f in $changed; do rm -f "$dir/$f$old"; done
trap 'rm -rf "$meta"' EXIT

if [ "$action" = apply ]; then
  cat "$meta/report"
  echo "applied $n patches (series $best, lwIP $version) to $dir"
else
  echo "reverted $n patches (series $best, lwIP $version) in $dir"
fi
