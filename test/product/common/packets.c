/* SPDX-License-Identifier: BSD-3-Clause */
#include "packets.h"

#include <string.h>

#include "rfc1071.h"

#define IP_HLEN 20
#define UDP_HLEN 8
#define TCP_HLEN 20
#define ICMP_HLEN 8
#define PROTO_ICMP PKT_PROTO_ICMP
#define PROTO_TCP PKT_PROTO_TCP
#define PROTO_UDP PKT_PROTO_UDP
#define PROTO_UDPLITE PKT_PROTO_UDPLITE

uint16_t
pkt_get16(const uint8_t *p)
{
  return (uint16_t)((p[0] << 8) | p[1]);
}

void
pkt_put16(uint8_t *p, uint16_t v)
{
  p[0] = (uint8_t)(v >> 8);
  p[1] = (uint8_t)v;
}

uint32_t
pkt_get32(const uint8_t *p)
{
  return ((uint32_t)pkt_get16(p) << 16) | pkt_get16(p + 2);
}

void
pkt_put32(uint8_t *p, uint32_t v)
{
  pkt_put16(p, (uint16_t)(v >> 16));
  pkt_put16(p + 2, (uint16_t)v);
}

void
pkt_pattern(uint8_t *d, size_t n, uint32_t seed)
{
  size_t i;
  for (i = 0; i < n; i++) {
    if (((i >> 4) + seed) % 5 == 0) {
      d[i] = 0xFF;
    } else {
      d[i] = (uint8_t)(i * 131 + seed * 29 + (i >> 8));
    }
  }
}

/* ---- Checksums ----------------------------------------------------------- */

static size_t
ip_hlen(const uint8_t *hdr)
{
  return (size_t)(hdr[0] & 0x0F) * 4;
}

uint16_t
pkt_ip_checksum(const uint8_t *hdr)
{
  return (uint16_t)~rfc1071_sum(hdr + 12, ip_hlen(hdr) - 12, rfc1071_sum(hdr, 10, 0));
}

void
pkt_fix_ip_checksum(uint8_t *hdr)
{
  pkt_put16(hdr + 10, pkt_ip_checksum(hdr));
}

int
pkt_ip_verifies(const uint8_t *hdr)
{
  return rfc1071_sum(hdr, ip_hlen(hdr), 0) == 0xFFFF;
}

size_t
pkt_transport_checksum_offset(const uint8_t *pkt)
{
  switch (pkt[9]) {
    case PROTO_ICMP: return ip_hlen(pkt) + 2;
    case PROTO_TCP:  return ip_hlen(pkt) + 16;
    case PROTO_UDP:
    case PROTO_UDPLITE: return ip_hlen(pkt) + 6;
    default:         return 0;
  }
}

/* How many bytes of the upper-layer message l4 (len bytes) its checksum
 * covers: UDP-Lite's coverage (0: all), all of it for the others. */
static size_t
covered(uint8_t proto, const uint8_t *l4, size_t len)
{
  size_t coverage;
  if (proto != PROTO_UDPLITE || len < 6) {
    return len;
  }
  coverage = pkt_get16(l4 + 4);
  return coverage == 0 || coverage > len ? len : coverage;
}

/* The one's complement sum of the transport message of the datagram pkt
 * (len bytes), with the pseudo header for TCP, UDP and UDP-Lite. */
static uint16_t
transport_sum(const uint8_t *pkt, size_t len)
{
  size_t hlen = ip_hlen(pkt);
  uint32_t sum = 0;
  if (pkt[9] != PROTO_ICMP) {
    sum = rfc1071_sum(pkt + 12, 8, 0) + pkt[9] + (uint32_t)(len - hlen);
  }
  return rfc1071_sum(pkt + hlen, covered(pkt[9], pkt + hlen, len - hlen), sum);
}

int
pkt_transport_verifies(const uint8_t *pkt, size_t len)
{
  size_t off = pkt_transport_checksum_offset(pkt);
  if (off == 0 || (pkt[9] == PROTO_UDP && pkt_get16(pkt + off) == 0)) {
    return 1;
  }
  return transport_sum(pkt, len) == 0xFFFF;
}

int
pkt_steer_ip_checksum(uint8_t *pkt, uint16_t want, uint16_t stored)
{
  /* checksum = ~(rest + id), so id = ~want - rest = ~want + ~rest in one's
   * complement, and ~rest is the checksum of the header with id 0 */
  pkt_put16(pkt + 4, 0);
  pkt_put16(pkt + 4, rfc1071_fold((uint32_t)(uint16_t)~want + pkt_ip_checksum(pkt)));
  if (pkt_ip_checksum(pkt) != want) {
    return 0;
  }
  pkt_put16(pkt + 10, stored);
  return pkt_ip_verifies(pkt);
}

/* ---- Building ------------------------------------------------------------ */

