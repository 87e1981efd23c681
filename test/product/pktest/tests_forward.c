/* SPDX-License-Identifier: BSD-3-Clause */
/* Forwarding: a datagram from the peer on A to the peer on B leaves B with
 * TTL - 1, a header checksum that verifies (updated incrementally, so it
 * need not be the canonical one) and its transport checksum untouched.
 * These tests carry the tag "forward": pristine lwIP 2.2.x fails them;
 * the TTL 0 test also the tag "ttl0": pristine 2.1.3 fails it. */
#include "pktest.h"

#include <string.h>

#include "lwip/icmp.h"
#include "lwip/init.h"
#include "lwip/ip.h"

static u8_t pkt[10000];
static u8_t l4[10000];
static u8_t buf[10000];

enum { FW_UDP, FW_UDP_NOSUM, FW_TCP, FW_ICMP, FW_KINDS };
static const char *const fw_name[FW_KINDS] = { "UDP", "UDP without checksum", "TCP", "ICMP" };

static size_t
fw_build(int kind, u8_t ttl, u16_t frag, u8_t optlen, size_t n, u32_t seed)
{
  static const u8_t opts[8] = { 0x94, 0x04, 0x00, 0x00, 0x01, 0x01, 0x01, 0x00 };
  struct pkt_ip h;
  size_t l4len;
  memset(&h, 0, sizeof(h));
  h.tos = (u8_t)(seed * 4);
  h.ttl = ttl;
  h.id = (u16_t)(seed * 0x0101);
  h.frag = frag;
  h.src = PK_ADDR_PEER_A;
  h.dst = PK_ADDR_PEER_B;
  h.opts = opts;
  h.optlen = optlen;
  switch (kind) {
    case FW_TCP:
      h.proto = IP_PROTO_TCP;
      l4len = pkt_tcp(l4, 40000, 80, PKT_TCP_PSH | PKT_TCP_ACK, 0x01020304UL + seed, n, seed);
      break;
    case FW_ICMP:
      h.proto = IP_PROTO_ICMP;
      l4len = pkt_icmp_echo(l4, ICMP_ECHO, 1, (u16_t)seed, n, seed);
      break;
    default:
      h.proto = IP_PROTO_UDP;
      l4len = pkt_udp(l4, 5353, 53, n, seed);
      if (kind == FW_UDP_NOSUM) {
        pkt_put16(l4 + 6, 0);
      }
      break;
  }
  return pkt_datagram(pkt, &h, l4, l4len);
}

/* Inject pkt on A as forwarded traffic; return the number of new frames. */
static int
fw_inject(size_t len, u16_t misalign)
{
  int before = pk_nframes;
  pk_forwarding = 1;
  pk_inject(PK_A, pkt, len, PBUF_IP, misalign);
  pk_forwarding = 0;
  return pk_nframes - before;
}

/* The forwarded frame f is pkt with TTL - 1 and nothing else changed but
 * the header checksum, which verifies. */
static void
fw_check(const struct pk_frame *f, size_t len, const char *what)
{
  size_t off = pkt_transport_checksum_offset(pkt);
  ck_assert_msg(f->ifnum == PK_B && f->len == len, "%s: not forwarded to B whole", what);
  ck_assert_msg(pkt_ip_verifies(f->data), "forwarded %s: IP header checksum 0x%04x does not verify",
                what, pkt_get16(f->data + 10));
  ck_assert_msg(off == 0 || pkt_get16(f->data + off) == pkt_get16(pkt + off),
                "forwarded %s: transport checksum changed from 0x%04x to 0x%04x",
                what, pkt_get16(pkt + off), pkt_get16(f->data + off));
  ck_assert_msg(f->data[8] == pkt[8] - 1, "forwarded %s: TTL %u, sent %u", what, f->data[8], pkt[8]);
  memcpy(buf, f->data, len);
  buf[8]++;
  memcpy(buf + 10, pkt + 10, 2);
  ck_assert_msg(memcmp(buf, pkt, len) == 0, "forwarded %s: bytes changed", what);
}

/* UDP (with and without checksum), TCP, ICMP; several TTLs; header
 * checksums at the one's complement corners, in both forms of zero; with
 * options; odd and even header starts. */
