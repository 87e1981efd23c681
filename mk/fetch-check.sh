#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# fetch-check.sh BUILD DEST: unpack the Check unit test framework from
# Debian's bookworm source package into DEST, for cross-building it (see
# mk/targets.mk); the download and apt's state go to BUILD/dl and BUILD/apt.
# The orig tarball's SHA-256 is pinned; every failure is one line on stderr
# and exit status 2, and nothing is unpacked from a tarball that does not match.
set -eu

VERSION=0.15.2
SUITE=bookworm
TARBALL=check_$VERSION.orig.tar.gz
SHA256=8451b68ac5d6f3157b24f22eceff575bcf566264f6d78f3852f89d4e08cf42e1

. "$(dirname "$0")/lib.sh"

[ $# = 2 ] || die "usage: fetch-check.sh BUILD DEST"
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/mk/debian-source.sh"
mkdir -p "$1" && build=$(cd "$1" && pwd) dest=$2

debian_source "$build" check "$SUITE" "source-check.log"
[ -f "$build/dl/$TARBALL" ] || die "Debian's check in $SUITE is not $VERSION any more: $(ls "$build/dl" | grep '^check_.*orig' | tr '\n' ' ')"
pinned_sha256 "$build/dl/$TARBALL" "$SHA256"

rm -rf "$dest.tmp" "$dest"
mkdir -p "$dest.tmp"
tar -C "$dest.tmp" -xf "$build/dl/$TARBALL" || die "cannot unpack $build/dl/$TARBALL"
mv "$dest.tmp/check-$VERSION" "$dest" && rm -rf "$dest.tmp"
