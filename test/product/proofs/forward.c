/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * lwIP's own ip4_forward() (ip4.c): for every 20-byte header that
 * verifies, with every TOS, length, ID, fragment field, TTL, protocol,
 * checksum, source and destination, arriving on one netif and routed to
 * another, a datagram is forwarded only with TTL >= 2 (and with every TTL
 * >= 2 to a class A unicast destination, which ip4_canforward() lets
 * through), it leaves with TTL one less and a header that verifies
 * wherever the output netif generates IP checksums in software (0 where
 * it does not: LWIP_CHECKSUM_CTRL_PER_NETIF 1, symbolic netif flags).
 * Every other byte of the datagram is as it came but the transport
 * checksum field, which is 0 exactly where lwIP must zero it (per-netif
 * control, the datagram forwarded, not a fragment, holding the whole
 * transport header of a protocol whose GEN flag the output netif lacks)
 * and as it came everywhere else.
 *
 * The datagram is a chain of two pbufs: the header and the first LEN
 * transport bytes, then any number of transport bytes of any content,
 * each pbuf's bytes an object of its own with nothing after it, so that a
 * write past a pbuf's data is out of bounds (--bounds-check). LEN 0 is the
 * header alone in the first pbuf; as LEN grows the checksum field and the
 * transport header move into it. The header starts at an address OFF
 * modulo 4. The output netif's MTU is 0: ip4_frag() is the frag proof's.
 * The ICMP errors ip4_forward() sends are not part of the proof (icmp.c is
 * not compiled in).
 *
 * Both sums take the header's words in the same order.
 */
#include "proofs_lwip.h"
/* ip4.c compiled into the harness: ip4_forward() is static there */
#include "core/ipv4/ip4.c" /* NOLINT(bugprone-suspicious-include) */

u16_t nondet_u16(void);
u32_t nondet_u32(void);

static u8_t ttl_in;
static int sent;

/* the ICMP error for an expired datagram: not part of the proof (icmp.c
 * is not compiled in) */
void
icmp_time_exceeded(struct pbuf *p, enum icmp_te_type t)
{
  LWIP_UNUSED_ARG(p);
  LWIP_UNUSED_ARG(t);
}

static err_t
check_forwarded(struct netif *netif, struct pbuf *p, const ip4_addr_t *dest)
{
  const struct ip_hdr *h = (const struct ip_hdr *)p->payload;

  LWIP_UNUSED_ARG(dest);
  sent++;
  PROVE(ttl_in >= 2 && IPH_TTL(h) == ttl_in - 1);
  if (prove_gen_ip(netif, h)) {
    PROVE(prove_header_sum((const u8_t *)h) == 0xffff);
  }
  return ERR_OK;
}

/* Must ip4_forward() zero the transport checksum of the datagram with
 * 20-byte header h and tlen bytes after it, forwarded to netif out? With
 * per-netif control, for a protocol whose checksum out computes itself
 * (its GEN flag clear, as for the datagrams lwIP sends), in a datagram
 * that is not a fragment (offset 0 and MF clear: no netif computes the
 * checksum of a fragment) and that holds lwIP's whole transport header.
 * The field's offset after the IP header goes to *field. Only the
 * protocols compiled in: ip4_forward() knows no other. */
static int
must_zero(const u8_t *h, u16_t tlen, const struct netif *out, u16_t *field)
{
#if LWIP_CHECKSUM_CTRL_PER_NETIF
  u16_t flag, th_len;

  switch (h[9]) {
#if LWIP_ICMP
  case 1: /* ICMP: lwIP's header is an echo's, whatever the type (type,
           * code, checksum, ID, sequence number) */
    flag = NETIF_CHECKSUM_GEN_ICMP;
    th_len = 8;
    *field = 2;
    break;
#endif
#if LWIP_UDP
#if LWIP_UDPLITE
  case 136: /* UDP-Lite: UDP's header and flag */
#endif
  case 17: /* UDP */
    flag = NETIF_CHECKSUM_GEN_UDP;
    th_len = 8;
    *field = 6;
    break;
#endif
#if LWIP_TCP
  case 6: /* TCP: the header without options */
    flag = NETIF_CHECKSUM_GEN_TCP;
    th_len = 20;
    *field = 16;
    break;
#endif
  default:
    return 0;
  }
  return (out->chksum_flags & flag) == 0 &&
         (((h[6] << 8) | h[7]) & (IP_OFFMASK | IP_MF)) == 0 && tlen >= th_len;
#else
  LWIP_UNUSED_ARG(h);
  LWIP_UNUSED_ARG(tlen);
  LWIP_UNUSED_ARG(out);
  LWIP_UNUSED_ARG(field);
  return 0;
#endif
}

