/* SPDX-License-Identifier: BSD-3-Clause */
/* Every receive state gives what software verification gives.
 *
 * Each test is one receive path: frames of IPv4 or IPv6 carrying TCP, UDP,
 * UDP-Lite, ICMP or ICMPv6, with IP options or extension headers, padded
 * as short Ethernet frames are, or fragments in and out of order and
 * overlapping. Its frames are received in every layout of pbufs and, each
 * with one bit flipped at every byte offset, in one layout; each run in
 * every receive state (the driver's sum computed over the frame as it is,
 * the MAC's marks where the MAC would find the frame right, an STM32's or
 * NXP's MAC status mapped to marks), compared with the run in which lwIP
 * verifies everything itself: the same deliveries, the same frames sent,
 * the same counters. Every frame's marks mapped from the vendors' status
 * are the MAC's, less what that MAC does not check. Probes then show that
 * lwIP uses the state: a wrong sum makes it drop the frames, a mark makes
 * it accept a corrupted frame, unless the frame is a fragment. */
#include "rxcsum.h"

#include <stdio.h>
#include <string.h>

#include "lwip/pbuf.h"

#define RX_MAX_FRAMES 8
#define RX_FRAME_MAX 2048

/* The frames of a test, in the order they are received: the first
 * first_test set up (a TCP handshake) and are never flipped. */
struct rx_frames {
  int n;
  int first_test;
  size_t len[RX_MAX_FRAMES];
  u8_t data[RX_MAX_FRAMES][RX_FRAME_MAX];
};

/* What a test sends. */
enum kind {
  UDP, UDP_ZERO, UDP_CLOSED, UDPLITE_ALL, UDPLITE_LEN, UDPLITE_8, UDPLITE_13,
  TCP_SYN, TCP_DATA, TCP_CLOSED, ECHO, ICMP_OTHER
};
/* How: variants */
#define PAD        0x01 /* padded to the 46 bytes of a minimum Ethernet frame's data */
#define TRAILER    0x02 /* 4 bytes after the datagram (a frame check sequence) */
#define OPTIONS    0x04 /* IPv4 options, IPv6 Hop-by-Hop and Destination Options */
#define FRAGMENTS  0x08 /* in fragments, in order */
#define REVERSED   0x10 /* in fragments, the last first */
#define OVERLAP    0x20 /* in fragments, one overlapping, one repeated */
#define ROUTING    0x40 /* an IPv6 Routing header (no segments left: passed over) */
/* What the state may change: lwIP trusts the sum, the marks */
#define SUM  0x01
#define MARK 0x02

struct scenario {
  const char *name;
  int v6;
  int netif;
  enum kind kind;
  size_t size;      /* data bytes */
  u8_t how;
  u8_t trusts;
  const char *good; /* what the good frames make lwIP do: "U" (UDP), "T"
                       (TCP data) delivered, "E" sent */
};

