#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# run.sh: lwIP's own unit tests on the stock and the patched tree, and the
# series' regression tests on the pristine tree (test/product/series-tests/Dir.mk).
#
#   run.sh build TREE WORK     copy TREE to WORK and build lwIP's own runner
#                              there (contrib/ports/unix/check, as lwIP's CI)
#   run.sh counts LABEL STOCK PATCHED
#                              run both unit-test programs: both pass, the
#                              patched one with more checks
#   run.sh regress LABEL WHERE PROG TEST...
#                              run PROG (the pristine tree with the series'
#                              test/unit; WHERE names that tree): exactly
#                              the TESTs fail, each shown with its message
#   run.sh unit LABEL STOCK [PATCHED]
#                              a vendor's tree: run STOCK, its failures
#                              (its own tests) listed as the baseline; run
#                              PATCHED (after STOCK), which may fail no
#                              other test
# PROG, STOCK and PATCHED are check programs, run in their directory.
# BASELINE=STOCK (counts, regress): STOCK's failures are a vendor tree's
# own, allowed there (the patched tree fails no other test).
# Failures are one line "FAIL: ..." and exit status 1; usage errors exit 2.
set -eu
. "$(dirname "$0")/../../../mk/lib.sh"
fail() { echo "FAIL: $*"; exit 1; }

# Run check program $1 in its directory; its output goes to $1$log.
log=.log
run_prog() {
  [ -x "$1" ] || die "$1: no such program"
  (cd "$(dirname "$1")" && ./"$(basename "$1")") > "$1$log" 2>&1 || true
}
# "N F E" from check's summary line "...: Checks: N, Failures: F, Errors: E"
summary() {
  sed -n 's/.*Checks: \([0-9]*\), Failures: \([0-9]*\), Errors: \([0-9]*\).*/\1 \2 \3/p' "$1$log" | tail -n 1
}
# The tests program $1 failed, one per line: check reports a failed test as
# "file:line:F:suite:test:iteration: message".
failed() { sed -n 's/^[^:]*:[0-9]*:[FE]:[^:]*:\([^:]*\):.*/\1/p' "$1$log" | sort -u; }
# The failures of program $2 that baseline program $1 does not have.
new_failures() { failed "$2" | grep -vxF -e "$(failed "$1")" || true; }

case ${1:-} in
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
  stock=$3 patched=$4
  set -- $(summary "$3") $(summary "$4")
  [ $# -eq 6 ] || fail "$label: no check summary (see the .log files next to the programs)"
  [ "$4" -gt "$1" ] || fail "$label: the patched tree runs $4 checks, not more than the stock tree's $1"
  if [ -n "${BASELINE:-}" ] && [ $(($2 + $3)) -ne 0 ]; then
    [ -z "$(new_failures "$stock" "$patched")" ] ||
      fail "$label: the patched tree fails $(echo $(new_failures "$stock" "$patched")), which the stock tree passes"
    echo "$label: lwIP's unit tests: stock $1 checks, $(($2 + $3)) failing ($(echo $(failed "$stock")): the tree's own), patched $4 checks (+$(($4 - $1))), failing only those"
  else
    [ "$2" -eq 0 ] && [ "$3" -eq 0 ] || fail "$label: stock tree: $2 failures, $3 errors"
    [ "$5" -eq 0 ] && [ "$6" -eq 0 ] || fail "$label: patched tree: $5 failures, $6 errors"
    echo "$label: lwIP's unit tests pass: stock $1 checks, patched $4 checks (+$(($4 - $1)))"
  fi
  ;;
regress)
  [ $# -ge 5 ] || die "usage: $0 regress LABEL WHERE PROG TEST..."
  label=$2 where=$3 prog=$4
  shift 4
  run_prog "$prog"
  [ -n "$(summary "$prog")" ] || fail "$label: no check summary in $prog.log"
  expected=$(printf '%s\n' "$@" | sort -u)
  got=$(failed "$prog")
  [ -z "${BASELINE:-}" ] || got=$(new_failures "$BASELINE" "$prog")
  [ "$got" = "$expected" ] || fail "$label: on $where these must fail: $(echo $expected); failed: $(echo $got)"
  for t in $expected; do
    echo "$label: regression $t fails on $where, as it must:"
    grep -m 1 "^[^:]*:[0-9]*:[FE]:[^:]*:$t:" "$prog.log" | sed 's/^/  /'
  done
  ;;
unit)
  [ $# -eq 3 ] || [ $# -eq 4 ] || die "usage: $0 unit LABEL STOCK [PATCHED]"
  label=$2 log=.unit.log
  if [ $# -eq 3 ]; then
    run_prog "$3"
    cat "$3$log"
    [ -n "$(summary "$3")" ] || fail "$label: no check summary in $3$log"
    [ -z "$(failed "$3")" ] || echo "$label: the stock tree fails its own $(echo $(failed "$3")) (the baseline of its patched builds)"
  else
    [ -n "$(summary "$3")" ] || die "$3 has not run (no $3$log)"
    run_prog "$4"
    cat "$4$log"
    [ -n "$(summary "$4")" ] || fail "$label: no check summary in $4$log"
    [ -z "$(new_failures "$3" "$4")" ] || fail "$label: fails $(echo $(new_failures "$3" "$4")), which the stock tree passes"
    [ -z "$(failed "$4")" ] || echo "$label: fails only what the stock tree fails: $(echo $(failed "$4"))"
  fi
  ;;
*) die "usage: $0 build|counts|regress|unit ..." ;;
esac
