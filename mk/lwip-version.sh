#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# lwip-version.sh [--init-only] DIR: print the lwIP version of the tree at DIR
# as its src/include/lwip/init.h says: X.Y.Z for a release, X.Y.Z-rcN for a
# release candidate, X.Y.Z-dev for a development tree (LWIP_VERSION_RC ==
# LWIP_RC_DEVELOPMENT: lwIP's git, and the trees SDK vendors ship). The
# series cover lwIP 2.1 and 2.2 (mk/apply-patches.sh picks the one that fits
# the tree); any other version, or a tree without the files the build reads,
# is one line on stderr, exit 2. --init-only: init.h alone, any version.
lines="2.1 2.2"
init_only=
[ "${1:-}" != --init-only ] || { init_only=yes; shift; }
dir=$1
init="$dir/src/include/lwip/init.h"
if [ ! -f "$init" ]; then
  echo "error: $dir is not an lwIP tree (no src/include/lwip/init.h)" >&2
  exit 2
fi
field() {
  sed -n "s/^#define LWIP_VERSION_$1[ \t]*\([0-9A-Z_][0-9A-Z_]*\)[^0-9A-Z_]*\$/\1/p" "$init" | tr -d '\r' | head -n 1
}
version="$(field MAJOR).$(field MINOR).$(field REVISION)"
case $(field RC) in
  LWIP_RC_RELEASE|255) ;;
  LWIP_RC_DEVELOPMENT|0) version="$version-dev" ;;
  [0-9]*) version="$version-rc$(field RC)" ;;
  *) echo "error: $init: LWIP_VERSION_RC is '$(field RC)', not a release, RC or development marker" >&2; exit 2 ;;
esac
case $version in
  [0-9]*.[0-9]*.[0-9]*) ;;
  *) echo "error: $init holds no lwIP version ('$version')" >&2; exit 2 ;;
esac
[ -z "$init_only" ] || { echo "$version"; exit 0; }
case " $lines " in
  *" ${version%.*} "*) ;;
  *) echo "error: $dir holds lwIP '$version'; the series cover lwIP $(echo $lines | sed 's/ /.x and /').x" >&2; exit 2 ;;
esac
for f in src/Filelists.mk src/core/ipv4/ip4.c test/unit/Filelists.mk; do
  [ -f "$dir/$f" ] || { echo "error: $dir is a broken lwIP $version tree: $f is missing" >&2; exit 2; }
done
echo "$version"
