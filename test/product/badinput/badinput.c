/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The bad-input table: hostile IPv4 packets into the router of
 * test/product/fuzz/router.h (patched lwIP, two netifs, forwarding, reassembly,
 * ICMP, UDP, TCP). Each row says what lwIP's stats must count afterwards,
 * what stock lwIP counts (docs/robustness.md); every case also requires:
 * no leak (heap and pools as after start-up, once timers ran out), every
 * emitted IPv4 header verifies and carries exactly the checksum a full
 * RFC 1071 computation gives (never -0, 0xffff, where 0x0000 is right).
 *
 * Every row starts with lwIP's next IP ID set to its own value, and the
 * rows' packets carry IDs other than 0 with unequal bytes, so an ID added
 * to a checksum in the wrong byte order gives a wrong checksum.
 *
 * The program is built for the inline and the function-call builds; with
 * BADINPUT_TRANSCRIPT=FILE it writes each row's counts and emitted packets
 * there, and make compares the two builds' files byte for byte.
 * BADINPUT_SKIP="WORD..." leaves out the rows whose name contains a WORD
 * (the stock builds: "forward" on 2.2.x, broken there, "ttl-0" on 2.1.3);
 * they are listed and counted as skipped.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "packets.h"
#include "router.h"
#include "lwip/stats.h"
#include "lwip/udp.h"

#define ADDR_A1 PKT_ADDR(10, 0, 0, 1)
#define ADDR_A2 PKT_ADDR(10, 0, 0, 2)
#define ADDR_B2 PKT_ADDR(10, 0, 1, 2)
#define PROTO_ICMP 1
#define PROTO_UDP 17

/* The counters a row checks, and the packets lwIP emitted on A and on B. */
struct counts {
  unsigned ip_recv, ip_fw, ip_drop, ip_chkerr, ip_lenerr;
  unsigned frag_recv, frag_drop, frag_err;
  unsigned icmp_xmit, udp_xmit;
  unsigned out_a, out_b;
};

struct row {
  const char *name;
  void (*feed)(void);
  struct counts expect;
};

static uint8_t pkt[1 << 16];
static uint8_t l4[1 << 16];

static struct pkt_ip
ip_hdr(uint32_t src, uint32_t dst, uint8_t proto, uint8_t ttl)
{
  struct pkt_ip ip;

  memset(&ip, 0, sizeof(ip));
  ip.src = src;
  ip.dst = dst;
  ip.proto = proto;
  ip.ttl = ttl;
  ip.id = 0x4217;
  return ip;
}

/* Receive len bytes of pkt on A as one pbuf. */
static void
receive(size_t len)
{
  router_receive(ROUTER_A, pkt, (u16_t)len, (u16_t)len, (u16_t)len, 0, 0);
}

/* An echo request to the router with datalen bytes of data. */
static size_t
echo_request(size_t datalen)
{
  struct pkt_ip ip = ip_hdr(ADDR_A2, ADDR_A1, PROTO_ICMP, 64);

  return pkt_datagram(pkt, &ip, l4, pkt_icmp_echo(l4, PKT_ICMP_ECHO, 1, 1, datalen, 1));
}

/* A UDP datagram from A2 to dst (port 9: discarded there, forwarded here). */
static size_t
udp_to(uint32_t dst, uint16_t dport, uint8_t ttl, size_t datalen)
{
  struct pkt_ip ip = ip_hdr(ADDR_A2, dst, PROTO_UDP, ttl);

  return pkt_datagram(pkt, &ip, l4, pkt_udp(l4, 4000, dport, datalen, 2));
}

/* --- header fields out of range --- */

static void
ihl_4(void)
{
  size_t n = echo_request(8);

  pkt[0] = 0x44;
  pkt_fix_ip_checksum(pkt);
  receive(n);
}

static void
ihl_0(void)
{
  size_t n = echo_request(8);

  pkt[0] = 0x40;
  receive(n);
}

static void
ihl_past_packet(void)
{
  struct pkt_ip ip = ip_hdr(ADDR_A2, ADDR_A1, 200, 64);
  size_t n = pkt_ipv4(pkt, &ip, l4, 0);

  pkt[0] = 0x4f; /* 60 bytes of header in a 20-byte packet */
  memset(pkt + n, 0, 40);
  pkt_fix_ip_checksum(pkt);
  receive(n);
}

