#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# run-unit.sh XFAIL DIR [EMULATOR...]: run lwIP's stock unit tests DIR/prog
# (under EMULATOR, in DIR) and hold the result against the expected failures
# listed in XFAIL ("test_function reason", '#' comments; the file may be absent).
# Passes only if exactly the listed tests fail: an unlisted failure, a listed
# test that passes or does not run, or a run that ends early fails.
set -eu
. "$(dirname "$0")/../../../mk/lib.sh"
[ $# -ge 2 ] || die "usage: run-unit.sh XFAIL DIR [EMULATOR...]"
xfail=$1 dir=$2
shift 2
[ -x "$dir/prog" ] || die "$dir/prog: no such program"

# The caller sets CK_FORK=yes (a bus error then ends one test, not the run)
# and Check's timeouts (none, mk/config.mk). Check writes every result to
# lwip_unittests.xml (lwIP's main asks for it).
log=$dir/unit.log xml=$dir/lwip_unittests.xml
rm -f "$xml"
status=0
(cd "$dir" && "$@" ./prog) >"$log" 2>&1 || status=$?

summary=$(grep -aE '^[0-9]+%: Checks: [0-9]+' "$log" | tail -n 1)
[ -n "$summary" ] && [ -f "$xml" ] ||
  die "$dir: the run ended before Check's summary (exit status $status), see $log"
checks=$(echo "$summary" | sed -E 's/.*Checks: ([0-9]+).*/\1/')
# One line per test: result name message
results=$(awk -F'[<>]' '
  /<test result=/ { split($2, a, "\""); result = a[2]; message = "" }
  /<id>/ { id = $3 }
  /<message>/ { message = $3 }
  /<\/test>/ { print result, id, message }' "$xml")
[ "$(echo "$results" | grep -c .)" = "$checks" ] ||
  die "$dir: $checks checks but $(echo "$results" | grep -c .) results in $xml"

expected=$( [ -f "$xfail" ] && sed -e 's/#.*//' "$xfail" | awk 'NF { print $1 }' | sort -u ) || true
failed=$(echo "$results" | awk '$1 != "success" { print $2 }' | sort -u)
passed=$(echo "$results" | awk '$1 == "success" { print $2 }' | sort -u)

bad=0
for t in $failed; do
  echo "$expected" | grep -qxF "$t" && continue
  echo "FAIL $dir: $t: $(echo "$results" | awk -v t="$t" '$2 == t' | head -n 1)" >&2
  bad=1
done
for t in $expected; do
  if echo "$passed" | grep -qxF "$t"; then
    echo "FAIL $dir: $t is an expected failure in $xfail but passed" >&2; bad=1
  elif ! echo "$failed" | grep -qxF "$t"; then
    echo "FAIL $dir: $t is an expected failure in $xfail but did not run" >&2; bad=1
  fi
done
[ -z "$failed" ] || [ "$status" != 0 ] || { echo "FAIL $dir: tests failed, exit status 0" >&2; bad=1; }
[ -n "$failed" ] || [ "$status" = 0 ] || { echo "FAIL $dir: no test failed, exit status $status" >&2; bad=1; }
[ "$bad" = 0 ] || { echo "see $log" >&2; exit 1; }
echo "$dir: $checks checks, $(echo "$failed" | grep -c .) expected failures ($summary)"
