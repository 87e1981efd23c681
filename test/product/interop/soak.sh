#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# soak.sh RUNS WORKDIR PROG [PROG6]: the kernel's TCP echo against lwIP
# (tapdemo PROG) RUNS times, each run captured and every checksum checked by
# tshark; a checksum that is wrong once in millions of segments shows only
# in many. See docs/interop.md.
#
#   netns (kernel)  tap0 10.7.1.2/24, fd00:7:1::2/64  <--->  10.7.1.1/24 tapdemo PROG
#   MTU 1500                                          <--->  fd00:7:1::1/64 tapdemo PROG6
#
# A run: a new capture, PROG started, the interop run's TCP echo (run.sh's
# first link: 20 MiB to lwIP's echo service and back, compared by SHA-256;
# new data each run), PROG stopped; with PROG6 (built with IPv6) the same
# over IPv6 (SOAK_IPV6_MIB, default 4 MiB). Then the capture is checked as
# run.sh checks it: complete (lwIP's frame counts), every checksum good
# (checksums.awk). A good run's capture is deleted; a failed run's directory
# (WORKDIR/run-N) is kept and its bad checksums listed (badframes.sh). After
# 3 failed runs the soak stops.
# The last lines: runs, TCP segments from lwIP, bad checksums from lwIP and
# per million segments, broken streams; on failure one line saying so.
# Exit status: 0 passed, 1 a bad checksum, a broken stream or another check
# failed, 2 bad usage or setup error, 77 skipped (not root, no /dev/net/tun,
# no network namespaces).
set -u

usage() { echo "usage: soak.sh RUNS WORKDIR PROG [PROG6]" >&2; exit 2; }
[ $# = 3 ] || [ $# = 4 ] || usage
case $1 in ''|*[!0-9]*|0) usage ;; esac
runs=$1 work=$2 prog=$3 prog6=${4:-}
here=$(cd "$(dirname "$0")" && pwd)
tag=interop-soak
. "$here/../../../mk/lib.sh"
for p in $prog $prog6; do
  [ -x "$p" ] || die "$p is not an executable"
done
python=/usr/bin/python3
mib=20 mib6=${SOAK_IPV6_MIB:-4}
max_failed=3
limit=300 # no process lives longer than this, seconds

netns_require interop-soak deps-interop ip ethtool dumpcap tshark timeout $python

ns=fsisoak$$ demo= cap=
netns_stop() { stop_processes $demo $cap; }
netns_start "$work" $ns
# run.sh's first link; IPv6 off on it but while PROG6 runs
ip -n $ns link set tap0 mtu 1500 up &&
ip -n $ns addr add 10.7.1.2/24 dev tap0 ||
  die "setting up namespace $ns failed"

# fence DIR: marker frames into tap0 until the capture has one more
fence() { capture_fence "$1/capture.pcapng" $ns $python "$here/peer.py" marker tap0; }

# echo_run DIR NAME PROG NETIF HOST SEED MIB: tapdemo PROG on NETIF, the TCP
# echo of MIB MiB to HOST, tapdemo stopped; appends "rx tx" of its frames
# to DIR/counts, what went wrong to problems, and counts a broken stream.
echo_run() {
  local dir=$1 name=$2 rc stopped
  "$3" --netif "$4" --duration $limit >"$dir/tapdemo-$name.log" 2>&1 &
  demo=$!
  waitfor $tag "$dir/tapdemo-$name.log" ready 10
  # IPv6 on only while lwIP reads it
  [ "$name" != ipv6 ] || netns_ipv6_on $ns fd00:7:1::2/64
  timeout 150 ip netns exec $ns $python "$here/peer.py" tcp-echo "$5" 7 --bytes $(($7 * 1024 * 1024)) \
    --seed "$6" --limit 120 >"$dir/echo-$name.log" 2>&1
  rc=$?
  if [ $rc != 0 ]; then
    broken=$((broken + 1))
    problems="$problems; $name TCP echo (status $rc): $(tail -1 "$dir/echo-$name.log")"
  fi
  if [ "$name" = ipv6 ]; then
    netns_ipv6_off $ns
    sleep 0.2 # lwIP reads what the kernel sent as IPv6 went down
  fi
  kill -TERM $demo
  wait $demo
  rc=$?
  demo=
  stopped=$(grep "stopped" "$dir/tapdemo-$name.log")
  [ $rc = 0 ] && [ -n "$stopped" ] ||
    problems="$problems; $name tapdemo did not stop cleanly (status $rc): $(tail -2 "$dir/tapdemo-$name.log" | tr '\n' ' ')"
  echo "$stopped" | sed -n "s/.*tap0@$ns: rx \([0-9]*\) frames ([0-9]* dropped), tx \([0-9]*\) .*/\1 \2/p" >>"$dir/counts"
}

# lwip_tcp OUT FAMILY: "good bad" of lwIP's TCP (FAMILY TCP or TCP/IPv6)
# checksums in checksums.awk's output OUT
lwip_tcp() {
  echo "$1" | awk -v p="$2" '/from lwIP:/ {
      sub(/.*from lwIP: */, ""); sub(/ \(\+.*/, "")
      n = split($0, parts, ", ")
      for (i = 1; i <= n; i++)
        if (parts[i] ~ ("^" p " [0-9]+ good [0-9]+ bad")) { split(parts[i], f, " "); print f[2], f[4]; exit }
    }'
}

