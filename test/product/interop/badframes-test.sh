#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# badframes-test.sh: the list of bad checksums a failed interop run prints
# (badframes.awk, badframes.sh), on made-up frames: the line each bad
# checksum must give, and none for the kernel's TCP 0xffff for 0x0000, which
# checksums.awk does not count bad. First tshark-like field lines into the
# awk (no tshark needed); then, where tshark and python3 are installed (as
# after `make deps-interop`), a pcap written here through badframes.sh, so
# that the tshark field names and options it uses are checked too.
# Exit status: 0 every line as expected, 1 otherwise.
set -u
here=$(cd "$(dirname "$0")" && pwd)
python=/usr/bin/python3
failures=0
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# same WHAT EXPECTED GOT: GOT is EXPECTED, line for line
same() {
  if [ "$2" = "$3" ]; then
    echo "  ok    $1"
  else
    echo "  FAIL  $1: expected:"
    echo "$2" | sed 's/^/          /'
    echo "        got:"
    echo "$3" | sed 's/^/          /'
    failures=$((failures + 1))
  fi
}

# ---- the awk on made-up field lines (badframes.awk's 33 columns) ----
# frame N ETH.SRC IP.SRC IP.DST ... (badframes.awk's order; - for empty)
frame() {
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$@" |
    sed 's/\t-/\t/g; s/\t-$/\t/'
}
lwip=02:00:00:00:00:01 kernel=0a:00:00:00:00:02
#        frame mac  ip.src ip.dst id  off ip: st stored calc icmp: st stored udp: st stored calc sport dport tcp: st stored calc ffff sport dport seq len flags retr fast spur expert
fields=$(
  # lwIP's TCP segment, bad, resent: one line with its sequence number and flags
  frame 812 $lwip 10.7.1.1 10.7.1.2 0x1c46 0 1 0x645b 0x645b - - - - - - - 0 0x60ff 0x61ff - 7 40000 5001 100 0x0018 1 - - "Bad checksum [should be 0x61ff],This frame is a (suspected) retransmission"
  # the kernel's TCP 0xffff for 0x0000 from a kernel's address: no fault
  frame 813 $lwip 10.7.2.2 10.7.1.2 0x0001 0 1 0x63be 0x63be - - - - - - - 0 0xffff 0x0000 1 40000 9 1297788715 0 0x0004 - - - "Connection reset (RST),TCP Checksum 0xffff instead of 0x0000 (see RFC 1624)"
  # the same from lwIP's own address: a fault
  frame 814 $lwip 10.7.1.1 10.7.1.2 0x0002 0 1 0x64bf 0x64bf - - - - - - - 0 0xffff 0x0000 1 40000 9 1297788972 0 0x0004 - - - "Connection reset (RST),TCP Checksum 0xffff instead of 0x0000 (see RFC 1624)"
  # bad IPv4 header and ICMP checksums in one frame: ICMP's computed value
  # is the "should be" that the IPv4 header's does not account for
  frame 815 $lwip 10.7.1.1 10.7.1.2 0x0003 1480 0 0x645f 0x645b 0 0x412f - - - - - - - - - - - - - - - - - "Bad checksum [should be 0x645b],Bad checksum [should be 0x413f]"
  # the kernel's bad UDP checksum
  frame 816 $kernel 10.7.1.2 10.7.1.1 0x0004 0 1 0x64b6 0x64b6 - - 0 0xe90c 0xe90d 40000 7 - - - - - - - - - - - - "Bad checksum [should be 0xe90d]"
  # an ICMP error from lwIP quoting a header with a bad checksum: the inner one's values
  frame 817 $lwip 10.7.1.1,10.7.1.2 10.7.1.2,10.7.1.1 0x0005,0x0006 0,0 1,0 0x64b4,0x64bb 0x64b4,0x64bc 1 0xf60f - - - - - - - - - - - - - - - - - "Bad checksum [should be 0x64bc]"
  # lwIP's segment resent on duplicate ACKs, bad again: tshark marks both kinds
  frame 819 $lwip 10.7.1.1 10.7.1.2 0x1c47 0 1 0x645a 0x645a - - - - - - - 0 0x60fe 0x61fe - 7 40000 5001 100 0x0018 1 1 - "Bad checksum [should be 0x61fe]"
  # a frame with good checksums only (kept from tshark's filter): no line
  frame 818 $kernel 10.7.1.2 10.7.1.1 0x0007 0 1 0x64b6 0x64b6 - - - - - - - 1 0x1234 0x1234 - 40000 7 1 0 0x0010 - - - -
  # a UDP datagram over IPv4 without checksum (kept by the filter): legal, no line
  frame 825 $kernel 10.7.1.2 10.7.1.1 0x0008 0 1 0x64b5 0x64b5 - - 3 0x0000 - 40000 7 - - - - - - - - - - - - -
  # IPv6 (no IPv4 header): lwIP's UDP checksum of 0, illegal (tshark's verdict 4)
  #        frame mac  (IPv4 empty: 27 columns) ... expert ipv6.src ipv6.dst icmpv6: st stored
  frame 820 $lwip - - - - - - - - - 4 0x0000 - 7 40000 - - - - - - - - - - - - "Illegal checksum value (0)" fd00:7:1::1 fd00:7:1::2 - -
  # lwIP's bad ICMPv6 checksum: the computed one from the message
  frame 821 $lwip - - - - - - - - - - - - - - - - - - - - - - - - - - "Bad checksum [should be 0xa5d1]" fd00:7:1::1 fd00:7:1::2 0 0xa5d0
  # the kernel's TCP 0xffff for 0x0000 over IPv6, forwarded by lwIP: no fault
  frame 822 $lwip - - - - - - - - - - - - - - 0 0xffff 0x0000 1 40000 9 1297788715 0 0x0004 - - - "TCP Checksum 0xffff instead of 0x0000 (see RFC 1624)" fd00:7:2::2 fd00:7:1::2 - -
  # lwIP's bad TCP checksum over IPv6
  frame 823 $lwip - - - - - - - - - - - - - - 0 0x5111 0x5121 - 7 40000 1 3 0x0018 - - - "Bad checksum [should be 0x5121]" fd00:7:1::1 fd00:7:1::2 - -
  # the kernel's UDP datagram over IPv6 without checksum (verdict 3): bad
  frame 824 $kernel - - - - - - - - - 3 0x0000 - 40000 7 - - - - - - - - - - - - - fd00:7:1::2 fd00:7:1::1 - -
)
expected='frame 812 from lwIP, TCP checksum 0x60ff, computed 0x61ff: 10.7.1.1:7 > 10.7.1.2:40000 seq 5001 len 100 flags PSH,ACK, a retransmission
frame 814 from lwIP, TCP checksum 0xffff, computed 0x0000: 10.7.1.1:40000 > 10.7.1.2:9 seq 1297788972 len 0 flags RST, not a retransmission
frame 815 from lwIP, IPv4 header checksum 0x645f, computed 0x645b: 10.7.1.1 > 10.7.1.2 id 0x0003 offset 1480
frame 815 from lwIP, ICMP checksum 0x412f, computed 0x413f: 10.7.1.1 > 10.7.1.2
frame 816 from kernel, UDP checksum 0xe90c, computed 0xe90d: 10.7.1.2:40000 > 10.7.1.1:7
frame 817 from lwIP, IPv4 header checksum 0x64bb, computed 0x64bc: 10.7.1.2 > 10.7.1.1 id 0x0006 offset 0
frame 819 from lwIP, TCP checksum 0x60fe, computed 0x61fe: 10.7.1.1:7 > 10.7.1.2:40000 seq 5001 len 100 flags PSH,ACK, a fast retransmission
frame 820 from lwIP, UDP checksum 0x0000, illegal over IPv6: [fd00:7:1::1]:7 > [fd00:7:1::2]:40000
frame 821 from lwIP, ICMPv6 checksum 0xa5d0, computed 0xa5d1: fd00:7:1::1 > fd00:7:1::2
frame 823 from lwIP, TCP checksum 0x5111, computed 0x5121: [fd00:7:1::1]:7 > [fd00:7:1::2]:40000 seq 1 len 3 flags PSH,ACK, not a retransmission
frame 824 from kernel, UDP checksum 0x0000, illegal over IPv6: [fd00:7:1::2]:40000 > [fd00:7:1::1]:7'
got=$(printf '%s\n' "$fields" | awk -F'\t' -v lwip=02:00:00:00:00: -v lwip_ips=10.7.1.1,10.7.2.1,fd00:7:1::1,fd00:7:2::1 -f "$here/badframes.awk")
same "badframes.awk: a line per bad checksum, IPv4 and IPv6, none for the kernel's TCP 0xffff for 0x0000" "$expected" "$got"