START_TEST(test_forward_transport)
{
  static const u16_t corner[] = { 0x0000, 0x0000, 0x0001, 0x00FF, 0x0100, 0x7FFF, 0x8000, 0xFEFF, 0xFF00, 0xFFFE };
  static const u8_t ttls[] = { 2, 64, 255 };
  int kind, t, c;
  u32_t seed = 0;
  for (kind = 0; kind < FW_KINDS; kind++) {
    for (t = 0; t < (int)LWIP_ARRAYSIZE(ttls); t++) {
      for (c = -1; c < (int)LWIP_ARRAYSIZE(corner); c++) {
        u8_t optlen = (u8_t)(seed % 3 == 2 ? 8 : 0);
        size_t len = fw_build(kind, ttls[t], 0, optlen, (size_t)(seed * 7 % 300), seed);
        if (c >= 0) {
          /* the second 0x0000 is sent in its other form, 0xFFFF */
          ck_assert_msg(pkt_steer_ip_checksum(pkt, corner[c], c == 1 ? 0xFFFF : corner[c]),
                        "cannot steer the header checksum to 0x%04x", corner[c]);
        }
        ck_assert_int_eq(fw_inject(len, (u16_t)(seed % 4)), 1);
        fw_check(&pk_frames[pk_nframes - 1], len, fw_name[kind]);
        seed++;
      }
    }
  }
}
END_TEST

/* Datagrams larger than B's MTU are fragmented on the way (DF clear); a
 * fragment too large is fragmented again, keeping MF. */
START_TEST(test_forward_fragmenting)
{
  static const u16_t mtus[] = { 576, 1006 };
  int m, kind;
  for (m = 0; m < (int)LWIP_ARRAYSIZE(mtus); m++) {
    pk_netif[PK_B].mtu = mtus[m];
    for (kind = 0; kind < FW_KINDS; kind++) {
      size_t len = fw_build(kind, 30, 0, 0, (size_t)(1400 + kind * 700), (u32_t)(m * 4 + kind));
      size_t off = pkt_transport_checksum_offset(pkt);
      int n = fw_inject(len, (u16_t)kind);
      size_t rlen;
      ck_assert_msg(n > 1, "MTU %u: %s not fragmented", mtus[m], fw_name[kind]);
      rlen = pk_reassemble(buf, sizeof(buf), pk_nframes - n, n);
      ck_assert_int_eq(rlen, len);
      ck_assert_msg(pkt_get16(buf + off) == pkt_get16(pkt + off),
                    "forwarded %s: transport checksum changed from 0x%04x to 0x%04x",
                    fw_name[kind], pkt_get16(pkt + off), pkt_get16(buf + off));
      ck_assert(memcmp(buf + 20, pkt + 20, len - 20) == 0);
      ck_assert_int_eq(pk_frames[pk_nframes - 1].data[8], 29);
    }
    {
      /* the first fragment of a bigger datagram */
      size_t len = fw_build(FW_UDP, 9, PKT_MF, 0, 1472, (u32_t)m);
      int i, n = fw_inject(len, 0);
      size_t next = 0;
      ck_assert(n > 1);
      for (i = pk_nframes - n; i < pk_nframes; i++) {
        const u8_t *d = pk_frames[i].data;
        ck_assert_msg(pkt_get16(d + 6) & PKT_MF, "refragmented fragment %d lost MF", i);
        ck_assert_int_eq((size_t)(pkt_get16(d + 6) & 0x1FFF) * 8, next);
        ck_assert(memcmp(d + 20, pkt + 20 + next, pk_frames[i].len - 20u) == 0);
        next += pk_frames[i].len - 20u;
      }
      ck_assert_int_eq(next, len - 20);
    }
  }
}
END_TEST

/* What forwarding sends back: TTL exceeded, fragmentation needed (DF). */
START_TEST(test_forward_icmp_errors)
{
  size_t len;
  const struct pk_frame *f;
  len = fw_build(FW_UDP, 1, 0, 0, 100, 1);
  ck_assert_int_eq(fw_inject(len, 0), 1);
  f = &pk_frames[0];
  ck_assert(f->ifnum == PK_A && f->data[20] == ICMP_TE && f->data[21] == ICMP_TE_TTL);
  ck_assert(pkt_get32(f->data + 16) == PK_ADDR_PEER_A);

  pk_netif[PK_B].mtu = 576;
  len = fw_build(FW_TCP, 64, PKT_DF, 0, 1000, 2);
  ck_assert_int_eq(fw_inject(len, 1), 1);
  f = &pk_frames[1];
  ck_assert(f->ifnum == PK_A && f->data[20] == ICMP_DUR && f->data[21] == ICMP_DUR_FRAG);
  ck_assert(pkt_get32(f->data + 16) == PK_ADDR_PEER_A);
}
END_TEST

