#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# cbmc-root.sh DIR: Debian trixie's cbmc (not in bookworm) and the
# libraries it needs, unpacked into DIR.
#
# mmdebstrap --variant=extract only unpacks the packages (cbmc and its
# dependencies: no maintainer script runs, nothing is configured) and
# --mode=chrootless needs no chroot, mounts or namespaces, so it also runs
# as root inside a chroot such as make fresh-test's.
# prove.sh runs the tools with the root's own dynamic loader and
# libraries. Exit status 2 with one line on failure; DIR is written only
# when complete.
set -eu
. "$(dirname "$0")/../../../mk/lib.sh"

[ $# -eq 1 ] || die "usage: $0 DIR"
dir=$1
rm -rf "$dir" "$dir.tmp" "$dir.log"
mkdir -p "$(dirname "$dir")"
mmdebstrap --quiet --mode=chrootless --variant=extract --include=cbmc trixie "$dir.tmp" \
  "deb http://deb.debian.org/debian trixie main" > "$dir.log" 2>&1 ||
  die "mmdebstrap could not unpack trixie's cbmc; log: $dir.log"
[ -x "$dir.tmp/usr/bin/cbmc" ] || die "no usr/bin/cbmc in the unpacked trixie packages"
mv "$dir.tmp" "$dir"
echo "cbmc: $(sh "$(dirname "$0")/cbmc.sh" "$dir" cbmc --version) from Debian trixie in $dir"