total_runs=0 failed_runs=0 segments=0 bad=0 broken=0 started=$(date +%s)
# what checksums.awk must see: the run's protocols
need="IPv4 header,TCP" what="TCP echo of $mib MiB over IPv4"
[ -n "$prog6" ] && need="$need,TCP/IPv6" what="$what and of $mib6 MiB over IPv6"
echo "interop-soak: $runs runs of the $what against lwIP $("$prog" --help | sed -n 's/^lwIP \([^ ]*\) .*/\1/p') at 10.7.1.1${prog6:+ and fd00:7:1::1}, kernel peer in namespace $ns (10.7.1.2${prog6:+, fd00:7:1::2})"
for run in $(seq $runs); do
  dir=$work/run-$run t0=$(date +%s.%N) problems=
  mkdir -p "$dir"
  capture_start $ns "$dir/capture.pcapng" "$dir/dumpcap.log" 128 $limit
  cap=$capture_pid
  fence "$dir"
  read -r rx0 tx0 <<<"$(tap_drops $ns)"
  # new data each run: the seed
  echo_run "$dir" ipv4 "$prog" "tap0@$ns,10.7.1.1/24" 10.7.1.1 $run $mib
  [ -z "$prog6" ] || echo_run "$dir" ipv6 "$prog6" "tap0@$ns,fd00:7:1::1/64" fd00:7:1::1 $run $mib6
  fence "$dir"
  kill -INT $cap; wait $cap; cap=
  read -r rx1 tx1 <<<"$(tap_drops $ns)"
  [ "$(capture_dropped "$dir/dumpcap.log")" = 0 ] || problems="$problems; capture incomplete: $(grep -E "^Packets|rror" "$dir/dumpcap.log" | tr '\n' ' ')"
  capture_checksums "$dir/capture.pcapng" "$dir/checksums.txt" "$dir/tshark.log" ||
    problems="$problems; tshark failed: $(grep -v "Running as user" "$dir/tshark.log" | head -1)"
  # complete: as run.sh counts (lwIP's frames in and out, the kernel's drops)
  captured=$(wc -l <"$dir/checksums.txt")
  counted=$(awk '{ n += $1 + $2 } END { print n + 0 }' "$dir/counts")
  [ "$counted" = $((captured + rx1 - rx0 - (tx1 - tx0))) ] ||
    problems="$problems; capture has $captured frames, lwIP counted $counted in and out, the kernel dropped $((rx1 - rx0)) of lwIP's and $((tx1 - tx0)) of its own"
  out=$(awk -F'\t' -v lwip=02:00:00:00:00: -v lwip_ips=10.7.1.1,fd00:7:1::1 -v need="$need" \
    -f "$here/checksums.awk" "$dir/checksums.txt")
  read -r good4 bad4 <<<"$(lwip_tcp "$out" TCP)"
  read -r good6 bad6 <<<"$(lwip_tcp "$out" TCP/IPv6)"
  run_segments=$((${good4:-0} + ${bad4:-0} + ${good6:-0} + ${bad6:-0}))
  run_bad=$((${bad4:-0} + ${bad6:-0}))
  segments=$((segments + run_segments)) bad=$((bad + run_bad))
  total_runs=$run
  seconds=$(echo "$(date +%s.%N) $t0" | awk '{ printf "%.1f", $1 - $2 }')
  case $out in
    ok*) ;;
    *) problems="$problems; checksums: $(echo "${out#bad }" | tr -s ' \n' ' ')" ;;
  esac
  if [ -z "$problems" ]; then
    echo "  ok    run $run: $run_segments TCP segments from lwIP${prog6:+ (IPv6 ${good6:-0})}, all checksums good ($seconds s)"
    rm -rf "$dir"
    continue
  fi
  failed_runs=$((failed_runs + 1))
  echo "  FAIL  run $run: $run_segments TCP segments from lwIP, $run_bad bad${problems}"
  case $out in
    ok*) ;;
    *) capture_bad_frames "$here/badframes.sh" "$dir/capture.pcapng" 10.7.1.1,fd00:7:1::1 "$dir/bad-frames.txt" \
         "$dir/badframes.log" || echo "          badframes.sh: $(tail -1 "$dir/badframes.log")" ;;
  esac
  echo "          kept in $dir"
  if [ $failed_runs = $max_failed ]; then
    echo "interop-soak: stopping after $max_failed failed runs"
    break
  fi
done

elapsed=$(($(date +%s) - started))
per_million=$(awk -v b=$bad -v s=$segments 'BEGIN { printf "%.2f", s ? b * 1e6 / s : 0 }')
echo "interop-soak: $total_runs runs, $segments TCP segments from lwIP, $bad bad checksums from lwIP ($per_million per million segments), $broken broken streams, $failed_runs failed runs, $((elapsed / 60)) min $((elapsed % 60)) s"
if [ $failed_runs = 0 ]; then
  echo "interop-soak: passed"
  exit 0
fi
echo "interop-soak: FAILED: $bad bad checksums from lwIP in $segments TCP segments, $broken broken streams, $failed_runs of $total_runs runs failed"
exit 1
