#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# iperf.sh WORKDIR NAME=PROG...: the kernel's iperf 2 client (`iperf -c`)
# against lwIP's iperf server (lwiperf in tapdemo --iperf) over a TAP device,
# for each build NAME (a tapdemo PROG) at MTU 1500 and 1280. See
# docs/interop.md.
#
#   netns (kernel, iperf -c)  tap0 10.7.9.2/24  <--->  10.7.9.1/24 tapdemo (lwiperf)
#
# Per build and MTU:
# - a checked run: 20 MB each way (`iperf -c -n 20M -r`: the kernel sends,
#   then lwiperf connects back and sends), a ping and UDP echoes, all
#   captured; tshark must find every IPv4, ICMP, UDP and TCP checksum good
#   (test/product/interop/checksums.awk), and the TCP payload on the wire (each
#   byte once, however often sent) must equal the bytes iperf reports, each way;
# - RUNS timed runs (default 3) of SECONDS (default 10) each way
#   (`iperf -c -t SECONDS -r`), not captured (a capture competes for the
#   CPU): the bytes each side reports must agree; throughput and the CPU
#   time tapdemo used per MB (getrusage, in lwiperf's report lines).
# lwiperf does not count the part of the first segment beyond its 24-byte
# header; iperf 2.1 sends a longer header there, so the kernel's count is
# larger by that much: the checked run measures it from the capture and the
# timed runs must show the same difference (lwiperf's count is modulo 2^32).
# Prints the table (medians and ranges) and writes it to WORKDIR/table.md.
# Captures and logs stay in WORKDIR/NAME-MTU/; on failure the last line
# names WORKDIR, and a checked run's bad checksums are listed (badframes.sh)
# in its bad-frames.txt.
# Exit status: 0 passed, 1 a check failed, 2 setup error, 77 skipped (not
# root, no /dev/net/tun, no network namespaces).
set -u