static void
ihl_past_first_pbuf(void)
{
  static const uint8_t nop4[4] = { 1, 1, 1, 1 };
  struct pkt_ip ip = ip_hdr(ADDR_A2, ADDR_A1, PROTO_ICMP, 64);
  size_t n;

  ip.opts = nop4;
  ip.optlen = sizeof(nop4);
  n = pkt_datagram(pkt, &ip, l4, pkt_icmp_echo(l4, PKT_ICMP_ECHO, 1, 1, 8, 1));
  router_receive(ROUTER_A, pkt, (u16_t)n, 20, 3, 0, 0);
}

static void
set_total_length(uint16_t total)
{
  size_t n = echo_request(40);

  pkt_put16(pkt + 2, total);
  pkt_fix_ip_checksum(pkt);
  receive(n);
}

static void total_length_12(void) { set_total_length(12); }
static void total_length_0(void) { set_total_length(0); }
static void total_length_past_pbuf(void) { set_total_length(1000); }

static void
bad_header_checksum(void)
{
  size_t n = echo_request(8);

  pkt[11] ^= 1;
  receive(n);
}

/* --- fragments --- */

/* A fragment to the router: offset in bytes, datalen bytes of data. */
static void
fragment(uint16_t offset, int more, size_t datalen)
{
  struct pkt_ip ip = ip_hdr(ADDR_A2, ADDR_A1, PROTO_ICMP, 64);

  memset(l4, 0x5a, datalen);
  ip.frag = (uint16_t)((offset / 8) | (more ? PKT_MF : 0));
  receive(pkt_ipv4(pkt, &ip, l4, datalen));
}

static void fragment_past_64k(void) { fragment(65528, 0, 40); }
static void fragment_past_64k_more(void) { fragment(65528, 1, 40); }

static void
fragment_with_options(void)
{
  static const uint8_t nop4[4] = { 1, 1, 1, 1 };
  struct pkt_ip ip = ip_hdr(ADDR_A2, ADDR_A1, PROTO_ICMP, 64);

  ip.opts = nop4;
  ip.optlen = sizeof(nop4);
  ip.frag = PKT_MF;
  receive(pkt_ipv4(pkt, &ip, l4, 16));
}

/* An echo request with datalen bytes of data, its ICMP message in pieces
 * from from[i] to to[i] (bytes, multiples of 8; to[i] -1: the end; from[i]
 * -1 ends), sent in the order given. */
static void
echo_fragments(size_t datalen, const int *from, const int *to)
{
  struct pkt_ip ip = ip_hdr(ADDR_A2, ADDR_A1, PROTO_ICMP, 64);
  static uint8_t echo[1 << 16];
  size_t len = pkt_datagram(echo, &ip, l4, pkt_icmp_echo(l4, PKT_ICMP_ECHO, 7, 7, datalen, 7)) - 20;
  int i;

  for (i = 0; from[i] >= 0; i++) {
    size_t end = to[i] < 0 ? len : (size_t)to[i];

    receive(pkt_fragment(pkt, echo, (size_t)from[i], end - (size_t)from[i], end < len));
  }
}

/* The fake clock wraps around while a reassembly waits: it must still time
 * out (found as a leak in the fuzz harness after some 270000 runs). */
static void
reassembly_across_clock_wrap(void)
{
  router_clock_set(0x7fffffffUL);
  router_clock_set(0xffffffffUL - 3000);
  fragment(0, 1, 16);
}

static void
overlap_never_complete(void)
{
  static const int from[] = { 0, 16, -1 }, to[] = { 24, 40 };
  echo_fragments(100, from, to);
}

/* [16, 24) comes after the datagram is complete: a new one, timed out. */
static void
overlap_then_complete(void)
{
  static const int from[] = { 0, 8, 24, 16, -1 }, to[] = { 24, 32, -1, 24 };
  echo_fragments(100, from, to);
}

static void
duplicate_fragment(void)
{
  static const int from[] = { 0, 0, 56, -1 }, to[] = { 56, 56, -1 };
  echo_fragments(100, from, to);
}

static void
reversed_fragments(void)
{
  static const int from[] = { 64, 32, 0, -1 }, to[] = { -1, 64, 32 };
  echo_fragments(100, from, to);
}

/* --- pbuf chains with empty and odd-length pbufs --- */

static void
chain_echo(void)
{
  size_t n = echo_request(101);

  router_receive(ROUTER_A, pkt, (u16_t)n, 28, 0, 0, 0);
}

static void
chain_odd_echo(void)
{
  size_t n = echo_request(101);

  router_receive(ROUTER_A, pkt, (u16_t)n, 29, 7, 1, 0);
}

