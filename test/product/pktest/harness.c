/* Packet test harness: capturing netifs, the pcap writer, the checksums
 * by the RFC 1071 reference (test/product/common) and the datagram builders.
 * Everything here reads and writes bytes one at a time, so it runs
 * unchanged on any byte order and on strict-alignment CPUs. */
#include "pktest.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lwip/init.h"
#include "lwip/ip.h"
#include "lwip/ip4.h"
#include "lwip/memp.h"
#include "lwip/stats.h"
#include "lwip/sys.h"

u32_t pk_now;

u32_t
sys_now(void)
{
  return pk_now;
}

/* ---- Checksums by the RFC 1071 reference -------------------------------- */

u16_t
ref_ip_checksum(const u8_t *hdr)
{
  size_t hlen = (size_t)(hdr[0] & 0x0F) * 4;
  return (u16_t)~rfc1071_sum(hdr + 12, hlen - 12, rfc1071_sum(hdr, 10, 0));
}

int
ref_ip_verifies(const u8_t *hdr)
{
  return rfc1071_sum(hdr, (size_t)(hdr[0] & 0x0F) * 4, 0) == 0xFFFF;
}

size_t
ref_transport_chksum_offset(const u8_t *pkt)
{
  size_t hlen = (size_t)(pkt[0] & 0x0F) * 4;
  switch (pkt[9]) {
    case 1:  return hlen + 2;  /* ICMP */
    case 6:  return hlen + 16; /* TCP */
    case 17: return hlen + 6;  /* UDP */
    default: return 0;
  }
}

int
ref_transport_verifies(const u8_t *pkt, size_t len)
{
  size_t hlen = (size_t)(pkt[0] & 0x0F) * 4;
  u8_t proto = pkt[9];
  u32_t sum;
  if (proto == 1) {
    return rfc1071_sum(pkt + hlen, len - hlen, 0) == 0xFFFF;
  }
  if (proto != 6 && proto != 17) {
    return 1;
  }
  if (proto == 17 && pk_get16(pkt + hlen + 6) == 0) {
    return 1; /* UDP without checksum */
  }
  sum = rfc1071_sum(pkt + 12, 8, 0) + proto + (u32_t)(len - hlen);
  return rfc1071_sum(pkt + hlen, len - hlen, sum) == 0xFFFF;
}

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
  ck_assert_msg(pk_get16(d + 2) == f->len, "frame %d (if %d): total length %u, frame %u bytes",
                index, f->ifnum, pk_get16(d + 2), f->len);
  ip_left_to_hw = (f->offloaded & PK_OFF_IP) && pk_get16(d + 10) == 0;
  ck_assert_msg(ip_left_to_hw || ref_ip_verifies(d), "frame %d (if %d): IP header checksum 0x%04x does not verify",
                index, f->ifnum, pk_get16(d + 10));
  if (!f->forwarded && !ip_left_to_hw) {
    ck_assert_msg(pk_get16(d + 10) == ref_ip_checksum(d),
                  "frame %d (if %d): IP header checksum 0x%04x, a full computation gives 0x%04x",
                  index, f->ifnum, pk_get16(d + 10), ref_ip_checksum(d));
  }
  frag = pk_get16(d + 6);
  if ((frag & (PK_MF | 0x1FFF)) == 0) {
    ck_assert_msg(ref_transport_chksum_offset(d) + 2 <= f->len,
                  "frame %d (if %d): protocol %u header truncated", index, f->ifnum, d[9]);
    ck_assert_msg(((f->offloaded & pk_off_proto(d[9])) && pk_get16(d + ref_transport_chksum_offset(d)) == 0) ||
                  ref_transport_verifies(d, f->len),
                  "frame %d (if %d): protocol %u checksum 0x%04x does not verify",
                  index, f->ifnum, d[9], pk_get16(d + ref_transport_chksum_offset(d)));
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
static mem_size_t pk_mem_used;
static u16_t pk_memp_used[MEMP_MAX];

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
  pk_put32(rec, f->ifnum);
  pk_put32(rec + 4, (u32_t)index);
  pk_put32(rec + 8, f->len);
  pk_put32(rec + 12, f->len);
  ck_assert(fwrite(rec, sizeof(rec), 1, pk_pcap) == 1);
  ck_assert(f->len == 0 || fwrite(f->data, f->len, 1, pk_pcap) == 1);
  ck_assert(fflush(pk_pcap) == 0);
}

