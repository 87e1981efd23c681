/* Packets lwIP builds itself: ip4_output with and without options,
 * fragmentation, reassembly, ICMP echo replies and errors. */
#include "pktest.h"

#include <string.h>

#include "lwip/icmp.h"
#include "lwip/ip.h"
#include "lwip/ip4.h"
#include "lwip/ip4_frag.h"
#include "lwip/raw.h"
#include "lwip/udp.h"

#define PROTO_TEST 253 /* RFC 3692 experimental: no transport checksum */

static u8_t pkt[10000];
static u8_t l4[10000];
static u8_t buf[10000];

/* Frame `i` is the datagram asked for: header fields and payload. */
static void
check_output(int i, int ifnum, u8_t tos, u8_t ttl, u8_t proto, u32_t src, u32_t dst,
             const u8_t *opts, u8_t optlen, size_t n, u16_t seed)
{
  const struct pk_frame *f;
  size_t hlen = 20 + (size_t)((optlen + 3) & ~3);
  ck_assert_msg(i < pk_nframes, "datagram %d was not sent", i);
  f = &pk_frames[i];
  ck_assert_int_eq(f->ifnum, ifnum);
  ck_assert_msg(f->len == hlen + n, "frame %d: %u bytes, expected %u", i, f->len, (unsigned)(hlen + n));
  ck_assert_int_eq(f->data[0], 0x40 | (hlen / 4));
  ck_assert_int_eq(f->data[1], tos);
  ck_assert_int_eq(pkt_get16(f->data + 6), 0);
  ck_assert_int_eq(f->data[8], ttl);
  ck_assert_int_eq(f->data[9], proto);
  ck_assert_msg(pkt_get32(f->data + 12) == src && pkt_get32(f->data + 16) == dst,
                "frame %d: wrong addresses", i);
  ck_assert_msg(optlen == 0 || memcmp(f->data + 20, opts, optlen) == 0, "frame %d: options", i);
  while (20 + (size_t)optlen < hlen) {
    ck_assert_msg(f->data[20 + optlen] == 0, "frame %d: options not zero padded", i);
    optlen++;
  }
  pkt_pattern(buf, n, seed);
  ck_assert_msg(memcmp(f->data + hlen, buf, n) == 0, "frame %d: payload differs", i);
}

/* ip4_output_if_src: sizes, odd and even header starts, TOS/TTL, source
 * addresses that make carries in the sum. */
START_TEST(test_output_headers)
{
  static const u16_t sizes[] = { 0, 1, 2, 3, 19, 20, 63, 64, 255, 1000, 1479, 1480 };
  static const u8_t tos[] = { 0, 0x10, 0xB8, 0xFF, 0x01 };
  static const u8_t ttl[] = { 1, 64, 128, 255, 2, 0xFE };
  static const u32_t src[] = { PK_ADDR_A, 0, 0xFFFFFFFEUL, 0x00010001UL, 0xFFFF0000UL, 0x80008000UL, 0x7FFF7FFFUL };
  static const u32_t dst[] = { PK_ADDR_PEER_A, 0xC0A801FFUL, 0xC0A801FEUL };
  int i;
  for (i = 0; i < (int)LWIP_ARRAYSIZE(sizes) * 4; i++) {
    u16_t misalign = (u16_t)(i % 4);
    size_t n = sizes[i / 4];
    struct pbuf *p = pk_payload(n, misalign, (u32_t)i);
    ip4_addr_t s, d;
    harness_ip4(&s, src[i % LWIP_ARRAYSIZE(src)]);
    harness_ip4(&d, dst[i % LWIP_ARRAYSIZE(dst)]);
    ck_assert(ip4_output_if_src(p, &s, &d, ttl[i % LWIP_ARRAYSIZE(ttl)], tos[i % LWIP_ARRAYSIZE(tos)],
                                (u8_t)(PROTO_TEST + i % 2), &pk_netif[PK_A]) == ERR_OK);
    pbuf_free(p);
    check_output(i, PK_A, tos[i % LWIP_ARRAYSIZE(tos)], ttl[i % LWIP_ARRAYSIZE(ttl)],
                 (u8_t)(PROTO_TEST + i % 2), src[i % LWIP_ARRAYSIZE(src)],
                 dst[i % LWIP_ARRAYSIZE(dst)], NULL, 0, n, (u16_t)i);
  }
}
END_TEST

/* Header in its own pbuf, data by reference at an odd address; and the
 * source taken from the netif, the route chosen by ip4_output. */