static void
chain_odd_udp_echo(void)
{
  size_t n = udp_to(ADDR_A1, 7, 64, 99);

  router_receive(ROUTER_A, pkt, (u16_t)n, 29, 3, 0, 0);
}

static void
chain_odd_forward_fragmented(void)
{
  size_t n = udp_to(ADDR_B2, 9, 64, 999);

  router_netif(ROUTER_B)->mtu = 300;
  router_receive(ROUTER_A, pkt, (u16_t)n, 33, 5, 1, 0);
  router_netif(ROUTER_B)->mtu = 1500;
}

/* --- TTL on forwarding --- */

static void forward_ttl1(void) { receive(udp_to(ADDR_B2, 9, 1, 32)); }

static void
forward_ttl1_icmp(void)
{
  struct pkt_ip ip = ip_hdr(ADDR_A2, ADDR_B2, PROTO_ICMP, 1);

  receive(pkt_datagram(pkt, &ip, l4, pkt_icmp_echo(l4, PKT_ICMP_ECHO, 1, 1, 8, 1)));
}

static void forward_ttl0(void) { receive(udp_to(ADDR_B2, 9, 0, 32)); }

/* --- checksums 0x0000 and 0xffff around incremental updates --- */

/* Choose the IP ID of the header at pkt so that the header whose TTL is
 * out_ttl instead sums to 0xffff: its right checksum is 0x0000. */
static void
id_for_zero_checksum(uint8_t out_ttl)
{
  uint8_t ttl = pkt[8];

  pkt[8] = out_ttl;
  ck_assert(pkt_steer_ip_checksum(pkt, 0, 0));
  pkt[8] = ttl;
  pkt_fix_ip_checksum(pkt);
}

/* The header at pkt with its checksum written as -0 (0xffff) where the
 * right value is 0x0000 (which id_for_zero_checksum(ttl) arranged). */
static void
negative_zero_checksum(void)
{
  ck_assert_uint_eq((unsigned)pkt[10] << 8 | pkt[11], 0);
  pkt_put16(pkt + 10, 0xffff);
}

static void
forward_to_zero_checksum(void)
{
  size_t n = udp_to(ADDR_B2, 9, 64, 32);

  id_for_zero_checksum(63);
  receive(n);
}

static void
forward_from_zero_checksum(void)
{
  size_t n = udp_to(ADDR_B2, 9, 64, 32);

  id_for_zero_checksum(64);
  receive(n);
}

static void
forward_from_negative_zero(void)
{
  size_t n = udp_to(ADDR_B2, 9, 64, 32);

  id_for_zero_checksum(64);
  negative_zero_checksum();
  receive(n);
}

static void
echo_to_zero_checksum(void)
{
  size_t n = echo_request(16);

  id_for_zero_checksum(255); /* the reply leaves with ICMP_TTL */
  receive(n);
}

static void
echo_from_zero_checksum(void)
{
  size_t n = echo_request(16);

  id_for_zero_checksum(64);
  receive(n);
}

static void
echo_from_negative_zero(void)
{
  size_t n = echo_request(16);

  id_for_zero_checksum(64);
  negative_zero_checksum();
  receive(n);
}

/* --- IP options whose length byte points outside the header --- */

static const uint8_t long_option[4] = { 7, 40, 4, 0 };  /* record route */
static const uint8_t zero_option[4] = { 68, 0, 0, 0 };  /* timestamp, length 0 */

static size_t
with_options(const uint8_t *opts, uint32_t dst, size_t datalen)
{
  struct pkt_ip ip = ip_hdr(ADDR_A2, dst, PROTO_ICMP, 64);

  ip.opts = opts;
  ip.optlen = 4;
  return pkt_datagram(pkt, &ip, l4, pkt_icmp_echo(l4, PKT_ICMP_ECHO, 1, 1, datalen, 1));
}

static void options_long_echo(void) { receive(with_options(long_option, ADDR_A1, 8)); }
static void options_zero_echo(void) { receive(with_options(zero_option, ADDR_A1, 8)); }
static void options_long_forward(void) { receive(with_options(long_option, ADDR_B2, 8)); }

/* ip4_frag() does not fragment headers with options: counted as
 * forwarded, not sent, not counted as dropped (stock behaviour). */
static void
options_long_forward_fragmented(void)
{
  size_t n = with_options(long_option, ADDR_B2, 600);

  router_netif(ROUTER_B)->mtu = 300;
  receive(n);
  router_netif(ROUTER_B)->mtu = 1500;
}