# ---- badframes.sh: bad usage ----
out=$("$here/badframes.sh" only-one 2>&1)
rc=$?
same "badframes.sh with one argument: one line, exit status 2" "usage: badframes.sh CAPTURE LWIP-MAC-PREFIX LWIP-IPS LIST 2" "$out $rc"

# ---- badframes.sh through tshark, on a pcap written here ----
if ! command -v tshark >/dev/null || [ ! -x $python ]; then
  echo "  skip  badframes.sh through tshark: needs tshark and python3 (make deps-interop installs them)"
else
  # A TCP handshake and a segment from lwIP (10.7.1.1, MAC 02:..), the
  # segment resent with a TCP checksum off by 0x0100, the kernel's TCP
  # 0xffff for 0x0000 forwarded by lwIP, and 25 UDP datagrams from the
  # kernel with a bad checksum (more than the 20 lines printed). Then IPv6
  # (lwIP fd00:7:1::1): lwIP's UDP datagram with a checksum of 0, its
  # echo reply with an ICMPv6 checksum off by 1 and its TCP segment off by
  # 0x0010, each after a good one, and the kernel's TCP 0xffff for 0x0000
  # forwarded by lwIP.
  $python - "$tmp/frames.pcap" <<'EOF' || { echo "badframes-test: error: cannot write the pcap" >&2; exit 1; }