START_TEST(test_output_chained)
{
  static u8_t data[2000];
  int i;
  pkt_pattern(data, sizeof(data), 7);
  for (i = 0; i < 8; i++) {
    size_t n = (size_t)(i * 97 + 1);
    struct pbuf *h = pbuf_alloc(PBUF_IP, 0, PBUF_RAM);
    struct pbuf *r = pbuf_alloc(PBUF_RAW, (u16_t)n, PBUF_REF);
    ip4_addr_t d;
    ck_assert(h != NULL && r != NULL);
    r->payload = data + (i % 4);
    pbuf_cat(h, r);
    harness_ip4(&d, i < 4 ? PK_ADDR_PEER_A : PK_ADDR_PEER_B);
    if (i % 2) {
      ck_assert(ip4_output(h, NULL, &d, (u8_t)(i * 30), (u8_t)(i << 2), PROTO_TEST) == ERR_OK);
    } else {
      ck_assert(ip4_output_if(h, NULL, &d, 64, 0, PROTO_TEST, &pk_netif[i < 4 ? PK_A : PK_B]) == ERR_OK);
    }
    pbuf_free(h);
    ck_assert_int_eq(pk_nframes, i + 1);
    ck_assert(pk_frames[i].len == 20 + n);
    ck_assert(memcmp(pk_frames[i].data + 20, data + (i % 4), n) == 0);
    ck_assert(pkt_get32(pk_frames[i].data + 12) == (i < 4 ? PK_ADDR_A : PK_ADDR_B));
  }
}
END_TEST

/* IP options of every length 1..40 (padded to 4), every header start
 * alignment; 41 bytes are refused. */
START_TEST(test_output_options)
{
  u8_t opts[44];
  int optlen, misalign, i = 0;
  ip4_addr_t s, d;
  harness_ip4(&s, PK_ADDR_A);
  harness_ip4(&d, PK_ADDR_PEER_A);
  for (optlen = 1; optlen <= 40; optlen++) {
    for (misalign = 0; misalign < 4; misalign++) {
      size_t n = (size_t)(optlen * 13 % 61);
      struct pbuf *p = pk_payload(n, (u16_t)misalign, (u32_t)i);
      pkt_pattern(opts, (size_t)optlen, (u32_t)(optlen + misalign));
      if (optlen == 4) {
        static const u8_t router_alert[4] = { 0x94, 0x04, 0x00, 0x00 };
        memcpy(opts, router_alert, 4);
      }
      ck_assert(ip4_output_if_opt(p, misalign == 3 ? NULL : &s, &d, (u8_t)(1 + optlen * 6),
                                  (u8_t)(optlen * 5), PROTO_TEST, &pk_netif[PK_A], opts,
                                  (u16_t)optlen) == ERR_OK);
      pbuf_free(p);
      check_output(i, PK_A, (u8_t)(optlen * 5), (u8_t)(1 + optlen * 6), PROTO_TEST,
                   PK_ADDR_A, PK_ADDR_PEER_A, opts, (u8_t)optlen, n, (u16_t)i);
      i++;
    }
  }
  {
    struct pbuf *p = pk_payload(10, 0, 0);
    ck_assert(ip4_output_if_opt(p, &s, &d, 64, 0, PROTO_TEST, &pk_netif[PK_A], opts, 41) == ERR_VAL);
    pbuf_free(p);
    ck_assert_int_eq(pk_nframes, i);
  }
}
END_TEST

/* Header checksums steered to their edge values (0x0000, 0xFFFE, carries
 * across the byte boundary) through the source address, with and without
 * options: a full computation and the inline sum must agree exactly. */
START_TEST(test_output_checksum_corners)
{
  static const u16_t want[] = { 0x0000, 0x0001, 0x00FF, 0x0100, 0x7FFF, 0x8000, 0xFEFF, 0xFF00, 0xFFFE };
  static const u8_t opts[8] = { 0x94, 0x04, 0x00, 0x00, 0x01, 0x01, 0xFF, 0xFF };
  ip4_addr_t s, d;
  int i;
  harness_ip4(&d, PK_ADDR_PEER_A);
  for (i = 0; i < (int)LWIP_ARRAYSIZE(want) * 2; i++) {
    u8_t optlen = (u8_t)(i % 2 ? 8 : 0);
    size_t n = (size_t)(i * 11);
    u16_t id, low;
    struct pbuf *p;
    struct pkt_ip h;
    /* a probe tells the ID the next datagram gets */
    p = pk_payload(0, 0, 0);
    harness_ip4(&s, PK_ADDR_A);
    ck_assert(ip4_output_if_src(p, &s, &d, 64, 0, PROTO_TEST, &pk_netif[PK_A]) == ERR_OK);
    pbuf_free(p);
    id = (u16_t)(pkt_get16(pk_frames[pk_nframes - 1].data + 4) + 1);
    /* the low half of the source address solves for the checksum */
    memset(&h, 0, sizeof(h));
    h.tos = (u8_t)(i * 3);
    h.ttl = (u8_t)(200 + i);
    h.proto = PROTO_TEST;
    h.id = id;
    h.src = 0xC0A80000UL;
    h.dst = PK_ADDR_PEER_A;
    h.opts = opts;
    h.optlen = optlen;
    pkt_pattern(l4, n, (u32_t)i);
    pkt_datagram(pkt, &h, l4, n);
    low = rfc1071_fold((u32_t)(u16_t)~want[i / 2] + pkt_ip_checksum(pkt));
    harness_ip4(&s, h.src | low);
    p = pk_payload(n, (u16_t)(i % 4), (u32_t)i);
    ck_assert(ip4_output_if_opt_src(p, &s, &d, h.ttl, h.tos, PROTO_TEST, &pk_netif[PK_A],
                                    optlen ? (void *)opts : NULL, optlen) == ERR_OK);
    pbuf_free(p);
    ck_assert_int_eq(pkt_get16(pk_frames[pk_nframes - 1].data + 4), id);
    ck_assert_msg(pkt_get16(pk_frames[pk_nframes - 1].data + 10) == want[i / 2],
                  "header checksum 0x%04x, expected 0x%04x",
                  pkt_get16(pk_frames[pk_nframes - 1].data + 10), want[i / 2]);
  }
}
END_TEST

