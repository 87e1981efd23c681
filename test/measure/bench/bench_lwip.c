/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Benchmarks 1 (header) and 5 (end to end), run inside one lwIP build.
 * test/measure/bench/Dir.mk links this driver into several builds of lwIP (stock, patched
 * with the inline header checksum on and off, patched with fastsum) and runs
 * them in alternating rounds; bench_lwip_tables.c puts the rounds together.
 *
 *   ip4_output  one ip4_output_if() call: the IPv4 header of a 64-byte
 *               datagram built (2010 lwIP patch #7060 harness)
 *   ip4_frag    one fragment of a 60000-byte datagram cut by ip4_frag()
 *   udp-N       udp_sendto() of an N-byte payload: pbuf_alloc, pbuf_take,
 *               send (UDP and IP headers, checksums, fragmentation at MTU
 *               1500 for 60000), pbuf_free
 *
 * The test netif only counts what it is given; before timing, the first
 * packets of every case are checked (IP header checksum, UDP checksum), so
 * a build that sends wrong packets stops the run instead of being timed.
 *
 * Each build exists in two code layouts (BENCH_LAYOUT, test/measure/bench/Dir.mk): the
 * same code placed differently, so that the tables can tell a difference
 * between builds from one between layouts.
 *
 * Output: one CSV row per sample on stdout:
 *   build,layout,case,ticks_per_op,ns_per_op,packets_per_op
 * With --count, nothing is timed: each case runs its batch once inside
 * count_ops(), which test/measure/bench/run.sh has callgrind count (one profile dump
 * per call), and one row per case says what was run:
 *   build,case,operations,packets_per_op
 */
#include "bench.h"

#include <stdlib.h>
#include <string.h>

#include "lwip/init.h"
#include "lwip/ip4.h"
#include "lwip/ip4_frag.h"
#include "lwip/netif.h"
#include "lwip/pbuf.h"
#include "lwip/prot/ip4.h"
#include "lwip/udp.h"

#ifndef BENCH_BUILD
#error "BENCH_BUILD (the name of this lwIP build) is set by test/measure/bench/Dir.mk"
#endif
#ifndef BENCH_LAYOUT
#error "BENCH_LAYOUT (the name of this build's code layout) is set by test/measure/bench/Dir.mk"
#endif

/* NO_SYS=1 ports provide the clock; nothing here waits on it. */
u32_t sys_now(void)
{
  return 0;
}

static struct netif bench_netif;
static ip4_addr_t local_ip, peer_ip;
static unsigned long packets;
static int verify;
static unsigned char app_data[60000];

/* RFC 1071 byte by byte, independent of every checksum being measured. */
static u32_t add_bytes(u32_t acc, const unsigned char *p, size_t len)
{
  size_t i;
  for (i = 0; i + 1 < len; i += 2) {
    acc += (u32_t)((p[i] << 8) | p[i + 1]);
  }
  if (len & 1) {
    acc += (u32_t)(p[len - 1] << 8);
  }
  return acc;
}

static u16_t fold(u32_t acc)
{
  while (acc >> 16) {
    acc = (acc & 0xffff) + (acc >> 16);
  }
  return (u16_t)acc;
}

static void check_packet(struct pbuf *p)
{
  static unsigned char pkt[1500];
  const struct ip_hdr *iph;
  u16_t hlen, offset;

  if (p->tot_len > sizeof(pkt) || pbuf_copy_partial(p, pkt, p->tot_len, 0) != p->tot_len) {
    bench_fail("%s: the netif got a %u-byte packet (MTU 1500)", BENCH_BUILD, p->tot_len);
  }
  iph = (const struct ip_hdr *)pkt;
  hlen = (u16_t)IPH_HL_BYTES(iph);
  if (fold(add_bytes(0, pkt, hlen)) != 0xffff) {
    bench_fail("%s: wrong IPv4 header checksum 0x%04x", BENCH_BUILD, lwip_ntohs(IPH_CHKSUM(iph)));
  }
  if (lwip_ntohs(IPH_LEN(iph)) != p->tot_len) {
    bench_fail("%s: IPv4 total length %u, packet %u bytes", BENCH_BUILD, lwip_ntohs(IPH_LEN(iph)),
               p->tot_len);
  }
  offset = lwip_ntohs(IPH_OFFSET(iph));
  if (IPH_PROTO(iph) == IP_PROTO_UDP && (offset & (IP_MF | IP_OFFMASK)) == 0) {
    /* pseudo header: addresses, protocol, UDP length; then the datagram */
    u32_t acc = add_bytes(0, pkt + 12, 8);
    acc += IP_PROTO_UDP + (u32_t)(p->tot_len - hlen);
    acc = add_bytes(acc, pkt + hlen, (size_t)(p->tot_len - hlen));
    if (fold(acc) != 0xffff) {
      bench_fail("%s: wrong UDP checksum in a %u-byte packet", BENCH_BUILD, p->tot_len);
    }
  }
}

/* The test netif: counts what it is asked to send, drops it. */
static err_t drop_output(struct netif *netif, struct pbuf *p, const ip4_addr_t *dest)
{
  (void)netif;
  (void)dest;
  packets++;
  if (verify) {
    check_packet(p);
  }
  return ERR_OK;
}

static err_t bench_netif_init(struct netif *netif)
{
  netif->name[0] = 'b';
  netif->name[1] = 'n';
  netif->output = drop_output;
  netif->mtu = 1500;
  return ERR_OK;
}

static void setup(void)
{
  ip4_addr_t mask, gw;
  lwip_init();
  IP4_ADDR(&local_ip, 10, 0, 0, 1);
  IP4_ADDR(&peer_ip, 10, 0, 0, 2);
  IP4_ADDR(&mask, 255, 255, 255, 0);
  IP4_ADDR(&gw, 10, 0, 0, 254);
  if (netif_add(&bench_netif, &local_ip, &mask, &gw, NULL, bench_netif_init, netif_input) == NULL) {
    bench_fail("%s: netif_add failed", BENCH_BUILD);
  }
  netif_set_default(&bench_netif);
  netif_set_up(&bench_netif);
  netif_set_link_up(&bench_netif);
}

/* A case: prepare once, then run() is the operation timed batch by batch. */
struct bench_case {
  const char *name;
  int batch; /* operations per timed sample */
  void (*prepare)(const struct bench_case *c);
  void (*run)(const struct bench_case *c);
  int payload;
};

static struct pbuf *prepared;

static void prepare_output(const struct bench_case *c)
{
  prepared = pbuf_alloc(PBUF_IP, (u16_t)c->payload, PBUF_RAM);
  if (prepared == NULL) {
    bench_fail("%s: pbuf_alloc(%d) failed", BENCH_BUILD, c->payload);
  }
  memcpy(prepared->payload, app_data, (size_t)c->payload);
}

/* 253: the experimental protocol number (RFC 3692); the payload is no UDP. */
#define BENCH_IP_PROTO 253

static void run_output(const struct bench_case *c)
{
  (void)c;
  if (ip4_output_if(prepared, &local_ip, &peer_ip, 64, 0, BENCH_IP_PROTO, &bench_netif) != ERR_OK) {
    bench_fail("%s: ip4_output_if failed", BENCH_BUILD);
  }
  pbuf_remove_header(prepared, IP_HLEN); /* ready for the next header */
}

/* A whole datagram with its IPv4 header, as ip4_output_if hands it over. */
static void prepare_frag(const struct bench_case *c)
{
  struct ip_hdr *iph;
  prepare_output(c);
  if (pbuf_add_header(prepared, IP_HLEN)) {
    bench_fail("%s: no room for an IPv4 header", BENCH_BUILD);
  }
  iph = (struct ip_hdr *)prepared->payload;
  IPH_VHL_SET(iph, 4, IP_HLEN / 4);
  IPH_TOS_SET(iph, 0);
  IPH_LEN_SET(iph, lwip_htons(prepared->tot_len));
  IPH_ID_SET(iph, lwip_htons(0x1234));
  IPH_OFFSET_SET(iph, 0);
  IPH_TTL_SET(iph, 64);
  IPH_PROTO_SET(iph, BENCH_IP_PROTO);
  ip4_addr_copy(iph->src, local_ip);
  ip4_addr_copy(iph->dest, peer_ip);
  IPH_CHKSUM_SET(iph, 0);
  IPH_CHKSUM_SET(iph, lwip_htons((u16_t)~fold(add_bytes(0, (const unsigned char *)iph, IP_HLEN))));
}

static void run_frag(const struct bench_case *c)
{
  (void)c;
  if (ip4_frag(prepared, &bench_netif, &peer_ip) != ERR_OK) {
    bench_fail("%s: ip4_frag failed", BENCH_BUILD);
  }
}

static struct udp_pcb *pcb;

static void prepare_udp(const struct bench_case *c)
{
  (void)c;
  if (pcb == NULL) {
    pcb = udp_new();
    if (pcb == NULL || udp_bind(pcb, IP4_ADDR_ANY, 5000) != ERR_OK) {
      bench_fail("%s: udp_new/udp_bind failed", BENCH_BUILD);
    }
  }
}

static void run_udp(const struct bench_case *c)
{
  ip_addr_t dst;
  struct pbuf *p = pbuf_alloc(PBUF_TRANSPORT, (u16_t)c->payload, PBUF_RAM);
  if (p == NULL) {
    bench_fail("%s: pbuf_alloc(%d) failed", BENCH_BUILD, c->payload);
  }
  pbuf_take(p, app_data, (u16_t)c->payload);
  ip_addr_copy_from_ip4(dst, peer_ip);
  if (udp_sendto(pcb, p, &dst, 7) != ERR_OK) {
    bench_fail("%s: udp_sendto of %d bytes failed", BENCH_BUILD, c->payload);
  }
  pbuf_free(p);
}

static void finish(const struct bench_case *c)
{
  (void)c;
  if (prepared != NULL) {
    pbuf_free(prepared);
    prepared = NULL;
  }
}

static const struct bench_case cases[] = {
  { "ip4_output", 256, prepare_output, run_output, 64 },
  { "ip4_frag", 4, prepare_frag, run_frag, 60000 },
  { "udp-64", 256, prepare_udp, run_udp, 64 },
  { "udp-512", 128, prepare_udp, run_udp, 512 },
  { "udp-1472", 64, prepare_udp, run_udp, 1472 },
  { "udp-60000", 2, prepare_udp, run_udp, 60000 },
};

/* The batch of a case, run once: callgrind counts inside this function
 * (--toggle-collect) and writes its counts after each call (--dump-after). */
static void __attribute__((noinline)) count_ops(const struct bench_case *c)
{
  int j;
  for (j = 0; j < c->batch; j++) {
    c->run(c);
  }
}

/* Checked (the first operation with the netif verifying every packet),
 * then warmed up; returns the packets one operation sends. */
static unsigned long check_and_warm_up(const struct bench_case *bc)
{
  unsigned long per_op;
  int j;
  bc->prepare(bc);
  verify = 1;
  packets = 0;
  bc->run(bc);
  per_op = packets;
  verify = 0;
  if (per_op == 0) {
    bench_fail("%s: %s sent nothing", BENCH_BUILD, bc->name);
  }
  for (j = 0; j < bc->batch; j++) {
    bc->run(bc);
  }
  return per_op;
}

static void time_case(const struct bench_case *bc, unsigned long per_op)
{
  const int runs = 21;
  int r, j;
  for (r = 0; r < runs; r++) {
    uint64_t t0, t1;
    double ticks;
    packets = 0;
    t0 = bench_ticks();
    for (j = 0; j < bc->batch; j++) {
      bc->run(bc);
    }
    t1 = bench_ticks();
    if (packets != per_op * (unsigned long)bc->batch) {
      bench_fail("%s: %s sent %lu packets, expected %lu", BENCH_BUILD, bc->name, packets,
                 per_op * (unsigned long)bc->batch);
    }
    /* ip4_frag is reported per fragment, the rest per call */
    ticks = ((double)(t1 - t0) - bench_timer_overhead) / bc->batch;
    if (strcmp(bc->name, "ip4_frag") == 0) {
      ticks /= (double)per_op;
    }
    printf("%s,%s,%s,%.2f,%.2f,%lu\n", BENCH_BUILD, BENCH_LAYOUT, bc->name, ticks,
           ticks * bench_ns_per_tick, per_op);
  }
}

int main(int argc, char **argv)
{
  size_t i, c;
  int count;
  uint64_t rng = 0x7060;

  count = argc == 2 && strcmp(argv[1], "--count") == 0;
  if (argc != 1 && !count) {
    fprintf(stderr, "usage: %s [--count] (writes its samples, or with --count what it ran, to stdout)\n",
            argv[0]);
    return 2;
  }
  bench_start();
  for (i = 0; i < sizeof(app_data); i++) {
    app_data[i] = (unsigned char)bench_random(&rng);
  }
  setup();
  for (c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
    const struct bench_case *bc = &cases[c];
    unsigned long per_op = check_and_warm_up(bc);
    if (count) {
      count_ops(bc);
      printf("%s,%s,%d,%lu\n", BENCH_BUILD, bc->name, bc->batch, per_op);
    } else {
      time_case(bc, per_op);
    }
    finish(bc);
  }
  return 0;
}
