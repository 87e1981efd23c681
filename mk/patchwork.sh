#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# patchwork.sh import|export VERSION PRISTINE_TREE WORKDIR: maintain a
# series as commits of a scratch git repository.
#   import  WORKDIR becomes a git repository holding what the series may
#           touch of PRISTINE_TREE (src/, test/unit/, CHANGELOG, UPGRADING;
#           LF line endings) as its first commit, the series on top
#   export  the commits after the first one are written back to
#           patches/lwip-VERSION/ (git format-patch, stable output) + series
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
[ $# -eq 4 ] || { echo "usage: $0 import|export VERSION PRISTINE_TREE WORKDIR" >&2; exit 2; }
action=$1 version=$2 tree=$3 work=$4
patchdir=$top/patches/lwip-$version
case $action in
import)
  [ ! -e "$work" ] || { echo "error: $work exists; remove it to import again" >&2; exit 2; }
  mkdir -p "$work"
  mkdir -p "$work/test"
  cp -R "$tree/src" "$tree/CHANGELOG" "$tree/UPGRADING" "$work/"
  cp -R "$tree/test/unit" "$work/test/"
  find "$work" -type f -exec sed -i 's/\r$//' {} +
  cd "$work"
  git init -q
  git config user.name "lwip-fastsum"
  git config user.email "lwip-fastsum@localhost"
  git add -A && git commit -q -m "lwIP $version pristine (LF)"
  for p in $(sed -e 's/#.*//' -e 's/[ \t].*//' -e '/^$/d' "$patchdir/series"); do
    git am -q "$patchdir/$p"
  done
  echo "$work: lwIP $version + $(($(git rev-list --count HEAD) - 1)) patches"
  ;;
export)
  root=$(git -C "$work" rev-list --max-parents=0 HEAD)
  rm -f "$patchdir"/*.patch
  git -C "$work" format-patch -q --zero-commit --no-signature -o "$patchdir" "$root..HEAD"
  (cd "$patchdir" && ls *.patch > series)
  echo "$patchdir: $(wc -l < "$patchdir/series") patches"
  ;;
*) echo "error: unknown action '$action' (import or export)" >&2; exit 2 ;;
esac