/* Large datagrams fragmented at several MTUs, even and odd payload
 * starts, payload in one pbuf or chained by reference. */
START_TEST(test_frag_mtus)
{
  static const u16_t mtus[] = { 576, 1006, 1500, 68, 1280, 1499 };
  static const u16_t sizes[] = { 1473, 2000, 3001, 8000 };
  static u8_t ref[9000];
  ip4_addr_t s, d;
  int m, z, misalign;
  harness_ip4(&s, PK_ADDR_B);
  harness_ip4(&d, PK_ADDR_PEER_B);
  for (m = 0; m < (int)LWIP_ARRAYSIZE(mtus); m++) {
    pk_netif[PK_B].mtu = mtus[m];
    for (z = 0; z < (int)LWIP_ARRAYSIZE(sizes); z++) {
      size_t n = sizes[z];
      size_t per = (size_t)((mtus[m] - 20) & ~7);
      if (mtus[m] < 500 && n > 2000) {
        continue; /* hundreds of fragments prove nothing more */
      }
      for (misalign = 0; misalign < 2; misalign++) {
        int first = pk_nframes, count, i;
        u32_t seed = (u32_t)(m * 16 + z * 2 + misalign);
        u8_t tos = (u8_t)(seed * 9), ttl = (u8_t)(seed * 5 + 1);
        struct pbuf *p = pk_payload(n, (u16_t)misalign, seed);
        ck_assert(ip4_output_if_src(p, &s, &d, ttl, tos, PROTO_TEST, &pk_netif[PK_B]) == ERR_OK);
        pbuf_free(p);
        count = pk_nframes - first;
        ck_assert_msg((size_t)count == (n + 20 <= mtus[m] ? 1 : (n + per - 1) / per), "MTU %u, %u bytes: %d fragments",
                      mtus[m], (unsigned)n, count);
        for (i = first; i < pk_nframes; i++) {
          ck_assert(pk_frames[i].ifnum == PK_B && pk_frames[i].len <= mtus[m]);
          ck_assert(pk_frames[i].data[1] == tos && pk_frames[i].data[8] == ttl);
        }
        ck_assert(pk_reassemble(buf, sizeof(buf), first, count) == 20 + n);
        pkt_pattern(ref, n, seed);
        ck_assert_msg(memcmp(buf + 20, ref, n) == 0, "MTU %u: reassembled data differs", mtus[m]);
      }
    }
  }
}
END_TEST

/* Fragmenting what the stack builds itself (UDP with its checksum over the
 * whole datagram) and what it is handed with IP_HDRINCL, including headers
 * whose checksum is zero (offload) or wrong: every fragment verifies. */
