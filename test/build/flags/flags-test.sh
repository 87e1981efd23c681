#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# flags-test.sh DIR LWIP_TREE: flags are part of the build. In a build
# directory DIR of its own (lwIP from LWIP_TREE, nothing fetched), builds
# libfastsum.a and a program, then checks that
#   - building again compiles nothing,
#   - another OPT_CFLAGS recompiles every object, with the new flag,
#   - the same flags again compile nothing,
#   - another CC recompiles every object, with the new compiler.
# MAKE is the make to run (the caller's).
set -eu
tag=flags-test
. "$(dirname "$0")/../../../mk/lib.sh"
[ $# -eq 2 ] || die "usage: flags-test.sh DIR LWIP_TREE"
dir=$1 tree=$2
: "${MAKE:=make}"
rm -rf "$dir"
mkdir -p "$dir"
goals="lib $dir/fuzz/seeds/prog"
log=$dir/make.log

# build [VAR=VALUE...]: build the goals, the commands in $log; prints how
# many objects were compiled.
build() {
  $MAKE --no-print-directory -j1 -O BUILD="$dir" LWIP_DIR="$tree" V=1 "$@" $goals >"$log" 2>&1 ||
    { cat "$log"; die_with 1 "make $* failed"; }
  grep -c -- ' -c ' "$log" || true
}

all=$(build)
[ "$all" -gt 3 ] || die_with 1 "the first build compiled $all objects"
n=$(build)
[ "$n" = 0 ] || die_with 1 "a second build with the same flags compiled $n objects"
n=$(build OPT_CFLAGS="-O2 -g -DFLAGS_TEST_OPT")
[ "$n" = "$all" ] || die_with 1 "OPT_CFLAGS changed: $n of $all objects compiled"
n=$(grep -- ' -c ' "$log" | grep -c -- '-DFLAGS_TEST_OPT' || true)
[ "$n" = "$all" ] || die_with 1 "OPT_CFLAGS changed: the new flag in $n of $all compiler commands"
n=$(build OPT_CFLAGS="-O2 -g -DFLAGS_TEST_OPT")
[ "$n" = 0 ] || die_with 1 "the same OPT_CFLAGS again compiled $n objects"
n=$(build OPT_CFLAGS="-O2 -g -DFLAGS_TEST_OPT" CC="cc -DFLAGS_TEST_CC")
[ "$n" = "$all" ] || die_with 1 "CC changed: $n of $all objects compiled"
n=$(grep -- ' -c ' "$log" | grep -c -- '^cc -DFLAGS_TEST_CC' || true)
[ "$n" = "$all" ] || die_with 1 "CC changed: the new compiler in $n of $all compiler commands"
rm -rf "$dir"
echo "flags-test: OPT_CFLAGS and CC changes rebuild all $all objects with the new flags; unchanged flags rebuild none"
