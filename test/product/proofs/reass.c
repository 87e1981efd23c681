/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * lwIP's own ip4_reass() (ip4_frag.c), fed LEN fragments of one datagram
 * (the same source, destination and ID; every TOS, TTL and protocol) in
 * turn, each with every fragment offset, payload length, MF, DF and
 * reserved bit and stored checksum, so in every arrival order; overlapping
 * and repeated fragments too. Offsets and lengths are each below 32 bytes,
 * or with FRAG_ANY any within the 65515 data bytes of a datagram. After
 * each fragment:
 *
 * - a reassembled datagram is fragments fed, chained in the order of their
 *   offsets from 0 without a gap, MF set on every one but the last; its
 *   header holds the datagram's TOS, TTL, protocol, ID, source and
 *   destination, offset 0 with MF clear, the length of the chain as total
 *   length, and verifies (the RFC 1071 sum of its words as stored is
 *   0xffff);
 * - a fragment that disagrees with the fragments queued before about
 *   where the datagram ends (a second last fragment, MF clear, ending
 *   elsewhere; a last fragment ending before data received; data past the
 *   end a last fragment set) yields no datagram, and the datagram is
 *   dropped with all its fragments.
 *
 * Each fragment is one PBUF_REF pbuf of the header and payload lengths
 * whose memory holds the header alone: ip4_reass() reads no payload (a
 * read would fail the bounds check). ip4_reass() does not look at netif
 * checksum flags, so LWIP_CHECKSUM_CTRL_PER_NETIF does not matter here.
 * Built with IP_FRAG 0 (ip4_frag() is not part of this proof): pbuf_free()
 * then has no custom pbuf branch, a recursion CBMC would unwind although
 * no fragment here takes it.
 *
 * The header's words are added in the order ip4_frag.c adds the fields,
 * as in output.c: that the order of a one's complement sum does not
 * matter is arithmetic, not part of the proof.
 */
#include "proofs_lwip.h"
/* ip4_frag.c compiled into the harness: its datagram queue is static, and
 * the harness reads it to see which fragments are queued */
#include "core/ipv4/ip4_frag.c" /* NOLINT(bugprone-suspicious-include) */

u8_t nondet_u8(void);
u16_t nondet_u16(void);
u32_t nondet_u32(void);

/* the datagram's fields, as stored */
static struct ip_hdr want;

/* each fragment fed: its pbuf, data offsets, MF */
static struct pbuf *frag_p[LEN];
static u32_t frag_start[LEN], frag_end[LEN];
static int frag_mf[LEN];

/* what the fragments queued for the datagram say of its end */
static int have_last;
static u32_t last_end, max_end;

/* the ICMP time exceeded of a datagram that times out: not part of the
 * proof (icmp.c is not compiled in; no timer runs) */
void
icmp_time_exceeded(struct pbuf *p, enum icmp_te_type t)
{
  LWIP_UNUSED_ARG(p);
  LWIP_UNUSED_ARG(t);
}

/* fragment i of the datagram: any offset, length, flags and checksum */
static struct pbuf *
fragment(int i)
{
  u8_t *b = PROVE_BYTES_AT(IP_HLEN, 0);
  struct ip_hdr *h = (struct ip_hdr *)b;
#ifdef FRAG_ANY
  u16_t flags = nondet_u16();
  u16_t len = nondet_u16();
#else
  u16_t flags = (u16_t)(nondet_u16() & (IP_RF | IP_DF | IP_MF | 3));
  u16_t len = (u16_t)(nondet_u16() & 31);
#endif
  struct pbuf *p;

  /* a fragment, as ip4_input() hands it over, within a datagram */
  __CPROVER_assume((flags & (IP_OFFMASK | IP_MF)) != 0);
  __CPROVER_assume((flags & IP_OFFMASK) * 8U + len <= 0xffffU - IP_HLEN);
  memcpy(h, &want, IP_HLEN);
  IPH_LEN_SET(h, lwip_htons((u16_t)(IP_HLEN + len)));
  IPH_OFFSET_SET(h, lwip_htons(flags));
  IPH_CHKSUM_SET(h, nondet_u16());
  frag_start[i] = (flags & IP_OFFMASK) * 8U;
  frag_end[i] = frag_start[i] + len;
  frag_mf[i] = (flags & IP_MF) != 0;

  p = pbuf_alloc(PBUF_RAW, (u16_t)(IP_HLEN + len), PBUF_REF);
  __CPROVER_assume(p != NULL);
  p->payload = b; /* NOLINT(clang-analyzer-core.NullDereference): p != NULL assumed */
  frag_p[i] = p;
  return p;
}