/*                                       recv fw drop chk len frecv fdrop ferr icmp udp  A  B */
static const struct row rows[] = {
  { "ihl-4",                      ihl_4,                 { 1, 0, 1, 0, 1,  0, 0, 0,  0, 0,  0, 0 } },
  { "ihl-0",                      ihl_0,                 { 1, 0, 1, 0, 1,  0, 0, 0,  0, 0,  0, 0 } },
  { "ihl-past-packet",            ihl_past_packet,       { 1, 0, 1, 0, 1,  0, 0, 0,  0, 0,  0, 0 } },
  { "ihl-past-first-pbuf",        ihl_past_first_pbuf,   { 1, 0, 1, 0, 1,  0, 0, 0,  0, 0,  0, 0 } },
  { "total-length-12",            total_length_12,       { 1, 0, 1, 0, 1,  0, 0, 0,  0, 0,  0, 0 } },
  { "total-length-0",             total_length_0,        { 1, 0, 1, 0, 1,  0, 0, 0,  0, 0,  0, 0 } },
  { "total-length-past-pbuf",     total_length_past_pbuf, { 1, 0, 1, 0, 1, 0, 0, 0,  0, 0,  0, 0 } },
  { "bad-header-checksum",        bad_header_checksum,   { 1, 0, 1, 1, 0,  0, 0, 0,  0, 0,  0, 0 } },
  { "fragment-past-64k",          fragment_past_64k,     { 1, 0, 0, 0, 0,  1, 1, 0,  0, 0,  0, 0 } },
  { "fragment-past-64k-more",     fragment_past_64k_more, { 1, 0, 0, 0, 0, 1, 1, 0,  0, 0,  0, 0 } },
  { "fragment-with-options",      fragment_with_options, { 1, 0, 0, 0, 0,  1, 1, 1,  0, 0,  0, 0 } },
  { "reassembly-across-clock-wrap", reassembly_across_clock_wrap, { 1, 0, 0, 0, 0, 1, 0, 0, 1, 0, 1, 0 } },
  { "overlap-never-complete",     overlap_never_complete, { 2, 0, 0, 0, 0, 2, 1, 0,  1, 0,  1, 0 } },
  { "overlap-then-complete",      overlap_then_complete, { 4, 0, 0, 0, 0,  4, 1, 0,  1, 0,  1, 0 } },
  { "duplicate-fragment",         duplicate_fragment,    { 3, 0, 0, 0, 0,  3, 1, 0,  1, 0,  1, 0 } },
  { "reversed-fragments",         reversed_fragments,    { 3, 0, 0, 0, 0,  3, 0, 0,  1, 0,  1, 0 } },
  { "chain-empty-pbuf-echo",      chain_echo,            { 1, 0, 0, 0, 0,  0, 0, 0,  1, 0,  1, 0 } },
  { "chain-odd-pbufs-echo",       chain_odd_echo,        { 1, 0, 0, 0, 0,  0, 0, 0,  1, 0,  1, 0 } },
  { "chain-odd-pbufs-udp-echo",   chain_odd_udp_echo,    { 1, 0, 0, 0, 0,  0, 0, 0,  0, 1,  1, 0 } },
  { "chain-odd-pbufs-forward-fragmented", chain_odd_forward_fragmented, { 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4 } },
  { "forward-ttl-1",              forward_ttl1,          { 1, 0, 0, 0, 0,  0, 0, 0,  1, 0,  1, 0 } },
  { "forward-ttl-1-icmp",         forward_ttl1_icmp,     { 1, 0, 0, 0, 0,  0, 0, 0,  0, 0,  0, 0 } },
  /* stock lwIP decrements TTL 0 to 255 and forwards it (the series fixes it) */
  { "forward-ttl-0",              forward_ttl0,          { 1, 0, 0, 0, 0,  0, 0, 0,  1, 0,  1, 0 } },
  { "forward-to-zero-checksum",   forward_to_zero_checksum, { 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1 } },
  { "forward-from-zero-checksum", forward_from_zero_checksum, { 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1 } },
  { "forward-from-negative-zero", forward_from_negative_zero, { 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1 } },
  { "echo-to-zero-checksum",      echo_to_zero_checksum, { 1, 0, 0, 0, 0,  0, 0, 0,  1, 0,  1, 0 } },
  { "echo-from-zero-checksum",    echo_from_zero_checksum, { 1, 0, 0, 0, 0, 0, 0, 0,  1, 0,  1, 0 } },
  { "echo-from-negative-zero",    echo_from_negative_zero, { 1, 0, 0, 0, 0, 0, 0, 0,  1, 0,  1, 0 } },
  { "options-length-past-header-echo", options_long_echo, { 1, 0, 0, 0, 0, 0, 0, 0,  1, 0,  1, 0 } },
  { "options-length-zero-echo",   options_zero_echo,     { 1, 0, 0, 0, 0,  0, 0, 0,  1, 0,  1, 0 } },
  { "options-length-past-header-forward", options_long_forward, { 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1 } },
  { "options-length-past-header-forward-fragmented", options_long_forward_fragmented, { 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 } },
};
#define ROWS ((int)(sizeof(rows) / sizeof(rows[0])))

