#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# series.sh: keep the patch series in git, and make the generated series from
# the canonical ones (docs/patches.md, "Editing the series").
#
# patches/NAME/ holds a series: git format-patch files and a quilt `series`
# file whose comments record the lwIP version of the tree the series was made
# on and its fingerprint (the SHA-256 of the files the series touches, LF
# line endings). A series with a
# file patches/NAME/derive is generated from a canonical one:
#   from SERIES    the canonical series (patches/SERIES)
#   base TEXT      the tree it is made for, for people: version, commit
# Its intended differences are the files patches/NAME/fixup-SLUG.diff, SLUG
# a canonical patch's file name without its number: once that patch is picked
# onto the base (conflicts left in as "<<<<<<< base" ... "=======" ...
# ">>>>>>> series"), the diff is applied. Its first lines, starting with #,
# say why; text after them and before "diff --git" is added to the patch's
# message as a paragraph.
#
#   series.sh import NAME TREE WORK
#       WORK becomes a git repository: what a series may touch of TREE (src/,
#       test/unit/, CHANGELOG, UPGRADING; LF) as its first commit, the series
#       NAME on top
#   series.sh export NAME WORK [OUTDIR]
#       the commits after WORK's first one written as the canonical series
#       NAME to OUTDIR (default patches/NAME; stable: zero commit ids, no
#       signature)
#   series.sh make NAME CANONICAL_TREE BASE_TREE WORK [OUTDIR]
#       the generated series NAME: its canonical series imported on
#       CANONICAL_TREE, picked patch by patch onto BASE_TREE in WORK, the
#       fixups applied, written to OUTDIR (default patches/NAME). Stops (exit
#       3) at a conflict no fixup resolves, or after the patch DERIVE_STOP=SLUG,
#       with the picked patch in WORK's working tree to be edited
#   series.sh fixup NAME WORK REASON [PARAGRAPH]
#       record what was changed in WORK since it stopped as the fixup of the
#       patch it stopped at, with REASON, and PARAGRAPH for the patch's
#       message where the patch does something else on this base
#   series.sh check NAME
#       without any tree: NAME's series file records the canonical series and
#       fixups it was made from as they are, and NAME's patches as they are;
#       each patch has its canonical patch's author, date, subject and
#       message (and its fixup's paragraph) and changes the same lines, except
#       in the files its fixup touches
#   series.sh bases TREE
#       the series TREE is the base of (its files are those they were made on)
#   series.sh sync check|write WORK [TREE...]
#       every series whose base is one of the TREEs made again in WORK:
#       canonical ones imported and exported, generated ones made from their
#       canonical series (whose base must be among the TREEs too); `check`
#       compares them with patches/, byte for byte, and checks every
#       generated series as `check` does; `write` writes the generated ones
#       to patches/. A TREE that is the base of no series is an error
# One-line errors; exit 1 when a check fails, 2 on bad usage or input.
# SERIES_PATCHES=DIR: the series are in DIR, not in patches/.
set -eu
# SERIES_PATCHES: another patches/ directory (the tests' planted copies)
patches=$(cd "${SERIES_PATCHES:-$(dirname "$0")/../patches}" && pwd) || exit 2
. "$(dirname "$0")/lib.sh"

slug() { echo "$1" | sed 's/^[0-9]*-//; s/\.patch$//'; }
fingerprint() { # SERIESDIR TREE
  for f in $(series_touched "$1"); do
    if [ -f "$2/$f" ]; then printf '%s ' "$f"; sed 's/\r$//' "$2/$f" | sha256sum; else echo "$f missing"; fi
  done | sha256sum | cut -d' ' -f1
}
generated() { [ -f "$patches/$1/derive" ]; }
from_of() { sed -n 's/^from[ \t][ \t]*//p' "$patches/$1/derive"; }
# What generated series $1 is made from: its canonical series, derive and
# fixups, as they are now.
made_from() {
  c=$patches/$(from_of "$1") d=$patches/$1
  { cat "$c/series"; for p in $(series_patches "$c"); do cat "$c/$p"; done
    cat "$d/derive"; for f in "$d"/fixup-*.diff; do [ ! -f "$f" ] || cat "$f"; done; } | sha256sum | cut -d' ' -f1
}
fixup_of() { echo "$patches/$1/fixup-$(slug "$2").diff"; }
paragraph_of() { # the message paragraph of fixup file $1, if any
  [ ! -f "$1" ] || sed -n '/^diff --git /q; /^#/d; p' "$1" | sed '/./,$!d' | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}'
}

