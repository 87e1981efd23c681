#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# fetch-lwip.sh: get pristine lwIP trees from Debian's source packages.
#
#   fetch-lwip.sh --identify TARBALL     print the lwIP version of a pinned
#                                        orig tarball; refuse any other file
#   fetch-lwip.sh VERSION DEST [TARBALL] unpack lwIP VERSION into DEST, from
#                                        TARBALL or from Debian's archive
#
# The orig tarball's SHA-256 is the same for every Debian revision of one
# upstream version, so that is what is pinned; the archive is asked by suite.
# Every failure is one line on stderr and exit status 2; nothing is unpacked
# from a tarball whose hash does not match.
set -eu

# version suite orig-tarball sha256
PINS="2.1.3 bookworm lwip_2.1.3+dfsg1.orig.tar.xz 0a8276d09fc4e97bbba2f953d74af2388fc2195ea156be9d7589e297a68fde24
2.2.1 trixie lwip_2.2.1+dfsg1.orig.tar.xz 83729c274c499d3348e9fbbe043a3113f3fa8953e7efddc7c21c7fcbb1f2b7b1"

. "$(dirname "$0")/lib.sh"
pin() { echo "$PINS" | awk -v v="$1" -v f="$2" '$1 == v { print $f }'; }
sha() { sha256sum "$1" | cut -d' ' -f1; }

identify() {
  [ -f "$1" ] || die "LWIP_TARBALL=$1: no such file"
  sum=$(sha "$1")
  version=$(echo "$PINS" | awk -v s="$sum" '$4 == s { print $1 }')
  [ -n "$version" ] || die "$1: SHA-256 $sum matches no pinned lwIP orig tarball (corrupt or unsupported); refusing to unpack"
  echo "$version"
}

if [ "${1:-}" = --identify ]; then identify "$2"; exit 0; fi

version=$1 dest=$2 tarball=${3:-}
suite=$(pin "$version" 2)
[ -n "$suite" ] || die "lwIP $version is not supported (supported: $(echo "$PINS" | cut -d' ' -f1 | tr '\n' ' '))"
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/mk/debian-source.sh"
build=$(dirname "$dest")
mkdir -p "$build" && build=$(cd "$build" && pwd) && dest=$build/$(basename "$dest")

if [ -z "$tarball" ]; then
  debian_source "$build" lwip "$suite" "source-$version.log"
  tarball=$build/dl/$(pin "$version" 3)
  [ -f "$tarball" ] || die "Debian's lwip in $suite is not $version any more: $(ls "$build/dl" | grep orig | tr '\n' ' ')"
fi

pinned_sha256 "$tarball" "$(pin "$version" 4)"

tmp=$dest.tmp
rm -rf "$tmp" "$dest"
mkdir -p "$tmp"
tar -C "$tmp" -xf "$tarball" || die "cannot unpack $tarball"
mv "$tmp/lwip-$version" "$dest" && rm -rf "$tmp"
found=$("$top/mk/lwip-version.sh" "$dest")
[ "$found" = "$version" ] || die "$tarball unpacked to lwIP '$found', expected $version"
