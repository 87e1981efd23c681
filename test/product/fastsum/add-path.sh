#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# add-path.sh DIR CC 'CFLAGS'
#
# docs/fastsum.md's recipe for adding an x86 path, followed on a scratch
# copy of src/ in DIR: one file, test/product/fastsum/fastsum_dummy.c, and
# one entry, the first of the list FASTSUM_X86_PATHS, with a shortest
# length of 64 bytes. Builds the copy with CC and CFLAGS twice: with
# add_path.c, which checks that the table lists the path and that the
# public functions call it from 64 bytes on and not below; with the
# differential test, test_fastsum.c, run on the path alone (-i dummy).
# Fails if either build or either check does. Needs a compiler for x86_64:
# elsewhere the list is empty and there is nothing to add to.
set -eu
[ $# -eq 3 ] || { echo "usage: add-path.sh DIR CC 'CFLAGS'" >&2; exit 2; }
dir=$1 cc=$2 cflags=$3
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
shortest=64
case $($cc -dumpmachine) in
  x86_64-*) ;;
  *) echo "error: add-path.sh: $cc does not target x86_64, which has the list of paths" >&2; exit 2 ;;
esac
rm -rf "$dir"
mkdir -p "$dir"
cp -R "$top/src" "$dir/src"
# the file
cp "$here/fastsum_dummy.c" "$dir/src/"
# the entry: a line after the list's first
awk -v shortest=$shortest \
  '{ print } /^#define FASTSUM_X86_PATHS\(X\) \\$/ { print "  X(dummy, " shortest ") \\"; n++ } END { exit n != 1 }' \
  "$top/src/fastsum_private.h" >"$dir/src/fastsum_private.h" ||
  { echo "error: add-path.sh: src/fastsum_private.h: not one line '#define FASTSUM_X86_PATHS(X)' to add the entry after" >&2; exit 1; }
# every source of the module but fastsum_netif.c, which needs lwIP's headers
# (src/Filelists.mk leaves it out of FASTSUMFILES for the same reason)
srcs=
for f in "$dir"/src/fastsum*.c; do
  [ "${f##*/}" = fastsum_netif.c ] || srcs="$srcs $f"
done
build() {
  out=$1
  shift
  # shellcheck disable=SC2086 # CFLAGS is a list of flags
  $cc $cflags -I"$dir/src" -I"$dir/src/include" -I"$top/test/product/common" -DFASTSUM_TEST_WITHOUT_LWIP \
    $srcs "$top/test/product/common/rfc1071.c" "$@" -o "$dir/$out" ||
    { echo "error: add-path.sh: the copy of src/ with the dummy path does not build ($out)" >&2; exit 1; }
}
build add_path "$here/add_path.c"
# Check's API through the Check-less runner: no library to find
build test_fastsum "$here/test_fastsum.c" "$top/test/product/common/check_runner.c" \
  -I"$top/test/product/common/nocheck" "$top/test/product/common/nocheck/check.c"
"$dir/add_path" $shortest
"$dir/test_fastsum" -i dummy >"$dir/test_fastsum.log" 2>&1 ||
  { tail -20 "$dir/test_fastsum.log"; echo "error: add-path.sh: test_fastsum -i dummy failed ($dir/test_fastsum.log)" >&2; exit 1; }
grep -x 'dummy: [0-9]* passed, 0 failed' "$dir/test_fastsum.log" ||
  { echo "error: add-path.sh: test_fastsum -i dummy did not test the dummy path ($dir/test_fastsum.log)" >&2; exit 1; }