export GIT_AUTHOR_NAME=lwip-fastsum GIT_AUTHOR_EMAIL=lwip-fastsum@localhost
export GIT_COMMITTER_NAME=lwip-fastsum GIT_COMMITTER_EMAIL=lwip-fastsum@localhost
# Commits of trees get a fixed date (the series' commits keep theirs).
export GIT_AUTHOR_DATE=2000-01-01T00:00:00Z GIT_COMMITTER_DATE=2000-01-01T00:00:00Z

# import_tree WORK TREE MESSAGE [FILE...]: what a series may touch of TREE
# (LF line endings), or only the FILEs, as the next commit of WORK.
import_tree() {
  w=$1 t=$2 m=$3
  shift 3
  git -C "$w" rm -rq --ignore-unmatch .
  [ $# -gt 0 ] || set -- src CHANGELOG UPGRADING test/unit
  set -- src/include/lwip/init.h "$@"
  for f in "$@"; do
    [ ! -e "$t/$f" ] || { mkdir -p "$w/$(dirname "$f")" && cp -R "$t/$f" "$w/$(dirname "$f")/"; }
  done
  find "$w" -path "$w/.git" -prune -o -type f -exec sed -i 's/\r$//' {} +
  git -C "$w" add -A
  git -C "$w" commit -q --allow-empty -m "$m"
}
new_repo() { # WORK
  rm -rf "$1" && mkdir -p "$1"
  git -C "$1" init -q
  git -C "$1" config merge.conflictStyle merge
}
am_series() { # WORK NAME TREE: apply series NAME on top
  for p in $(series_patches "$patches/$2"); do
    git -C "$1" am -q --committer-date-is-author-date "$patches/$2/$p" ||
      die_with 1 "patches/$2/$p does not apply to $3"
  done
}
# write_series WORK REV OUTDIR TREE [HEADER...]: the commits after REV as
# OUTDIR/*.patch, and OUTDIR/series: the HEADER lines, the fingerprint of
# TREE (the base), the patches.
write_series() {
  mkdir -p "$3"
  out=$(cd "$3" && pwd) tree=$4
  rm -f "$out"/*.patch
  git -C "$1" format-patch -q --zero-commit --no-signature -o "$out" "$2..HEAD"
  shift 4
  (cd "$out" && ls *.patch) > "$out/series.tmp"
  cp "$out/series.tmp" "$out/series"
  fp=$(fingerprint "$out" "$tree")
  v=$("$(dirname "$0")/lwip-version.sh" --init-only "$tree") || exit 2
  { for h in "$@"; do echo "# $h"; done
    echo "# lwip-version $v"
    echo "# base-files $fp"
    cat "$out/series.tmp"; } > "$out/series"
  rm -f "$out/series.tmp"
}

# make_generated NAME CANONICAL_TREE BASE_TREE WORK OUTDIR
make_generated() {
  name=$1 ctree=$2 btree=$3 work=$4 out=$5
  from=$(from_of "$name")
  for t in "$ctree" "$btree"; do [ -f "$t/src/include/lwip/init.h" ] || die "$t is not an lwIP tree"; done
  new_repo "$work"
  work=$(cd "$work" && pwd)
  import_tree "$work" "$ctree" "base of $from" $(series_touched "$patches/$from")
  am_series "$work" "$from" "$ctree"
  git -C "$work" tag canonical
  n=$(series_patches "$patches/$from" | wc -l)
  git -C "$work" checkout -q --detach "canonical~$n"
  import_tree "$work" "$btree" "base of $name" $(series_touched "$patches/$from")
  git -C "$work" tag base
  i=0
  for c in $(git -C "$work" rev-list --reverse "canonical~$n..canonical"); do
    i=$((i + 1))
    p=$(series_patches "$patches/$from" | sed -n "${i}p")
    fix=$(fixup_of "$name" "$p")
    conflict=
    git -C "$work" cherry-pick --no-commit "$c" >/dev/null 2>&1 || conflict=yes
    for f in $(git -C "$work" diff --name-only --diff-filter=U); do
      sed -i -e 's/^<<<<<<< .*/<<<<<<< base/' -e 's/^>>>>>>> .*/>>>>>>> series/' "$work/$f"
      git -C "$work" add "$f"
    done
    if [ "${DERIVE_STOP:-}" = "$(slug "$p")" ] || { [ -n "$conflict" ] && [ ! -f "$fix" ]; }; then
      git -C "$work" commit -q --allow-empty -m "picked $p"
      [ ! -f "$fix" ] || git -C "$work" apply "$fix" || die "$fix does not apply any more"
      slug "$p" > "$work/.git/derive-stop"
      why="stopped after $p (DERIVE_STOP)"
      [ -z "$conflict" ] || why="$p conflicts with the base ($(conflict_markers "$work"))"
      die_with 3 "patches/$name: $why; edit $work (git diff: the fixup so far), then: mk/series.sh fixup $name $work 'why it differs'"
    fi
    [ ! -f "$fix" ] || git -C "$work" apply --index "$fix" ||
      die_with 1 "patches/$name/$(basename "$fix") does not apply after $p: make the fixup again"
    [ -z "$(conflict_markers "$work")" ] || die_with 1 "patches/$name: $p: conflicts left in $(conflict_markers "$work")"
    ! git -C "$work" diff --cached --quiet || die_with 1 "patches/$name: $p changes nothing on its base (has the base that change already?)"
    { printf '%s\n' "$(git -C "$work" log -1 --format=%B "$c")"
      [ -z "$(paragraph_of "$fix")" ] || { echo; paragraph_of "$fix"; }; } > "$work/.git/derive-msg"
    GIT_AUTHOR_DATE=$(git -C "$work" log -1 --format=%ad --date=raw "$c") \
      git -C "$work" commit -q --cleanup=verbatim -F "$work/.git/derive-msg"
  done
  write_series "$work" base "$out" "$btree" \
    "generated from $from by mk/series.sh (see derive): do not edit" \
    "made-from $(made_from "$name")"
  sed -i "/^# base-files /a # patches $(series_hash "$out")" "$out/series"
}
conflict_markers() { git -C "$1" grep -l -e '^<<<<<<< base$' -e '^>>>>>>> series$' -- . | tr '\n' ' ' || true; }

# normalize FIXUPS canonical|generated PATCH...: the patches as lines
# "= SLUG", "H header", "M message line", "D FILE +/-line"; FIXUPS has
# "X SLUG FILE" (leave that file's lines out) and "P SLUG LINE" (a
# paragraph the canonical patch's message gets).
normalize() {
  fixups=$1 side=$2
  shift 2
  awk -v fixups="$fixups" -v side="$side" '
    BEGIN { while ((getline l < fixups) > 0) { split(l, w, " ")
              if (w[1] == "X") skip[w[2] " " w[3]] = 1
              else if (side == "canonical") { t = l; sub(/^P [^ ]* /, "", t); para[w[2]] = para[w[2]] "M " t "\n" } } }
    function flush() { if (slug != "" && para[slug] != "") printf "M \n%s", para[slug] }
    FNR == 1 { if (part == "M") flush(); slug = FILENAME; sub(/^[0-9]*-/, "", slug); sub(/\.patch$/, "", slug)
               print "= " slug; part = "H"; subj = 0 }
    part == "H" && /^(From|Date): / { print "H " $0; next }
    part == "H" && /^Subject: / { subj = 1; s = $0; sub(/^Subject: (\[PATCH[^]]*\] )?/, "", s); next }
    part == "H" && subj && /^ / { s = s $0; next }
    part == "H" && /^$/ { if (subj) { print "H Subject: " s; subj = 0; part = "M" } next }
    part == "M" && /^---$/ { flush(); part = "S"; next }
    part == "M" { print "M " $0; next }
    /^diff --git / { f = substr($3, 3); part = "D"; h = 0; next }
    part == "D" && /^@@ / { h = 1; next }
    part == "D" && h && /^[-+]/ && !skip[slug " " f] { print "D " f " " $0 }
  ' "$@"
}