static void
capture(u8_t ifnum, u8_t offloaded, struct pbuf *p)
{
  struct pk_frame *f;
  u8_t *d;
  ck_assert_msg(pk_nframes < PK_MAX_FRAMES, "more than %d frames in one test", PK_MAX_FRAMES);
  ck_assert_msg(pk_arena_used + p->tot_len <= PK_ARENA_SIZE, "capture arena full");
  d = pk_arena + pk_arena_used;
  ck_assert(pbuf_copy_partial(p, d, p->tot_len, 0) == p->tot_len);
  pk_arena_used += p->tot_len;
  f = &pk_frames[pk_nframes];
  f->ifnum = ifnum;
  f->forwarded = (u8_t)(pk_forwarding != 0);
  f->offloaded = offloaded;
  f->len = p->tot_len;
  f->data = d;
  pcap_write(f, pk_nframes);
  pk_nframes++;
}

void
pk_record_local(struct pbuf *p)
{
  capture(PK_LOCAL, 0, p);
}

static err_t
pk_output(struct netif *netif, struct pbuf *p, const ip4_addr_t *dest)
{
  LWIP_UNUSED_ARG(dest);
  capture((u8_t)(netif == &pk_netif[PK_A] ? PK_A : PK_B), pk_offloaded(netif), p);
  return ERR_OK;
}

static err_t
pk_netif_init(struct netif *netif)
{
  netif->name[0] = 'p';
  netif->name[1] = (char)(netif == &pk_netif[PK_A] ? 'a' : 'b');
  netif->output = pk_output;
  netif->mtu = 1500;
  netif->flags = NETIF_FLAG_BROADCAST;
  return ERR_OK;
}

void
pk_ip4(ip4_addr_t *addr, u32_t host_order)
{
  IP4_ADDR(addr, (u8_t)(host_order >> 24), (u8_t)(host_order >> 16),
           (u8_t)(host_order >> 8), (u8_t)host_order);
}

static void
pk_netif_add(int ifnum, u32_t addr)
{
  ip4_addr_t ip, mask, gw;
  pk_ip4(&ip, addr);
  pk_ip4(&mask, 0xFFFFFF00UL);
  ip4_addr_set_zero(&gw);
  ck_assert(netif_add(&pk_netif[ifnum], &ip, &mask, &gw, NULL, pk_netif_init, ip4_input) != NULL);
  netif_set_up(&pk_netif[ifnum]);
  netif_set_link_up(&pk_netif[ifnum]);
}

void
pk_setup(void)
{
  int i;
  pk_nframes = 0;
  pk_arena_used = 0;
  pk_forwarding = 0;
  pk_now = 0;
  pk_mem_used = lwip_stats.mem.used;
  for (i = 0; i < MEMP_MAX; i++) {
    pk_memp_used[i] = lwip_stats.memp[i]->used;
  }
  pk_netif_add(PK_A, PK_ADDR_A);
  pk_netif_add(PK_B, PK_ADDR_B);
  netif_set_default(&pk_netif[PK_A]);
}

