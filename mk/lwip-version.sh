#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# lwip-version.sh DIR: print the lwIP version of the tree at DIR (for
# example 2.2.1; 2.2.2-dev for a development tree, LWIP_VERSION_RC ==
# LWIP_RC_DEVELOPMENT: git master) if this project supports it, else one
# line on stderr, exit 2. Each version has its series in patches/lwip-VERSION
# (2.1.2 has its own: 2.1.3 changed icmp.c and opt.h around the series).
dir=$1
supported="2.1.2 2.1.3 2.2.0 2.2.1 2.2.2-dev"
init="$dir/src/include/lwip/init.h"
if [ ! -f "$init" ]; then
  echo "error: $dir is not an lwIP tree (no src/include/lwip/init.h)" >&2
  exit 2
fi
field() {
  sed -n "s/^#define LWIP_VERSION_$1[ \t]*\([0-9][0-9]*\)[^0-9]*\$/\1/p" "$init" | tr -d '\r' | head -n 1
}
version="$(field MAJOR).$(field MINOR).$(field REVISION)"
if grep -q '^#define LWIP_VERSION_RC[ \t]*LWIP_RC_DEVELOPMENT' "$init"; then
  version="$version-dev"
fi
case " $supported " in
  *" $version "*) ;;
  *) echo "error: $dir holds lwIP '$version', supported: $supported" >&2; exit 2 ;;
esac
for f in src/Filelists.mk src/core/ipv4/ip4.c test/unit/Filelists.mk; do
  [ -f "$dir/$f" ] || { echo "error: $dir is a broken lwIP $version tree: $f is missing" >&2; exit 2; }
done
echo "$version"