#define V4 0
#define V6 1
static const struct scenario scenarios[] = {
  {"udp4, padded", V4, RX_A, UDP, 1, PAD, SUM | MARK, "U"},
  {"udp4, 333 bytes", V4, RX_A, UDP, 333, 0, SUM | MARK, "U"},
  {"udp4, 1472 bytes", V4, RX_A, UDP, 1472, 0, SUM | MARK, "U"},
  {"udp4, checksum 0", V4, RX_A, UDP_ZERO, 100, 0, 0, "U"},
  {"udp4, closed port", V4, RX_A, UDP_CLOSED, 50, PAD, SUM | MARK, "E"},
  {"udplite4, coverage 0", V4, RX_A, UDPLITE_ALL, 200, 0, SUM | MARK, "U"},
  {"udplite4, coverage its length", V4, RX_A, UDPLITE_LEN, 201, 0, SUM | MARK, "U"},
  {"udplite4, coverage 8", V4, RX_A, UDPLITE_8, 200, 0, 0, "U"},
  {"udplite4, coverage 13", V4, RX_A, UDPLITE_13, 201, PAD, 0, "U"},
  {"tcp4 SYN, padded", V4, RX_A, TCP_SYN, 0, PAD, SUM | MARK, "E"},
  {"tcp4 data, 1 byte padded", V4, RX_A, TCP_DATA, 1, PAD, SUM | MARK, "T"},
  {"tcp4 data, 517 bytes", V4, RX_A, TCP_DATA, 517, 0, SUM | MARK, "T"},
  {"tcp4, closed port", V4, RX_A, TCP_CLOSED, 10, 0, SUM | MARK, "E"},
  {"icmp4 echo, padded", V4, RX_A, ECHO, 0, PAD, SUM | MARK, "E"},
  {"icmp4 echo, 1001 bytes", V4, RX_A, ECHO, 1001, TRAILER, SUM | MARK, "E"},
  {"icmp4 echo reply (not checked)", V4, RX_A, ICMP_OTHER, 20, PAD, 0, ""},
  {"udp4, IP options", V4, RX_A, UDP, 77, OPTIONS, SUM | MARK, "U"},
  {"tcp4 data, IP options", V4, RX_A, TCP_DATA, 300, OPTIONS, SUM | MARK, "T"},
  {"icmp4 echo, IP options, padded", V4, RX_A, ECHO, 3, OPTIONS | PAD, SUM | MARK, "E"},
  {"udp4 fragments", V4, RX_A, UDP, 1800, FRAGMENTS, SUM, "U"},
  {"udp4 fragments, reversed", V4, RX_A, UDP, 1800, REVERSED, SUM, "U"},
  {"udp4 fragments, overlapping", V4, RX_A, UDP, 1800, OVERLAP, SUM, "U"},
  {"udp4 fragments, the last padded", V4, RX_A, UDP, 1001, FRAGMENTS | PAD, SUM, "U"},
  {"icmp4 echo in fragments", V4, RX_A, ECHO, 1800, REVERSED, SUM, "E"},
  {"tcp4 data in fragments", V4, RX_A, TCP_DATA, 1800, OVERLAP, SUM, "T"},
  {"udp4, IP header unchecked", V4, RX_B, UDP, 333, PAD, SUM | MARK, "U"},
  {"tcp4 data, IP header unchecked", V4, RX_B, TCP_DATA, 1, PAD, SUM | MARK, "T"},
  {"icmp4 echo, IP options, IP header unchecked", V4, RX_B, ECHO, 64, OPTIONS, SUM | MARK, "E"},
  {"udp4 fragments, IP header unchecked", V4, RX_B, UDP, 1800, REVERSED, SUM, "U"},
  {"udp6, trailer", V6, RX_A, UDP, 1, TRAILER, SUM | MARK, "U"},
  {"udp6, 777 bytes", V6, RX_A, UDP, 777, 0, SUM | MARK, "U"},
  {"udp6, checksum 0", V6, RX_A, UDP_ZERO, 100, 0, 0, ""},
  {"udp6, closed port", V6, RX_A, UDP_CLOSED, 50, 0, SUM | MARK, "E"},
  {"udplite6, coverage 0", V6, RX_A, UDPLITE_ALL, 200, 0, SUM | MARK, "U"},
  {"udplite6, coverage 13", V6, RX_A, UDPLITE_13, 201, 0, 0, "U"},
  {"tcp6 SYN", V6, RX_A, TCP_SYN, 0, 0, SUM | MARK, "E"},
  {"tcp6 data, 517 bytes", V6, RX_A, TCP_DATA, 517, TRAILER, SUM | MARK, "T"},
  {"tcp6, closed port", V6, RX_A, TCP_CLOSED, 10, 0, SUM | MARK, "E"},
  {"icmp6 echo", V6, RX_A, ECHO, 56, 0, SUM | MARK, "E"},
  {"icmp6 echo, 1201 bytes", V6, RX_A, ECHO, 1201, 0, SUM | MARK, "E"},
  {"icmp6 echo reply (checked too)", V6, RX_A, ICMP_OTHER, 20, 0, SUM | MARK, ""},
  {"udp6, extension headers", V6, RX_A, UDP, 300, OPTIONS, SUM | MARK, "U"},
  {"udp6, routing header", V6, RX_A, UDP, 60, ROUTING, SUM | MARK, "U"},
  {"tcp6 data, extension headers", V6, RX_A, TCP_DATA, 99, OPTIONS, SUM | MARK, "T"},
  {"icmp6 echo, extension headers", V6, RX_A, ECHO, 40, OPTIONS | TRAILER, SUM | MARK, "E"},
  {"udp6 fragments", V6, RX_A, UDP, 1800, FRAGMENTS, SUM, "U"},
  {"udp6 fragments, reversed", V6, RX_A, UDP, 1800, REVERSED, SUM, "U"},
  {"udp6 fragments, overlapping", V6, RX_A, UDP, 1800, OVERLAP, SUM, "U"},
  {"icmp6 echo in fragments", V6, RX_A, ECHO, 1800, FRAGMENTS, SUM, "E"},
  {"tcp6 data in fragments", V6, RX_A, TCP_DATA, 1800, REVERSED, SUM, "T"}
};

