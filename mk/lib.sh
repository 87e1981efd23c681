# SPDX-License-Identifier: BSD-3-Clause
# lib.sh: the shell functions the project's scripts share (mk/*.sh,
# test/**/*.sh), sourced by them: `. "$top/mk/lib.sh"`. POSIX sh but for
# the network part, which the interop scripts (bash) use.

# ---- errors ------------------------------------------------------------------
# die MESSAGE...: the one-line error on stderr ("error: MESSAGE", after
# "$tag: " where the script set tag), exit status 2 (bad usage, setup).
# die_with STATUS MESSAGE...: the same with another exit status.
die_with() {
  die_status=$1
  shift
  echo "${tag:+$tag: }error: $*" >&2
  exit "$die_status"
}
die() { die_with 2 "$@"; }

# ---- patch series ------------------------------------------------------------
# series_patches DIR: the patches of the series in DIR, in order: the
# first word of each line of DIR/series (quilt's format; # comments).
series_patches() { sed -e 's/#.*//' -e 's/[ \t].*//' -e '/^$/d' "$1/series"; }
# series_field DIR NAME: what DIR/series records in its "# NAME VALUE" line
# (lwip-version, base-files, patches, made-from: mk/series.sh).
series_field() { sed -n "s/^# $2 //p" "$1/series"; }
# series_touched DIR: the files the patches of the series in DIR touch
series_touched() {
  (cd "$1" && sed -n 's|^diff --git a/\([^ ]*\) b/.*|\1|p' $(series_patches .) | sort -u)
}
# series_hash DIR: the SHA-256 of the patches of the series in DIR, in
# order (what "# patches" records)
series_hash() {
  for series_p in $(series_patches "$1"); do cat "$1/$series_p"; done | sha256sum | cut -d' ' -f1
}

# ---- emulators ---------------------------------------------------------------
# qemu_one_insn EMULATOR: the option of qemu-user's EMULATOR for one guest
# instruction per translation block (qemu 8.1 renamed -singlestep).
qemu_one_insn() {
  if "$1" -h | grep -q -- '-one-insn-per-tb'; then echo -one-insn-per-tb; else echo -singlestep; fi
}

# ---- processes ---------------------------------------------------------------
# waitfor WHO FILE PATTERN SECONDS: returns once a line of FILE matches the
# grep PATTERN (a program's "ready" line, dumpcap's "Capturing on"); after
# SECONDS without one prints "WHO: error: no 'PATTERN' in FILE after SECONDS
# s:" and FILE to stderr and exits with status 1.
waitfor() {
  waitfor_i=0
  while [ $waitfor_i -lt $(($4 * 10)) ]; do
    grep -q "$3" "$2" 2>/dev/null && return 0
    sleep 0.1
    waitfor_i=$((waitfor_i + 1))
  done
  echo "$1: error: no '$3' in $2 after $4 s:" >&2
  sed 's/^/  /' "$2" >&2
  exit 1
}

# stop_processes PID...: SIGTERM, up to 5 s to exit, then SIGKILL; reaps them
stop_processes() {
  local pid i alive
  for pid in "$@"; do kill -TERM "$pid" 2>/dev/null; done
  for i in $(seq 50); do
    alive=
    for pid in "$@"; do kill -0 "$pid" 2>/dev/null && alive=1; done
    [ -z "$alive" ] && break
    sleep 0.1
  done
  for pid in "$@"; do kill -KILL "$pid" 2>/dev/null; done
  for pid in "$@"; do wait "$pid" 2>/dev/null; done
}

# ---- network namespaces, TAP devices, captures (test/product/interop) ---------
# The interop scripts set tag (their messages' prefix) before using these.

# skip MESSAGE...: "$tag: skipped: MESSAGE", exit status 77
skip() { echo "$tag: skipped: $*"; exit 77; }