/* A datagram whose TTL runs out here: nothing leaves on B; unless it is
 * ICMP itself, A gets one time exceeded message, lwIP's own (a full header
 * checksum), quoting the datagram's header and first 8 data bytes as
 * received (the TTL and the header checksum left out: lwIP quotes the TTL
 * it decremented). */
static void
ttl_expires(u8_t ttl)
{
  int kind;
  for (kind = 0; kind < FW_KINDS; kind++) {
    size_t len = fw_build(kind, ttl, 0, 0, (size_t)(20 + kind * 50), (u32_t)(kind + 60 + ttl));
    int i, before = pk_nframes;
    const struct pk_frame *f;
    pk_inject(PK_A, pkt, len, PBUF_IP, (u16_t)kind);
    for (i = before; i < pk_nframes; i++) {
      ck_assert_msg(pk_frames[i].ifnum != PK_B, "TTL %u %s: forwarded to B with TTL %u",
                    ttl, fw_name[kind], pk_frames[i].data[8]);
    }
    if (kind == FW_ICMP) {
      ck_assert_msg(pk_nframes == before, "TTL %u ICMP: answered (lwIP sends no ICMP error for ICMP)", ttl);
      continue;
    }
    ck_assert_msg(pk_nframes == before + 1, "TTL %u %s: %d frames sent back, expected 1 time exceeded",
                  ttl, fw_name[kind], pk_nframes - before);
    f = &pk_frames[before];
    ck_assert_msg(f->ifnum == PK_A && f->data[9] == IP_PROTO_ICMP && f->data[20] == ICMP_TE &&
                  f->data[21] == ICMP_TE_TTL, "TTL %u %s: not answered with time exceeded", ttl, fw_name[kind]);
    ck_assert(pkt_get32(f->data + 16) == PK_ADDR_PEER_A);
    ck_assert_int_eq(f->len, 20 + 8 + 20 + 8);
    memcpy(buf, f->data + 28, 28);
    buf[8] = pkt[8];
    memcpy(buf + 10, pkt + 10, 2);
    ck_assert_msg(memcmp(buf, pkt, 28) == 0, "TTL %u %s: time exceeded quotes other bytes", ttl, fw_name[kind]);
  }
}

/* TTL 1 expires on the way. */
START_TEST(test_ttl1_time_exceeded)
{
  ttl_expires(1);
}
END_TEST

/* TTL 0 has expired too. lwIP 2.1.3 and 2.2.1 decrement it to 255 and
 * forward it (the patch series fixes it): tag "ttl0". */
START_TEST(test_forward_ttl0)
{
  ttl_expires(0);
}
END_TEST

/* Regression test for lwIP 2.2.0..2.2.1: with default options a forwarded
 * datagram left with IP header checksum 0 and its UDP/TCP/ICMP checksum
 * zeroed (the offload decision looked at the input netif). Fails on
 * pristine 2.2.1, passes on 2.1.3 and on the patched trees. */
START_TEST(test_forward_regression)
{
  int kind;
  for (kind = 0; kind < FW_KINDS; kind++) {
    size_t len = fw_build(kind, 64, 0, 0, 64, (u32_t)kind);
    size_t off = pkt_transport_checksum_offset(pkt);
    const struct pk_frame *f;
    ck_assert_int_eq(fw_inject(len, 0), 1);
    f = &pk_frames[pk_nframes - 1];
    ck_assert_msg(pkt_ip_verifies(f->data), "forwarded %s: IP header checksum 0x%04x does not verify",
                  fw_name[kind], pkt_get16(f->data + 10));
    ck_assert_msg(pkt_get16(f->data + off) == pkt_get16(pkt + off),
                  "forwarded %s: transport checksum changed from 0x%04x to 0x%04x",
                  fw_name[kind], pkt_get16(pkt + off), pkt_get16(f->data + off));
  }
}
END_TEST

