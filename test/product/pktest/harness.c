/* Packet test harness: the two capturing netifs (test/product/common's
 * stack_harness.c), every frame checked by packets.h's reference and
 * written to the pcap file, the pbufs the tests hand to lwIP. Everything
 * here reads and writes bytes one at a time, so it runs unchanged on any
 * byte order and on strict-alignment CPUs. */
#include "pktest.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lwip/init.h"
#include "lwip/ip.h"
#include "lwip/ip4.h"

u8_t
pk_offloaded(const struct netif *netif)
{
  u8_t off = 0;
#if LWIP_CHECKSUM_CTRL_PER_NETIF
  off |= (netif->chksum_flags & NETIF_CHECKSUM_GEN_IP) ? 0 : PK_OFF_IP;
  off |= (netif->chksum_flags & NETIF_CHECKSUM_GEN_UDP) ? 0 : PK_OFF_UDP;
  off |= (netif->chksum_flags & NETIF_CHECKSUM_GEN_TCP) ? 0 : PK_OFF_TCP;
  off |= (netif->chksum_flags & NETIF_CHECKSUM_GEN_ICMP) ? 0 : PK_OFF_ICMP;
#else
  LWIP_UNUSED_ARG(netif);
#endif
  off |= CHECKSUM_GEN_IP ? 0 : PK_OFF_IP;
  off |= CHECKSUM_GEN_UDP ? 0 : PK_OFF_UDP;
  off |= CHECKSUM_GEN_TCP ? 0 : PK_OFF_TCP;
  off |= CHECKSUM_GEN_ICMP ? 0 : PK_OFF_ICMP;
  return off;
}

u8_t
pk_off_proto(u8_t proto)
{
  switch (proto) {
    case 1:  return PK_OFF_ICMP;
    case 6:  return PK_OFF_TCP;
    case 17: return PK_OFF_UDP;
    default: return 0;
  }
}

void
pk_verify_frame(const struct pk_frame *f, int index)
{
  const u8_t *d = f->data;
  size_t hlen;
  u16_t frag;
  int ip_left_to_hw;
  ck_assert_msg(f->len >= 20, "frame %d (if %d): %u bytes, too short", index, f->ifnum, f->len);
  hlen = (size_t)(d[0] & 0x0F) * 4;
  ck_assert_msg((d[0] >> 4) == 4 && hlen >= 20 && hlen <= f->len,
                "frame %d (if %d): bad version/IHL byte 0x%02x", index, f->ifnum, d[0]);
  ck_assert_msg(pkt_get16(d + 2) == f->len, "frame %d (if %d): total length %u, frame %u bytes",
                index, f->ifnum, pkt_get16(d + 2), f->len);
  ip_left_to_hw = (f->offloaded & PK_OFF_IP) && pkt_get16(d + 10) == 0;
  ck_assert_msg(ip_left_to_hw || pkt_ip_verifies(d), "frame %d (if %d): IP header checksum 0x%04x does not verify",
                index, f->ifnum, pkt_get16(d + 10));
  if (!f->forwarded && !ip_left_to_hw) {
    ck_assert_msg(pkt_get16(d + 10) == pkt_ip_checksum(d),
                  "frame %d (if %d): IP header checksum 0x%04x, a full computation gives 0x%04x",
                  index, f->ifnum, pkt_get16(d + 10), pkt_ip_checksum(d));
  }
  frag = pkt_get16(d + 6);
  if ((frag & (PKT_MF | 0x1FFF)) == 0) {
    ck_assert_msg(pkt_transport_checksum_offset(d) + 2 <= f->len,
                  "frame %d (if %d): protocol %u header truncated", index, f->ifnum, d[9]);
    ck_assert_msg(((f->offloaded & pk_off_proto(d[9])) && pkt_get16(d + pkt_transport_checksum_offset(d)) == 0) ||
                  pkt_transport_verifies(d, f->len),
                  "frame %d (if %d): protocol %u checksum 0x%04x does not verify",
                  index, f->ifnum, d[9], pkt_get16(d + pkt_transport_checksum_offset(d)));
  }
}

/* ---- capture ----------------------------------------------------------- */