size_t
pkt_ipv4(uint8_t *out, const struct pkt_ip *ip, const uint8_t *payload, size_t len)
{
  size_t hlen = IP_HLEN + ip->optlen;

  memmove(out + hlen, payload, len);
  out[0] = (uint8_t)(0x40 | (hlen / 4));
  out[1] = ip->tos;
  pkt_put16(out + 2, (uint16_t)(hlen + len));
  pkt_put16(out + 4, ip->id);
  pkt_put16(out + 6, ip->frag);
  out[8] = ip->ttl;
  out[9] = ip->proto;
  pkt_put32(out + 12, ip->src);
  pkt_put32(out + 16, ip->dst);
  if (ip->optlen > 0) {
    memcpy(out + IP_HLEN, ip->opts, ip->optlen);
  }
  pkt_fix_ip_checksum(out);
  return hlen + len;
}

void
pkt_fix_transport_checksum(uint8_t *pkt, size_t len)
{
  size_t off;
  uint16_t sum;

  if (len < IP_HLEN || ip_hlen(pkt) < IP_HLEN || ip_hlen(pkt) > len) {
    return;
  }
  off = pkt_transport_checksum_offset(pkt);
  if (off == 0 || off + 2 > len || (pkt[9] == PROTO_UDP && pkt_get16(pkt + off) == 0)) {
    return;
  }
  pkt_put16(pkt + off, 0);
  sum = transport_sum(pkt, len);
  /* UDP sends a sum of zero as all ones: 0 means "no checksum" there */
  pkt_put16(pkt + off, pkt[9] == PROTO_UDP && sum == 0xFFFF ? 0xFFFF : (uint16_t)~sum);
}

size_t
pkt_datagram(uint8_t *out, const struct pkt_ip *ip, const uint8_t *l4, size_t l4len)
{
  size_t len = pkt_ipv4(out, ip, l4, l4len);

  pkt_fix_transport_checksum(out, len);
  return len;
}

size_t
pkt_udp(uint8_t *l4, uint16_t sport, uint16_t dport, size_t n, uint32_t seed)
{
  pkt_put16(l4, sport);
  pkt_put16(l4 + 2, dport);
  pkt_put16(l4 + 4, (uint16_t)(UDP_HLEN + n));
  pkt_put16(l4 + 6, 1); /* not 0: pkt_datagram computes it */
  pkt_pattern(l4 + UDP_HLEN, n, seed);
  return UDP_HLEN + n;
}

size_t
pkt_tcp(uint8_t *l4, uint16_t sport, uint16_t dport, uint8_t flags, uint32_t seq,
        size_t n, uint32_t seed)
{
  pkt_put16(l4, sport);
  pkt_put16(l4 + 2, dport);
  pkt_put32(l4 + 4, seq);
  pkt_put32(l4 + 8, (flags & PKT_TCP_ACK) ? 0xA0B0C0D0UL : 0);
  l4[12] = (TCP_HLEN / 4) << 4;
  l4[13] = flags;
  pkt_put16(l4 + 14, 8192);
  pkt_put16(l4 + 16, 0);
  pkt_put16(l4 + 18, 0);
  pkt_pattern(l4 + TCP_HLEN, n, seed);
  return TCP_HLEN + n;
}

size_t
pkt_icmp_echo(uint8_t *l4, uint8_t type, uint16_t id, uint16_t seq, size_t n, uint32_t seed)
{
  l4[0] = type;
  l4[1] = 0;
  pkt_put16(l4 + 2, 0);
  pkt_put16(l4 + 4, id);
  pkt_put16(l4 + 6, seq);
  pkt_pattern(l4 + ICMP_HLEN, n, seed);
  return ICMP_HLEN + n;
}

size_t
pkt_fragment(uint8_t *out, const uint8_t *dgram, size_t off, size_t n, int more)
{
  uint16_t frag = (uint16_t)(pkt_get16(dgram + 6) & PKT_DF);
  memcpy(out, dgram, IP_HLEN);
  memcpy(out + IP_HLEN, dgram + IP_HLEN + off, n);
  pkt_put16(out + 2, (uint16_t)(IP_HLEN + n));
  pkt_put16(out + 6, (uint16_t)(frag | (more ? PKT_MF : 0) | (off / 8)));
  pkt_fix_ip_checksum(out);
  return IP_HLEN + n;
}

size_t
pkt_udplite(uint8_t *l4, uint16_t sport, uint16_t dport, uint16_t coverage, size_t n, uint32_t seed)
{
  pkt_udp(l4, sport, dport, n, seed);
  pkt_put16(l4 + 4, coverage);
  return UDP_HLEN + n;
}

/* ---- IPv6 ---------------------------------------------------------------- */

#define IP6_HLEN PKT_IP6_HLEN
#define FRAG6_HLEN 8

