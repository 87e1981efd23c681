#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# apply-patches.sh apply|revert DIR: apply (or revert) this project's patch
# series for the lwIP version found in DIR, all or nothing.
#
# The series (patches/lwip-X.Y.Z/series, quilt format) is first applied to a
# temporary copy of the files it touches; DIR is written only when every
# patch fits. Touched files with CRLF line endings (the 2.1.3 tarball) are
# patched as LF and converted back, so a CRLF and an LF tree both work and a
# revert restores the tree byte for byte.
#
# Exit status: 0 done; 1 the series does not fit (modified tree; the
# message names the first patch that does not), is already applied (apply),
# is not applied (revert) or only its first k patches are; 2 bad usage,
# unknown version, read-only tree, a write that failed (the tree is left as
# it was). Errors are one line on stderr. (`make apply` and `make revert`
# report any failure as make's exit status 2.)
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
die() { echo "error: $2" >&2; exit "$1"; }

[ $# -eq 2 ] || die 2 "usage: $0 apply|revert LWIP_DIR"
action=$1 dir=$2
case $action in apply|revert) ;; *) die 2 "unknown action '$action' (apply or revert)" ;; esac
[ -d "$dir" ] || die 2 "$dir: no such directory"
version=$("$top/mk/lwip-version.sh" "$dir" 2>&1) || die 2 "${version#error: }"
patchdir=$top/patches/lwip-$version
[ -f "$patchdir/series" ] || die 2 "no patch series for lwIP $version ($patchdir/series)"

# The series, in order: quilt syntax (comments, blank lines, -pN ignored).
patches=$(sed -e 's/#.*//' -e 's/[ \t].*//' -e '/^$/d' "$patchdir/series")
[ -n "$patches" ] || die 2 "$patchdir/series lists no patches"
for p in $patches; do
  [ -f "$patchdir/$p" ] || die 2 "$patchdir/series names $p, which does not exist"
done
files=$(cd "$patchdir" && sed -n 's|^diff --git a/\([^ ]*\) b/.*|\1|p' $patches | sort -u)

for f in $files; do
  [ -f "$dir/$f" ] || die 1 "$dir/$f is missing: not a tree this series fits"
  # Root passes access(2) checks, so look at the write bits as well.
  if [ ! -w "$dir/$f" ] || [ ! -w "$(dirname "$dir/$f")" ] ||
     [ -n "$(find "$dir/$f" "$(dirname "$dir/$f")" -maxdepth 0 ! -perm -u+w)" ]; then
    die 2 "$dir is read-only ($f cannot be written)"
  fi
done

work=$(mktemp -d "${TMPDIR:-/tmp}/lwip-patch.XXXXXX") || die 2 "cannot create a temporary directory"
trap 'rm -rf "$work"' EXIT
crlf=
for f in $files; do
  mkdir -p "$work/$(dirname "$f")"
  lines=$(wc -l < "$dir/$f")
  cr=$(grep -c "$(printf '\r')\$" "$dir/$f")
  if [ "$cr" -eq 0 ]; then
    cp "$dir/$f" "$work/$f"
  elif [ "$cr" -eq "$lines" ] && [ "$(tail -c 1 "$dir/$f" | od -An -c | tr -d ' ')" = '\n' ]; then
    crlf="$crlf $f"
    sed 's/\r$//' "$dir/$f" > "$work/$f"
  else
    die 1 "$dir/$f mixes CRLF and LF line endings: convert it to one of them first"
  fi
done

# Runs patches over the copy in order, or reverted in reverse order (-R);
# quiet, no files left behind; the first patch that does not fit stops it.
# --force: no guessing that a patch is reversed, a hunk fits or it fails.
run_patches() { # forward|backward PATCH...
  opt=
  [ "$1" = backward ] && opt=-R
  shift
  for p in "$@"; do
    out=$(patch -d "$work" -p1 $opt --force --fuzz=0 --no-backup-if-mismatch \
            -r - < "$patchdir/$p" 2>&1) || { failed=$p failed_out=$out; return 1; }
  done
}
reversed() { printf '%s\n' "$@" | tac; }
run_series() { # forward|backward
  if [ "$1" = forward ]; then run_patches forward $patches; else run_patches backward $(reversed $patches); fi
}
# The number k of leading patches that are applied (1..k revert cleanly in
# reverse order), or 0.
applied_prefix() {
  k=$(printf '%s\n' $patches | wc -l)
  while [ "$k" -gt 0 ]; do
    restore
    run_patches backward $(printf '%s\n' $patches | head -n "$k" | tac) && { echo "$k"; return; }
    k=$((k - 1))
  done
  echo 0
}

snapshot() { cp -R "$work" "$work.orig"; }
restore() { rm -rf "$work"; cp -R "$work.orig" "$work"; }
trap 'rm -rf "$work" "$work.orig"' EXIT
snapshot
n=$(printf '%s\n' $patches | wc -l)

if [ "$action" = apply ]; then forward=forward; else forward=backward; fi
if ! run_series $forward; then
  # The patch the run failed at, and why (before the checks below run more).
  misfit=$failed
  why=$(printf '%s\n' "$failed_out" | awk '/^patching file /{f=$3} /FAILED|can.t find|malformed|garbage/{print (f ? f ": " : "") $0; exit}')
  k=$(applied_prefix)
  [ "$k" -eq "$n" ] && [ "$action" = apply ] &&
    die 1 "lwIP $version patches are already applied in $dir (make revert first)"
  [ "$k" -gt 0 ] && [ "$k" -lt "$n" ] &&
    die 1 "$dir: patches 1..$k of the series are applied (up to $(printf '%s\n' $patches | sed -n "${k}p")), not all $n: restore the pristine files first"
  [ "$action" = revert ] && restore && run_series forward &&
    die 1 "lwIP $version patches are not applied in $dir: nothing to revert"
  die 1 "$dir: $misfit does not fit lwIP $version as found (modified tree?): ${why:-patch failed}"
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
  cmp -s "$work/$f" "$dir/$f" || changed="$changed $f"
done
new=.lwip-fastsum-new old=.lwip-fastsum-old renamed=
undo() {
  for f in $renamed; do mv -f "$dir/$f$old" "$dir/$f"; done
  for f in $changed; do rm -f "$dir/$f$new" "$dir/$f$old"; done
  rm -rf "$work" "$work.orig"
}
trap 'undo' EXIT
trap 'exit 2' HUP INT TERM
for f in $changed; do
  { cp -p "$dir/$f" "$dir/$f$new" && cat "$work/$f" > "$dir/$f$new" &&
    ln -f "$dir/$f" "$dir/$f$old"; } 2>/dev/null || die 2 "cannot write $dir/$f$new (nothing changed)"
done
for f in $changed; do
  mv -f "$dir/$f$new" "$dir/$f" || die 2 "cannot rename $dir/$f$new (nothing changed)"
  renamed="$renamed $f"
done
renamed=
for f in $changed; do rm -f "$dir/$f$old"; done
trap 'rm -rf "$work" "$work.orig"' EXIT

if [ "$action" = apply ]; then
  echo "applied $n patches (lwIP $version) to $dir"
else
  echo "reverted $n patches (lwIP $version) in $dir"
fi