[ $# -ge 2 ] || { echo "usage: iperf.sh WORKDIR NAME=PROG..." >&2; exit 2; }
work=$1
shift
here=$(cd "$(dirname "$0")" && pwd)
tag=interop-iperf
. "$here/../../../mk/lib.sh"
runs=${RUNS:-3} seconds=${SECONDS_EACH:-10}
python=/usr/bin/python3
netns_require interop-iperf deps-interop-iperf ip ethtool ping dumpcap tshark timeout iperf $python
for build in "$@"; do
  [ -x "${build#*=}" ] || die "${build#*=} is not an executable"
done

ns=fsiperf$$ demo= cap=
netns_stop() { stop_processes $demo $cap; }
netns_start "$work" $ns

failures=0
failed() { echo "  FAIL  $*"; failures=$((failures + 1)); }

# start_demo PROG MTU LOG / stop_demo
start_demo() {
  "$1" --netif tap0@$ns,10.7.9.1/24,mtu=$2 --iperf --udp-echo 7 --duration 600 >"$3" 2>&1 &
  demo=$!
  waitfor $tag "$3" ready 10
}
stop_demo() { kill -TERM $demo; wait $demo; demo=; }

# iperf_client LOG ARGS...: the kernel's client in CSV (-y C), bounded. Its
# lines: ...,local,lport,remote,rport,id,interval,bytes,bits/s; the first
# is the kernel sending, the second (-r) lwIP sending.
iperf_client() {
  local log=$1
  shift
  timeout $((4 * seconds + 60)) ip netns exec $ns iperf -c 10.7.9.1 -y C "$@" >"$log" 2>&1
}
csv_bytes() { sed -n "$2p" "$1" | cut -d, -f8; }
lwiperf_field() { # LOG TYPE FIELD(bytes|ms|cpu)
  sed -n "s/^lwiperf: $2, \([0-9]*\) bytes in \([0-9]*\) ms, cpu \([0-9.]*\) s$/\1 \2 \3/p" "$1" |
    awk -v f="$3" '{ print f == "bytes" ? $1 : f == "ms" ? $2 : $3 }'
}

# checked NAME PROG MTU: one captured run; sets header_extra
checked() {
  local name=$1 prog=$2 mtu=$3 dir=$work/$1-$3 sent back on_wire_in on_wire_out out
  mkdir -p "$dir"
  capture_start $ns "$dir/capture.pcapng" "$dir/dumpcap.log" 256
  cap=$capture_pid
  sleep 1
  start_demo "$prog" $mtu "$dir/tapdemo.log"
  iperf_client "$dir/iperf.csv" -n 20M -r || failed "$name MTU $mtu: iperf -c -n 20M -r: $(tail -2 "$dir/iperf.csv" | tr '\n' ' ')"
  ip netns exec $ns ping -n -c 2 -W 5 10.7.9.1 >"$dir/ping.log" 2>&1 || failed "$name MTU $mtu: ping: $(tail -2 "$dir/ping.log" | tr '\n' ' ')"
  ip netns exec $ns $python "$here/peer.py" udp-echo 10.7.9.1 7 --sizes 1,100,1472,4000 >"$dir/udp.log" 2>&1 ||
    failed "$name MTU $mtu: UDP echo: $(tail -2 "$dir/udp.log" | tr '\n' ' ')"
  sleep 1
  stop_demo
  kill -INT $cap; wait $cap; cap=
  sent=$(csv_bytes "$dir/iperf.csv" 1) back=$(csv_bytes "$dir/iperf.csv" 2)
  # Each byte of each stream counted once, however often it was sent
  # (tshark labels some resent segments out-of-order, not retransmission):
  # the union of the segments' sequence ranges, per stream and direction.
  timeout 300 tshark -n -r "$dir/capture.pcapng" -Y "tcp.len > 0" \
    -T fields -e ip.dst -e tcp.stream -e tcp.seq -e tcp.len 2>"$dir/tshark-segments.log" |
    sort -k1,1 -k2,2n -k3,3n >"$dir/segments.txt"
  covered() { # DIRECTION(in|out): bytes covered by the segments to (in) or from lwIP
    awk -v d="$1" '($1 == "10.7.9.1") == (d == "in") {
        key = $1 " " $2
        if (key != last) { s += end - start; last = key; start = $3; end = $3 }
        if ($3 > end) { s += end - start; start = $3; end = $3 }
        if ($3 + $4 > end) end = $3 + $4
      } END { print s + end - start }' "$dir/segments.txt"
  }
  on_wire_in=$(covered in) on_wire_out=$(covered out)
  [ -n "$sent" ] && [ "$sent" = "$on_wire_in" ] && [ -n "$back" ] && [ "$back" = "$on_wire_out" ] ||
    failed "$name MTU $mtu: iperf reports ${sent:-?} bytes to lwIP and ${back:-?} back, the capture has $on_wire_in and $on_wire_out"
  first=$(awk '$1 == "10.7.9.1" { print $4; exit }' "$dir/segments.txt")
  header_extra=$(( ${first:-24} - 24 ))
  check_counts "$name MTU $mtu (checked)" "$dir/iperf.csv" "$dir/tapdemo.log" || true
  capture_checksums "$dir/capture.pcapng" "$dir/checksums.txt" "$dir/tshark.log"
  out=$(awk -F'\t' -v lwip=02:00:00:00:00: -v lwip_ips=10.7.9.1 -f "$here/checksums.awk" "$dir/checksums.txt")
  case $out in
    ok*) echo "  ok    $name MTU $mtu: $((sent / 1000000)) MB each way on the wire as iperf reports; checksums: ${out#ok }" ;;
    *) failed "$name MTU $mtu: checksums: ${out#bad }"
       capture_bad_frames "$here/badframes.sh" "$dir/capture.pcapng" 10.7.9.1 "$dir/bad-frames.txt" \
         "$dir/badframes.log" || failed "$name MTU $mtu: badframes.sh: $(tail -1 "$dir/badframes.log")" ;;
  esac
}

# check_counts WHAT CSV TAPDEMO-LOG: the kernel's bytes and lwiperf's agree
check_counts() {
  local sent back got_in got_out
  sent=$(csv_bytes "$2" 1) back=$(csv_bytes "$2" 2)
  got_in=$(lwiperf_field "$3" "server done" bytes) got_out=$(lwiperf_field "$3" "client done" bytes)
  if [ -z "$sent" ] || [ -z "$back" ] || [ -z "$got_in" ] || [ -z "$got_out" ] ||
     [ $(( (sent - header_extra) % 4294967296 )) != "$got_in" ] || [ $((back % 4294967296)) != "$got_out" ]; then
    failed "$1: the kernel sent ${sent:-?} bytes, lwiperf received ${got_in:-?} (expected $header_extra fewer); lwiperf sent ${got_out:-?}, the kernel received ${back:-?}"
    return 1
  fi
}