size_t
pkt_ipv6(uint8_t *out, const struct pkt_ip6 *ip, uint8_t nexth, const uint8_t *payload, size_t len)
{
  memmove(out + IP6_HLEN, payload, len);
  pkt_put32(out, 0x60000000UL | ((uint32_t)ip->tclass << 20) | (ip->flow & 0xFFFFFUL));
  pkt_put16(out + 4, (uint16_t)len);
  out[6] = nexth;
  out[7] = ip->hlim;
  memcpy(out + 8, ip->src, 16);
  memcpy(out + 24, ip->dst, 16);
  return IP6_HLEN + len;
}

size_t
pkt_ip6_upper(const uint8_t *pkt, size_t len, uint8_t *proto)
{
  size_t off = IP6_HLEN;
  uint8_t nexth = pkt[6];
  while (nexth == PKT_NEXTH_HOPBYHOP || nexth == PKT_NEXTH_DESTOPTS || nexth == PKT_NEXTH_ROUTING) {
    if (off + 8 > len) {
      return 0;
    }
    nexth = pkt[off];
    off += 8 * ((size_t)pkt[off + 1] + 1);
  }
  if (off >= len) {
    return 0;
  }
  *proto = nexth;
  return off;
}

/* Offset of the checksum field in an upper-layer message of protocol
 * proto, 0 if it has none. */
static size_t
checksum_field6(uint8_t proto)
{
  switch (proto) {
    case PROTO_TCP:       return 16;
    case PROTO_UDP:
    case PROTO_UDPLITE:   return 6;
    case PKT_PROTO_ICMP6: return 2;
    default:              return 0;
  }
}

/* The one's complement sum of the upper-layer message at offset off of the
 * IPv6 datagram pkt (len bytes) and its pseudo header. */
static uint16_t
transport_sum6(const uint8_t *pkt, size_t len, size_t off, uint8_t proto)
{
  uint32_t sum = rfc1071_sum(pkt + 8, 32, 0) + (uint32_t)(len - off) + proto;
  return rfc1071_sum(pkt + off, covered(proto, pkt + off, len - off), sum);
}

int
pkt_transport_verifies6(const uint8_t *pkt, size_t len)
{
  uint8_t proto;
  size_t off = pkt_ip6_upper(pkt, len, &proto);
  if (off == 0 || checksum_field6(proto) == 0 || off + checksum_field6(proto) + 2 > len) {
    return 0;
  }
  return transport_sum6(pkt, len, off, proto) == 0xFFFF;
}

void
pkt_fix_transport_checksum6(uint8_t *pkt, size_t len)
{
  uint8_t proto;
  size_t off, field;
  uint16_t sum;

  if (len < IP6_HLEN || (off = pkt_ip6_upper(pkt, len, &proto)) == 0 ||
      (field = checksum_field6(proto)) == 0 || off + field + 2 > len) {
    return;
  }
  pkt_put16(pkt + off + field, 0);
  sum = transport_sum6(pkt, len, off, proto);
  /* UDP sends a sum of zero as all ones: 0 means "no checksum" there */
  pkt_put16(pkt + off + field, proto == PROTO_UDP && sum == 0xFFFF ? 0xFFFF : (uint16_t)~sum);
}

size_t
pkt_datagram6(uint8_t *out, const struct pkt_ip6 *ip, uint8_t nexth, const uint8_t *payload, size_t len)
{
  size_t n = pkt_ipv6(out, ip, nexth, payload, len);

  pkt_fix_transport_checksum6(out, n);
  return n;
}

size_t
pkt_ext6_opts(uint8_t *out, uint8_t nexth, size_t len)
{
  out[0] = nexth;
  out[1] = (uint8_t)(len / 8 - 1);
  out[2] = 1; /* PadN over the rest */
  out[3] = (uint8_t)(len - 4);
  memset(out + 4, 0, len - 4);
  return len;
}

size_t
pkt_ext6_routing(uint8_t *out, uint8_t nexth)
{
  memset(out, 0, 8);
  out[0] = nexth;
  return 8;
}

size_t
pkt_fragment6(uint8_t *out, const uint8_t *dgram, size_t off, size_t n, int more, uint32_t id)
{
  memcpy(out, dgram, IP6_HLEN);
  out[6] = PKT_NEXTH_FRAGMENT;
  pkt_put16(out + 4, (uint16_t)(FRAG6_HLEN + n));
  out[IP6_HLEN] = dgram[6];
  out[IP6_HLEN + 1] = 0;
  pkt_put16(out + IP6_HLEN + 2, (uint16_t)(off | (more ? 1 : 0)));
  pkt_put32(out + IP6_HLEN + 4, id);
  memcpy(out + IP6_HLEN + FRAG6_HLEN, dgram + IP6_HLEN + off, n);
  return IP6_HLEN + FRAG6_HLEN + n;
}
