/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * lwIP's own ip4_frag() (ip4_frag.c): for every MTU 68..1500 and every
 * datagram of 0..FRAG_MAX payload bytes (make prove gives the bound) with
 * a 20-byte header of any TOS, ID, TTL, protocol, checksum, length,
 * source and destination, DF clear, and any fragment offset and MF of its
 * own (a fragment being fragmented again, whose end is within 65535
 * bytes), every fragment handed to netif->output
 * - has the original's fields, a total length of at most the MTU that
 *   counts the pbufs it comes in, and a header that verifies wherever the
 *   netif generates IP checksums in software (0 where it does not:
 *   LWIP_CHECKSUM_CTRL_PER_NETIF 1, a symbolic netif flag);
 * - starts where the previous one ended (the first where the original
 *   did), the offsets being multiples of 8;
 * - has MF set unless it is the last, and the last has it if the
 *   original had;
 * - refers to the datagram's own payload bytes of that stretch;
 * and the fragments carry the whole payload, ip4_frag() returns ERR_OK and
 * holds no reference to the datagram. The datagram is one PBUF_REF pbuf,
 * the header followed by the payload, the header at an address OFF modulo
 * 4. Memory never runs out (prove.sh runs cbmc with --no-malloc-may-fail).
 */
#include "proofs_lwip.h"
#include "lwip/ip4_frag.h"

u16_t nondet_u16(void);

/* the most payload bytes of the datagram */
#ifndef FRAG_MAX
#define FRAG_MAX 64
#endif

/* the datagram, and what its fragments carried so far */
static struct {
  const struct ip_hdr *hdr;
  const u8_t *payload;
  const ip4_addr_t *dest;
  u16_t len, start, done, mtu;
  int mf;
} dg;

/* the header's words in the order ip4_frag.c adds them: those every
 * fragment shares, the total length, the fragment field; the checksum */
static const u8_t frag_order[IP_HLEN / 2] = { 0, 4, 8, 12, 14, 16, 18, 2, 6, 10 };

static err_t
check_fragment(struct netif *netif, struct pbuf *p, const ip4_addr_t *dest)
{
  const struct ip_hdr *h = (const struct ip_hdr *)p->payload;
  const struct ip_hdr *o = dg.hdr;
  u16_t n = (u16_t)(lwip_ntohs(IPH_LEN(h)) - IP_HLEN);
  u16_t field = lwip_ntohs(IPH_OFFSET(h));
  const u8_t *at = dg.payload + dg.done;
  const struct pbuf *q;
  int last;

  PROVE(p->len == IP_HLEN && IPH_V(h) == 4 && IPH_HL_BYTES(h) == IP_HLEN);
  PROVE(IPH_TOS(h) == IPH_TOS(o) && IPH_ID(h) == IPH_ID(o) && IPH_TTL(h) == IPH_TTL(o) &&
        IPH_PROTO(h) == IPH_PROTO(o));
  PROVE(ip4_addr_eq(&h->src, &o->src) && ip4_addr_eq(&h->dest, &o->dest) && dest == dg.dest);
  PROVE(p->tot_len == n + IP_HLEN && n + IP_HLEN <= dg.mtu && n > 0 && n <= dg.len - dg.done);
  /* where the previous fragment ended: the offset counts 8-byte units */
  PROVE((field & IP_OFFMASK) * 8 == dg.start + dg.done);
  last = n == dg.len - dg.done;
  PROVE((field & ~IP_OFFMASK) == (!last || dg.mf ? IP_MF : 0));
  for (q = p->next; q != NULL; q = q->next) {
    PROVE(q->payload == at);
    at += q->len;
  }
  PROVE(at == dg.payload + dg.done + n);
  if (prove_gen_ip(netif, h)) {
    PROVE(prove_header_sum_in((const u8_t *)h, frag_order) == 0xffff);
  }
  dg.done = (u16_t)(dg.done + n);
  return ERR_OK;
}

void
harness(void)
{
  static struct netif netif;
  static ip4_addr_t dest;
  u8_t *h = PROVE_BYTES_AT(IP_HLEN + FRAG_MAX, OFF); /* any content */
  struct pbuf *p;
  u16_t field;
  err_t err;

  dg.len = nondet_u16();
  __CPROVER_assume(dg.len <= FRAG_MAX);
  h[0] = 0x45;
  dg.hdr = (const struct ip_hdr *)h;
  dg.payload = h + IP_HLEN;
  field = lwip_ntohs(IPH_OFFSET(dg.hdr)); /* NOLINT(clang-analyzer-core.CallAndMessage): symbolic */
  __CPROVER_assume((field & (IP_DF | IP_RF)) == 0);
  dg.start = (u16_t)((field & IP_OFFMASK) * 8);
  __CPROVER_assume(dg.start + dg.len <= 0xffff - IP_HLEN);
  dg.mf = (field & IP_MF) != 0;
  dg.done = 0;
  dg.dest = &dest;

  netif.mtu = dg.mtu = nondet_u16();
  __CPROVER_assume(dg.mtu >= 68 && dg.mtu <= 1500);
  netif.output = check_fragment;
#if LWIP_CHECKSUM_CTRL_PER_NETIF
  netif.chksum_flags = nondet_u16();
#endif

  p = pbuf_alloc(PBUF_RAW, (u16_t)(IP_HLEN + dg.len), PBUF_REF);
  __CPROVER_assume(p != NULL);
  p->payload = h;

  err = ip4_frag(p, &netif, &dest);
  PROVE(err == ERR_OK && dg.done == dg.len && p->ref == 1);
}