void
pk_teardown(void)
{
  int i;
  for (i = 0; i < pk_nframes; i++) {
    pk_verify_frame(&pk_frames[i], i);
  }
  netif_remove(&pk_netif[PK_A]);
  netif_remove(&pk_netif[PK_B]);
  ck_assert_msg(lwip_stats.mem.used == pk_mem_used, "%u bytes of heap not freed",
                (unsigned)(lwip_stats.mem.used - pk_mem_used));
  for (i = 0; i < MEMP_MAX; i++) {
    ck_assert_msg(lwip_stats.memp[i]->used == pk_memp_used[i], "pool %s: %u elements not freed",
                  lwip_stats.memp[i]->name, (unsigned)(lwip_stats.memp[i]->used - pk_memp_used[i]));
  }
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

/* ---- bytes and builders -------------------------------------------------- */

u16_t
pk_get16(const u8_t *p)
{
  return (u16_t)((p[0] << 8) | p[1]);
}

void
pk_put16(u8_t *p, u16_t v)
{
  p[0] = (u8_t)(v >> 8);
  p[1] = (u8_t)v;
}

u32_t
pk_get32(const u8_t *p)
{
  return ((u32_t)pk_get16(p) << 16) | pk_get16(p + 2);
}

void
pk_put32(u8_t *p, u32_t v)
{
  pk_put16(p, (u16_t)(v >> 16));
  pk_put16(p + 2, (u16_t)v);
}

void
pk_pattern(u8_t *d, size_t n, u32_t seed)
{
  size_t i;
  for (i = 0; i < n; i++) {
    if (((i >> 4) + seed) % 5 == 0) {
      d[i] = 0xFF;
    } else {
      d[i] = (u8_t)(i * 131 + seed * 29 + (i >> 8));
    }
  }
}

size_t
pk_build(u8_t *buf, const struct pk_ip *h, const u8_t *l4, size_t l4len)
{
  size_t hlen = 20 + (size_t)h->optlen;
  size_t len = hlen + l4len;
  size_t off;
  buf[0] = (u8_t)(0x40 | (hlen / 4));
  buf[1] = h->tos;
  pk_put16(buf + 2, (u16_t)len);
  pk_put16(buf + 4, h->id);
  pk_put16(buf + 6, h->frag);
  buf[8] = h->ttl;
  buf[9] = h->proto;
  pk_put16(buf + 10, 0);
  pk_put32(buf + 12, h->src);
  pk_put32(buf + 16, h->dst);
  if (h->optlen) {
    memcpy(buf + 20, h->options, h->optlen);
  }
  memcpy(buf + hlen, l4, l4len);
  off = ref_transport_chksum_offset(buf);
  if (off != 0 && !(h->proto == 17 && pk_get16(buf + off) == 0)) {
    u32_t sum = 0;
    pk_put16(buf + off, 0);
    if (h->proto != 1) {
      sum = rfc1071_sum(buf + 12, 8, 0) + h->proto + (u32_t)l4len;
    }
    sum = rfc1071_sum(buf + hlen, l4len, sum);
    if (h->proto == 17 && sum == 0xFFFF) {
      pk_put16(buf + off, 0xFFFF); /* UDP sends a zero sum as all ones */
    } else {
      pk_put16(buf + off, (u16_t)~sum);
    }
  }
  pk_put16(buf + 10, ref_ip_checksum(buf));
  return len;
}

size_t
pk_udp(u8_t *l4, u16_t sport, u16_t dport, size_t n, u32_t seed)
{
  pk_put16(l4, sport);
  pk_put16(l4 + 2, dport);
  pk_put16(l4 + 4, (u16_t)(8 + n));
  pk_put16(l4 + 6, 1); /* nonzero: pk_build computes it */
  pk_pattern(l4 + 8, n, seed);
  return 8 + n;
}

size_t
pk_tcp(u8_t *l4, u16_t sport, u16_t dport, size_t n, u32_t seed)
{
  pk_put16(l4, sport);
  pk_put16(l4 + 2, dport);
  pk_put32(l4 + 4, 0x01020304UL + seed);
  pk_put32(l4 + 8, 0xA0B0C0D0UL);
  l4[12] = 5 << 4;
  l4[13] = 0x18; /* PSH, ACK */
  pk_put16(l4 + 14, 8192);
  pk_put16(l4 + 16, 0);
  pk_put16(l4 + 18, 0);
  pk_pattern(l4 + 20, n, seed);
  return 20 + n;
}

size_t
pk_icmp_echo(u8_t *l4, u8_t type, u16_t id, u16_t seq, size_t n, u32_t seed)
{
  l4[0] = type;
  l4[1] = 0;
  pk_put16(l4 + 2, 0);
  pk_put16(l4 + 4, id);
  pk_put16(l4 + 6, seq);
  pk_pattern(l4 + 8, n, seed);
  return 8 + n;
}

void
pk_steer_ip_checksum(u8_t *pkt, u16_t want, u16_t stored)
{
  /* checksum = ~(rest + id), so id = ~want - rest = ~want + ~rest in one's
   * complement, and ~rest is the checksum of the header with id 0 */
  u16_t id;
  pk_put16(pkt + 4, 0);
  id = rfc1071_fold((u32_t)(u16_t)~want + ref_ip_checksum(pkt));
  pk_put16(pkt + 4, id);
  ck_assert_msg(ref_ip_checksum(pkt) == want, "cannot steer the header checksum to 0x%04x", want);
  pk_put16(pkt + 10, stored);
  ck_assert(ref_ip_verifies(pkt));
}

size_t
pk_fragment(u8_t *out, const u8_t *dgram, size_t off, size_t n, int more)
{
  u16_t frag = (u16_t)(pk_get16(dgram + 6) & PK_DF);
  memcpy(out, dgram, 20);
  memcpy(out + 20, dgram + 20 + off, n);
  pk_put16(out + 2, (u16_t)(20 + n));
  pk_put16(out + 6, (u16_t)(frag | (more ? PK_MF : 0) | (off / 8)));
  pk_put16(out + 10, 0);
  pk_put16(out + 10, ref_ip_checksum(out));
  return 20 + n;
}

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
  pk_pattern(data, n, seed);
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
  pk_pattern(data, n, seed);
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
    u16_t frag = pk_get16(f->data + 6);
    size_t off = (size_t)(frag & 0x1FFF) * 8;
    size_t n = f->len - 20;
    ck_assert_msg((f->data[0] & 0x0F) == 5, "fragment %d has IP options", i);
    ck_assert_msg(memcmp(f->data + 4, h0 + 4, 2) == 0 && memcmp(f->data + 12, h0 + 12, 8) == 0 &&
                  f->data[9] == h0[9], "fragment %d: ID, protocol or addresses differ", i);
    ck_assert_msg(off + n + 20 <= outsize, "fragment %d beyond the datagram", i);
    if (!(frag & PK_MF)) {
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
  pk_put16(out + 2, (u16_t)(20 + total));
  pk_put16(out + 6, 0);
  return 20 + total;
}
