/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * IPv4, ICMP, UDP and TCP packets built and checked byte by byte, with the
 * RFC 1071 reference of rfc1071.h and no lwIP code: the packet tests, the
 * bad-input table and the fuzz seed corpus build their input with these,
 * and check what lwIP emits with them. Bytes are read and written one at a
 * time: it runs unchanged on any byte order and on strict-alignment CPUs.
 */
#ifndef PACKETS_H
#define PACKETS_H

#include <stddef.h>
#include <stdint.h>

/* Byte access in network order. */
uint16_t pkt_get16(const uint8_t *p);
void pkt_put16(uint8_t *p, uint16_t v);
uint32_t pkt_get32(const uint8_t *p);
void pkt_put32(uint8_t *p, uint32_t v);
/* Deterministic payload bytes with long 0xFF runs (carry-heavy sums). */
void pkt_pattern(uint8_t *d, size_t n, uint32_t seed);

/* ---- Checksums of a datagram (pkt: its IPv4 header) ---------------------- */

/* The header checksum a full computation stores for this header (its
 * length from IHL). */
uint16_t pkt_ip_checksum(const uint8_t *hdr);
/* Store that checksum in the header. */
void pkt_fix_ip_checksum(uint8_t *hdr);
int pkt_ip_verifies(const uint8_t *hdr);
/* Offset of the transport checksum field in a datagram, 0 if none
 * (protocols other than ICMP, TCP, UDP and UDP-Lite). */
size_t pkt_transport_checksum_offset(const uint8_t *pkt);
/* The UDP/UDP-Lite/TCP/ICMP checksum of a whole (unfragmented) datagram of
 * len bytes verifies (UDP without checksum does; other protocols do). */
int pkt_transport_verifies(const uint8_t *pkt, size_t len);
/* Change the IP ID so that a full computation gives the header checksum
 * want (0x0000..0xFFFE), then store `stored` (want, or 0xFFFF for the
 * other one's complement zero when want is 0). 0 if that cannot be done. */
int pkt_steer_ip_checksum(uint8_t *pkt, uint16_t want, uint16_t stored);

/* ---- Building datagrams ------------------------------------------------- */

/* Fields of an IPv4 header, host order. */
struct pkt_ip {
  uint8_t tos, ttl, proto;
  uint16_t id;
  uint16_t frag;        /* flags and offset as on the wire */
  uint32_t src, dst;
  const uint8_t *opts;  /* IP options, optlen a multiple of 4, at most 40 */
  size_t optlen;
};
#define PKT_DF 0x4000
#define PKT_MF 0x2000
#define PKT_ADDR(a, b, c, d) \
  (((uint32_t)(a) << 24) | ((uint32_t)(b) << 16) | ((uint32_t)(c) << 8) | (uint32_t)(d))

/* Header and the len bytes at payload, as they are, written to out (the
 * header checksum computed); returns the datagram's length. */
size_t pkt_ipv4(uint8_t *out, const struct pkt_ip *ip, const uint8_t *payload, size_t len);
/* The same with a transport message (l4len bytes, from the builders
 * below) whose checksum is filled in over the whole datagram: UDP's only
 * if its checksum field is not 0 (0: sent without checksum). */
size_t pkt_datagram(uint8_t *out, const struct pkt_ip *ip, const uint8_t *l4, size_t l4len);

/* Store the transport checksum of the IPv4 datagram pkt, computed over its
 * len bytes (from its header's IHL on), as pkt_datagram does; nothing if
 * it has none (other protocols, UDP with checksum 0) or it lies past len. */
void pkt_fix_transport_checksum(uint8_t *pkt, size_t len);

/* Transport messages for pkt_datagram: the header followed by n bytes of
 * pkt_pattern(seed), written to l4; each returns its length. */
size_t pkt_udp(uint8_t *l4, uint16_t sport, uint16_t dport, size_t n, uint32_t seed);
/* flags: TCP's flags byte (PKT_TCP_*); the acknowledgment number is set
 * (0xA0B0C0D0) only with PKT_TCP_ACK. */