# check_generated NAME: the checks that need no tree (see the top).
check_generated() {
  name=$1 dir=$patches/$1 from=$(from_of "$1")
  canon=$patches/$from
  fail() { die_with 1 "patches/$name: $*"; }
  again="make it again (make patches-derive LWIP_BASES=...)"
  [ "$(series_field "$dir" made-from)" = "$(made_from "$name")" ] ||
    fail "made from another version of patches/$from, derive or a fixup: $again"
  [ "$(series_field "$dir" patches)" = "$(series_hash "$dir")" ] || fail "its patches were edited after they were made: $again"
  n=$(series_patches "$canon" | wc -l)
  [ "$(series_patches "$dir" | wc -l)" -eq "$n" ] || fail "$(series_patches "$dir" | wc -l) patches, patches/$from has $n"
  i=0
  for p in $(series_patches "$canon"); do
    i=$((i + 1))
    g=$(series_patches "$dir" | sed -n "${i}p")
    [ "$(slug "$g")" = "$(slug "$p")" ] || fail "patch $i is $g, not $p"
  done
  # Both series as text to compare: each patch's author, date and subject
  # (H), message (M: the canonical one with its fixup's paragraph) and the
  # +/- lines of each file (D), but those of the files its fixup touches.
  tmp=$(mktemp -d "${TMPDIR:-/tmp}/series-check.XXXXXX")
  for p in $(series_patches "$canon"); do
    fix=$(fixup_of "$name" "$p")
    [ -f "$fix" ] || continue
    sed -n 's|^diff --git a/\([^ ]*\) b/.*|\1|p' "$fix" | sort -u | sed "s|^|X $(slug "$p") |"
    paragraph_of "$fix" | sed "s|^|P $(slug "$p") |"
  done > "$tmp/fixups"
  (cd "$canon" && normalize "$tmp/fixups" canonical $(series_patches "$canon")) > "$tmp/c"
  (cd "$dir" && normalize "$tmp/fixups" generated $(series_patches "$dir")) > "$tmp/g"
  if ! cmp -s "$tmp/c" "$tmp/g"; then
    at=$(diff "$tmp/c" "$tmp/g" | sed -n '1s/^\([0-9]*\).*/\1/p')
    what=$(sed -n "${at}p" "$tmp/c" | cut -c1)
    p=$(head -n "$at" "$tmp/c" | sed -n 's/^= //p' | tail -n 1)
    g=$(series_patches "$dir" | grep -e "-$p\.patch\$")
    p=$(series_patches "$canon" | grep -e "-$p\.patch\$")
    rm -rf "$tmp"
    case $what in
      H) fail "$g: its author, date or subject are not those of patches/$from/$p" ;;
      M) fail "$g: its message is not that of patches/$from/$p (and its fixup's paragraph)" ;;
      *) fail "$g: it changes other lines than patches/$from/$p (but in its fixup's files)" ;;
    esac
  fi
  rm -rf "$tmp"
  for f in "$dir"/fixup-*.diff; do
    [ -f "$f" ] || continue
    s=$(basename "$f" .diff)
    series_patches "$canon" | grep -q "^[0-9]*-${s#fixup-}\.patch\$" || fail "$(basename "$f") names no patch of patches/$from"
  done
  echo "patches/$name: in sync with patches/$from, $n patches, $(ls "$dir"/fixup-*.diff 2>/dev/null | wc -l) fixups"
}

