#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# run.sh TREE WORK PART: lwIP's own builds with fastsum, as docs/fastsum.md
# says. PART is "runners" (lwIP's Make and CMake unit-test runners) or
# "iteropts" (iteropts.sh with fastsum and, for comparison, without).
#
# TREE is a (patched) lwIP tree, left untouched. WORK/fastsum is a copy of
# it with the blocks of docs/fastsum.md marked "<!-- lwip-build-systems: NAME -->"
# added where the docs say (path/to/lwip-fastsum replaced by this checkout);
# WORK/stock a plain copy (iteropts only). The docs' commands run in them.
# Every assertion failure is one line "FAIL: ..." and exit status 1.
set -eu
top=$(cd "$(dirname "$0")/../../.." && pwd)
. "$top/mk/lib.sh"
[ $# -eq 3 ] || die "usage: run.sh TREE WORK PART"

tree=$1 work=$2 part=$3
docs=$top/docs/fastsum.md
fails=0

say() { echo "lwip-build-systems: $*"; }
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

[ -f "$tree/src/include/lwip/init.h" ] || die "$tree is not an lwIP tree"
[ "$part" = runners ] || [ "$part" = iteropts ] || die "PART must be runners or iteropts, not '$part'"

# The fenced block after the marker line of NAME, placeholder replaced.
block() {
  awk -v m="<!-- lwip-build-systems: $1 -->" '
    $0 == m { found = 1; next }
    found == 1 && /^```/ { found = 2; next }
    found == 2 && /^```/ { exit }
    found == 2 { print }
  ' "$docs" | sed "s|path/to/lwip-fastsum|$top|g"
}
for name in lwipopts make cmake-before cmake-after run-make run-cmake run-iteropts; do
  [ -n "$(block $name)" ] || die "docs/fastsum.md has no block marked lwip-build-systems: $name"
done

# Put block NAME before (or after) the one line of FILE that is ANCHOR.
insert() { # before|after NAME FILE ANCHOR
  n=$(grep -cxF "$4" "$3" || true)
  [ "$n" = 1 ] || die "$3: expected the line '$4' once, found it $n times"
  block "$2" > "$work/block.tmp"
  awk -v where="$1" -v anchor="$4" -v blockfile="$work/block.tmp" '
    function put() { while ((getline l < blockfile) > 0) print l }
    $0 == anchor && where == "before" { put() }
    { print }
    $0 == anchor && where == "after" { put() }
  ' "$3" > "$3.tmp" && mv "$3.tmp" "$3"
}

# Run block NAME with sh in DIR, output to LOG; its status is returned.
run() { # NAME DIR LOG
  block "$1" > "$work/$1.sh"
  say "$(basename "$2"): $(tr '\n' ';' < "$work/$1.sh")"
  (cd "$2" && sh -e "$work/$1.sh") > "$3" 2>&1
}

# "Checks: N, Failures: 0, Errors: 0" from Check's summary, else nothing.
checks_passed() {
  sed -n 's/.*Checks: \([0-9][0-9]*\), Failures: 0, Errors: 0.*/\1/p' "$1" | tail -n 1
}

# LIB's inet_chksum object calls fastsum_chksum, PROG defines it and has no
# lwip_standard_chksum; some object of LIB calls fastsum_chksum_copy.
symbols() { # RUNNER LIB PROG
  nm -A "$2" | grep -q 'inet_chksum[^:]*: *U fastsum_chksum$' ||
    fail "$1: lwIP's inet_chksum does not call fastsum_chksum (nm $2)"
  nm -A "$2" | grep -q ': *U fastsum_chksum_copy$' ||
    fail "$1: nothing in lwIP calls fastsum_chksum_copy (nm $2)"
  nm "$3" | grep -q ' T fastsum_chksum$' || fail "$1: $3 does not define fastsum_chksum"
  if nm "$3" | grep -q ' lwip_standard_chksum$'; then
    fail "$1: $3 has lwIP's lwip_standard_chksum"
  fi
}

# LOG's compiler line for fastsum.c has lwIP's -Werror.
werror() { # WHAT LOG
  grep -- " -c $top/src/fastsum\.c\( \|$\)" "$2" | grep -q -- ' -Werror ' ||
    fail "$1: fastsum.c was not compiled with lwIP's -Werror ($2)"
}

unit_runner() { # RUNNER BLOCK LIB PROG
  if run "$2" "$fs" "$work/$2.log"; then :; else fail "$1: the runner failed, see $work/$2.log"; fi
  n=$(checks_passed "$work/$2.log")
  if [ -n "$n" ] && [ "$n" -gt 0 ]; then
    say "$1: $n checks, 0 failures, 0 errors"
  else
    fail "$1: no 'Checks: N, Failures: 0, Errors: 0' in $work/$2.log"
  fi
  [ -f "$fs/$3" ] && [ -f "$fs/$4" ] && symbols "$1" "$fs/$3" "$fs/$4"
  checks=$n
}

rm -rf "$work"
mkdir -p "$work"
work=$(cd "$work" && pwd)
fs=$work/fastsum
cp -R "$tree" "$fs"
block lwipopts >> "$fs/test/unit/lwipopts.h"
block lwipopts >> "$fs/contrib/examples/example_app/lwipopts.h"
block make >> "$fs/src/Filelists.mk"
insert before cmake-before "$fs/contrib/ports/unix/check/CMakeLists.txt" 'include(${LWIP_DIR}/src/Filelists.cmake)'
insert after cmake-after "$fs/contrib/ports/unix/check/CMakeLists.txt" 'include(${LWIP_DIR}/src/Filelists.cmake)'

if [ $part = runners ]; then
  unit_runner "Make runner" run-make contrib/ports/unix/check/liblwipcommon.a contrib/ports/unix/check/lwip_unittests
  werror "Make runner" "$work/run-make.log"
  make_checks=$checks
  unit_runner "CMake runner" run-cmake build-check/liblwipcore.a build-check/lwip_unittests
  [ "$make_checks" = "$checks" ] ||
    fail "the Make runner ran $make_checks checks, the CMake runner $checks"
  [ $fails = 0 ] || { echo "lwip-build-systems: $fails failure(s)"; exit 1; }
  say "all passed"
  exit 0
fi

# iteropts.sh: exit 0, one log per configuration, none failed; the linker's
# trace in each log says who references and defines the checksum; fastsum.c
# compiled with lwIP's -Werror.
configs=$(ls "$tree"/contrib/examples/example_app/test_configs/*.h | wc -l)
[ "$configs" -gt 0 ] || die "$tree has no contrib/examples/example_app/test_configs/*.h"
cp -R "$tree" "$work/stock"
for copy in fastsum stock; do
  app=$work/$copy/contrib/ports/unix/example_app
  if run run-iteropts "$work/$copy" "$work/iteropts-$copy.log"; then :; else
    fail "iteropts.sh ($copy): failed, see $work/iteropts-$copy.log and $app/iteropts.log"
  fi
  good=0
  for f in "$work/$copy"/contrib/examples/example_app/test_configs/*.h; do
    log=$app/$(basename "$f" .h).log
    [ -f "$log" ] || { fail "iteropts.sh ($copy): no $log"; continue; }
    case $copy in
      fastsum)
        werror "iteropts.sh ($copy)" "$log"
        grep -q 'inet_chksum\.o): reference to fastsum_chksum$' "$log" &&
          grep -q ': definition of fastsum_chksum$' "$log" &&
          ! grep -q 'definition of lwip_standard_chksum' "$log" ;;
      stock)
        grep -q 'inet_chksum\.o): definition of lwip_standard_chksum$' "$log" &&
          ! grep -q ': \(reference to\|definition of\) fastsum_chksum$' "$log" ;;
    esac && good=$((good + 1)) || fail "iteropts.sh ($copy): $log: the checksum's symbols are not as expected"
  done
  grep -q 'FAILED\|failed' "$app/iteropts.log" && fail "iteropts.sh ($copy): $app/iteropts.log lists failures"
  say "iteropts.sh ($copy): $good of $configs configurations built, the checksum as expected"
done

[ $fails = 0 ] || { echo "lwip-build-systems: $fails failure(s)"; exit 1; }
say "all passed"