import socket, struct, sys

def ones(data):
    data += b"\0" * (len(data) % 2)
    total = sum(struct.unpack(f"!{len(data) // 2}H", data))
    while total > 0xFFFF:
        total = (total & 0xFFFF) + (total >> 16)
    return total

def ipv4(src, dst, proto, payload, ident):
    header = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20 + len(payload), ident, 0, 64, proto, 0,
                         bytes(src), bytes(dst))
    return header[:10] + struct.pack("!H", 0xFFFF ^ ones(header)) + header[12:] + payload

def transport(src, dst, proto, header, data, wrong=0, checksum=None):
    at = 16 if proto == 6 else 6
    pseudo = bytes(src) + bytes(dst) + struct.pack("!HH", proto, len(header) + len(data))
    if checksum is None:
        checksum = (0xFFFF ^ ones(pseudo + header + data)) ^ wrong
    return header[:at] + struct.pack("!H", checksum) + header[at + 2:] + data

def tcp(src, dst, sport, dport, seq, ack, flags, data=b"", wrong=0, checksum=None):
    header = struct.pack("!HHIIBBHHH", sport, dport, seq, ack, 5 << 4, flags, 65535, 0, 0)
    return transport(src, dst, 6, header, data, wrong, checksum)

def udp(src, dst, data, wrong):
    return transport(src, dst, 17, struct.pack("!HHHH", 40000, 7, 8 + len(data), 0), data, wrong)

LWIP, KERNEL, BEHIND = [10, 7, 1, 1], [10, 7, 1, 2], [10, 7, 2, 2]
lwip_mac, kernel_mac = bytes.fromhex("020000000001"), bytes.fromhex("0a0000000002")

def eth(src_mac, dst_mac, packet, ethertype=b"\x08\x00"):
    return dst_mac + src_mac + ethertype + packet

def ipv6(src, dst, nexth, payload):
    return struct.pack("!IHBB16s16s", 6 << 28, len(payload), nexth, 64, src, dst) + payload