# The series whose base TREE is (its recorded fingerprint is TREE's).
bases_of() {
  for s in "$patches"/*/series; do
    s=$(dirname "$s")
    [ "$(series_field "$s" base-files)" != "$(fingerprint "$s" "$1")" ] || basename "$s"
  done
}

[ $# -ge 2 ] || die "usage: $0 import|export|make|fixup|check|bases|sync ..."
action=$1
case $action in
import)
  [ $# -eq 4 ] || die "usage: $0 import NAME TREE WORK"
  name=$2 tree=$3 work=$4
  [ -f "$patches/$name/series" ] || die "no series patches/$name"
  [ ! -e "$work" ] || die "$work exists; remove it to import again"
  new_repo "$work"
  import_tree "$work" "$tree" "lwIP tree of patches/$name (LF)"
  am_series "$work" "$name" "$tree"
  echo "$work: patches/$name as $(series_patches "$patches/$name" | wc -l) commits"
  ;;
export)
  [ $# -eq 3 ] || [ $# -eq 4 ] || die "usage: $0 export NAME WORK [OUTDIR]"
  name=$2 work=$3 out=${4:-$patches/$2}
  ! generated "$name" || die "patches/$name is generated from patches/$(from_of "$name"): edit that one"
  root=$(git -C "$work" rev-list --max-parents=0 HEAD)
  rm -rf "$work.tree" && mkdir -p "$work.tree" && git -C "$work" archive "$root" | tar -x -C "$work.tree"
  write_series "$work" "$root" "$out" "$work.tree" \
    "canonical: edit it in git (make patchwork, make patches-export), then make the series generated from it again (make patches-derive)"
  rm -rf "$work.tree"
  echo "$out: $(series_patches "$out" | wc -l) patches"
  ;;
make)
  [ $# -eq 5 ] || [ $# -eq 6 ] || die "usage: $0 make NAME CANONICAL_TREE BASE_TREE WORK [OUTDIR]"
  generated "$2" || die "patches/$2 is not a generated series (no patches/$2/derive)"
  make_generated "$2" "$3" "$4" "$5" "${6:-$patches/$2}"
  echo "patches/$2: made from patches/$(from_of "$2"), onto $4"
  ;;
fixup)
  [ $# -eq 4 ] || [ $# -eq 5 ] || die "usage: $0 fixup NAME WORK REASON [PARAGRAPH]"
  name=$2 work=$3 reason=$4 para=${5:-}
  [ -f "$work/.git/derive-stop" ] || die "$work did not stop at a patch (make it with DERIVE_STOP=SLUG)"
  fix=$patches/$name/fixup-$(cat "$work/.git/derive-stop").diff
  git -C "$work" add -A
  ! git -C "$work" diff --cached --quiet || die "nothing changed in $work since it stopped"
  { echo "# SPDX-License-Identifier: BSD-3-Clause"
    printf '%s\n' "$reason" | fold -s -w 70 | sed 's/ *$//; s/^/# /'
    [ -z "$para" ] || { echo; printf '%s\n' "$para" | fold -s -w 72 | sed 's/ *$//'; }
    echo
    git -C "$work" diff --cached; } > "$fix"
  rm -f "$work/.git/derive-stop"
  echo "patches/$name/$(basename "$fix") recorded: make the series again"
  ;;
bases)
  [ $# -eq 2 ] || die "usage: $0 bases TREE"
  bases_of "$2"
  ;;
check)
  [ $# -eq 2 ] || die "usage: $0 check NAME"
  generated "$2" || die "patches/$2 is not a generated series (no patches/$2/derive)"
  check_generated "$2"
  ;;
sync)
  [ $# -ge 3 ] || die "usage: $0 sync check|write WORK [TREE...]"
  mode=$2 syncdir=$3
  shift 3
  case $mode in check|write) ;; *) die "unknown mode '$mode' (check or write)" ;; esac
  mkdir -p "$syncdir"
  : > "$syncdir/bases"
  for t in "$@"; do
    [ -f "$t/src/include/lwip/init.h" ] || die "$t is not an lwIP tree"
    echo "$t $(bases_of "$t" | tr '\n' ' ')" >> "$syncdir/bases"
  done
  base_tree() { awk -v s="$1" '{ for (i = 2; i <= NF; i++) if ($i == s) { print $1; exit } }' "$syncdir/bases"; }
  while read -r t names; do
    [ -n "$names" ] || die "$t is the base of no series (its files differ from every series' base)"
  done < "$syncdir/bases"
  for d in "$patches"/*/series; do
    name=$(basename "$(dirname "$d")")
    t=$(base_tree "$name")
    if ! generated "$name"; then
      [ -n "$t" ] && [ "$mode" = check ] || continue
      new_repo "$syncdir/$name.git"
      import_tree "$syncdir/$name.git" "$t" "lwIP tree of patches/$name" $(series_touched "$patches/$name")
      am_series "$syncdir/$name.git" "$name" "$t"
      "$0" export "$name" "$syncdir/$name.git" "$syncdir/$name" >/dev/null
      diff -r "$patches/$name" "$syncdir/$name" >/dev/null ||
        die_with 1 "patches/$name is not what git format-patch makes of it on $t: import and export it (make patchwork, make patches-export)"
      echo "patches/$name: git am and git format-patch on $t give it byte for byte"
      continue
    fi
    [ "$mode" = write ] || check_generated "$name"
    [ -n "$t" ] || { echo "patches/$name: not made again (its base is not among the trees)"; continue; }
    ct=$(base_tree "$(from_of "$name")")
    [ -n "$ct" ] || die "patches/$name: the base of patches/$(from_of "$name") is not among the trees"
    if [ "$mode" = write ]; then
      make_generated "$name" "$ct" "$t" "$syncdir/$name.git" "$patches/$name"
      echo "patches/$name: made from patches/$(from_of "$name"), onto $t"
    else
      make_generated "$name" "$ct" "$t" "$syncdir/$name.git" "$syncdir/$name"
      for f in "$syncdir/$name"/*; do
        cmp -s "$f" "$patches/$name/$(basename "$f")" ||
          die_with 1 "patches/$name is not what its canonical series gives on $t ($(basename "$f") differs): make it again (make patches-derive)"
      done
      echo "patches/$name: made again on $t, byte for byte"
    fi
  done
  ;;
*) die "unknown action '$action' (import, export, make, fixup, check, bases or sync)" ;;
esac