START_TEST(test_frag_udp_and_hdrincl)
{
  static const u16_t bad[] = { 0x0000, 0x1234, 0xFFFF };
  struct udp_pcb *pcb = udp_new();
  ip_addr_t d;
  int i;
  ck_assert(pcb != NULL);
  ck_assert(udp_bind(pcb, IP4_ADDR_ANY, 5000) == ERR_OK);
  harness_ip4(ip_2_ip4(&d), PK_ADDR_PEER_B);
  IP_SET_TYPE_VAL(d, IPADDR_TYPE_V4);
  pk_netif[PK_B].mtu = 1006;
  for (i = 0; i < 3; i++) {
    int first = pk_nframes;
    size_t len;
    struct pbuf *p = pk_payload((size_t)(2500 + i * 1001), (u16_t)i, (u32_t)i);
    ck_assert(udp_sendto_if(pcb, p, &d, (u16_t)(7 + i), &pk_netif[PK_B]) == ERR_OK);
    pbuf_free(p);
    len = pk_reassemble(buf, sizeof(buf), first, pk_nframes - first);
    ck_assert_msg(pkt_transport_verifies(buf, len), "reassembled UDP datagram does not verify");
  }
  udp_remove(pcb);

  for (i = 0; i < (int)LWIP_ARRAYSIZE(bad); i++) {
    struct pkt_ip h;
    size_t len, n = 3001;
    int first = pk_nframes;
    struct pbuf *p;
    memset(&h, 0, sizeof(h));
    h.tos = 0x20;
    h.ttl = (u8_t)(17 * i + 3);
    h.proto = PROTO_TEST;
    h.id = (u16_t)(0xFFF0 + i);
    h.src = PK_ADDR_B;
    h.dst = PK_ADDR_PEER_B;
    pkt_pattern(l4, n, (u32_t)i);
    len = pkt_datagram(pkt, &h, l4, n);
    pkt_put16(pkt + 10, bad[i]);
    p = pbuf_alloc(PBUF_IP, (u16_t)len, PBUF_RAM);
    ck_assert(p != NULL && pbuf_take(p, pkt, (u16_t)len) == ERR_OK);
    ck_assert(ip4_output_if(p, NULL, LWIP_IP_HDRINCL, 0, 0, 0, &pk_netif[PK_B]) == ERR_OK);
    pbuf_free(p);
    ck_assert_int_eq(pk_nframes - first, 4);
    ck_assert(pk_reassemble(buf, sizeof(buf), first, 4) == len);
    ck_assert(memcmp(buf + 20, pkt + 20, n) == 0);
  }
}
END_TEST

/* ---- reassembly ------------------------------------------------------------ */

static u8_t
record_local(void *arg, struct raw_pcb *pcb, struct pbuf *p, const ip_addr_t *addr)
{
  LWIP_UNUSED_ARG(arg);
  LWIP_UNUSED_ARG(pcb);
  LWIP_UNUSED_ARG(addr);
  pk_record_local(p);
  return 0; /* not eaten: ICMP and UDP still see it */
}

static struct raw_pcb *
local_listener(u8_t proto)
{
  struct raw_pcb *pcb = raw_new(proto);
  ck_assert(pcb != NULL);
  ck_assert(raw_bind(pcb, IP4_ADDR_ANY) == ERR_OK);
  raw_recv(pcb, record_local, NULL);
  return pcb;
}

/* Fragment dgram at the byte offsets bounds[0..nb) (multiples of 8, first
 * 0) and inject the pieces in the order given; the first fragment's header
 * gets TTL first_ttl (the reassembled header takes it from there). */
static void
inject_fragments(const u8_t *dgram, size_t len, const u16_t *bounds, int nb,
                 const int *order, u8_t first_ttl)
{
  int k;
  for (k = 0; k < nb; k++) {
    int j = order[k];
    size_t off = bounds[j];
    size_t end = j + 1 < nb ? bounds[j + 1] : len - 20;
    size_t flen = pkt_fragment(pkt, dgram, off, end - off, j + 1 < nb);
    if (j == 0) {
      pkt[8] = first_ttl;
      pkt_fix_ip_checksum(pkt);
    }
    pk_inject(PK_A, pkt, flen, PBUF_IP, 0);
  }
}

/* An echo request in fragments, in order and out of order: lwIP delivers
 * the reassembled datagram (recorded as interface 0, its header checksum
 * made by ip4_reass) and sends the reply, itself fragmented. */
START_TEST(test_reass_echo)
{
  static const u16_t bounds3[] = { 0, 1480, 2960 };
  static const u16_t bounds5[] = { 0, 8, 512, 1504, 2000 };
  static const int in_order[] = { 0, 1, 2, 3, 4 };
  static const int reversed3[] = { 2, 1, 0 };
  static const int shuffled5[] = { 3, 0, 4, 2, 1 };
  static const int last_first5[] = { 4, 1, 2, 3, 0 };
  static u8_t dgram[4000];
  struct raw_pcb *pcb = local_listener(IP_PROTO_ICMP);
  int c;
  for (c = 0; c < 5; c++) {
    const u16_t *bounds = c < 2 ? bounds3 : bounds5;
    int nb = c < 2 ? 3 : 5;
    const int *order = c == 0 ? in_order : c == 1 ? reversed3 : c == 2 ? in_order :
                       c == 3 ? shuffled5 : last_first5;
    struct pkt_ip h;
    size_t len, rlen;
    int first = pk_nframes;
    u8_t first_ttl = (u8_t)(c == 4 ? 1 : 64 + c);
    memset(&h, 0, sizeof(h));
    h.tos = (u8_t)(c * 0x21);
    h.ttl = 33;
    h.proto = IP_PROTO_ICMP;
    h.id = (u16_t)(0xABCD + c * 0x1111);
    h.src = PK_ADDR_PEER_A;
    h.dst = PK_ADDR_A;
    len = pkt_datagram(dgram, &h, l4, pkt_icmp_echo(l4, ICMP_ECHO, 0x4242, (u16_t)c, (size_t)(2992 + c * 3), (u32_t)c));
    inject_fragments(dgram, len, bounds, nb, order, first_ttl);

    ck_assert_msg(pk_nframes > first && pk_frames[first].ifnum == PK_LOCAL, "case %d: nothing delivered", c);
    ck_assert_int_eq(pk_frames[first].len, len);
    ck_assert_int_eq(pk_frames[first].data[8], first_ttl);
    ck_assert(memcmp(pk_frames[first].data + 20, dgram + 20, len - 20) == 0);
    ck_assert(pkt_get16(pk_frames[first].data + 6) == 0);
    /* the reply, fragmented at A's MTU of 1500 */
    ck_assert_int_eq(pk_nframes - first - 1, 3);
    rlen = pk_reassemble(buf, sizeof(buf), first + 1, 3);
    ck_assert_int_eq(rlen, len);
    ck_assert(buf[20] == ICMP_ER && pkt_get32(buf + 16) == PK_ADDR_PEER_A);
    ck_assert(memcmp(buf + 24, dgram + 24, len - 24) == 0);
    ck_assert_msg(pkt_transport_verifies(buf, rlen), "case %d: echo reply checksum", c);
  }
  raw_remove(pcb);
}
END_TEST

