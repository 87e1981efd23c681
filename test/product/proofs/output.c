/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The inline IPv4 header checksum of lwIP's ip4_output_if_opt_src(), on
 * lwIP's own ip4.c (the patched tree, or a plant): for every TOS, TTL,
 * protocol, ID, source, destination and payload length, and LEN bytes of
 * IP options with every content (make prove runs each LEN of its bound),
 * the header handed to the netif holds those fields, and its checksum is
 * the complement of the RFC 1071 sum of the header's 16-bit words as
 * written wherever the netif generates IP checksums in software, 0 where
 * it does not (LWIP_CHECKSUM_CTRL_PER_NETIF 1: a symbolic netif flag). The
 * header starts at an address OFF modulo 4.
 *
 * The words are added in the order ip4.c adds the fields: that the order
 * of a one's complement sum does not matter is arithmetic, not part of
 * the proof (SAT does not decide two sums of a dozen symbolic words in
 * different orders equal in reasonable time). Every word, its byte order,
 * the value written and the fold are.
 */
#include "proofs_lwip.h"
/* ip4.c compiled into the harness: its ID counter ip_id is static, and the
 * harness gives it every value */
#include "core/ipv4/ip4.c" /* NOLINT(bugprone-suspicious-include) */
#include "rfc1071.h"

u8_t nondet_u8(void);
u16_t nondet_u16(void);
u32_t nondet_u32(void);

/* IP_HLEN_MAX - IP_HLEN: the most option bytes lwIP sends */
#define OPT_MAX 40

/* what the header must hold, and how often the netif was called */
struct want {
  u8_t ttl, tos, proto;
  u16_t id, tot_len;
  ip4_addr_t src, dest;
  u8_t opts[OPT_MAX];
  int sent;
};
static struct want want;

static err_t
check_output(struct netif *netif, struct pbuf *p, const ip4_addr_t *dest)
{
  const struct ip_hdr *h = (const struct ip_hdr *)p->payload;
  const u8_t *b = (const u8_t *)p->payload;
  u16_t hlen = (u16_t)(IP_HLEN + ((LEN + 3) & ~3));
  u32_t sum = 0;
  u16_t i;

  want.sent++;
  PROVE(p->len >= hlen && IPH_V(h) == 4 && IPH_HL_BYTES(h) == hlen);
  PROVE(IPH_TTL(h) == want.ttl && IPH_TOS(h) == want.tos && IPH_PROTO(h) == want.proto);
  PROVE(lwip_ntohs(IPH_ID(h)) == want.id && lwip_ntohs(IPH_LEN(h)) == want.tot_len &&
        IPH_OFFSET(h) == 0);
  PROVE(ip4_addr_eq(&h->src, &want.src) && ip4_addr_eq(&h->dest, &want.dest) &&
        ip4_addr_eq(dest, &want.dest));
  for (i = 0; i < hlen - IP_HLEN; i++) {
    PROVE(b[IP_HLEN + i] == (i < LEN ? want.opts[i] : 0));
  }
  if (!prove_gen_ip(netif, h)) {
    return ERR_OK;
  }
  /* options, TTL and protocol, destination, version and TOS, length, ID,
   * source; the fragment offset is 0 (above) */
  for (i = IP_HLEN; i < hlen; i += 2) {
    sum += prove_word_at(b, i);
  }
  /* one word at a time, as ip4.c adds them: the same additions */
  sum += prove_word_at(b, 8);
  sum += prove_word_at(b, 16);
  sum += prove_word_at(b, 18);
  sum += prove_word_at(b, 0);
  sum += prove_word_at(b, 2);
  sum += prove_word_at(b, 4);
  sum += prove_word_at(b, 12);
  sum += prove_word_at(b, 14);
  PROVE(IPH_CHKSUM(h) == (u16_t)~rfc1071_fold(sum));
  return ERR_OK;
}

void
harness(void)
{
  /* room for the longest header before the payload, and OFF bytes more */
  const u16_t room = IP_HLEN + OPT_MAX + OFF;
  struct netif netif;
  struct pbuf *p, *payload;
  u16_t len = nondet_u16();
  u8_t *opts = PROVE_BYTES_AT(OPT_MAX, 0); /* every content */
  err_t err;

  want.ttl = nondet_u8();
  want.tos = nondet_u8();
  want.proto = nondet_u8();
  want.id = ip_id = nondet_u16();
  want.src.addr = nondet_u32();
  want.dest.addr = nondet_u32();
  __CPROVER_assume(len <= 0xffff - room);
  want.tot_len = (u16_t)(len + IP_HLEN + ((LEN + 3) & ~3));
  memcpy(want.opts, opts, OPT_MAX);
  want.sent = 0;

  memset(&netif, 0, sizeof(netif));
  netif.output = check_output;
  /* mtu 0: never fragmented (ip4_frag is a proof of its own) */
  netif.mtu = 0;
#if LWIP_CHECKSUM_CTRL_PER_NETIF
  netif.chksum_flags = nondet_u16();
#endif

  /* the header's pbuf, and the payload in a second one: a PBUF_ROM of
   * any length whose bytes output never reads (a block of symbolic size
   * would cost the solver minutes). The header, 20 + 4k bytes before the
   * payload, starts OFF bytes past an address aligned to 4. */
  p = pbuf_alloc(PBUF_RAW, room, PBUF_RAM);
  payload = pbuf_alloc(PBUF_RAW, len, PBUF_ROM);
  __CPROVER_assume(p != NULL && payload != NULL);
  pbuf_remove_header(p, room);
  pbuf_cat(p, payload);
  err = ip4_output_if_opt_src(p, &want.src, &want.dest, want.ttl, want.tos, want.proto,
                              &netif, opts, LEN);
  PROVE(err == ERR_OK && want.sent == 1);
}