/* The offload decision is the output netif's: a datagram arriving on a
 * netif that offloads checksum generation (per-netif control) and leaving
 * on one that does not must leave with both checksums right. Without
 * per-netif control this is plain forwarding, with the same bytes. */
START_TEST(test_forward_from_offload_netif)
{
  int kind;
#if LWIP_CHECKSUM_CTRL_PER_NETIF
  NETIF_SET_CHECKSUM_CTRL(&pk_netif[PK_A], NETIF_CHECKSUM_CHECK_IP | NETIF_CHECKSUM_CHECK_UDP |
                          NETIF_CHECKSUM_CHECK_TCP | NETIF_CHECKSUM_CHECK_ICMP);
#endif
  for (kind = 0; kind < FW_KINDS; kind++) {
    size_t len = fw_build(kind, (u8_t)(100 + kind), 0, 0, (size_t)(kind * 33), (u32_t)(kind + 40));
    ck_assert_int_eq(fw_inject(len, (u16_t)kind), 1);
    fw_check(&pk_frames[pk_nframes - 1], len, fw_name[kind]);
  }
}
END_TEST

#if LWIP_CHECKSUM_CTRL_PER_NETIF
/* lwIP 2.1 forwards a datagram with the checksums it arrived with; from 2.2
 * (as the series fixed it) an output netif that does not generate a
 * checksum gets it 0, the transport one only in a datagram that leaves
 * whole. Both lines: ip4_frag() writes a fragment's header checksum only if
 * the output netif generates it. */
#define FW_ZEROES_OFFLOADED (LWIP_VERSION_MAJOR > 2 || LWIP_VERSION_MINOR >= 2)

/* What the offload matrix forwards: a datagram whole, its first (offset 0,
 * MF), a middle and its last fragment, and the datagram whole but too big
 * for B (fragmented on the way). */
enum { OM_WHOLE, OM_FIRST, OM_MIDDLE, OM_LAST, OM_FRAGMENTED, OM_KINDS };
static const char *const om_name[OM_KINDS] = { "whole", "first fragment", "middle fragment", "last fragment",
                                               "fragmented on the way" };

/* Every flag on but the NETIF_CHECKSUM_GEN_* flags whose bit in gen (IP,
 * UDP, TCP, ICMP: PK_OFF_* order) is clear. */
static u16_t
om_flags(int gen)
{
  static const u16_t flag[4] = { NETIF_CHECKSUM_GEN_IP, NETIF_CHECKSUM_GEN_UDP, NETIF_CHECKSUM_GEN_TCP,
                                 NETIF_CHECKSUM_GEN_ICMP };
  u16_t ctrl = NETIF_CHECKSUM_ENABLE_ALL;
  int i;
  for (i = 0; i < 4; i++) {
    if (!(gen & (1 << i))) {
      ctrl = (u16_t)(ctrl & ~flag[i]);
    }
  }
  return ctrl;
}

/* Forward kind of fw_build's datagram from A to B, the netifs' GEN flags
 * the bits of gen_a and gen_b. What leaves on B is what arrived, TTL - 1,
 * with an IP header checksum that verifies, or is 0 where B generates none
 * (its hardware does); the transport checksum as it arrived, or 0 in a
 * datagram that leaves whole on a B that does not generate it. */