# netns_require MAKE-TARGET DEPS-TARGET TOOL...: skips unless root with
# /dev/net/tun (MAKE-TARGET: what to run as root); dies where a TOOL is
# missing (DEPS-TARGET installs them).
netns_require() {
  local run=$1 deps=$2 tool
  shift 2
  [ "$(id -u)" = 0 ] || skip "needs root (network namespaces, TAP devices); run as root: make $run"
  [ -c /dev/net/tun ] || skip "no /dev/net/tun"
  for tool in "$@"; do
    command -v $tool >/dev/null || die "$tool not found (make $deps installs it)"
  done
}

# netns_start WORKDIR NS...: WORKDIR emptied, as $work (absolute: the
# paths a failure prints must hold wherever they are read), and each
# network namespace NS with its TAP device (netns_tap). From here on, at
# every exit, the caller's netns_stop (its processes) runs and the
# namespaces are removed; on a failure, however it came (a check, a setup
# error, a signal), the last line says where the evidence is, WORKDIR
# (make fresh-test copies the directory out of its root by this line).
# SIGINT and SIGTERM end the script (130, 143).
kept= netns_made=
netns_start() {
  trap 'netns_cleanup $?' EXIT
  trap 'echo "$tag: interrupted"; exit 130' INT
  trap 'echo "$tag: terminated"; exit 143' TERM
  rm -rf "$1" && mkdir -p "$1" && work=$(cd "$1" && pwd) && kept=$work || exit 2
  shift
  for netns_ns in "$@"; do netns_tap "$netns_ns"; done
}
netns_cleanup() {
  local ns
  netns_stop
  for ns in $netns_made; do
    ip -n "$ns" link del tap0 2>/dev/null
    ip netns del "$ns"
  done
  case $1 in
    0|77) ;;
    *) [ -z "$kept" ] || echo "$tag: logs and captures kept in $kept" ;;
  esac
}

# bounded SECONDS OUT ERR CMD...: runs CMD with a time limit, stdout to file
# OUT, stderr to file ERR (-: to OUT), in the background so that a signal
# reaches the traps at once; while it runs its pid is $current, which the
# caller's netns_stop stops.
bounded() {
  local seconds=$1 out=$2 err=$3 rc
  shift 3
  if [ "$err" = - ]; then
    timeout "$seconds" "$@" >"$out" 2>&1 &
  else
    timeout "$seconds" "$@" >"$out" 2>"$err" &
  fi
  current=$!
  wait $current
  rc=$?
  current=
  return $rc
}

# netns_tap NS: the network namespace NS with a TAP device tap0, lo up,
# IPv6 off. tun keeps checksum offload off while no one asks for it; this
# makes it explicit: every frame the kernel sends carries complete checksums.
netns_tap() {
  ip netns add "$1" 2>/dev/null || skip "cannot create network namespaces"
  netns_made="$netns_made $1"
  ip netns exec "$1" sysctl -q -w net.ipv6.conf.all.disable_ipv6=1 net.ipv6.conf.default.disable_ipv6=1 &&
  ip -n "$1" link set lo up &&
  { ip netns exec "$1" ip tuntap add dev tap0 mode tap || skip "cannot create TAP devices"; } &&
  ip netns exec "$1" ethtool -K tap0 tx off sg off gso off gro off >/dev/null ||
    die "setting up namespace $1 failed"
}

