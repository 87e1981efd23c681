#!/bin/sh
# apply-patches.sh apply|revert DIR: apply (or revert) this project's patch
# series for the lwIP version found in DIR, all or nothing.
#
# The series (patches/lwip-X.Y.Z/series, quilt format) is first applied to a
# temporary copy of the files it touches; DIR is written only when every
# patch fits. Touched files with CRLF line endings (the 2.1.3 tarball) are
# patched as LF and converted back, so a CRLF and an LF tree both work and a
# revert restores the tree byte for byte.
#
# Exit status: 0 done; 1 the series does not fit (modified tree), is already
# applied (apply) or is not applied (revert); 2 bad usage, unknown version,
# read-only tree. Errors are one line on stderr.
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

# Runs the whole series over the copy, forward or backward; quiet, no files
# left behind; the first patch that does not fit stops it.
# --force: no guessing that a patch is reversed, a hunk fits or it fails.
run_series() { # forward or backward
  list=$patches opt=
  [ "$1" = backward ] && list=$(printf '%s\n' $patches | tac) opt=-R
  for p in $list; do
    out=$(patch -d "$work" -p1 $opt --force --fuzz=0 --no-backup-if-mismatch \
            -r - < "$patchdir/$p" 2>&1) || { failed=$p; failed_out=$out; return 1; }
  done
}

snapshot() { cp -R "$work" "$work.orig"; }
restore() { rm -rf "$work"; cp -R "$work.orig" "$work"; }
trap 'rm -rf "$work" "$work.orig"' EXIT
snapshot

if [ "$action" = apply ]; then forward=forward backward=backward; else forward=backward backward=forward; fi
if ! run_series $forward; then
  why=$(printf '%s\n' "$failed_out" | awk '/^patching file /{f=$3} /FAILED|can.t find|malformed|garbage/{print (f ? f ": " : "") $0; exit}')
  restore
  if run_series $backward; then
    [ "$action" = apply ] && die 1 "lwIP $version patches are already applied in $dir (make revert first)"
    die 1 "lwIP $version patches are not applied in $dir: nothing to revert"
  fi
  die 1 "$dir: $failed does not fit lwIP $version as found (modified tree?): ${why:-patch failed}"
fi

for f in $crlf; do
  sed 's/$/\r/' "$work/$f" > "$work/$f.crlf" && mv "$work/$f.crlf" "$work/$f"
done
# Write in place: keeps the files' owners and modes.
for f in $files; do
  cmp -s "$work/$f" "$dir/$f" || cat "$work/$f" > "$dir/$f" || die 2 "cannot write $dir/$f"
done
n=$(printf '%s\n' $patches | wc -l)
if [ "$action" = apply ]; then
  echo "applied $n patches (lwIP $version) to $dir"
else
  echo "reverted $n patches (lwIP $version) in $dir"
fi
