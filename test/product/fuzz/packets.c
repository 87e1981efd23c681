/* SPDX-License-Identifier: BSD-3-Clause */
#include "packets.h"

#include <string.h>

#include "rfc1071.h"

#define IP_HLEN 20
#define UDP_HLEN 8
#define TCP_HLEN 20
#define ICMP_HLEN 8

void
pkt_put16(uint8_t *p, uint16_t v)
{
  p[0] = (uint8_t)(v >> 8);
  p[1] = (uint8_t)v;
}

static void
put32(uint8_t *p, uint32_t v)
{
  pkt_put16(p, (uint16_t)(v >> 16));
  pkt_put16(p + 2, (uint16_t)v);
}

void
pkt_fix_ip_chksum(uint8_t *hdr)
{
  size_t hlen = (size_t)(hdr[0] & 0x0f) * 4;

  pkt_put16(hdr + 10, 0);
  pkt_put16(hdr + 10, (uint16_t)~rfc1071_sum(hdr, hlen, 0));
}

size_t
pkt_ipv4(uint8_t *out, const struct pkt_ip *ip, const uint8_t *payload,
         size_t len)
{
  size_t hlen = IP_HLEN + ip->optlen;

  out[0] = (uint8_t)(0x40 | (hlen / 4));
  out[1] = ip->tos;
  pkt_put16(out + 2, (uint16_t)(hlen + len));
  pkt_put16(out + 4, ip->id);
  pkt_put16(out + 6, ip->frag);
  out[8] = ip->ttl;
  out[9] = ip->proto;
  put32(out + 12, ip->src);
  put32(out + 16, ip->dst);
  if (ip->optlen > 0) {
    memcpy(out + IP_HLEN, ip->opts, ip->optlen);
  }
  pkt_fix_ip_chksum(out);
  memmove(out + hlen, payload, len);
  return hlen + len;
}

static void
pattern(uint8_t *out, size_t len)
{
  size_t i;

  for (i = 0; i < len; i++) {
    out[i] = (uint8_t)(i * 7 + 1);
  }
}

size_t
pkt_icmp_echo(uint8_t *out, uint16_t id, uint16_t seq, size_t datalen)
{
  out[0] = 8; /* echo request */
  out[1] = 0;
  pkt_put16(out + 2, 0);
  pkt_put16(out + 4, id);
  pkt_put16(out + 6, seq);
  pattern(out + ICMP_HLEN, datalen);
  pkt_put16(out + 2, (uint16_t)~rfc1071_sum(out, ICMP_HLEN + datalen, 0));
  return ICMP_HLEN + datalen;
}

/* The transport checksum over the pseudo header and len bytes at seg. */
static uint16_t
pseudo_chksum(uint32_t src, uint32_t dst, uint8_t proto, const uint8_t *seg,
              size_t len)
{
  uint8_t pseudo[12];

  put32(pseudo, src);
  put32(pseudo + 4, dst);
  pseudo[8] = 0;
  pseudo[9] = proto;
  pkt_put16(pseudo + 10, (uint16_t)len);
  return (uint16_t)~rfc1071_sum(seg, len, rfc1071_sum(pseudo, sizeof(pseudo), 0));
}

size_t
pkt_udp(uint8_t *out, uint32_t src, uint32_t dst, uint16_t sport,
        uint16_t dport, size_t datalen)
{
  uint16_t sum;

  pkt_put16(out, sport);
  pkt_put16(out + 2, dport);
  pkt_put16(out + 4, (uint16_t)(UDP_HLEN + datalen));
  pkt_put16(out + 6, 0);
  pattern(out + UDP_HLEN, datalen);
  sum = pseudo_chksum(src, dst, 17, out, UDP_HLEN + datalen);
  pkt_put16(out + 6, sum ? sum : 0xffff); /* 0 means "no checksum" in UDP */
  return UDP_HLEN + datalen;
}

size_t
pkt_tcp_syn(uint8_t *out, uint32_t src, uint32_t dst, uint16_t sport,
            uint16_t dport, uint32_t seq)
{
  memset(out, 0, TCP_HLEN);
  pkt_put16(out, sport);
  pkt_put16(out + 2, dport);
  put32(out + 4, seq);
  out[12] = (TCP_HLEN / 4) << 4;
  out[13] = 0x02; /* SYN */
  pkt_put16(out + 14, 8192);
  pkt_put16(out + 16, pseudo_chksum(src, dst, 6, out, TCP_HLEN));
  return TCP_HLEN;
}