def transport6(src, dst, nexth, segment, at, wrong=0, checksum=None):
    pseudo = src + dst + struct.pack("!IxxxB", len(segment), nexth)
    if checksum is None:
        checksum = (0xFFFF ^ ones(pseudo + segment)) ^ wrong
    return segment[:at] + struct.pack("!H", checksum) + segment[at + 2:]

def tcp6(src, dst, sport, dport, seq, flags, data=b"", wrong=0, checksum=None):
    header = struct.pack("!HHIIBBHHH", sport, dport, seq, 1, 5 << 4, flags, 65535, 0, 0)
    return transport6(src, dst, 6, header + data, 16, wrong, checksum)

def v6(src, nexth, segment):
    return eth(lwip_mac, kernel_mac, ipv6(src, KERNEL6, nexth, segment), b"\x86\xdd")


# the kernel's RST whose sum is -0, sent as 0xffff (peer.py tcp-minus-zero)
base = 0x4D5A0000
pseudo = bytes(BEHIND) + bytes(KERNEL) + struct.pack("!HH", 6, 20)
probe = struct.pack("!HHIIBBHHH", 40000, 9, base, 0, 5 << 4, 0x04, 0, 0, 0)
minus_zero = tcp(BEHIND, KERNEL, 40000, 9, base | (0xFFFF - ones(pseudo + probe)), 0, 0x04, checksum=0xFFFF)

# the same over IPv6, behind lwIP (fd00:7:2::2) to the kernel on the link
LWIP6, KERNEL6, BEHIND6 = (socket.inet_pton(socket.AF_INET6, a) for a in ("fd00:7:1::1", "fd00:7:1::2", "fd00:7:2::2"))
pseudo6 = BEHIND6 + KERNEL6 + struct.pack("!IxxxB", 20, 6)
probe6 = struct.pack("!HHIIBBHHH", 40000, 9, base, 1, 5 << 4, 0x04, 65535, 0, 0)
minus_zero6 = tcp6(BEHIND6, KERNEL6, 40000, 9, base | (0xFFFF - ones(pseudo6 + probe6)), 0x04, checksum=0xFFFF)
udp6 = struct.pack("!HHHH", 7, 40000, 13, 0) + b"hello"
reply6 = struct.pack("!BBHHH", 129, 0, 0, 1, 1) + b"ping"

data = bytes(range(100))
frames = [
    eth(kernel_mac, lwip_mac, ipv4(KERNEL, LWIP, 6, tcp(KERNEL, LWIP, 40000, 7, 1000, 0, 0x02), 1)),
    eth(lwip_mac, kernel_mac, ipv4(LWIP, KERNEL, 6, tcp(LWIP, KERNEL, 7, 40000, 5000, 1001, 0x12), 1)),
    eth(kernel_mac, lwip_mac, ipv4(KERNEL, LWIP, 6, tcp(KERNEL, LWIP, 40000, 7, 1001, 5001, 0x10), 2)),
    eth(lwip_mac, kernel_mac, ipv4(LWIP, KERNEL, 6, tcp(LWIP, KERNEL, 7, 40000, 5001, 1001, 0x18, data), 2)),
    eth(lwip_mac, kernel_mac, ipv4(LWIP, KERNEL, 6, tcp(LWIP, KERNEL, 7, 40000, 5001, 1001, 0x18, data, 0x0100), 3)),
    eth(lwip_mac, kernel_mac, ipv4(BEHIND, KERNEL, 6, minus_zero, 7)),
] + [eth(kernel_mac, lwip_mac, ipv4(KERNEL, LWIP, 17, udp(KERNEL, LWIP, b"x" * n, 1), 100 + n))
     for n in range(25)] + [
    v6(LWIP6, 17, transport6(LWIP6, KERNEL6, 17, udp6, 6)),
    v6(LWIP6, 17, transport6(LWIP6, KERNEL6, 17, udp6, 6, checksum=0)),
    v6(LWIP6, 58, transport6(LWIP6, KERNEL6, 58, reply6, 2)),
    v6(LWIP6, 58, transport6(LWIP6, KERNEL6, 58, reply6, 2, 1)),
    v6(LWIP6, 6, tcp6(LWIP6, KERNEL6, 7, 40000, 1, 0x18, b"abc")),
    v6(LWIP6, 6, tcp6(LWIP6, KERNEL6, 7, 40000, 4, 0x18, b"abc", 0x0010)),
    v6(BEHIND6, 6, minus_zero6),
]
with open(sys.argv[1], "wb") as out:
    out.write(struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, 1))
    for i, frame in enumerate(frames):
        out.write(struct.pack("<IIII", 1700000000 + i, 0, len(frame), len(frame)) + frame)