void
harness(void)
{
  static struct netif in, out;
  /* Static custom pbufs, not pbuf_alloc()'s: CBMC follows the fields of
   * a static object as constants, not those in a malloc() block, and
   * needs to know which pbuf pbuf_put_at() writes (else the header's sum
   * takes minutes of SAT). ip4_forward() frees nothing: no free function. */
  static struct pbuf_custom first_pc, rest_pc;
  struct pbuf *p, *rest;
  /* tlen transport bytes, LEN of them in the first pbuf; byte j of the
   * datagram */
  u16_t tlen = nondet_u16(), j = nondet_u16(), field = 0;
  u8_t *h, *t, *at, was;
  int zero;
  u32_t first;

  /* any length the total length's 16 bits hold */
  __CPROVER_assume(tlen >= LEN && tlen <= 0xffff - IP_HLEN);
  h = PROVE_BYTES_AT(IP_HLEN + LEN, OFF); /* any content, nothing after it */
  t = PROVE_BYTES_AT(tlen - LEN, 0);
  h[0] = 0x45;
  __CPROVER_assume(prove_header_sum(h) == 0xffff);
  ttl_in = h[8]; /* NOLINT(clang-analyzer-core.uninitialized.Assign): symbolic */
  sent = 0;

  /* Any one byte of the datagram (the proof holds for each), but TTL and
   * the header checksum: check_forwarded() proves those. */
  __CPROVER_assume(j < IP_HLEN + tlen && j != 8 && j != 10 && j != 11);
  at = j < IP_HLEN + LEN ? h + j : t + (j - IP_HLEN - LEN);
  was = *at; /* NOLINT(clang-analyzer-core.uninitialized.Assign): symbolic */

  in.flags = out.flags = NETIF_FLAG_UP | NETIF_FLAG_LINK_UP;
  out.output = check_forwarded;
  out.mtu = 0;
  ip4_addr_set_u32(&out.ip_addr, nondet_u32());
  __CPROVER_assume(!ip4_addr_isany_val(out.ip_addr));
  netif_default = &out;
#if LWIP_CHECKSUM_CTRL_PER_NETIF
  in.chksum_flags = nondet_u16();
  out.chksum_flags = nondet_u16();
#endif

  /* as ip4_input() hands it over: the header in the first pbuf. The chain
   * made by hand: pbuf_cat()'s walk to its end leaves CBMC unsure of the
   * pbufs again. */
  p = pbuf_alloced_custom(PBUF_RAW, IP_HLEN + LEN, PBUF_REF, &first_pc, h, IP_HLEN + LEN);
  rest = pbuf_alloced_custom(PBUF_RAW, (u16_t)(tlen - LEN), PBUF_REF, &rest_pc, t,
                             (u16_t)(tlen - LEN));
  p->next = rest;
  p->tot_len = (u16_t)(IP_HLEN + tlen);
  ip_data.current_netif = &in;
  ip_data.current_input_netif = &in;
  ip_data.current_ip4_header = (const struct ip_hdr *)h;
  memcpy(&ip_data.current_iphdr_src, h + 12, 4);
  memcpy(&ip_data.current_iphdr_dest, h + 16, 4);
  zero = must_zero(h, tlen, &out, &field); /* the header as it came */

  ip4_forward(p, (struct ip_hdr *)h, &in);
  first = h[16];
  PROVE(sent == (ttl_in >= 2) || first == 0 || first >= 127);
  if (sent && zero && (j == IP_HLEN + field || j == IP_HLEN + field + 1)) {
    PROVE(*at == 0);
  } else {
    PROVE(*at == was);
  }
}