/* ---- Building the frames ------------------------------------------------- */

/* IPv4 options: Router Alert, three NOPs, End of Options */
static const u8_t ip_options[8] = {0x94, 0x04, 0x00, 0x00, 0x01, 0x01, 0x01, 0x00};

/* The datagram from the peer to netif s->netif carrying the transport
 * message l4 (l4len bytes, protocol proto), its checksum filled in. */
static size_t
datagram(u8_t *out, const struct scenario *s, u8_t proto, const u8_t *l4, size_t l4len)
{
  if (!s->v6) {
    struct pkt_ip ip;
    memset(&ip, 0, sizeof(ip));
    ip.ttl = 64;
    ip.proto = proto;
    ip.id = 0x1234;
    ip.src = s->netif == RX_A ? RX_ADDR_PEER_A : RX_ADDR_PEER_B;
    ip.dst = s->netif == RX_A ? RX_ADDR_A : RX_ADDR_B;
    if (s->how & OPTIONS) {
      ip.opts = ip_options;
      ip.optlen = sizeof(ip_options);
    }
    return pkt_datagram(out, &ip, l4, l4len);
  } else {
    struct pkt_ip6 ip;
    u8_t payload[RX_FRAME_MAX];
    size_t n = 0;
    u8_t nexth = proto;
    memset(&ip, 0, sizeof(ip));
    ip.hlim = 64;
    ip.tclass = 0x2e;
    ip.flow = 0x12345;
    memcpy(ip.src, rx_addr6_peer[s->netif], 16);
    memcpy(ip.dst, rx_addr6[s->netif], 16);
    if (s->how & OPTIONS) {
      n += pkt_ext6_opts(payload, PKT_NEXTH_DESTOPTS, 8);
      n += pkt_ext6_opts(payload + n, proto, 16);
      nexth = PKT_NEXTH_HOPBYHOP;
    }
    if (s->how & ROUTING) {
      n = pkt_ext6_routing(payload, proto);
      nexth = PKT_NEXTH_ROUTING;
    }
    RX_ASSERT(n + l4len <= sizeof(payload), "%s: datagram too long", s->name);
    memcpy(payload + n, l4, l4len);
    return pkt_datagram6(out, &ip, nexth, payload, n + l4len);
  }
}

/* A frame: the datagram and what follows it on the link. */
static void
add_frame(struct rx_frames *fr, const struct scenario *s, const u8_t *dgram, size_t len)
{
  size_t n = len;
  RX_ASSERT(fr->n < RX_MAX_FRAMES && len + 46 <= RX_FRAME_MAX, "%s: too many frames, or too long", s->name);
  memcpy(fr->data[fr->n], dgram, len);
  if ((s->how & PAD) && n < 46) {
    n = 46;
  }
  if (s->how & TRAILER) {
    n += 4;
  }
  /* not zeros: lwIP must take them out of the sum whatever they are */
  pkt_pattern(fr->data[fr->n] + len, n - len, 77);
  fr->len[fr->n++] = n;
}

/* The fragments of dgram (len bytes): [0, 1000), [1000, 1600), the rest,
 * in the order s->how says; OVERLAP adds one over bytes [992, 1208), which
 * lwIP drops, and repeats the second. */
