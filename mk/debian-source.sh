# SPDX-License-Identifier: BSD-3-Clause
# debian-source.sh: shell functions for fetching Debian source packages,
# sourced by mk/fetch-lwip.sh and mk/fetch-check.sh (after mk/lib.sh: die).
#
#   debian_source BUILD PACKAGE SUITE LOG
#       download PACKAGE's source package from SUITE into BUILD/dl;
#       apt's output goes to BUILD/apt/LOG
#   pinned_sha256 FILE SHA256
#       stop unless FILE exists and has that SHA-256
#
# A private apt configuration under BUILD/apt: deb-src lines for bookworm and
# trixie, its own lists and cache; the system's apt sources stay untouched.

debian_source() {
  apt=$1/apt
  mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$apt/preferences.d" "$1/dl"
  # Parallel make fetches several packages at once: one apt run at a time.
  exec 9>"$apt/lock"
  flock 9
  cat > "$apt/sources.list" <<EOS
deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian bookworm main
deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian trixie main
EOS
  set -- "$1" "$2" "$3" "$4" -o Dir::Etc::SourceList="$apt/sources.list" -o Dir::Etc::SourceParts=/nonexistent \
    -o Dir::State::Lists="$apt/lists" -o Dir::Cache="$apt/cache" \
    -o Dir::Etc::Preferences=/dev/null -o Dir::Etc::PreferencesParts="$apt/preferences.d" \
    -o APT::Sandbox::User="$(id -un)" -q
  build=$1 package=$2 suite=$3 log=$4
  shift 4
  if ! ls "$apt/lists/"*Sources* >/dev/null 2>&1; then
    apt-get "$@" update >"$apt/update.log" 2>&1 || die "apt-get update of the deb-src lists failed, see $apt/update.log"
  fi
  (cd "$build/dl" && apt-get "$@" source --download-only "$package/$suite" >"$apt/$log" 2>&1) ||
    die "apt-get source $package/$suite failed, see $apt/$log"
  exec 9>&-
}

pinned_sha256() {
  [ -f "$1" ] || die "$1: no such file"
  sum=$(sha256sum "$1" | cut -d' ' -f1)
  [ "$sum" = "$2" ] || die "$1: SHA-256 $sum is not the pinned $2; refusing to unpack"
}
