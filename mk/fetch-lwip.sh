#!/bin/sh
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

die() { echo "error: $*" >&2; exit 2; }
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
build=$(dirname "$dest")
mkdir -p "$build" && build=$(cd "$build" && pwd) && dest=$build/$(basename "$dest")

if [ -z "$tarball" ]; then
  # A private apt configuration under build/: deb-src lines for the two
  # suites, its own lists and cache; the system's apt sources stay untouched.
  apt=$build/apt
  mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$apt/preferences.d" "$build/dl"
  # Parallel make fetches both versions at once: one apt run at a time.
  exec 9>"$apt/lock"
  flock 9
  cat > "$apt/sources.list" <<EOS
deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian bookworm main
deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian trixie main
EOS
  set -- -o Dir::Etc::SourceList="$apt/sources.list" -o Dir::Etc::SourceParts=/nonexistent \
    -o Dir::State::Lists="$apt/lists" -o Dir::Cache="$apt/cache" \
    -o Dir::Etc::Preferences=/dev/null -o Dir::Etc::PreferencesParts="$apt/preferences.d" \
    -o APT::Sandbox::User="$(id -un)" -q
  if ! ls "$apt/lists/"*Sources* >/dev/null 2>&1; then
    apt-get "$@" update >"$apt/update.log" 2>&1 || die "apt-get update of the deb-src lists failed, see $apt/update.log"
  fi
  (cd "$build/dl" && apt-get "$@" source --download-only "lwip/$suite" >"$apt/source-$version.log" 2>&1) ||
    die "apt-get source lwip/$suite failed, see $apt/source-$version.log"
  tarball=$build/dl/$(pin "$version" 3)
  [ -f "$tarball" ] || die "Debian's lwip in $suite is not $version any more: $(ls "$build/dl" | grep orig | tr '\n' ' ')"
fi

[ -f "$tarball" ] || die "$tarball: no such file"
sum=$(sha "$tarball")
[ "$sum" = "$(pin "$version" 4)" ] ||
  die "$tarball: SHA-256 $sum is not the pinned $(pin "$version" 4); refusing to unpack"

tmp=$dest.tmp
rm -rf "$tmp" "$dest"
mkdir -p "$tmp"
tar -C "$tmp" -xf "$tarball" || die "cannot unpack $tarball"
mv "$tmp/lwip-$version" "$dest" && rm -rf "$tmp"
found=$("$top/mk/lwip-version.sh" "$dest")
[ "$found" = "$version" ] || die "$tarball unpacked to lwIP '$found', expected $version"