static void
add_fragments(struct rx_frames *fr, const struct scenario *s, const u8_t *dgram, size_t len)
{
  static const int in_order[] = {0, 1, 2, -1}, reversed[] = {2, 1, 0, -1}, overlap[] = {0, 3, 2, 1, 1, -1};
  const int *order = (s->how & REVERSED) ? reversed : (s->how & OVERLAP) ? overlap : in_order;
  size_t hlen = s->v6 ? PKT_IP6_HLEN : 20;
  size_t data = len - hlen;
  size_t off[4] = {0, 1000, 1600, 992}, n[4];
  u8_t frag[RX_FRAME_MAX];
  int i;

  n[0] = 1000;
  n[1] = data > 1600 ? 600 : data - 1000;
  n[2] = data > 1600 ? data - 1600 : 0;
  n[3] = 216;
  RX_ASSERT(data > 1000 && (n[2] > 0 || order != reversed), "%s: %lu data bytes do not make these fragments", s->name, (unsigned long)data);
  for (i = 0; order[i] >= 0; i++) {
    int f = order[i];
    int more = off[f] + n[f] < data;
    size_t flen;
    if (n[f] == 0) {
      continue;
    }
    flen = s->v6 ? pkt_fragment6(frag, dgram, off[f], n[f], more, 0x51525354UL)
                 : pkt_fragment(frag, dgram, off[f], n[f], more);
    add_frame(fr, s, frag, flen);
  }
}

static void
build(struct rx_frames *fr, const struct scenario *s)
{
  u8_t l4[RX_FRAME_MAX], dgram[RX_FRAME_MAX];
  size_t l4len, len;
  u8_t proto = PKT_PROTO_UDP;
  u16_t sport = RX_PORT_PEER;
  u32_t seq = 0x01020304UL;

  memset(fr, 0, sizeof(*fr));
  RX_ASSERT(s->size + 40 <= sizeof(l4), "%s: message too long", s->name);
  switch (s->kind) {
    case UDP:
    case UDP_ZERO:
    case UDP_CLOSED:
      l4len = pkt_udp(l4, sport, s->kind == UDP_CLOSED ? RX_PORT_CLOSED : RX_PORT_UDP, s->size, 1);
      break;
    case UDPLITE_ALL:
    case UDPLITE_LEN:
    case UDPLITE_8:
    case UDPLITE_13:
      proto = PKT_PROTO_UDPLITE;
      l4len = pkt_udplite(l4, sport, RX_PORT_UDP,
                          (u16_t)(s->kind == UDPLITE_ALL ? 0 : s->kind == UDPLITE_LEN ? 8 + s->size :
                                  s->kind == UDPLITE_8 ? 8 : 13), s->size, 2);
      break;
    case TCP_SYN:
      proto = PKT_PROTO_TCP;
      l4len = pkt_tcp(l4, sport, RX_PORT_TCP, PKT_TCP_SYN, seq, 0, 3);
      break;
    case TCP_DATA:
      proto = PKT_PROTO_TCP;
      /* the handshake, then the data */
      l4len = pkt_tcp(l4, sport, RX_PORT_TCP, PKT_TCP_SYN, seq, 0, 3);
      len = datagram(dgram, s, proto, l4, l4len);
      add_frame(fr, s, dgram, len);
      l4len = pkt_tcp(l4, sport, RX_PORT_TCP, PKT_TCP_ACK, seq + 1, 0, 3);
      len = datagram(dgram, s, proto, l4, l4len);
      add_frame(fr, s, dgram, len);
      fr->first_test = fr->n;
      l4len = pkt_tcp(l4, sport, RX_PORT_TCP, PKT_TCP_ACK | PKT_TCP_PSH, seq + 1, s->size, 4);
      break;
    case TCP_CLOSED:
      proto = PKT_PROTO_TCP;
      l4len = pkt_tcp(l4, sport, RX_PORT_CLOSED, PKT_TCP_ACK, seq, s->size, 5);
      break;
    case ECHO:
    case ICMP_OTHER:
      proto = s->v6 ? PKT_PROTO_ICMP6 : PKT_PROTO_ICMP;
      l4len = pkt_icmp_echo(l4, s->kind == ICMP_OTHER ? (s->v6 ? PKT_ICMP6_ECHO_REPLY : PKT_ICMP_ECHO_REPLY) :
                            (s->v6 ? PKT_ICMP6_ECHO : PKT_ICMP_ECHO), 0x4242, 7, s->size, 6);
      break;
    default:
      ck_abort_msg("unknown kind %d", (int)s->kind);
      return;
  }
  len = datagram(dgram, s, proto, l4, l4len);
  if (s->kind == UDP_ZERO) {
    pkt_put16(dgram + len - l4len + 6, 0);
  }
  if (s->how & (FRAGMENTS | REVERSED | OVERLAP)) {
    add_fragments(fr, s, dgram, len);
  } else {
    add_frame(fr, s, dgram, len);
  }
}

