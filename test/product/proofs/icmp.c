/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * lwIP's own icmp_input() (icmp.c) and ip4_output_if() (ip4.c): for every
 * echo request whose 20-byte IP header verifies, with every TOS, ID, DF
 * bit, TTL, source and checksum, unfragmented, to the unicast address of
 * the netif it arrives on, icmp_input() hands netif->output one echo reply
 * with the addresses swapped, TTL ICMP_TTL and a header that verifies
 * wherever the netif generates IP checksums in software (0 where it does
 * not: LWIP_CHECKSUM_CTRL_PER_NETIF 1, symbolic netif flags, which also
 * decide whether ip4_input() checked the request's IP checksum and
 * icmp_input() its ICMP checksum), and gives the request's pbuf back once.
 * The ICMP message is an echo header and LEN data bytes of any content
 * whose checksum verifies. The request's pbuf has room for the link header
 * before its IP header, so that icmp_input() answers in place; the header
 * starts at an address OFF modulo 4.
 */
#include "proofs_lwip.h"
#include "lwip/icmp.h"
#include "lwip/ip.h"
#include "lwip/pbuf.h"
#include "lwip/prot/icmp.h"

u16_t nondet_u16(void);
u32_t nondet_u32(void);

/* the echo header and LEN data bytes */
#define ICMP_LEN (8 + LEN)
/* the link header's room before the IP header, a multiple of 4 */
#define LINK_ROOM ((PBUF_LINK_HLEN + PBUF_LINK_ENCAPSULATION_HLEN + 3) & ~3)

/* The orders in which the sums take the header's words. The request's and
 * the updated reply's add the same words up to TTL/protocol and checksum,
 * the reply's addresses (swapped) in the request's order; a reply whose
 * checksum icmp_input() computes in full (inet_chksum(): with per-netif
 * control, for a request whose checksum ip4_input() did not check) adds
 * its words in inet_chksum()'s order, the checksum last. */
static const u8_t request_order[] = { 0, 2, 4, 6, 12, 14, 16, 18, 8, 10 };
static const u8_t updated_order[] = { 0, 2, 4, 6, 16, 18, 12, 14, 8, 10 };
static const u8_t computed_order[] = { 0, 2, 4, 6, 8, 12, 14, 16, 18, 10 };

/* the request's addresses; how often the netif was called and the pbuf
 * given back */
static ip4_addr_t req_src, req_dest;
static int sent, freed;

static err_t
check_reply(struct netif *netif, struct pbuf *p, const ip4_addr_t *dest)
{
  const struct ip_hdr *h = (const struct ip_hdr *)p->payload;
  const u8_t *order = updated_order;

  sent++;
  PROVE(p->len == IP_HLEN + ICMP_LEN && IPH_HL_BYTES(h) == IP_HLEN &&
        ((const u8_t *)p->payload)[IP_HLEN] == ICMP_ER);
  PROVE(ip4_addr_eq(&h->src, &req_dest) && ip4_addr_eq(&h->dest, &req_src) &&
        ip4_addr_eq(dest, &req_src));
  PROVE(IPH_TTL(h) == ICMP_TTL && IPH_PROTO(h) == IP_PROTO_ICMP);
  if (!prove_gen_ip(netif, h)) {
    return ERR_OK;
  }
#if LWIP_CHECKSUM_CTRL_PER_NETIF
  if (!NETIF_CHECKSUM_ENABLED(netif, NETIF_CHECKSUM_CHECK_IP)) {
    order = computed_order;
  }
#endif
  PROVE(prove_header_sum_in((const u8_t *)h, order) == 0xffff);
  return ERR_OK;
}

/* the request's pbuf, given back when icmp_input() is done with it */
static void
free_request(struct pbuf *p)
{
  LWIP_UNUSED_ARG(p);
  freed++;
}

void
harness(void)
{
  static struct netif inp;
  /* The request: struct and data one object, as pbuf_alloc() makes a
   * PBUF_RAM pbuf, here a custom one (lwIP's pbuf_alloced_custom(), as a
   * zero-copy driver receives) of any content: CBMC keeps the fields of
   * such an object apart, where in pbuf_alloc()'s malloc() block each is a
   * symbolic read, which makes every loop over a chain run to the bound. */
  struct {
    struct pbuf_custom pc;
    u8_t mem[LINK_ROOM + OFF + IP_HLEN + ICMP_LEN];
  } req;
  u8_t *h = req.mem + LINK_ROOM + OFF;
  struct pbuf *p;
  int i;

  sent = freed = 0;
  memset(&inp, 0, sizeof(inp));
  inp.flags = NETIF_FLAG_UP | NETIF_FLAG_LINK_UP;
  inp.output = check_reply;
  inp.mtu = 0; /* never fragmented (ip4_frag is a proof of its own) */
  ip4_addr_set_u32(&inp.ip_addr, nondet_u32());
  __CPROVER_assume(!ip4_addr_isany_val(inp.ip_addr) &&
                   !ip4_addr_isbroadcast(&inp.ip_addr, &inp) &&
                   !ip4_addr_ismulticast(&inp.ip_addr));
#if LWIP_CHECKSUM_CTRL_PER_NETIF
  inp.chksum_flags = nondet_u16();
#endif

  h[0] = 0x45;
  __CPROVER_assume(prove_word_at(h, 2) == PP_HTONS(IP_HLEN + ICMP_LEN));
  __CPROVER_assume((prove_word_at(h, 6) & PP_HTONS(IP_MF | IP_OFFMASK)) == 0);
  h[9] = IP_PROTO_ICMP;
  for (i = 0; i < 4; i++) {
    h[16 + i] = ((const u8_t *)&inp.ip_addr)[i];
  }
  __CPROVER_assume(prove_header_sum_in(h, request_order) == 0xffff);
  memcpy(&req_src, h + 12, 4);
  memcpy(&req_dest, h + 16, 4);
  h[IP_HLEN] = ICMP_ECHO;
  __CPROVER_assume(rfc1071_sum(h + IP_HLEN, ICMP_LEN, 0) == 0xffff);

  /* as ip4_input() hands it to icmp_input(): the payload at the ICMP
   * message, the header and its addresses in ip_data */
  req.pc.custom_free_function = free_request;
  p = pbuf_alloced_custom(PBUF_RAW, IP_HLEN + ICMP_LEN, PBUF_RAM, &req.pc, h,
                          IP_HLEN + ICMP_LEN);
  __CPROVER_assume(p != NULL);
  pbuf_remove_header(p, IP_HLEN);
  ip_data.current_netif = &inp;
  ip_data.current_input_netif = &inp;
  ip_data.current_ip4_header = (const struct ip_hdr *)h;
  ip4_addr_copy(ip_data.current_iphdr_src, req_src);
  ip4_addr_copy(ip_data.current_iphdr_dest, req_dest);

  icmp_input(p, &inp);
  PROVE(sent == 1 && freed == 1);
}