EOF
  lwip_ips=10.7.1.1,10.7.2.1,fd00:7:1::1,fd00:7:2::1
  got=$("$here/badframes.sh" "$tmp/frames.pcap" 02:00:00:00:00: $lwip_ips "$tmp/list.txt" 2>&1)
  rc=$?
  same "badframes.sh through tshark: lwIP's resent TCP segment with a bad checksum" \
    "0 frame 5 from lwIP, TCP checksum 0x48d1, computed 0x49d1: 10.7.1.1:7 > 10.7.1.2:40000 seq 5001 len 100 flags PSH,ACK, a retransmission" \
    "$rc $(echo "$got" | head -1)"
  same "badframes.sh through tshark: then the kernel's bad UDP checksums, 20 lines in all" \
    "frame 7 from kernel, UDP checksum 0x4d87, computed 0x4d86: 10.7.1.2:40000 > 10.7.1.1:7
20" \
    "$(echo "$got" | sed -n 2p)
$(echo "$got" | grep -c '^frame ')"
  same "badframes.sh through tshark: the rest counted, all 29 in the list" \
    "... 9 more (29 in all in $tmp/list.txt)
29" \
    "$(echo "$got" | tail -1)
$(wc -l <"$tmp/list.txt")"
  same "badframes.sh through tshark: IPv6 last, a UDP checksum of 0, ICMPv6 and TCP; no line for the kernel's 0xffff" \
    "frame 33 from lwIP, UDP checksum 0x0000, illegal over IPv6: [fd00:7:1::1]:7 > [fd00:7:1::2]:40000
frame 35 from lwIP, ICMPv6 checksum 0xa5d0, computed 0xa5d1: fd00:7:1::1 > fd00:7:1::2
frame 37 from lwIP, TCP checksum 0x5516, computed 0x5506: [fd00:7:1::1]:7 > [fd00:7:1::2]:40000 seq 4 len 3 flags PSH,ACK, not a retransmission" \
    "$(tail -3 "$tmp/list.txt")"
  # the list holds what checksums.awk counts bad (run.sh's tshark pass): the
  # two judge by the same rule, and this shows when one of them changes
  bad=$(tshark -n -r "$tmp/frames.pcap" \
    -o ip.check_checksum:TRUE -o udp.check_checksum:TRUE -o tcp.check_checksum:TRUE \
    -o tcp.analyze_sequence_numbers:FALSE \
    -T fields -E separator=/t -E occurrence=a -E aggregator=, \
    -e eth.src -e arp.opcode -e ip.checksum.status -e icmp.checksum.status \
    -e udp.checksum.status -e tcp.checksum.status -e tcp.checksum.ffff -e ip.src \
    -e ipv6.src -e icmpv6.checksum.status 2>/dev/null |
    awk -F'\t' -v lwip=02:00:00:00:00: -v lwip_ips=$lwip_ips -f "$here/checksums.awk" |
    awk '{ for (i = 2; i <= NF; i++) if ($i == "bad" || $i == "bad,") n += $(i - 1) } END { print n + 0 }')
  same "badframes.sh through tshark: as many lines as checksums.awk counts bad checksums" "$bad" "$(wc -l <"$tmp/list.txt")"
fi

if [ $failures = 0 ]; then
  echo "interop-badframes: passed"
  exit 0
fi
echo "interop-badframes: $failures lists wrong"
exit 1