/* ---- The vendors' MACs ---------------------------------------------------- */

/* Every vendor's marks for the frame f (len bytes) are the MAC's, less
 * what that MAC does not check (rx_vendor_marks_diff). */
static void
check_vendor_marks(const struct scenario *s, const u8_t *f, size_t len, const char *what)
{
  int mac;

  for (mac = 0; mac < RX_MACS; mac++) {
    const char *diff = rx_vendor_marks_diff(mac, f, len);
    RX_ASSERT(diff == NULL, "%s, %s: %s", s->name, what, diff);
  }
}

/* ---- Runs ------------------------------------------------------------------ */

static void
run(const struct scenario *s, const struct rx_frames *fr, int layout, int setup_state, int test_state,
    struct rx_record *record)
{
  int i;
  rx_run_begin();
  for (i = 0; i < fr->n; i++) {
    if (i < fr->first_test) {
      rx_receive(s->netif, fr->data[i], fr->len[i], 0, setup_state);
    } else {
      rx_receive(s->netif, fr->data[i], fr->len[i], layout, test_state);
    }
  }
  rx_run_end(record);
}

static struct rx_record reference, record;

/* Run the frames in every state and compare each with software
 * verification; returns whether that found a checksum wrong. */
static int
compare_states(const struct scenario *s, const struct rx_frames *fr, int layout, const char *what)
{
  int state;
  run(s, fr, layout, RX_NONE, RX_NONE, &reference);
  for (state = RX_NONE + 1; state < RX_STATES; state++) {
    const char *diff;
    run(s, fr, layout, state, state, &record);
    diff = rx_record_diff(&reference, &record, "software verification");
    RX_ASSERT(diff == NULL, "%s, %s, %s: receive state '%s': %s", s->name, what, rx_layout_name[layout],
                  rx_state_name[state], diff);
  }
  return rx_transport_chkerr(&reference.counters) + reference.counters.ip.chkerr > 0;
}

/* The good frames do what the scenario says (so that the flips have
 * something to break). */
static void
check_good(const struct scenario *s, const struct rx_record *r)
{
  RX_ASSERT(strchr(s->good, 'E') == NULL || rx_record_sent(r) > 0,
                "%s: the good frames make lwIP send nothing", s->name);
  RX_ASSERT((strchr(s->good, 'U') == NULL && strchr(s->good, 'T') == NULL) || rx_record_deliveries(r) > 0,
                "%s: the good frames deliver nothing", s->name);
  RX_ASSERT(rx_transport_chkerr(&r->counters) == 0 && r->counters.ip.chkerr == 0,
                "%s: the good frames have checksum errors", s->name);
}

