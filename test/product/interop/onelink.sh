# SPDX-License-Identifier: BSD-3-Clause
# onelink.sh, sourced by the interop scripts that run tapdemo on one link
# (iperf.sh, soak.sh): the network namespace $ns with a TAP device tap0
# (lo up, IPv6 off, no offloads) and the run's directory $work, made empty
# and absolute. On exit the processes $demo and $cap are stopped and the
# namespace removed; on failure, however it came, the last line says where
# the evidence is (as run.sh's; make fresh-test copies it out of its root
# by it). Set before sourcing: tag (the prefix of every message), ns, work;
# skip() defined. Exits 2 (77 by skip) if the setup fails.

demo= cap= kept=
cleanup() {
  for pid in $demo $cap; do kill -TERM $pid 2>/dev/null; wait $pid 2>/dev/null; done
  ip -n $ns link del tap0 2>/dev/null
  ip netns del $ns 2>/dev/null
  case $1 in
    0|77) ;;
    *) [ -z "$kept" ] || echo "$tag: logs and captures kept in $kept" ;;
  esac
}
trap 'cleanup $?' EXIT
trap 'echo "$tag: interrupted"; exit 130' INT
trap 'echo "$tag: terminated"; exit 143' TERM
# absolute: the paths a failure prints must hold wherever they are read
rm -rf "$work" && mkdir -p "$work" && work=$(cd "$work" && pwd) && kept=$work || exit 2

ip netns add $ns 2>/dev/null || skip "cannot create network namespaces"
ip netns exec $ns sysctl -q -w net.ipv6.conf.all.disable_ipv6=1 net.ipv6.conf.default.disable_ipv6=1 &&
ip -n $ns link set lo up &&
{ ip netns exec $ns ip tuntap add dev tap0 mode tap || skip "cannot create TAP devices"; } &&
ip netns exec $ns ethtool -K tap0 tx off sg off gso off gro off >/dev/null ||
  { echo "$tag: error: setting up namespace $ns failed" >&2; exit 2; }