#define PK_MAX_FRAMES 8192
/* every frame of one test (a build may set less: a board's RAM) */
#ifndef PK_ARENA_SIZE
#define PK_ARENA_SIZE (2UL * 1024 * 1024)
#endif
struct pk_frame pk_frames[PK_MAX_FRAMES];
int pk_nframes;
int pk_forwarding;
static u8_t pk_arena[PK_ARENA_SIZE];
static size_t pk_arena_used;
static FILE *pk_pcap;
/* What the stack holds between tests (its cyclic timers). */
static struct harness_usage pk_usage;

struct netif pk_netif[PK_NETIFS];

/* pcap, big-endian on every host, LINKTYPE_IPV4; the timestamp carries
 * the interface (seconds) and the frame number (microseconds). Named after
 * the test function, known once the test runs (not in its setup). */
static void
pcap_open(void)
{
  const char *name = tcase_name();
  static const u8_t hdr[24] = {
    0xA1, 0xB2, 0xC3, 0xD4, 0, 2, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0xFF, 0xFF, 0, 0, 0, 228
  };
  const char *dir = getenv("PKTEST_CAPTURE_DIR");
  char path[512];
  snprintf(path, sizeof(path), "%s/%s.pcap", dir ? dir : "captures", name);
  pk_pcap = fopen(path, "wb");
  ck_assert_msg(pk_pcap != NULL, "cannot create %s: %s", path, strerror(errno));
  ck_assert(fwrite(hdr, sizeof(hdr), 1, pk_pcap) == 1);
}

static void
pcap_write(const struct pk_frame *f, int index)
{
  u8_t rec[16];
  if (pk_pcap == NULL) {
    pcap_open();
  }
  pkt_put32(rec, f->ifnum);
  pkt_put32(rec + 4, (u32_t)index);
  pkt_put32(rec + 8, f->len);
  pkt_put32(rec + 12, f->len);
  ck_assert(fwrite(rec, sizeof(rec), 1, pk_pcap) == 1);
  ck_assert(f->len == 0 || fwrite(f->data, f->len, 1, pk_pcap) == 1);
  ck_assert(fflush(pk_pcap) == 0);
}

static void
capture(u8_t ifnum, u8_t offloaded, const u8_t *data, u16_t len)
{
  struct pk_frame *f;
  u8_t *d;
  ck_assert_msg(pk_nframes < PK_MAX_FRAMES, "more than %d frames in one test", PK_MAX_FRAMES);
  ck_assert_msg(pk_arena_used + len <= PK_ARENA_SIZE, "capture arena full");
  d = pk_arena + pk_arena_used;
  memcpy(d, data, len);
  pk_arena_used += len;
  f = &pk_frames[pk_nframes];
  f->ifnum = ifnum;
  f->forwarded = (u8_t)(pk_forwarding != 0);
  f->offloaded = offloaded;
  f->len = len;
  f->data = d;
  pcap_write(f, pk_nframes);
  pk_nframes++;
}

void
pk_record_local(struct pbuf *p)
{
  static u8_t flat[0xFFFF];
  capture(PK_LOCAL, 0, flat, pbuf_copy_partial(p, flat, p->tot_len, 0));
}

void
harness_emitted(struct netif *netif, const u8_t *data, u16_t len)
{
  capture((u8_t)(netif == &pk_netif[PK_A] ? PK_A : PK_B), pk_offloaded(netif), data, len);
}

void
pk_setup(void)
{
  pk_nframes = 0;
  pk_arena_used = 0;
  pk_forwarding = 0;
  harness_now = 0;
  harness_usage_take(&pk_usage);
  ck_assert(harness_netif_add(&pk_netif[PK_A], PK_ADDR_A, 0xFFFFFF00UL, 0) != NULL);
  ck_assert(harness_netif_add(&pk_netif[PK_B], PK_ADDR_B, 0xFFFFFF00UL, 0) != NULL);
  netif_set_default(&pk_netif[PK_A]);
}

void
pk_teardown(void)
{
  const char *leak;
  int i;
  for (i = 0; i < pk_nframes; i++) {
    pk_verify_frame(&pk_frames[i], i);
  }
  netif_remove(&pk_netif[PK_A]);
  netif_remove(&pk_netif[PK_B]);
  leak = harness_leak(&pk_usage);
  ck_assert_msg(leak == NULL, "%s", leak);
  if (pk_pcap == NULL) {
    pcap_open(); /* a test that emits nothing still leaves its file */
  }
  ck_assert(fclose(pk_pcap) == 0);
  pk_pcap = NULL;
}