static void
offload_forward(int fwkind, int kind, int gen_a, int gen_b, u32_t seed)
{
  static u8_t in[200], expect[200];
  size_t dlen = fw_build(fwkind, 64, 0, 0, 48, seed);
  size_t off = pkt_transport_checksum_offset(pkt);
  size_t len, data_at = 0;
  u8_t b_off;
  int i, n, ip_zero, l4_zero;
  NETIF_SET_CHECKSUM_CTRL(&pk_netif[PK_A], om_flags(gen_a));
  NETIF_SET_CHECKSUM_CTRL(&pk_netif[PK_B], om_flags(gen_b));
  b_off = pk_offloaded(&pk_netif[PK_B]);
  switch (kind) {
    case OM_FIRST:  len = pkt_fragment(in, pkt, 0, 24, 1); break;
    case OM_MIDDLE: len = pkt_fragment(in, pkt, 24, 16, 1); break;
    case OM_LAST:   len = pkt_fragment(in, pkt, 40, dlen - 60, 0); break;
    default:        memcpy(in, pkt, dlen); len = dlen; break;
  }
  ip_zero = (b_off & PK_OFF_IP) && (FW_ZEROES_OFFLOADED || kind == OM_FRAGMENTED);
  l4_zero = (b_off & pk_off_proto(pkt[9])) && FW_ZEROES_OFFLOADED && kind == OM_WHOLE;
  memcpy(expect, in, len);
  expect[8]--;
  if (l4_zero) {
    pkt_put16(expect + off, 0);
  }
  pk_netif[PK_B].mtu = (u16_t)(kind == OM_FRAGMENTED ? 68 : 1500);
  memcpy(pkt, in, len);
  n = fw_inject(len, 0);
  ck_assert_msg(n == (kind == OM_FRAGMENTED ? 2 : 1), "%s %s, GEN flags A %d B %d: %d frames on B",
                fw_name[fwkind], om_name[kind], gen_a, gen_b, n);
  for (i = pk_nframes - n; i < pk_nframes; i++) {
    const struct pk_frame *f = &pk_frames[i];
    size_t flen = f->len - 20u;
    ck_assert(f->ifnum == PK_B && data_at + flen <= len - 20);
    if (ip_zero) {
      ck_assert_msg(pkt_get16(f->data + 10) == 0, "%s %s, GEN flags A %d B %d: IP header checksum 0x%04x, B's hardware computes it (0 expected)",
                    fw_name[fwkind], om_name[kind], gen_a, gen_b, pkt_get16(f->data + 10));
    } else {
      ck_assert_msg(pkt_ip_verifies(f->data), "%s %s, GEN flags A %d B %d: IP header checksum 0x%04x does not verify",
                    fw_name[fwkind], om_name[kind], gen_a, gen_b, pkt_get16(f->data + 10));
    }
    ck_assert_msg(f->data[8] == expect[8], "%s %s: TTL %u", fw_name[fwkind], om_name[kind], f->data[8]);
    ck_assert_msg(memcmp(f->data + 20, expect + 20 + data_at, flen) == 0,
                  "%s %s, GEN flags A %d B %d: data changed (transport checksum 0x%04x, expected 0x%04x)",
                  fw_name[fwkind], om_name[kind], gen_a, gen_b,
                  data_at == 0 && off + 2 <= f->len ? pkt_get16(f->data + off) : 0, pkt_get16(expect + off));
    data_at += flen;
  }
  ck_assert_int_eq(data_at, len - 20);
}

/* The offload matrix: UDP, TCP and ICMP, each kind above, every
 * combination of A's and B's NETIF_CHECKSUM_GEN_IP/UDP/TCP/ICMP flags. */
START_TEST(test_pernetif_forward_offload)
{
  static const int fwkinds[] = { FW_UDP, FW_TCP, FW_ICMP };
  int a, b, k, kind;
  u32_t seed = 0;
  for (a = 0; a < 16; a++) {
    for (b = 0; b < 16; b++) {
      for (k = 0; k < (int)LWIP_ARRAYSIZE(fwkinds); k++) {
        for (kind = 0; kind < OM_KINDS; kind++) {
          offload_forward(fwkinds[k], kind, a, b, seed++);
        }
      }
    }
  }
}
END_TEST
#endif /* LWIP_CHECKSUM_CTRL_PER_NETIF */

static const struct pk_case forward_cases[] = {
  { "forward_transport", &test_forward_transport, "forward" },
  { "forward_fragmenting", &test_forward_fragmenting, "forward" },
  { "forward_icmp_errors", &test_forward_icmp_errors, "forward" },
  { "forward_from_offload_netif", &test_forward_from_offload_netif, "forward" },
  { "ttl1_time_exceeded", &test_ttl1_time_exceeded, NULL },
  { "forward_ttl0", &test_forward_ttl0, "forward ttl0" },
  { "forward_regression", &test_forward_regression, "forward" },
#if LWIP_CHECKSUM_CTRL_PER_NETIF
  { "pernetif_forward_offload", &test_pernetif_forward_offload, NULL },
#endif /* LWIP_CHECKSUM_CTRL_PER_NETIF */
};

Suite *
pk_suite_forward(void)
{
  Suite *s = suite_create("forward");
  pk_add_cases(s, forward_cases, LWIP_ARRAYSIZE(forward_cases));
  return s;
}