# netns_ipv6_on NS ADDR/PREFIX [OTHER-NET VIA]: IPv6 on NS's tap0 with
# ADDR (and a route to OTHER-NET via VIA). The kernel sends on its own
# (multicast listener reports) when IPv6 comes up: it is on only while
# lwIP runs (netns_ipv6_off before lwIP stops), so that lwIP reads, and
# counts, every frame the kernel sends. No duplicate address detection
# (addresses are usable at once) and no router solicitations (no router).
netns_ipv6_on() {
  ip netns exec "$1" sysctl -q -w net.ipv6.conf.tap0.accept_dad=0 net.ipv6.conf.tap0.router_solicitations=0 \
    net.ipv6.conf.tap0.disable_ipv6=0 &&
  ip -n "$1" addr add "$2" dev tap0 nodad &&
  { [ $# -lt 4 ] || ip -n "$1" route add "$3" via "$4" dev tap0; } ||
    die "setting up IPv6 in namespace $1 failed"
}
netns_ipv6_off() {
  ip netns exec "$1" sysctl -q -w net.ipv6.conf.tap0.disable_ipv6=1 || die "turning IPv6 off in namespace $1 failed"
}

# tap_drops NS: the kernel's rx_dropped and tx_dropped counters of NS's tap0
tap_drops() {
  ip netns exec "$1" cat /sys/class/net/tap0/statistics/rx_dropped /sys/class/net/tap0/statistics/tx_dropped |
    tr '\n' ' '
}

# capture_start NS FILE LOG BUFFER-MB [SECONDS]: dumpcap on NS's tap0 into
# FILE (at most SECONDS), its messages in LOG, in the background
# (capture_pid); returns once it says it captures.
capture_start() {
  ip netns exec "$1" dumpcap -q -B "$4" -i tap0 -w "$2" ${5:+-a duration:$5} >"$3" 2>&1 &
  capture_pid=$!
  waitfor "$tag" "$3" "Capturing on" 10
}

# capture_dropped LOG: the frames dumpcap (its LOG) says it dropped
capture_dropped() {
  sed -n "s|^Packets received/dropped on interface 'tap0': [0-9]*/\([0-9]*\) .*|\1|p" "$1"
}

# Marker frames (test/product/interop/peer.py marker): a marker seen in a
# capture file proves that every frame before it is there too. dumpcap
# says "Capturing on" a moment before it really captures and writes a
# frame to its file a moment after it arrives (seen: lwIP's first frame
# lost without a fence at the start, the last ~100 without one at the end).
capture_marker_filter="eth.type == 0x88b5"
capture_markers() { tshark -n -r "$1" -Y "$capture_marker_filter" 2>/dev/null | wc -l; }
# capture_fence FILE NS MARKER-COMMAND...: MARKER-COMMAND (sending one
# marker frame into tap0) run in NS until FILE has one more marker
capture_fence() {
  local file=$1 ns=$2 seen i
  shift 2
  seen=$(capture_markers "$file")
  for i in $(seq 50); do
    ip netns exec "$ns" "$@" || exit 2
    sleep 0.2
    [ "$(capture_markers "$file")" -gt "$seen" ] && return 0
  done
  echo "$tag: error: marker frames on $ns/tap0 never reached the capture" >&2
  exit 1
}

# capture_checksums FILE OUT ERR: tshark's verdict on every checksum of
# every frame of FILE but the markers, the fields checksums.awk reads, to
# OUT (its messages to ERR); bounded, in the background so that a signal
# reaches the traps at once.
capture_checksums() {
  timeout 300 tshark -n -r "$1" -Y "not ($capture_marker_filter)" \
    -o ip.check_checksum:TRUE -o udp.check_checksum:TRUE -o tcp.check_checksum:TRUE \
    -o tcp.analyze_sequence_numbers:FALSE \
    -T fields -E separator=/t -E occurrence=a -E aggregator=, \
    -e eth.src -e arp.opcode -e ip.checksum.status -e icmp.checksum.status \
    -e udp.checksum.status -e tcp.checksum.status -e tcp.checksum.ffff -e ip.src \
    -e ipv6.src -e icmpv6.checksum.status >"$2" 2>"$3" &
  wait $!
}

# capture_bad_frames BADFRAMES FILE LWIP-IPS LIST LOG: after checksums.awk
# found a bad checksum in FILE, each bad checksum's frame by BADFRAMES
# (test/product/interop/badframes.sh; lwIP: tapdemo's MACs and LWIP-IPS):
# all in LIST, the first 20 printed, indented (a count alone does not say
# which segment, nor whether it was resent). 1 if BADFRAMES failed (its
# output in LOG). Bounded, in the background as capture_checksums.
capture_bad_frames() {
  timeout 300 "$1" "$2" 02:00:00:00:00: "$3" "$4" >"$5" 2>&1 &
  wait $! || return 1
  sed 's/^/          /' "$5"
}