void
pk_add_cases(Suite *s, const struct pk_case *cases, size_t n)
{
  size_t i;
  for (i = 0; i < n; i++) {
    TCase *tc = tcase_create(cases[i].name);
    tcase_add_checked_fixture(tc, pk_setup, pk_teardown);
    /* A hang guard only (qemu-user is slow); no test is timed. */
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, *cases[i].test);
    if (cases[i].tags != NULL) {
      tcase_set_tags(tc, cases[i].tags);
    }
    suite_add_tcase(s, tc);
  }
}

/* ---- pbufs and reassembly ------------------------------------------------ */

void
pk_inject(int ifnum, const u8_t *pkt, size_t len, u16_t headroom, u16_t misalign)
{
  struct pbuf *p = pbuf_alloc((pbuf_layer)headroom, (u16_t)(len + misalign), PBUF_RAM);
  ck_assert(p != NULL);
  ck_assert(pbuf_remove_header(p, misalign) == 0);
  ck_assert(pbuf_take(p, pkt, (u16_t)len) == ERR_OK);
  ck_assert(pk_netif[ifnum].input(p, &pk_netif[ifnum]) == ERR_OK);
}

struct pbuf *
pk_payload(size_t n, u16_t misalign, u32_t seed)
{
  u8_t data[9000];
  struct pbuf *p = pbuf_alloc((pbuf_layer)(PBUF_IP + 64), (u16_t)(n + misalign), PBUF_RAM);
  ck_assert(p != NULL && n <= sizeof(data));
  ck_assert(pbuf_remove_header(p, misalign) == 0);
  pkt_pattern(data, n, seed);
  ck_assert(pbuf_take(p, data, (u16_t)n) == ERR_OK);
  return p;
}

struct pbuf *
pk_payload_chain(size_t n, size_t first, u32_t seed)
{
  u8_t data[9000];
  size_t n1 = LWIP_MIN(n, first);
  struct pbuf *p = pbuf_alloc(PBUF_RAW, (u16_t)n1, PBUF_RAM);
  ck_assert(p != NULL && n <= sizeof(data));
  if (n > n1) {
    struct pbuf *q = pbuf_alloc(PBUF_RAW, (u16_t)(n - n1), PBUF_RAM);
    ck_assert(q != NULL);
    pbuf_cat(p, q);
  }
  pkt_pattern(data, n, seed);
  ck_assert(pbuf_take(p, data, (u16_t)n) == ERR_OK);
  return p;
}

size_t
pk_reassemble(u8_t *out, size_t outsize, int first, int count)
{
  size_t total = 0, covered = 0;
  int i, last_seen = 0;
  const u8_t *h0 = pk_frames[first].data;
  for (i = first; i < first + count; i++) {
    const struct pk_frame *f = &pk_frames[i];
    u16_t frag = pkt_get16(f->data + 6);
    size_t off = (size_t)(frag & 0x1FFF) * 8;
    size_t n = f->len - 20;
    ck_assert_msg((f->data[0] & 0x0F) == 5, "fragment %d has IP options", i);
    ck_assert_msg(memcmp(f->data + 4, h0 + 4, 2) == 0 && memcmp(f->data + 12, h0 + 12, 8) == 0 &&
                  f->data[9] == h0[9], "fragment %d: ID, protocol or addresses differ", i);
    ck_assert_msg(off + n + 20 <= outsize, "fragment %d beyond the datagram", i);
    if (!(frag & PKT_MF)) {
      ck_assert_msg(!last_seen, "fragment %d: a second last fragment", i);
      last_seen = 1;
      total = off + n;
    } else {
      ck_assert_msg(n % 8 == 0, "fragment %d: %u data bytes, not a multiple of 8", i, (unsigned)n);
    }
    memcpy(out + 20 + off, f->data + 20, n);
    covered += n;
  }
  ck_assert_msg(last_seen && covered == total, "fragments do not cover the datagram (%u of %u)",
                (unsigned)covered, (unsigned)total);
  memcpy(out, h0, 20);
  pkt_put16(out + 2, (u16_t)(20 + total));
  pkt_put16(out + 6, 0);
  return 20 + total;
}