#define PKT_TCP_SYN 0x02
#define PKT_TCP_PSH 0x08
#define PKT_TCP_ACK 0x10
size_t pkt_tcp(uint8_t *l4, uint16_t sport, uint16_t dport, uint8_t flags, uint32_t seq,
               size_t n, uint32_t seed);
#define PKT_ICMP_ECHO 8
#define PKT_ICMP_ECHO_REPLY 0
size_t pkt_icmp_echo(uint8_t *l4, uint8_t type, uint16_t id, uint16_t seq, size_t n, uint32_t seed);
/* UDP-Lite (RFC 3828): its checksum covers the first `coverage` bytes of
 * the message (0: all of it). */
size_t pkt_udplite(uint8_t *l4, uint16_t sport, uint16_t dport, uint16_t coverage, size_t n, uint32_t seed);

#define PKT_PROTO_ICMP 1
#define PKT_PROTO_TCP 6
#define PKT_PROTO_UDP 17
#define PKT_PROTO_ICMP6 58
#define PKT_PROTO_UDPLITE 136

/* Fragment header + data: bytes [off, off+n) of the data of dgram (a
 * datagram with a 20-byte header), DF as dgram's, MF if more. Returns the
 * fragment's length. */
size_t pkt_fragment(uint8_t *out, const uint8_t *dgram, size_t off, size_t n, int more);

/* ---- IPv6 (pkt: its 40-byte header) ---------------------------------- */

#define PKT_IP6_HLEN 40
#define PKT_NEXTH_HOPBYHOP 0
#define PKT_NEXTH_ROUTING 43
#define PKT_NEXTH_FRAGMENT 44
#define PKT_NEXTH_DESTOPTS 60
/* ICMPv6 echo messages: pkt_icmp_echo() with these types */
#define PKT_ICMP6_ECHO 128
#define PKT_ICMP6_ECHO_REPLY 129

/* Fields of an IPv6 header; addresses as on the wire. */
struct pkt_ip6 {
  uint8_t tclass, hlim;
  uint32_t flow;
  uint8_t src[16], dst[16];
};

/* Header (next header nexth) and the len bytes at payload (extension
 * headers, then the upper-layer message), as they are, written to out;
 * returns the datagram's length. */
size_t pkt_ipv6(uint8_t *out, const struct pkt_ip6 *ip, uint8_t nexth, const uint8_t *payload, size_t len);
/* The same with the upper-layer message's TCP, UDP, UDP-Lite or ICMPv6
 * checksum filled in. */
size_t pkt_datagram6(uint8_t *out, const struct pkt_ip6 *ip, uint8_t nexth, const uint8_t *payload, size_t len);
/* Store the upper-layer checksum of the IPv6 datagram pkt of len bytes, as
 * pkt_datagram6 does; nothing if it has none or it lies past len. */
void pkt_fix_transport_checksum6(uint8_t *pkt, size_t len);
/* Offset of the first header of an IPv6 datagram of len bytes past its
 * Hop-by-Hop, Routing and Destination Options headers (the upper-layer
 * message, or a Fragment header), its type in *proto; 0 if it does not
 * start within len. */
size_t pkt_ip6_upper(const uint8_t *pkt, size_t len, uint8_t *proto);
/* The TCP, UDP, UDP-Lite or ICMPv6 checksum of a whole datagram of len
 * bytes verifies (0 also for other protocols and without upper layer). */
int pkt_transport_verifies6(const uint8_t *pkt, size_t len);
/* A Hop-by-Hop or Destination Options header of len bytes (a multiple of
 * 8, at least 8) before a header of type nexth, its options PadN. */
size_t pkt_ext6_opts(uint8_t *out, uint8_t nexth, size_t len);
/* A Routing header (8 bytes) before a header of type nexth, of type 0 and
 * with no segments left: passed over, as any type with none left. */
size_t pkt_ext6_routing(uint8_t *out, uint8_t nexth);
/* Fragment of dgram, an IPv6 datagram without extension headers: its
 * header, a Fragment header (identification id, M if more), and bytes
 * [off, off+n) of its payload. Returns the fragment's length. */
size_t pkt_fragment6(uint8_t *out, const uint8_t *dgram, size_t off, size_t n, int more, uint32_t id);

#endif /* PACKETS_H */