/* A fragmented UDP datagram to a closed port: the port unreachable
 * message quotes the header ip4_reass built. */
START_TEST(test_reass_udp_unreachable)
{
  static const u16_t bounds[] = { 0, 600, 1200 };
  static const int order[] = { 1, 2, 0 };
  static u8_t dgram[2000];
  struct raw_pcb *pcb = local_listener(IP_PROTO_UDP);
  struct pkt_ip h;
  size_t len;
  const struct pk_frame *f;
  memset(&h, 0, sizeof(h));
  h.ttl = 200;
  h.proto = IP_PROTO_UDP;
  h.id = 0xFFFF;
  h.src = PK_ADDR_PEER_A;
  h.dst = PK_ADDR_A;
  len = pkt_datagram(dgram, &h, l4, pkt_udp(l4, 1234, 9, 1500, 99));
  inject_fragments(dgram, len, bounds, 3, order, 200);
  ck_assert_int_eq(pk_nframes, 2);
  ck_assert(pk_frames[0].ifnum == PK_LOCAL && pk_frames[0].len == len);
  f = &pk_frames[1];
  ck_assert(f->ifnum == PK_A && f->data[20] == ICMP_DUR && f->data[21] == ICMP_DUR_PORT);
  ck_assert_msg(memcmp(f->data + 28, pk_frames[0].data, 28) == 0,
                "the ICMP error does not quote the reassembled header");
  raw_remove(pcb);
}
END_TEST

/* Only the first fragment arrives: after IP_REASS_MAXAGE timer ticks the
 * sender gets time exceeded (reassembly), quoting that fragment. */
START_TEST(test_reass_timeout)
{
  static u8_t dgram[2000];
  struct pkt_ip h;
  size_t flen;
  int t;
  memset(&h, 0, sizeof(h));
  h.tos = 0x04;
  h.ttl = 77;
  h.proto = IP_PROTO_UDP;
  h.id = 0x0101;
  h.src = PK_ADDR_PEER_A;
  h.dst = PK_ADDR_A;
  pkt_datagram(dgram, &h, l4, pkt_udp(l4, 1234, 4321, 1400, 5));
  flen = pkt_fragment(pkt, dgram, 0, 800, 1);
  pk_inject(PK_A, pkt, flen, PBUF_IP, 0);
  ck_assert_int_eq(pk_nframes, 0);
  for (t = 0; t <= IP_REASS_MAXAGE; t++) {
    harness_now += IP_TMR_INTERVAL;
    ip_reass_tmr();
  }
  ck_assert_int_eq(pk_nframes, 1);
  ck_assert(pk_frames[0].data[20] == ICMP_TE && pk_frames[0].data[21] == ICMP_TE_FRAG);
  ck_assert(memcmp(pk_frames[0].data + 28, pkt, 28) == 0);
}
END_TEST

/* ---- ICMP ---------------------------------------------------------------- */

/* Echo request -> reply: only TTL changes in the header; sizes, header
 * starts, requests with options, with and without room in front. */
