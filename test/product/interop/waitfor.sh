# SPDX-License-Identifier: BSD-3-Clause
# Sourced by the interop scripts (run.sh, iperf.sh).
#
# waitfor WHO FILE PATTERN SECONDS: returns once a line of FILE matches the
# grep PATTERN (a program's "ready" line, dumpcap's "Capturing on"); after
# SECONDS without one prints "WHO: error: no 'PATTERN' in FILE after SECONDS
# s:" and FILE to stderr and exits with status 1.
waitfor() {
  local i
  for i in $(seq $(($4 * 10))); do
    grep -q "$3" "$2" 2>/dev/null && return 0
    sleep 0.1
  done
  echo "$1: error: no '$3' in $2 after $4 s:" >&2
  sed 's/^/  /' "$2" >&2
  exit 1
}
