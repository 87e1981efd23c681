#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# run.sh: lwIP's own unit tests on the stock and the patched tree, and the
# series' regression tests on the pristine tree (test/product/lwip-check/Dir.mk).
#
#   run.sh series-tests PRISTINE PATCHED DEST
#                              copy PRISTINE to DEST with PATCHED's test/unit
#   run.sh build TREE WORK     copy TREE to WORK and build lwIP's own runner
#                              there (contrib/ports/unix/check, as lwIP's CI)
#   run.sh counts LABEL STOCK PATCHED
#                              run both unit-test programs: both pass, the
#                              patched one with more checks
#   run.sh regress LABEL WHERE PROG TEST...
#                              run PROG (the pristine tree with the series'
#                              test/unit; WHERE names that tree): exactly
#                              the TESTs fail, each shown with its message
# PROG, STOCK and PATCHED are check programs, run in their directory.
# Failures are one line "FAIL: ..." and exit status 1; usage errors exit 2.
set -eu
die() { echo "error: $*" >&2; exit 2; }
fail() { echo "FAIL: $*"; exit 1; }

# Run check program $1 in its directory; its output goes to $1.log.
run_prog() {
  [ -x "$1" ] || die "$1: no such program"
  (cd "$(dirname "$1")" && ./"$(basename "$1")") > "$1.log" 2>&1 || true
}
# "N F E" from check's summary line "...: Checks: N, Failures: F, Errors: E"
summary() {
  sed -n 's/.*Checks: \([0-9]*\), Failures: \([0-9]*\), Errors: \([0-9]*\).*/\1 \2 \3/p' "$1.log" | tail -n 1
}

case ${1:-} in
series-tests)
  [ $# -eq 4 ] || die "usage: $0 series-tests PRISTINE PATCHED DEST"
  [ -d "$3/test/unit" ] || die "$3 has no test/unit"
  rm -rf "$4" "$4.tmp"
  mkdir -p "$(dirname "$4")"
  cp -R "$2" "$4.tmp"
  rm -rf "$4.tmp/test/unit"
  cp -R "$3/test/unit" "$4.tmp/test/unit"
  mv "$4.tmp" "$4"
  ;;
build)
  [ $# -eq 3 ] || die "usage: $0 build TREE WORK"
  tree=$2 work=$3
  [ -f "$tree/contrib/ports/unix/check/Makefile" ] || die "$tree has no contrib/ports/unix/check"
  rm -rf "$work" "$work.tmp"
  mkdir -p "$(dirname "$work")"
  cp -R "$tree" "$work.tmp"
  # lwIP's Makefile is run as its CI does, without this make's variables.
  env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -j2 -C "$work.tmp/contrib/ports/unix/check" \
    > "$work.log" 2>&1 || { tail -n 20 "$work.log"; fail "$tree: lwIP's check runner does not build (see $work.log)"; }
  mv "$work.tmp" "$work"
  ;;
counts)
  [ $# -eq 4 ] || die "usage: $0 counts LABEL STOCK PATCHED"
  label=$2
  run_prog "$3"
  run_prog "$4"
  set -- $(summary "$3") $(summary "$4")
  [ $# -eq 6 ] || fail "$label: no check summary (see the .log files next to the programs)"
  [ "$2" -eq 0 ] && [ "$3" -eq 0 ] || fail "$label: stock tree: $2 failures, $3 errors"
  [ "$5" -eq 0 ] && [ "$6" -eq 0 ] || fail "$label: patched tree: $5 failures, $6 errors"
  [ "$4" -gt "$1" ] || fail "$label: the patched tree runs $4 checks, not more than the stock tree's $1"
  echo "$label: lwIP's unit tests pass: stock $1 checks, patched $4 checks (+$(($4 - $1)))"
  ;;
regress)
  [ $# -ge 5 ] || die "usage: $0 regress LABEL WHERE PROG TEST..."
  label=$2 where=$3 prog=$4
  shift 4
  run_prog "$prog"
  [ -n "$(summary "$prog")" ] || fail "$label: no check summary in $prog.log"
  # check reports a failed test as "file:line:F:suite:test:iteration: message"
  failed=$(sed -n 's/^[^:]*:[0-9]*:[FE]:[^:]*:\([^:]*\):.*/\1/p' "$prog.log" | sort -u)
  expected=$(printf '%s\n' "$@" | sort -u)
  [ "$failed" = "$expected" ] || fail "$label: on $where these must fail: $(echo $expected); failed: $(echo $failed)"
  for t in $expected; do
    echo "$label: regression $t fails on $where, as it must:"
    grep -m 1 "^[^:]*:[0-9]*:[FE]:[^:]*:$t:" "$prog.log" | sed 's/^/  /'
  done
  ;;
*) die "usage: $0 series-tests|build|counts|regress ..." ;;
esac