START_TEST(test_icmp_echo_reply)
{
  static const u16_t sizes[] = { 0, 1, 2, 55, 56, 1000, 1472 };
  static const u8_t opts[40] = { 0x94, 0x04, 0, 0, 0x01, 0x01, 0x01, 0x00 };
  int i;
  for (i = 0; i < (int)LWIP_ARRAYSIZE(sizes) * 8; i++) {
    struct pkt_ip h;
    size_t len, n = sizes[i / 8];
    const struct pk_frame *f;
    u8_t optlen = (u8_t)((i % 3) * 4 + (i % 7 == 6 ? 28 : 0));
    if (n + optlen > 1472) {
      optlen = 0;
    }
    memset(&h, 0, sizeof(h));
    h.tos = (u8_t)(i * 17);
    h.ttl = (u8_t)(i % 5 == 0 ? 255 : i * 37 + 1);
    h.proto = IP_PROTO_ICMP;
    h.id = (u16_t)(i * 0x0F0F);
    h.src = PK_ADDR_PEER_A;
    h.dst = i % 4 == 3 ? PK_ADDR_B : PK_ADDR_A;
    h.opts = opts;
    h.optlen = optlen;
    len = pkt_datagram(pkt, &h, l4, pkt_icmp_echo(l4, ICMP_ECHO, (u16_t)i, (u16_t)(i * 3), n, (u32_t)i));
    pk_inject(PK_A, pkt, len, i % 2 ? PBUF_IP : 0, (u16_t)((i / 2) % 4));
    ck_assert_int_eq(pk_nframes, i + 1);
    f = &pk_frames[i];
    ck_assert(f->ifnum == PK_A && f->len == len);
    ck_assert(f->data[8] == ICMP_TTL && f->data[1] == h.tos && pkt_get16(f->data + 4) == h.id);
    ck_assert(pkt_get32(f->data + 12) == h.dst && pkt_get32(f->data + 16) == PK_ADDR_PEER_A);
    ck_assert(memcmp(f->data + 20, pkt + 20, optlen) == 0);
    ck_assert(f->data[20 + optlen] == ICMP_ER);
    ck_assert(memcmp(f->data + 24 + optlen, pkt + 24 + optlen, len - 24 - optlen) == 0);
  }
}
END_TEST

/* Requests whose header checksum, or the reply's, sits at the one's
 * complement corners: the reply must carry exactly what a full
 * computation gives (never 0xFFFF), whatever form the request used. */
START_TEST(test_icmp_echo_reply_corners)
{
  static const struct {
    u8_t ttl;        /* request TTL (the reply has ICMP_TTL) */
    u8_t steer_reply; /* steer the reply's checksum, else the request's */
    u16_t want, stored;
  } cases[] = {
    { 64, 1, 0x0000, 0x0000 },
    { ICMP_TTL, 1, 0x0000, 0x0000 },
    { ICMP_TTL, 1, 0x0000, 0xFFFF },
    { 64, 0, 0x0000, 0x0000 },
    { 64, 0, 0x0000, 0xFFFF },
    { 1, 0, 0x0000, 0xFFFF },
    { 1, 1, 0xFFFE, 0xFFFE },
    { 254, 1, 0x0001, 0x0001 },
    { 254, 0, 0x00FF, 0x00FF },
    { 128, 1, 0xFF00, 0xFF00 },
    { 128, 0, 0xFEFF, 0xFEFF },
    { 2, 0, 0x0100, 0x0100 },
  };
  int i;
  for (i = 0; i < (int)LWIP_ARRAYSIZE(cases) * 2; i++) {
    struct pkt_ip h;
    size_t len;
    const struct pk_frame *f;
    int c = i / 2;
    memset(&h, 0, sizeof(h));
    h.ttl = cases[c].steer_reply ? ICMP_TTL : cases[c].ttl;
    h.proto = IP_PROTO_ICMP;
    h.src = PK_ADDR_PEER_A;
    h.dst = PK_ADDR_A;
    len = pkt_datagram(pkt, &h, l4, pkt_icmp_echo(l4, ICMP_ECHO, 7, (u16_t)i, (size_t)(c * 5), (u32_t)c));
    ck_assert_msg(pkt_steer_ip_checksum(pkt, cases[c].want, cases[c].stored),
                  "cannot steer the header checksum to 0x%04x", cases[c].want);
    if (cases[c].steer_reply && cases[c].ttl != ICMP_TTL) {
      pkt[8] = cases[c].ttl;
      pkt_fix_ip_checksum(pkt);
    }
    pk_inject(PK_A, pkt, len, i % 2 ? PBUF_IP : 0, (u16_t)(i % 2));
    ck_assert_int_eq(pk_nframes, i + 1);
    f = &pk_frames[i];
    if (cases[c].steer_reply) {
      ck_assert_msg(pkt_get16(f->data + 10) == cases[c].want, "case %d: reply checksum 0x%04x, expected 0x%04x",
                    c, pkt_get16(f->data + 10), cases[c].want);
    }
  }
}
END_TEST

