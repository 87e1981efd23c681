#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# run.sh WORK: make install into WORK/root (PREFIX=/usr, a build folder of
# its own, WORK/build, in which nothing of lwIP may appear), then the
# consumer of this folder built and run three ways: cc with pkg-config,
# CMake find_package, CMake with fastsum's src/Filelists.cmake; then make
# uninstall must leave no file. MAKE is the make to run (default make).
# Every failed assertion is one line "FAIL: ..."; exit status 1.
set -eu

work=$1
top=$(cd "$(dirname "$0")/../../.." && pwd)
here=$top/test/build/install
make=${MAKE:-make}
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
say() { echo "install-test: $*"; }

rm -rf "$work"
mkdir -p "$work"
work=$(cd "$work" && pwd)
root=$work/root
installed() { (cd "$root" && find . -type f | sed 's|^\./||' | sort); }
install_args="-C $top BUILD=$work/build PREFIX=/usr DESTDIR=$root"

$make $install_args install > "$work/install.log" 2>&1 || { cat "$work/install.log"; fail "make install"; }
if ls "$work/build" | grep -q lwip; then
  fail "make install fetched or built lwIP: $(ls "$work/build" | tr '\n' ' ')"
fi
expected=$( (echo usr/lib/libfastsum.a usr/lib/pkgconfig/fastsum.pc \
  usr/lib/cmake/fastsum/fastsum-config.cmake usr/lib/cmake/fastsum/fastsum-config-version.cmake
  for h in "$top"/src/include/*.h; do echo "usr/include/${h##*/}"; done) | tr ' ' '\n' | sort)
[ "$(installed)" = "$expected" ] || fail "installed files: $(installed | tr '\n' ' '), expected $(echo "$expected" | tr '\n' ' ')"
for h in "$top"/src/include/*.h; do
  cmp -s "$h" "$root/usr/include/${h##*/}" || fail "usr/include/${h##*/} differs from src/include"
done
say "installed $(installed | wc -l) files under $root/usr"

# The consumer must build and pass, once per way.
consumer() { # NAME BUILD-COMMANDS...
  name=$1; shift
  if (cd "$work" && "$@") > "$work/$name.log" 2>&1 && "$work/$name/consumer" >> "$work/$name.log" 2>&1; then
    say "$name: $(tail -n 1 "$work/$name.log")"
  else
    cat "$work/$name.log"; fail "$name: the consumer did not build or pass"
  fi
}

pc() {
  PKG_CONFIG_PATH= PKG_CONFIG_LIBDIR=$root/usr/lib/pkgconfig PKG_CONFIG_SYSROOT_DIR=$root pkg-config "$@"
}
flags=$(pc --cflags --libs fastsum) || fail "pkg-config finds no fastsum in $root"
version=$(pc --modversion fastsum)
say "pkg-config: fastsum $version: $flags"
mkdir -p "$work/pkg-config"
consumer pkg-config sh -c "cc -o pkg-config/consumer $here/consumer.c $flags"

cmake_consumer() { # NAME CMAKE-ARGS...
  name=$1; shift
  consumer "$name" sh -c "cmake -S $here -B $name -G Ninja $* && cmake --build $name"
}
cmake_consumer find-package -DCMAKE_PREFIX_PATH="$root/usr" -DFASTSUM_VERSION="$version"
grep -q "$root/usr/lib/libfastsum.a" "$work/find-package/build.ninja" ||
  fail "find-package: the consumer did not link the installed libfastsum.a"
cmake_consumer filelists -DFASTSUM_DIR="$top/src"

$make $install_args uninstall > "$work/uninstall.log" 2>&1 || { cat "$work/uninstall.log"; fail "make uninstall"; }
[ -z "$(installed)" ] || fail "make uninstall left: $(installed | tr '\n' ' ')"

[ $fails = 0 ] || { echo "install-test: $fails failure(s)"; exit 1; }
say "all passed (installed, three consumers built and passed, uninstalled)"
