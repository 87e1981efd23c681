/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * IPv4, ICMP, UDP and TCP packets built byte by byte, with checksums from
 * the RFC 1071 reference: the seed corpus generator and the bad-input tests
 * build their packets with these (no lwIP code involved).
 */
#ifndef PACKETS_H
#define PACKETS_H

#include <stddef.h>
#include <stdint.h>

/* Fields of an IPv4 header, host order. frag: flags and offset as on the
 * wire (PKT_DF, PKT_MF, offset in 8-byte units). */
struct pkt_ip {
  uint8_t tos, ttl, proto;
  uint16_t id, frag;
  uint32_t src, dst;
  const uint8_t *opts;  /* IP options, optlen a multiple of 4, at most 40 */
  size_t optlen;
};
#define PKT_DF 0x4000
#define PKT_MF 0x2000
#define PKT_ADDR(a, b, c, d) \
  (((uint32_t)(a) << 24) | ((uint32_t)(b) << 16) | ((uint32_t)(c) << 8) | (uint32_t)(d))

/* Store the 16-bit value v big-endian at p. */
void pkt_put16(uint8_t *p, uint16_t v);
/* Store the checksum of the IPv4 header at hdr (its length from IHL). */
void pkt_fix_ip_chksum(uint8_t *hdr);

/* The IPv4 packet: header (with a right checksum) and len payload bytes,
 * written to out; returns its length. */
size_t pkt_ipv4(uint8_t *out, const struct pkt_ip *ip, const uint8_t *payload,
                size_t len);

/* Transport payloads (written to out, checksummed; datalen bytes of a
 * counting pattern follow the header); each returns its length. */
size_t pkt_icmp_echo(uint8_t *out, uint16_t id, uint16_t seq, size_t datalen);
size_t pkt_udp(uint8_t *out, uint32_t src, uint32_t dst, uint16_t sport,
               uint16_t dport, size_t datalen);
size_t pkt_tcp_syn(uint8_t *out, uint32_t src, uint32_t dst, uint16_t sport,
                   uint16_t dport, uint32_t seq);

#endif /* PACKETS_H */