/* The rows to run: all but those BADINPUT_SKIP names. */
static int active[ROWS];
static int nactive;

/* lwIP's next IP ID before each row: never 0, the two bytes unequal (also
 * for the next packets a row sends), rising from row to row (in one process,
 * CK_FORK=no, they need no wrap around) while there are fewer than 60. */
#define ROW_IP_ID(row) ((u16_t)(0x0102 + (row) * 0x0103))
typedef char row_ip_ids_rise[ROWS < 60 ? 1 : -1];

/* Make id lwIP's next IP ID: empty UDP datagrams to A2 until the one just
 * sent carried id - 1 (from whatever ID lwIP is at, in forked and
 * unforked runs alike). Their headers must verify too: it stops at the
 * first one that does not. Checked once at the end: Check records every
 * passing assertion. */
static void
set_next_ip_id(const char *name, u16_t id)
{
  struct udp_pcb *pcb = udp_new();
  ip_addr_t dst;
  long n;
  int done = 0;

  ck_assert(pcb != NULL);
  IP_ADDR4(&dst, 10, 0, 0, 2);
  for (n = 0; n <= 0xffff && !done; n++) {
    struct pbuf *p = pbuf_alloc(PBUF_TRANSPORT, 0, PBUF_RAM);
    err_t err = p != NULL ? udp_sendto(pcb, p, &dst, 9) : ERR_MEM;
    const u8_t *sent;

    if (p != NULL) {
      pbuf_free(p);
    }
    if (err != ERR_OK || router_emitted == 0 || router_bad_headers != 0) {
      break;
    }
    sent = router_packet_at(0)->data;
    done = (u16_t)(sent[4] << 8 | sent[5]) == (u16_t)(id - 1);
  }
  udp_remove(pcb);
  ck_assert_msg(router_bad_headers == 0, "%s: lwIP's UDP header with IP ID 0x%02x%02x does not verify",
                name, router_packet_at(0)->data[4], router_packet_at(0)->data[5]);
  ck_assert_msg(done, "%s: cannot make 0x%04x lwIP's next IP ID", name, id);
}

static void
clear_counters(void)
{
  memset(&lwip_stats.ip, 0, sizeof(lwip_stats.ip));
  memset(&lwip_stats.ip_frag, 0, sizeof(lwip_stats.ip_frag));
  memset(&lwip_stats.icmp, 0, sizeof(lwip_stats.icmp));
  memset(&lwip_stats.udp, 0, sizeof(lwip_stats.udp));
}

static void
read_counts(struct counts *c)
{
  unsigned age;

  memset(c, 0, sizeof(*c));
  c->ip_recv = lwip_stats.ip.recv;
  c->ip_fw = lwip_stats.ip.fw;
  c->ip_drop = lwip_stats.ip.drop;
  c->ip_chkerr = lwip_stats.ip.chkerr;
  c->ip_lenerr = lwip_stats.ip.lenerr;
  c->frag_recv = lwip_stats.ip_frag.recv;
  c->frag_drop = lwip_stats.ip_frag.drop;
  c->frag_err = lwip_stats.ip_frag.err;
  c->icmp_xmit = lwip_stats.icmp.xmit;
  c->udp_xmit = lwip_stats.udp.xmit;
  for (age = 0; age < router_emitted && age < ROUTER_KEEP; age++) {
    if (router_packet_at(age)->side == ROUTER_A) {
      c->out_a++;
    } else {
      c->out_b++;
    }
  }
}

