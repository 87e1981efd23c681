#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# build-check.sh SRC TRIPLET DEST: cross-build the Check framework from its
# unpacked source SRC with TRIPLET-gcc, installed as DEST/include/check.h and
# DEST/lib/libcheck.a. Several make runs may share one build/: the first
# builds under a lock, the others wait and find it done.
# No subunit, no shared library, no docs; the timeout tests are Check's own.
set -eu
. "$(dirname "$0")/lib.sh"
unset MAKEFLAGS MFLAGS MAKELEVEL
[ $# = 3 ] || die "usage: build-check.sh SRC TRIPLET DEST"
src=$(cd "$1" && pwd) triplet=$2 dest=$3
command -v "$triplet-gcc" >/dev/null || die "$triplet-gcc: no such compiler"
mkdir -p "$(dirname "$dest")"
dest=$(cd "$(dirname "$dest")" && pwd)/$(basename "$dest")

exec 9>"$dest.lock"
flock 9
[ -f "$dest/lib/libcheck.a" ] && exit 0
rm -rf "$dest" && mkdir -p "$dest/obj"
{ cd "$dest/obj" &&
  "$src/configure" --host="$triplet" --prefix="$dest" \
    --disable-shared --disable-subunit --disable-build-docs --disable-timeout-tests &&
  make -C lib && make -C src install && make install-includeHEADERS; } >"$dest/build.log" 2>&1 ||
  die "cross-building Check for $triplet failed, see $dest/build.log"
rm -rf "$dest/obj"
echo "Check built for $triplet in $dest"