/* ICMP errors lwIP builds: port unreachable, protocol unreachable. */
START_TEST(test_icmp_unreachable)
{
  struct pkt_ip h;
  size_t len;
  int i;
  for (i = 0; i < 4; i++) {
    memset(&h, 0, sizeof(h));
    h.tos = (u8_t)(i * 64);
    h.ttl = (u8_t)(i + 1);
    h.proto = (u8_t)(i % 2 ? PROTO_TEST : IP_PROTO_UDP);
    h.id = (u16_t)(0x8000 - i);
    h.src = PK_ADDR_PEER_A;
    h.dst = PK_ADDR_A;
    len = pkt_datagram(pkt, &h, l4, pkt_udp(l4, 53, (u16_t)(9 + i), (size_t)(i * 100), (u32_t)i));
    pk_inject(PK_A, pkt, len, PBUF_IP, (u16_t)i);
    ck_assert_int_eq(pk_nframes, i + 1);
    ck_assert(pk_frames[i].data[20] == ICMP_DUR);
    ck_assert(pk_frames[i].data[21] == (i % 2 ? ICMP_DUR_PROTO : ICMP_DUR_PORT));
    ck_assert(memcmp(pk_frames[i].data + 28, pkt, 28) == 0);
  }
}
END_TEST

#if LWIP_CHECKSUM_CTRL_PER_NETIF
/* Per-netif control only: A does not check IP header checksums, so a
 * request with a wrong one is answered, and the reply's checksum must be
 * computed in full, not updated from the wrong one. (Without per-netif
 * control the request is dropped: this test, and its capture file, exist
 * in per-netif builds only.) */
START_TEST(test_pernetif_echo_unchecked_input)
{
  int i;
  NETIF_SET_CHECKSUM_CTRL(&pk_netif[PK_A], NETIF_CHECKSUM_ENABLE_ALL & ~NETIF_CHECKSUM_CHECK_IP);
  for (i = 0; i < 4; i++) {
    struct pkt_ip h;
    size_t len;
    memset(&h, 0, sizeof(h));
    h.ttl = (u8_t)(i * 60 + 3);
    h.proto = IP_PROTO_ICMP;
    h.id = (u16_t)(i * 0x5555);
    h.src = PK_ADDR_PEER_A;
    h.dst = PK_ADDR_A;
    len = pkt_datagram(pkt, &h, l4, pkt_icmp_echo(l4, ICMP_ECHO, 3, (u16_t)i, (size_t)(i * 21), (u32_t)i));
    pkt_put16(pkt + 10, (u16_t)(pkt_get16(pkt + 10) ^ (0x0101 << i)));
    pk_inject(PK_A, pkt, len, PBUF_IP, (u16_t)i);
    ck_assert_int_eq(pk_nframes, i + 1);
    ck_assert(pk_frames[i].data[20] == ICMP_ER);
  }
}
END_TEST
#endif /* LWIP_CHECKSUM_CTRL_PER_NETIF */

/* Local sends larger than the MTU on netifs that leave checksums to their
 * hardware: in per-netif builds A and B with their NETIF_CHECKSUM_GEN_*
 * flags cleared, in the offload build everywhere (CHECKSUM_GEN_* 0, as
 * vendors' lwipopts.h have it). A datagram that leaves whole has its
 * transport checksum 0, for the hardware; one that leaves in fragments
 * carries the checksum of the whole datagram, computed in software: no
 * hardware can compute it in the first fragment. lwIP 2.1.3 and 2.2.1
 * left it 0 (fixed by the series; the offload build's stock run shows it).
 * In the other builds lwIP generates every checksum: the same sends, whose
 * checksums all verify. */
static void
offload_verify(int first, const char *what, size_t n)
{
  int count = pk_nframes - first;
  const struct pk_frame *f = &pk_frames[first];
  size_t off = pkt_transport_checksum_offset(f->data);
  size_t len;
  if (count == 1) {
    ck_assert_msg(!(f->offloaded & pk_off_proto(f->data[9])) || pkt_get16(f->data + off) == 0,
                  "%s of %u bytes sent whole on a netif that offloads its checksum: checksum 0x%04x, 0 expected",
                  what, (unsigned)n, pkt_get16(f->data + off));
    return;
  }
  len = pk_reassemble(buf, sizeof(buf), first, count);
  ck_assert_msg(pkt_get16(buf + off) != 0 && pkt_transport_verifies(buf, len),
                "%s of %u bytes in %d fragments%s: checksum 0x%04x does not verify",
                what, (unsigned)n, count, (f->offloaded & pk_off_proto(f->data[9])) ? " on a netif that offloads it" : "",
                pkt_get16(buf + off));
}

/* Both netifs leave every checksum to their hardware, MTU 576. */
static void
offload_netifs(void)
{
#if LWIP_CHECKSUM_CTRL_PER_NETIF
  u16_t flags = NETIF_CHECKSUM_ENABLE_ALL & ~(NETIF_CHECKSUM_GEN_IP | NETIF_CHECKSUM_GEN_UDP |
                                             NETIF_CHECKSUM_GEN_TCP | NETIF_CHECKSUM_GEN_ICMP);
  NETIF_SET_CHECKSUM_CTRL(&pk_netif[PK_A], flags);
  NETIF_SET_CHECKSUM_CTRL(&pk_netif[PK_B], flags);
#endif
  pk_netif[PK_A].mtu = 576;
  pk_netif[PK_B].mtu = 576;
}