static void
write_transcript(const struct row *row, const struct counts *c)
{
  const char *path = getenv("BADINPUT_TRANSCRIPT");
  unsigned age, i;
  FILE *f;

  if (path == NULL) {
    return;
  }
  f = fopen(path, "a");
  ck_assert_msg(f != NULL, "cannot open %s", path);
  fprintf(f, "%s: ip %u %u %u %u %u frag %u %u %u icmp %u udp %u out %u %u\n",
          row->name, c->ip_recv, c->ip_fw, c->ip_drop, c->ip_chkerr,
          c->ip_lenerr, c->frag_recv, c->frag_drop, c->frag_err,
          c->icmp_xmit, c->udp_xmit, c->out_a, c->out_b);
  for (age = router_emitted; age-- > 0; ) {
    const struct router_packet *out = router_packet_at(age);

    fprintf(f, "  %c", out->side == ROUTER_A ? 'A' : 'B');
    for (i = 0; i < out->len; i++) {
      fprintf(f, "%s%02x", i % 32 ? "" : "\n    ", out->data[i]);
    }
    fprintf(f, "\n");
  }
  ck_assert_int_eq(fclose(f), 0);
}

static void
run_row(int index)
{
  const struct row *row = &rows[index];
  struct counts got;
  unsigned age;

  router_init();
  set_next_ip_id(row->name, ROW_IP_ID(index));
  router_init();
  clear_counters();
  row->feed();
  ck_assert_msg(router_settle() == 0, "%s: lwIP leaked memory", row->name);
  read_counts(&got);
  write_transcript(row, &got);
  for (age = 0; row->expect.out_b == 0 && age < router_emitted && age < ROUTER_KEEP; age++) {
    ck_assert_msg(router_packet_at(age)->side != ROUTER_B, "%s: forwarded to B (with TTL %u)",
                  row->name, (unsigned)router_packet_at(age)->data[8]);
  }
  ck_assert_msg(router_bad_headers == 0, "%s: %u emitted headers do not verify",
                row->name, router_bad_headers);
  ck_assert_msg(router_emitted <= ROUTER_KEEP, "%s: too many packets", row->name);
  for (age = 0; age < router_emitted; age++) {
    const struct router_packet *out = router_packet_at(age);

    ck_assert_msg(pkt_get16(out->data + 10) == pkt_ip_checksum(out->data),
                  "%s: emitted header checksum %04x, a full computation gives %04x",
                  row->name, pkt_get16(out->data + 10), pkt_ip_checksum(out->data));
  }
#define CHECK_COUNT(field) \
  ck_assert_msg(got.field == row->expect.field, "%s: " #field " %u, expected %u", \
                row->name, got.field, row->expect.field)
  CHECK_COUNT(ip_recv);
  CHECK_COUNT(ip_fw);
  CHECK_COUNT(ip_drop);
  CHECK_COUNT(ip_chkerr);
  CHECK_COUNT(ip_lenerr);
  CHECK_COUNT(frag_recv);
  CHECK_COUNT(frag_drop);
  CHECK_COUNT(frag_err);
  CHECK_COUNT(icmp_xmit);
  CHECK_COUNT(udp_xmit);
  CHECK_COUNT(out_a);
  CHECK_COUNT(out_b);
#undef CHECK_COUNT
}

START_TEST(test_bad_input)
{
  run_row(active[_i]);
}
END_TEST

/* Does the space-separated word list skip name a word of which is in name? */
static int
skipped(const char *name, const char *skip)
{
  char word[64];
  int n;

  while (skip != NULL && sscanf(skip, " %63s%n", word, &n) == 1) {
    if (strstr(name, word) != NULL) {
      return 1;
    }
    skip += n;
  }
  return 0;
}

int
main(void)
{
  const char *skip = getenv("BADINPUT_SKIP");
  Suite *s = suite_create("badinput");
  TCase *table = tcase_create("table");
  SRunner *sr;
  int i, run, failed;

  for (i = 0; i < ROWS; i++) {
    if (skipped(rows[i].name, skip)) {
      printf("badinput: skipped %s (BADINPUT_SKIP=%s)\n", rows[i].name, skip);
    } else {
      active[nactive++] = i;
    }
  }
  fflush(stdout);
  tcase_add_loop_test(table, test_bad_input, 0, nactive);
  tcase_set_timeout(table, 60); /* a hang guard only: a busy machine is slow */
  suite_add_tcase(s, table);
  sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  run = srunner_ntests_run(sr);
  failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  printf("badinput: %d passed, %d failed, %d skipped\n", run - failed, failed, ROWS - nactive);
  return failed == 0 && run == nactive ? EXIT_SUCCESS : EXIT_FAILURE;
}
