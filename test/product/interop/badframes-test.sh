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

# ---- the awk on made-up field lines (badframes.awk's 29 columns) ----
# frame N ETH.SRC IP.SRC IP.DST ... (badframes.awk's order; - for empty)
frame() {
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$@" |
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
)
expected='frame 812 from lwIP, TCP checksum 0x60ff, computed 0x61ff: 10.7.1.1:7 > 10.7.1.2:40000 seq 5001 len 100 flags PSH,ACK, a retransmission
frame 814 from lwIP, TCP checksum 0xffff, computed 0x0000: 10.7.1.1:40000 > 10.7.1.2:9 seq 1297788972 len 0 flags RST, not a retransmission
frame 815 from lwIP, IPv4 header checksum 0x645f, computed 0x645b: 10.7.1.1 > 10.7.1.2 id 0x0003 offset 1480
frame 815 from lwIP, ICMP checksum 0x412f, computed 0x413f: 10.7.1.1 > 10.7.1.2
frame 816 from kernel, UDP checksum 0xe90c, computed 0xe90d: 10.7.1.2:40000 > 10.7.1.1:7
frame 817 from lwIP, IPv4 header checksum 0x64bb, computed 0x64bc: 10.7.1.2 > 10.7.1.1 id 0x0006 offset 0
frame 819 from lwIP, TCP checksum 0x60fe, computed 0x61fe: 10.7.1.1:7 > 10.7.1.2:40000 seq 5001 len 100 flags PSH,ACK, a fast retransmission'
got=$(printf '%s\n' "$fields" | awk -F'\t' -v lwip=02:00:00:00:00: -v lwip_ips=10.7.1.1,10.7.2.1 -f "$here/badframes.awk")
same "badframes.awk: a line per bad checksum, none for the kernel's TCP 0xffff for 0x0000" "$expected" "$got"

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
  # kernel with a bad checksum (more than the 20 lines printed).
  $python - "$tmp/frames.pcap" <<'EOF' || { echo "badframes-test: error: cannot write the pcap" >&2; exit 1; }
import struct, sys

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

def eth(src_mac, dst_mac, packet):
    return dst_mac + src_mac + b"\x08\x00" + packet

# the kernel's RST whose sum is -0, sent as 0xffff (peer.py tcp-minus-zero)
base = 0x4D5A0000
pseudo = bytes(BEHIND) + bytes(KERNEL) + struct.pack("!HH", 6, 20)
probe = struct.pack("!HHIIBBHHH", 40000, 9, base, 0, 5 << 4, 0x04, 0, 0, 0)
minus_zero = tcp(BEHIND, KERNEL, 40000, 9, base | (0xFFFF - ones(pseudo + probe)), 0, 0x04, checksum=0xFFFF)

data = bytes(range(100))
frames = [
    eth(kernel_mac, lwip_mac, ipv4(KERNEL, LWIP, 6, tcp(KERNEL, LWIP, 40000, 7, 1000, 0, 0x02), 1)),
    eth(lwip_mac, kernel_mac, ipv4(LWIP, KERNEL, 6, tcp(LWIP, KERNEL, 7, 40000, 5000, 1001, 0x12), 1)),
    eth(kernel_mac, lwip_mac, ipv4(KERNEL, LWIP, 6, tcp(KERNEL, LWIP, 40000, 7, 1001, 5001, 0x10), 2)),
    eth(lwip_mac, kernel_mac, ipv4(LWIP, KERNEL, 6, tcp(LWIP, KERNEL, 7, 40000, 5001, 1001, 0x18, data), 2)),
    eth(lwip_mac, kernel_mac, ipv4(LWIP, KERNEL, 6, tcp(LWIP, KERNEL, 7, 40000, 5001, 1001, 0x18, data, 0x0100), 3)),
    eth(lwip_mac, kernel_mac, ipv4(BEHIND, KERNEL, 6, minus_zero, 7)),
] + [eth(kernel_mac, lwip_mac, ipv4(KERNEL, LWIP, 17, udp(KERNEL, LWIP, b"x" * n, 1), 100 + n))
     for n in range(25)]
with open(sys.argv[1], "wb") as out:
    out.write(struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, 1))
    for i, frame in enumerate(frames):
        out.write(struct.pack("<IIII", 1700000000 + i, 0, len(frame), len(frame)) + frame)
EOF
  got=$("$here/badframes.sh" "$tmp/frames.pcap" 02:00:00:00:00: 10.7.1.1,10.7.2.1 "$tmp/list.txt" 2>&1)
  rc=$?
  same "badframes.sh through tshark: lwIP's resent TCP segment with a bad checksum" \
    "0 frame 5 from lwIP, TCP checksum 0x48d1, computed 0x49d1: 10.7.1.1:7 > 10.7.1.2:40000 seq 5001 len 100 flags PSH,ACK, a retransmission" \
    "$rc $(echo "$got" | head -1)"
  same "badframes.sh through tshark: then the kernel's bad UDP checksums, 20 lines in all" \
    "frame 7 from kernel, UDP checksum 0x4d87, computed 0x4d86: 10.7.1.2:40000 > 10.7.1.1:7
20" \
    "$(echo "$got" | sed -n 2p)
$(echo "$got" | grep -c '^frame ')"
  same "badframes.sh through tshark: the rest counted, all 26 in the list" \
    "... 6 more (26 in all in $tmp/list.txt)
26" \
    "$(echo "$got" | tail -1)
$(wc -l <"$tmp/list.txt")"
  # the list holds what checksums.awk counts bad (run.sh's tshark pass): the
  # two judge by the same rule, and this shows when one of them changes
  bad=$(tshark -n -r "$tmp/frames.pcap" \
    -o ip.check_checksum:TRUE -o udp.check_checksum:TRUE -o tcp.check_checksum:TRUE \
    -o tcp.analyze_sequence_numbers:FALSE \
    -T fields -E separator=/t -E occurrence=a -E aggregator=, \
    -e eth.src -e arp.opcode -e ip.checksum.status -e icmp.checksum.status \
    -e udp.checksum.status -e tcp.checksum.status -e tcp.checksum.ffff -e ip.src 2>/dev/null |
    awk -F'\t' -v lwip=02:00:00:00:00: -v lwip_ips=10.7.1.1,10.7.2.1 -f "$here/checksums.awk" |
    awk '{ for (i = 2; i <= NF; i++) if ($i == "bad" || $i == "bad,") n += $(i - 1) } END { print n + 0 }')
  same "badframes.sh through tshark: as many lines as checksums.awk counts bad checksums" "$bad" "$(wc -l <"$tmp/list.txt")"
fi

if [ $failures = 0 ]; then
  echo "interop-badframes: passed"
  exit 0
fi
echo "interop-badframes: $failures lists wrong"
exit 1