/* Probes of trust, on the good frames (layout 0, setup frames unmarked). */
static void
probe(const struct scenario *s, struct rx_frames *fr)
{
  static struct rx_record good, corrupted;
  int fragmented = (s->how & (FRAGMENTS | REVERSED | OVERLAP)) != 0;
  u8_t *last;
  size_t dlen;
  int state;

  run(s, fr, 0, RX_NONE, RX_NONE, &good);
  check_good(s, &good);
  /* the MAC finds the good frames right where it can check them */
  if ((s->trusts & MARK) && !fragmented && s->kind != UDPLITE_ALL && s->kind != UDPLITE_LEN) {
    u8_t checked = rx_mac_checked(fr->data[fr->first_test], fr->len[fr->first_test]);
    RX_ASSERT((checked & PBUF_CHKSUM_CHECKED_TRANSPORT) && (s->v6 || (checked & PBUF_CHKSUM_CHECKED_IP)),
              "%s: the MAC finds the good frame's checksums wrong (marks 0x%02x)", s->name, checked);
  }

  /* a wrong sum is used where the sum is */
  run(s, fr, 0, RX_NONE, RX_WRONG_SUM, &record);
  if (s->trusts & SUM) {
    RX_ASSERT(rx_transport_chkerr(&record.counters) > 0,
                  "%s: a sum off by one is not taken (no checksum error)", s->name);
  } else {
    const char *diff = rx_record_diff(&good, &record, "software verification");
    RX_ASSERT(diff == NULL, "%s: a sum off by one: %s", s->name, diff);
  }

  /* the last byte of the first test frame's datagram corrupted, marked
     checked (with the sum of the frame as it is, or without) */
  dlen = s->v6 ? PKT_IP6_HLEN + pkt_get16(fr->data[fr->first_test] + 4)
               : pkt_get16(fr->data[fr->first_test] + 2);
  last = fr->data[fr->first_test] + dlen - 1;
  *last ^= 0x01;
  run(s, fr, 0, RX_NONE, RX_NONE, &corrupted);
  for (state = RX_MARKED; state <= RX_MARKED_COMPLETE; state++) {
    run(s, fr, 0, RX_NONE, state, &record);
    if ((s->trusts & MARK) && !fragmented) {
      RX_ASSERT(rx_transport_chkerr(&record.counters) == 0 &&
                rx_record_deliveries(&record) == rx_record_deliveries(&good) &&
                rx_record_sent(&record) == rx_record_sent(&good),
                "%s: a corrupted frame %s is not taken as right", s->name, rx_state_name[state]);
    } else if (fragmented) {
      RX_ASSERT(rx_transport_chkerr(&record.counters) > 0 && rx_record_deliveries(&record) == 0,
                "%s: fragments %s make lwIP take a corrupted datagram as right", s->name, rx_state_name[state]);
    } else {
      const char *diff = rx_record_diff(&corrupted, &record, "software verification");
      RX_ASSERT(diff == NULL, "%s: a corrupted frame %s: %s", s->name, rx_state_name[state], diff);
    }
  }
  *last ^= 0x01;

  /* an IPv4 header checksum that is wrong, marked checked, is taken */
  if (!s->v6 && s->netif == RX_A) {
    u8_t *hdr = fr->data[fr->first_test];
    hdr[11] ^= 0x01;
    run(s, fr, 0, RX_NONE, RX_MARKED_IP, &record);
    RX_ASSERT(record.counters.ip.chkerr == 0 && rx_record_deliveries(&record) == rx_record_deliveries(&good),
                  "%s: an IPv4 header marked checked is checked again", s->name);
    hdr[11] ^= 0x01;
  }
}

static void
sweep(const struct scenario *s)
{
  static struct rx_frames fr;
  char what[96];
  unsigned runs = 0, flips = 0, wrong = 0;
  int f, layout;

  build(&fr, s);
  for (f = 0; f < fr.n; f++) {
    check_vendor_marks(s, fr.data[f], fr.len[f], "good frames");
  }
  for (layout = 0; layout < RX_LAYOUTS; layout++) {
    compare_states(s, &fr, layout, "good frames");
    runs += RX_STATES;
  }
  for (f = fr.first_test; f < fr.n; f++) {
    size_t at;
    for (at = 0; at < fr.len[f]; at++) {
      u8_t bit = (u8_t)(1u << (at % 8));
      fr.data[f][at] ^= bit;
      snprintf(what, sizeof(what), "frame %d with bit %u of byte %lu flipped", f, (unsigned)(at % 8),
               (unsigned long)at);
      check_vendor_marks(s, fr.data[f], fr.len[f], what);
      wrong += (unsigned)compare_states(s, &fr, (int)((at + (size_t)f) % RX_LAYOUTS), what);
      fr.data[f][at] ^= bit;
      runs += RX_STATES;
      flips++;
    }
  }
  probe(s, &fr);
  printf("rxcsum: %s: %u runs in %d receive states agree; software verification finds %u of %u flipped frames "
         "wrong\n", s->name, runs, RX_STATES, wrong, flips);
}

START_TEST(test_states)
{
  sweep(&scenarios[_i]);
}
END_TEST

Suite *
rx_suite_states(void)
{
  Suite *s = suite_create("receive states");
  TCase *tc = tcase_create("states");
  /* A hang guard only (qemu-user is slow); no test is timed. */
  tcase_set_timeout(tc, 600);
  tcase_add_loop_test(tc, test_states, 0, (int)LWIP_ARRAYSIZE(scenarios));
  suite_add_tcase(s, tc);
  return s;
}