/* UDP datagrams of 1..3000 bytes from B, the data in one pbuf with room
 * for the headers and chained in two without (udp_sendto_if() then puts its
 * header in a pbuf of its own, and only the chain's length tells a datagram
 * that will be fragmented). */
START_TEST(test_offload_udp)
{
  static const u16_t lens[] = { 1, 548, 549, 1000, 3000 };
  struct udp_pcb *pcb = udp_new();
  ip_addr_t d;
  int i, chained;
  offload_netifs();
  ck_assert(pcb != NULL);
  ck_assert(udp_bind(pcb, IP4_ADDR_ANY, 4000) == ERR_OK);
  harness_ip4(ip_2_ip4(&d), PK_ADDR_PEER_B);
  IP_SET_TYPE_VAL(d, IPADDR_TYPE_V4);
  for (i = 0; i < (int)LWIP_ARRAYSIZE(lens); i++) {
    for (chained = 0; chained <= 1; chained++) {
      int first = pk_nframes;
      struct pbuf *p = chained ? pk_payload_chain(lens[i], (lens[i] + 1) / 2u, (u32_t)i) :
                                 pk_payload(lens[i], 0, (u32_t)i);
      ck_assert(udp_sendto_if(pcb, p, &d, 7, &pk_netif[PK_B]) == ERR_OK);
      pbuf_free(p);
      offload_verify(first, chained ? "UDP datagram (chained)" : "UDP datagram", lens[i]);
    }
  }
  udp_remove(pcb);
}
END_TEST

/* Echo replies of 8..1480 ICMP bytes from A, to requests that came whole
 * and, those larger than A's MTU, in fragments: lwIP answers those from the
 * reassembled pbuf chain, whose first pbuf holds one fragment's data. */
START_TEST(test_offload_echo)
{
  static const u16_t lens[] = { 8, 556, 557, 1000, 1480 };
  static u8_t request[20 + 1480];
  int i, fragmented;
  offload_netifs();
  for (i = 0; i < (int)LWIP_ARRAYSIZE(lens); i++) {
    int arrivals = 20 + lens[i] > pk_netif[PK_A].mtu ? 2 : 1;
    for (fragmented = 0; fragmented < arrivals; fragmented++) {
      struct pkt_ip h;
      int first = pk_nframes;
      size_t len;
      memset(&h, 0, sizeof(h));
      h.ttl = 64;
      h.proto = IP_PROTO_ICMP;
      h.id = (u16_t)(0x4000 + i * 2 + fragmented);
      h.src = PK_ADDR_PEER_A;
      h.dst = PK_ADDR_A;
      len = pkt_datagram(request, &h, l4, pkt_icmp_echo(l4, ICMP_ECHO, 9, (u16_t)i, lens[i] - 8u, (u32_t)i));
      if (fragmented) {
        size_t fragsize = (pk_netif[PK_A].mtu - 20u) & ~7u;
        size_t off;
        for (off = 0; off < len - 20; off += fragsize) {
          size_t n = LWIP_MIN(fragsize, len - 20 - off);
          pk_inject(PK_A, pkt, pkt_fragment(pkt, request, off, n, off + n < len - 20), PBUF_IP, 0);
        }
      } else {
        pk_inject(PK_A, request, len, PBUF_IP, 0);
      }
      ck_assert(pk_nframes > first && pk_frames[first].data[20] == ICMP_ER);
      offload_verify(first, fragmented ? "echo reply to fragments" : "echo reply", lens[i]);
    }
  }
}
END_TEST

static const struct pk_case local_cases[] = {
  { "output_headers", &test_output_headers, NULL },
  { "output_chained", &test_output_chained, NULL },
  { "output_options", &test_output_options, NULL },
  { "output_checksum_corners", &test_output_checksum_corners, NULL },
  { "frag_mtus", &test_frag_mtus, NULL },
  { "frag_udp_and_hdrincl", &test_frag_udp_and_hdrincl, NULL },
  { "reass_echo", &test_reass_echo, NULL },
  { "reass_udp_unreachable", &test_reass_udp_unreachable, NULL },
  { "reass_timeout", &test_reass_timeout, NULL },
  { "icmp_echo_reply", &test_icmp_echo_reply, NULL },
  { "icmp_echo_reply_corners", &test_icmp_echo_reply_corners, NULL },
  { "icmp_unreachable", &test_icmp_unreachable, NULL },
  { "offload_udp", &test_offload_udp, "offload" },
  { "offload_echo", &test_offload_echo, "offload" },
#if LWIP_CHECKSUM_CTRL_PER_NETIF
  { "pernetif_echo_unchecked_input", &test_pernetif_echo_unchecked_input, NULL },
#endif /* LWIP_CHECKSUM_CTRL_PER_NETIF */
};

Suite *
pk_suite_local(void)
{
  Suite *s = suite_create("local");
  pk_add_cases(s, local_cases, LWIP_ARRAYSIZE(local_cases));
  return s;
}