# timed NAME PROG MTU RUN: one timed run; appends to results.txt
#   name mtu direction MB/s cpu-ms-per-MB
timed() {
  local name=$1 prog=$2 mtu=$3 log=$work/$1-$3/run$4 cpu_in cpu_out ms_in ms_out
  start_demo "$prog" $mtu "$log-tapdemo.log"
  iperf_client "$log-iperf.csv" -t $seconds -r || failed "$name MTU $mtu run $4: iperf: $(tail -2 "$log-iperf.csv" | tr '\n' ' ')"
  stop_demo
  check_counts "$name MTU $mtu run $4" "$log-iperf.csv" "$log-tapdemo.log" || return 0
  cpu_in=$(lwiperf_field "$log-tapdemo.log" "server done" cpu) cpu_out=$(lwiperf_field "$log-tapdemo.log" "client done" cpu)
  ms_in=$(lwiperf_field "$log-tapdemo.log" "server done" ms) ms_out=$(lwiperf_field "$log-tapdemo.log" "client done" ms)
  awk -v n="$name" -v m=$mtu -v b_in="$(csv_bytes "$log-iperf.csv" 1)" -v b_out="$(csv_bytes "$log-iperf.csv" 2)" \
    -v c_in="$cpu_in" -v c_out="$cpu_out" -v t_in="$ms_in" -v t_out="$ms_out" 'BEGIN {
      printf "%s %s to-lwIP %.1f %.2f\n", n, m, b_in / 1e6 / (t_in / 1000), c_in * 1000 / (b_in / 1e6)
      printf "%s %s from-lwIP %.1f %.2f\n", n, m, b_out / 1e6 / (t_out / 1000), (c_out - c_in) * 1000 / (b_out / 1e6)
    }' >>"$work/results.txt"
}

echo "interop-iperf: iperf -c (kernel, $(iperf -v 2>&1 | cut -d' ' -f1-3)) against lwiperf, $runs runs of $seconds s each way per build and MTU"
for mtu in 1500 1280; do
  ip -n $ns link set tap0 down && ip -n $ns addr flush dev tap0 &&
  ip -n $ns link set tap0 mtu $mtu up && ip -n $ns addr add 10.7.9.2/24 dev tap0 ||
    die "cannot set MTU $mtu on $ns/tap0"
  for build in "$@"; do
    name=${build%%=*} prog=${build#*=}
    checked "$name" "$prog" $mtu
  done
  # the builds alternate, run by run
  for run in $(seq $runs); do
    for build in "$@"; do
      timed "${build%%=*}" "${build#*=}" $mtu $run
    done
  done
done

# The table: per build, MTU and direction the median of the runs (range).
[ -f "$work/results.txt" ] && awk -v runs=$runs '
  function sort(a, n,   i, j, t) { for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j-1] > a[j]; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t } }
  function median(a, n) { sort(a, n); return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
  {
    k = $1 " " $2 " " $3
    if (!(k in n)) order[++keys] = k
    n[k]++; tp[k, n[k]] = $4; cpu[k, n[k]] = $5
  }
  END {
    print "| build | MTU | direction | MB/s median (range) | CPU ms per MB median (range) |"
    print "|---|---|---|---|---|"
    for (i = 1; i <= keys; i++) {
      k = order[i]; split(k, f, " ")
      for (j = 1; j <= n[k]; j++) { t[j] = tp[k, j]; c[j] = cpu[k, j] }
      mt = median(t, n[k]); lo_t = t[1]; hi_t = t[n[k]]
      mc = median(c, n[k]); lo_c = c[1]; hi_c = c[n[k]]
      printf "| %s | %s | %s | %.1f (%.1f..%.1f) | %.2f (%.2f..%.2f) |\n", f[1], f[2], f[3] == "to-lwIP" ? "kernel -> lwIP" : "lwIP -> kernel", mt, lo_t, hi_t, mc, lo_c, hi_c
    }
  }' "$work/results.txt" >"$work/table.md" && cat "$work/table.md"

if [ $failures = 0 ]; then
  echo "interop-iperf: passed"
  exit 0
fi
echo "interop-iperf: $failures checks FAILED"
exit 1