/* Does fragment i disagree with those accepted about the end? */
static int
disagrees(int i)
{
  if (!frag_mf[i] && ((have_last && frag_end[i] != last_end) || max_end > frag_end[i])) {
    return 1;
  }
  return frag_mf[i] && have_last && frag_end[i] > last_end;
}

/* Is p among the fragments of the queued datagram? */
static int
queued(const struct pbuf *p)
{
  const struct pbuf *q;

  for (q = reassdatagrams->p; q != NULL; q = ((const struct ip_reass_helper *)q->payload)->next_pbuf) {
    if (q == p) {
      return 1;
    }
  }
  return 0;
}

/* the fragment (of the first n fed) whose pbuf is q, LEN if none */
static int
which(const struct pbuf *q, int n)
{
  int i;

  for (i = 0; i < n; i++) {
    if (frag_p[i] == q) {
      return i;
    }
  }
  return LEN;
}

/* the byte offsets of the header's words in the order ip4_frag.c adds
 * the fields: the ones reassembly keeps, total length, flags and offset,
 * then the checksum */
static const u8_t reass_order[IP_HLEN / 2] = { 0, 4, 8, 12, 14, 16, 18, 2, 6, 10 };

/* r, reassembled after n fragments were fed */
static void
check_datagram(const struct pbuf *r, int n)
{
  const struct ip_hdr *h = (const struct ip_hdr *)r->payload;
  const struct pbuf *q;
  u32_t at = 0;
  int i;

  /* the fragments in order from offset 0, without a gap or overlap; each
   * pbuf after the first its payload alone */
  for (q = r; q != NULL; q = q->next) {
    i = which(q, n);
    PROVE(i < n && frag_start[i] == at && frag_mf[i] == (q->next != NULL));
    PROVE(q->len == (q == r ? IP_HLEN : 0) + frag_end[i] - frag_start[i]);
    at = frag_end[i];
  }
  PROVE(r->len >= IP_HLEN && IPH_V(h) == 4 && IPH_HL_BYTES(h) == IP_HLEN);
  PROVE(lwip_ntohs(IPH_LEN(h)) == IP_HLEN + at && r->tot_len == IP_HLEN + at);
  PROVE(IPH_OFFSET(h) == 0);
  PROVE(IPH_TOS(h) == IPH_TOS(&want) && IPH_TTL(h) == IPH_TTL(&want) &&
        IPH_PROTO(h) == IPH_PROTO(&want) && IPH_ID(h) == IPH_ID(&want));
  PROVE(ip4_addr_eq(&h->src, &want.src) && ip4_addr_eq(&h->dest, &want.dest));
  PROVE(prove_header_sum_in((const u8_t *)h, reass_order) == 0xffff);
}

void
harness(void)
{
  struct pbuf *r;
  int i, conflict;

  IPH_VHL_SET(&want, 4, IP_HLEN / 4);
  IPH_TOS_SET(&want, nondet_u8());
  IPH_ID_SET(&want, nondet_u16());
  IPH_TTL_SET(&want, nondet_u8());
  IPH_PROTO_SET(&want, nondet_u8());
  ip4_addr_set_u32(&want.src, nondet_u32());
  ip4_addr_set_u32(&want.dest, nondet_u32());

  for (i = 0; i < LEN; i++) {
    r = fragment(i);
    conflict = disagrees(i);
    r = ip4_reass(r);
    PROVE(!conflict || (r == NULL && reassdatagrams == NULL));
    if (r != NULL) {
      check_datagram(r, i + 1);
      pbuf_free(r);
    }
    if (reassdatagrams == NULL) {
      /* reassembled or dropped: the next fragment starts anew */
      have_last = 0;
      max_end = 0;
    } else if (queued(frag_p[i])) {
      if (!frag_mf[i]) {
        have_last = 1;
        last_end = frag_end[i];
      }
      if (frag_end[i] > max_end) {
        max_end = frag_end[i];
      }
    }
  }
}
