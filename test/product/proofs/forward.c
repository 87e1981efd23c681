/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * lwIP's own ip4_forward() (ip4.c): for every 20-byte header that
 * verifies, with every TOS, length, ID, fragment field, TTL, protocol,
 * checksum, source and destination, arriving on one netif and routed to
 * another, a datagram is forwarded only with TTL >= 2 (and with every TTL
 * >= 2 to a class A unicast destination, which ip4_canforward() lets
 * through), it leaves with TTL one less and a header that verifies
 * wherever the output netif generates IP checksums in software (0 where
 * it does not: LWIP_CHECKSUM_CTRL_PER_NETIF 1, symbolic netif flags), and
 * nothing is written past the first pbuf, which holds only the header
 * (the transport header is in a second pbuf). The header starts at an
 * address OFF modulo 4. The ICMP errors ip4_forward() sends are not part
 * of the proof (icmp.c is not compiled in).
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

void
harness(void)
{
  static struct netif in, out;
  struct pbuf *p, *transport;
  u8_t *h = PROVE_BYTES_AT(IP_HLEN, OFF); /* any content, nothing after it */
  u32_t first;

  h[0] = 0x45;
  __CPROVER_assume(prove_header_sum(h) == 0xffff);
  ttl_in = h[8]; /* NOLINT(clang-analyzer-core.uninitialized.Assign): symbolic */
  sent = 0;

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

  /* as ip4_input() hands it over: the header alone in the first pbuf */
  p = pbuf_alloc(PBUF_RAW, IP_HLEN, PBUF_REF);
  transport = pbuf_alloc(PBUF_RAW, nondet_u16() % 1480, PBUF_ROM);
  __CPROVER_assume(p != NULL && transport != NULL);
  p->payload = h;
  pbuf_cat(p, transport);
  ip_data.current_netif = &in;
  ip_data.current_input_netif = &in;
  ip_data.current_ip4_header = (const struct ip_hdr *)h;
  memcpy(&ip_data.current_iphdr_src, h + 12, 4);
  memcpy(&ip_data.current_iphdr_dest, h + 16, 4);

  ip4_forward(p, (struct ip_hdr *)h, &in);
  first = h[16];
  PROVE(sent == (ttl_in >= 2) || first == 0 || first >= 127);
}
