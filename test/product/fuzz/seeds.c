/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Writes the seed corpus of the fuzz targets (test/product/fuzz/corpus/TARGET/NAME):
 * valid packets that reach each path the targets are after (echo, UDP and
 * TCP answers, forwarding with and without fragmentation, TTL expiry,
 * options, sending with options), fragment sequences (in order,
 * reversed, overlapping, timed out), checksum inputs, and frames of every
 * receive path of the receive checksum state (IPv4 and IPv6; TCP, UDP,
 * UDP-Lite, ICMP, ICMPv6; padded, with options and extension headers, in
 * fragments; with an honest MAC's marks, STM32's and NXP's). The input
 * layouts are described in fuzz_ip4_input.c, fuzz_ip4_reass.c,
 * fuzz_fastsum.c and fuzz_rxcsum.c.
 *   seeds OUTDIR
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "links.h"
#include "packets.h"

#define ADDR_A1 PKT_ADDR(10, 0, 0, 1)   /* the router on netif A */
#define ADDR_A2 PKT_ADDR(10, 0, 0, 2)   /* a host behind netif A */
#define ADDR_B2 PKT_ADDR(10, 0, 1, 2)   /* a host behind netif B */
#define MTU_576 85                      /* 68 + 6 * 85 = 578 */
#define MTU_1500 255

static const char *outdir;
static uint8_t out[1 << 16];
static size_t out_len;

static void
die(const char *what)
{
  fprintf(stderr, "error: seeds: %s: %s\n", what, strerror(errno));
  exit(1);
}

static void
put(const void *data, size_t len)
{
  memcpy(out + out_len, data, len);
  out_len += len;
}

static void
put_bytes(int a, int b)
{
  uint8_t two[2];

  two[0] = (uint8_t)a;
  two[1] = (uint8_t)b;
  put(two, 2);
}

static void
put_byte(int a)
{
  uint8_t one = (uint8_t)a;

  put(&one, 1);
}

static void
write_seed(const char *target, const char *name)
{
  char path[4096];
  FILE *f;

  snprintf(path, sizeof(path), "%s/%s", outdir, target);
  if (mkdir(path, 0777) != 0 && errno != EEXIST) {
    die(path);
  }
  snprintf(path, sizeof(path), "%s/%s/%s", outdir, target, name);
  f = fopen(path, "wb");
  if (f == NULL || fwrite(out, 1, out_len, f) != out_len || fclose(f) != 0) {
    die(path);
  }
  out_len = 0;
}

static struct pkt_ip
ip_to(uint32_t src, uint32_t dst, uint8_t proto)
{
  struct pkt_ip ip;

  memset(&ip, 0, sizeof(ip));
  ip.ttl = 64;
  ip.id = 0x1234;
  ip.proto = proto;
  ip.src = src;
  ip.dst = dst;
  return ip;
}

/* A seed of fuzz_ip4_input: flags, MTU of B, chain shape, then the packet. */
static void
input_seed(const char *name, int flags, int mtu, int first_extra, int piece,
           const struct pkt_ip *ip, const uint8_t *l4, size_t l4len)
{
  static uint8_t pkt[1 << 16];

  put_bytes(flags, mtu);
  put_bytes(first_extra, piece);
  put(pkt, pkt_datagram(pkt, ip, l4, l4len));
  write_seed("ip4_input", name);
}

static void
input_seeds(void)
{
  static uint8_t l4[1 << 16], pkt[1 << 16];
  static const uint8_t record_route[8] = { 7, 7, 4, 0, 0, 0, 0, 1 };
  struct pkt_ip ip;
  size_t n;

  ip = ip_to(ADDR_A2, ADDR_A1, 1);
  n = pkt_icmp_echo(l4, PKT_ICMP_ECHO, 1, 1, 56, 1);
  input_seed("icmp-echo", 0, MTU_1500, 255, 0, &ip, l4, n);
  input_seed("icmp-echo-odd-chain", 8, MTU_1500, 8, 3, &ip, l4, n);
  ip.opts = record_route;
  ip.optlen = sizeof(record_route);
  input_seed("icmp-echo-options", 0, MTU_1500, 255, 0, &ip, l4, n);

  ip = ip_to(ADDR_A2, ADDR_A1, 17);
  n = pkt_udp(l4, 4000, 7, 100, 2);
  input_seed("udp-echo", 0, MTU_1500, 255, 0, &ip, l4, n);
  ip.dst = ADDR_B2;
  n = pkt_udp(l4, 4000, 9, 1400, 3);
  input_seed("udp-forward-fragmented", 0, MTU_576, 255, 0, &ip, l4, n);
  input_seed("udp-forward", 0, MTU_1500, 255, 0, &ip, l4, n);
  ip.frag = PKT_DF;
  input_seed("udp-forward-df", 0, MTU_576, 255, 0, &ip, l4, n);
  ip.frag = 0;
  ip.ttl = 1;
  input_seed("udp-forward-ttl1", 0, MTU_1500, 255, 0, &ip, l4, n);
  ip.ttl = 0;
  input_seed("udp-forward-ttl0", 0, MTU_1500, 255, 0, &ip, l4, n);

  ip = ip_to(ADDR_A2, ADDR_A1, 6);
  n = pkt_tcp(l4, 4000, 80, PKT_TCP_SYN, 1000, 0, 0);
  input_seed("tcp-syn", 0, MTU_1500, 255, 0, &ip, l4, n);

  ip = ip_to(ADDR_A2, ADDR_A1, 200);
  input_seed("unknown-protocol", 0, MTU_1500, 255, 0, &ip, l4, 40);

  ip = ip_to(ADDR_A2, ADDR_A1, 1);
  ip.frag = PKT_MF;
  n = pkt_icmp_echo(l4, PKT_ICMP_ECHO, 1, 2, 64, 4);
  input_seed("first-fragment", 0, MTU_1500, 255, 0, &ip, l4, n);

  /* sending: options length, TTL, TOS, protocol, destination, options, data */
  put_bytes(4 | 8, MTU_576);
  put_bytes(255, 0);
  put_bytes(4, 64);
  put_bytes(0, 17);
  put_bytes(10, 0);
  put_bytes(1, 2);
  put(record_route, 4);
  ip = ip_to(PKT_ADDR(10, 0, 1, 1), ADDR_B2, 17);
  /* the UDP checksum is that of the datagram lwIP sends from netif B */
  n = pkt_datagram(pkt, &ip, l4, pkt_udp(l4, 5000, 9, 1000, 5));
  put(pkt + 20, n - 20);
  write_seed("ip4_input", "send-options-odd-fragmented");
}

/* A frame of a fuzz_ip4_reass seed: the delay before it, then the packet. */
static void
reass_frame(int delay, const uint8_t *pkt, size_t n)
{
  put_bytes(delay, 255);
  put_bytes((int)(n >> 8), (int)(n & 0xff));
  put(pkt, n);
}

/* The datagram of ip and l4 (l4len bytes) in fragments of size bytes,
 * sent in the order of the offsets in order[] (in units of size; -1
 * ends). */
static void
reass_seed(const char *name, int delay, const struct pkt_ip *ip,
           const uint8_t *l4, size_t l4len, size_t size, const int *order)
{
  static uint8_t dgram[1 << 16], frag[1 << 16];
  int i;

  pkt_datagram(dgram, ip, l4, l4len);
  put_bytes(0, MTU_576);
  for (i = 0; order[i] >= 0; i++) {
    size_t at = (size_t)order[i] * size;
    size_t len = l4len - at < size ? l4len - at : size;

    reass_frame(i == 0 ? 0 : delay, frag, pkt_fragment(frag, dgram, at, len, at + len < l4len));
  }
  write_seed("ip4_reass", name);
}

static void
reass_seeds(void)
{
  static uint8_t l4[1 << 16];
  static const int in_order[] = { 0, 1, 2, -1 };
  static const int reversed[] = { 2, 1, 0, -1 };
  static const int overlapping[] = { 0, 1, 1, 2, 0, -1 };
  static const int lost[] = { 0, 2, -1 };
  static const int two[] = { 0, 1, -1 };
  struct pkt_ip ip;
  size_t n;

  ip = ip_to(ADDR_A2, ADDR_A1, 1);
  n = pkt_icmp_echo(l4, PKT_ICMP_ECHO, 1, 3, 1000, 6);
  reass_seed("icmp-echo-in-order", 0, &ip, l4, n, 400, in_order);
  reass_seed("icmp-echo-reversed", 1, &ip, l4, n, 400, reversed);
  reass_seed("icmp-echo-timeout", 64, &ip, l4, n, 400, in_order);
  reass_seed("icmp-echo-lost", 0, &ip, l4, n, 400, lost);

  ip = ip_to(ADDR_A2, ADDR_A1, 17);
  n = pkt_udp(l4, 4000, 7, 1200, 7);
  reass_seed("udp-echo-overlapping", 0, &ip, l4, n, 408, overlapping);

  ip = ip_to(ADDR_A2, ADDR_B2, 17);
  n = pkt_udp(l4, 4000, 9, 1200, 8);
  reass_seed("udp-forward-fragments", 0, &ip, l4, n, 800, two);
}

/* fastsum: data offset, copy offset, then the data: lengths around the
 * paths' block sizes, at every alignment class. */
static void
fastsum_seeds(void)
{
  static const size_t lengths[] = { 0, 1, 2, 3, 20, 63, 64, 65, 257, 1500 };
  uint8_t data[1500];
  char name[64];
  size_t i;

  for (i = 0; i < sizeof(data); i++) {
    data[i] = (uint8_t)(0xff - i * 13);
  }
  for (i = 0; i < sizeof(lengths) / sizeof(lengths[0]); i++) {
    put_bytes((int)i, (int)(7 * i));
    put(data, lengths[i]);
    snprintf(name, sizeof(name), "len-%zu-offset-%zu", lengths[i], i);
    write_seed("fastsum", name);
  }
}

/* fuzz_rxcsum: the first byte's state (an index into its states[]) and
 * netif; what the target does with a frame. */
#define RXFUZZ_CHECKED_COMPLETE 0
#define RXFUZZ_COMPLETE 1
#define RXFUZZ_CHECKED 2
#define RXFUZZ_MARKS_FRAGMENTS_COMPLETE 3
#define RXFUZZ_STM32 5
#define RXFUZZ_STM32_COMPLETE 6
#define RXFUZZ_NXP 7
#define RXFUZZ_NXP_COMPLETE 8
#define RXFUZZ_NETIF_B 0x10
#define RXFUZZ_FIX (0x08 | 0x10)  /* length field and checksums made right */
#define RXFUZZ_FRAGMENTS 0x20
#define RXFUZZ_REVERSED 0x40
#define RXFUZZ_TIMERS 0x80
/* what the peers send besides the message */
#define RXFUZZ_PLAIN 0
#define RXFUZZ_OPTIONS 1          /* IPv4 options, IPv6 extension headers */
#define RXFUZZ_ROUTING 2          /* IPv6: a Routing header, no segments left */
/* which bit of the datagram is wrong */
#define RXFUZZ_INTACT 0
#define RXFUZZ_FLIP_DATA 1        /* one in the message's last bytes */
#define RXFUZZ_FLIP_HEADER 2      /* IPv4's TTL (its header checksum), IPv6's source address */

/* A frame of an rxcsum seed: what the target does with it (how, and
 * fragments of 8 * units bytes), the datagram and tlen bytes of trailer. */
static void
rx_frame(int how, const uint8_t *dgram, size_t len, size_t tlen, int units)
{
  uint8_t trailer[255];

  put_bytes(how, (int)tlen);
  put_bytes(units - 1, (int)((len + tlen) >> 8));
  put_byte((int)((len + tlen) & 0xff));
  put(dgram, len);
  pkt_pattern(trailer, tlen, 77);
  put(trailer, tlen);
}

/* The peer's datagram to netif n carrying the transport message l4, with
 * what `extra` says. */
static size_t
rx_datagram(uint8_t *out, int v6, int n, uint8_t proto, const uint8_t *l4, size_t l4len, int extra)
{
  /* Router Alert, three NOPs, End of Options */
  static const uint8_t router_alert[8] = { 0x94, 0x04, 0x00, 0x00, 0x01, 0x01, 0x01, 0x00 };
  static uint8_t payload[1 << 16];
  struct pkt_ip6 ip6;
  size_t k = 0;
  uint8_t nexth = proto;

  if (!v6) {
    struct pkt_ip ip = ip_to(n == RX_A ? RX_ADDR_PEER_A : RX_ADDR_PEER_B, n == RX_A ? RX_ADDR_A : RX_ADDR_B,
                             proto);
    if (extra == RXFUZZ_OPTIONS) {
      ip.opts = router_alert;
      ip.optlen = sizeof(router_alert);
    }
    return pkt_datagram(out, &ip, l4, l4len);
  }
  memset(&ip6, 0, sizeof(ip6));
  ip6.hlim = 64;
  memcpy(ip6.src, rx_addr6_peer[n], 16);
  memcpy(ip6.dst, rx_addr6[n], 16);
  if (extra == RXFUZZ_OPTIONS) {
    k += pkt_ext6_opts(payload, PKT_NEXTH_DESTOPTS, 8);
    k += pkt_ext6_opts(payload + k, proto, 16);
    nexth = PKT_NEXTH_HOPBYHOP;
  } else if (extra == RXFUZZ_ROUTING) {
    k = pkt_ext6_routing(payload, proto);
    nexth = PKT_NEXTH_ROUTING;
  }
  memcpy(payload + k, l4, l4len);
  return pkt_datagram6(out, &ip6, nexth, payload, k + l4len);
}

/* An rxcsum seed of one datagram (IPv4 or IPv6 as v6 says, to netif n, the
 * driver's state `state`), with the bit `flip` says wrong. */
static void
rx_seed(const char *name, int v6, int n, int state, int extra, uint8_t proto, const uint8_t *l4,
        size_t l4len, int how, size_t tlen, int units, int flip)
{
  static uint8_t dgram[1 << 16];
  size_t len = rx_datagram(dgram, v6, n, proto, l4, l4len, extra);

  if (flip == RXFUZZ_FLIP_DATA) {
    dgram[len - 3] ^= 0x10;
  } else if (flip == RXFUZZ_FLIP_HEADER) {
    dgram[8] ^= 0x10;
  }
  put_byte(state | (n == RX_B ? RXFUZZ_NETIF_B : 0));
  rx_frame(how, dgram, len, tlen, units);
  write_seed("rxcsum", name);
}

/* A TCP connection to the listening port: handshake, then n data bytes,
 * split as pbuf layout 1 says (0 after extension headers: lwIP drops a
 * datagram whose headers span pbufs); IPv4 padded. */
static void
rx_tcp_seed(const char *name, int v6, int state, int extra, size_t n)
{
  static uint8_t l4[1 << 16], dgram[1 << 16];
  static const int flags[3] = { PKT_TCP_SYN, PKT_TCP_ACK, PKT_TCP_ACK | PKT_TCP_PSH };
  int i;

  put_byte(state);
  for (i = 0; i < 3; i++) {
    size_t l4len = pkt_tcp(l4, RX_PORT_PEER, RX_PORT_TCP, (uint8_t)flags[i], 0x01020304UL + (i > 0),
                           i == 2 ? n : 0, 4);
    size_t len = rx_datagram(dgram, v6, RX_A, PKT_PROTO_TCP, l4, l4len, extra);
    rx_frame(RXFUZZ_FIX | (i == 2 && extra == RXFUZZ_PLAIN ? 1 : 0), dgram, len, !v6 && len < 46 ? 46 - len : 0, 1);
  }
  write_seed("rxcsum", name);
}

/* Every receive path of the rxcsum tests (test/product/rxcsum/states.c),
 * IPv4 and IPv6. */
static void
rxcsum_seeds(void)
{
  static uint8_t l4[1 << 16];
  char name[64];
  size_t n;
  int v6;

  for (v6 = 0; v6 <= 1; v6++) {
    uint8_t icmp = v6 ? PKT_PROTO_ICMP6 : PKT_PROTO_ICMP;
    uint8_t echo = v6 ? PKT_ICMP6_ECHO : PKT_ICMP_ECHO;
#define RX_NAME(s) (snprintf(name, sizeof(name), s, v6 ? "6" : "4"), name)

    n = pkt_udp(l4, RX_PORT_PEER, RX_PORT_UDP, 1, 1);
    rx_seed(RX_NAME("udp%s-padded"), v6, RX_A, RXFUZZ_CHECKED_COMPLETE, RXFUZZ_PLAIN, PKT_PROTO_UDP, l4, n,
            RXFUZZ_FIX, v6 ? 4 : 46 - 29, 1, RXFUZZ_INTACT);
    n = pkt_udp(l4, RX_PORT_PEER, RX_PORT_UDP, 333, 2);
    rx_seed(RX_NAME("udp%s-odd-split-fcs"), v6, RX_A, RXFUZZ_COMPLETE, RXFUZZ_PLAIN, PKT_PROTO_UDP, l4, n,
            RXFUZZ_FIX | 1, 4, 1, RXFUZZ_INTACT);
    rx_seed(RX_NAME("udp%s-netif-b"), v6, RX_B, RXFUZZ_CHECKED_COMPLETE, RXFUZZ_PLAIN, PKT_PROTO_UDP, l4, n,
            RXFUZZ_FIX | 4, 7, 1, RXFUZZ_INTACT);
    rx_seed(RX_NAME("udp%s-extra-headers"), v6, RX_A, RXFUZZ_CHECKED, RXFUZZ_OPTIONS, PKT_PROTO_UDP, l4, n,
            RXFUZZ_FIX | 3, 0, 1, RXFUZZ_INTACT);
    rx_seed(RX_NAME("udp%s-corrupted"), v6, RX_A, RXFUZZ_CHECKED_COMPLETE, RXFUZZ_PLAIN, PKT_PROTO_UDP, l4, n,
            0, 0, 1, RXFUZZ_FLIP_DATA);
    /* IPv6: an atomic fragment (RFC 6946), which lwIP takes whole */
    rx_seed(RX_NAME("udp%s-one-fragment-corrupted"), v6, RX_A, RXFUZZ_MARKS_FRAGMENTS_COMPLETE, RXFUZZ_PLAIN,
            PKT_PROTO_UDP, l4, n, RXFUZZ_FRAGMENTS, 0, 125, RXFUZZ_FLIP_DATA);
    n = pkt_udp(l4, RX_PORT_PEER, RX_PORT_CLOSED, 50, 3);
    rx_seed(RX_NAME("udp%s-closed-port"), v6, RX_A, RXFUZZ_CHECKED, RXFUZZ_PLAIN, PKT_PROTO_UDP, l4, n,
            RXFUZZ_FIX, 0, 1, RXFUZZ_INTACT);
    n = pkt_udp(l4, RX_PORT_PEER, RX_PORT_UDP, 1800, 4);
    rx_seed(RX_NAME("udp%s-fragments"), v6, RX_A, RXFUZZ_CHECKED_COMPLETE, RXFUZZ_PLAIN, PKT_PROTO_UDP, l4, n,
            RXFUZZ_FIX | RXFUZZ_FRAGMENTS | 2, 0, 125, RXFUZZ_INTACT);
    n = pkt_udp(l4, RX_PORT_PEER, RX_PORT_UDP, 1001, 5);
    rx_seed(RX_NAME("udp%s-fragments-reversed-padded"), v6, RX_A, RXFUZZ_MARKS_FRAGMENTS_COMPLETE,
            RXFUZZ_PLAIN, PKT_PROTO_UDP, l4, n, RXFUZZ_FIX | RXFUZZ_FRAGMENTS | RXFUZZ_REVERSED | 3, 17, 125,
            RXFUZZ_INTACT);
    n = pkt_udplite(l4, RX_PORT_PEER, RX_PORT_UDP, 0, 200, 6);
    rx_seed(RX_NAME("udplite%s-coverage-0"), v6, RX_A, RXFUZZ_CHECKED_COMPLETE, RXFUZZ_PLAIN, PKT_PROTO_UDPLITE,
            l4, n, RXFUZZ_FIX, 0, 1, RXFUZZ_INTACT);
    n = pkt_udplite(l4, RX_PORT_PEER, RX_PORT_UDP, 13, 201, 7);
    rx_seed(RX_NAME("udplite%s-coverage-13"), v6, RX_A, RXFUZZ_COMPLETE, RXFUZZ_PLAIN, PKT_PROTO_UDPLITE, l4, n,
            RXFUZZ_FIX | 4, 9, 1, RXFUZZ_INTACT);
    n = pkt_icmp_echo(l4, echo, 0x4242, 7, 3, 8);
    rx_seed(RX_NAME("icmp%s-echo-extra-headers-padded"), v6, RX_A, RXFUZZ_CHECKED_COMPLETE, RXFUZZ_OPTIONS,
            icmp, l4, n, RXFUZZ_FIX | 3, v6 ? 4 : 46 - 39, 1, RXFUZZ_INTACT);
    n = pkt_icmp_echo(l4, echo, 0x4242, 8, 1800, 9);
    rx_seed(RX_NAME("icmp%s-echo-fragments-timers"), v6, RX_A, RXFUZZ_COMPLETE, RXFUZZ_PLAIN, icmp, l4, n,
            RXFUZZ_FIX | RXFUZZ_FRAGMENTS | RXFUZZ_REVERSED | RXFUZZ_TIMERS, 0, 75, RXFUZZ_INTACT);
    n = pkt_tcp(l4, RX_PORT_PEER, RX_PORT_CLOSED, PKT_TCP_ACK, 5, 10, 10);
    rx_seed(RX_NAME("tcp%s-closed-port"), v6, RX_A, RXFUZZ_CHECKED_COMPLETE, RXFUZZ_PLAIN, PKT_PROTO_TCP, l4, n,
            RXFUZZ_FIX, 0, 1, RXFUZZ_INTACT);
    rx_tcp_seed(RX_NAME("tcp%s-data"), v6, RXFUZZ_CHECKED_COMPLETE, RXFUZZ_PLAIN, 517);
    rx_tcp_seed(RX_NAME("tcp%s-data-extra-headers"), v6, RXFUZZ_COMPLETE, RXFUZZ_OPTIONS, 99);

    /* the vendors' MACs: what each checks, what it leaves (fragments;
       NXP's ENET: extension headers, ICMPv6), what it finds wrong */
    n = pkt_udp(l4, RX_PORT_PEER, RX_PORT_UDP, 333, 11);
    rx_seed(RX_NAME("udp%s-stm32-odd-split-fcs"), v6, RX_A, RXFUZZ_STM32, RXFUZZ_PLAIN, PKT_PROTO_UDP, l4, n,
            RXFUZZ_FIX | 1, 4, 1, RXFUZZ_INTACT);
    rx_seed(RX_NAME("udp%s-stm32-extra-headers"), v6, RX_A, RXFUZZ_STM32_COMPLETE, RXFUZZ_OPTIONS,
            PKT_PROTO_UDP, l4, n, RXFUZZ_FIX | 3, 0, 1, RXFUZZ_INTACT);
    rx_seed(RX_NAME("udp%s-nxp-extra-headers"), v6, RX_A, RXFUZZ_NXP, RXFUZZ_OPTIONS, PKT_PROTO_UDP, l4, n,
            RXFUZZ_FIX | 3, 0, 1, RXFUZZ_INTACT);
    rx_seed(RX_NAME("udp%s-nxp-netif-b"), v6, RX_B, RXFUZZ_NXP_COMPLETE, RXFUZZ_PLAIN, PKT_PROTO_UDP, l4, n,
            RXFUZZ_FIX | 4, 7, 1, RXFUZZ_INTACT);
    rx_seed(RX_NAME("udp%s-stm32-corrupted"), v6, RX_A, RXFUZZ_STM32, RXFUZZ_PLAIN, PKT_PROTO_UDP, l4, n,
            0, 0, 1, RXFUZZ_FLIP_DATA);
    rx_seed(RX_NAME("udp%s-nxp-corrupted"), v6, RX_A, RXFUZZ_NXP, RXFUZZ_PLAIN, PKT_PROTO_UDP, l4, n,
            0, 0, 1, RXFUZZ_FLIP_DATA);
    rx_seed(RX_NAME("udp%s-stm32-header-corrupted"), v6, RX_A, RXFUZZ_STM32, RXFUZZ_PLAIN, PKT_PROTO_UDP, l4,
            n, 0, 0, 1, RXFUZZ_FLIP_HEADER);
    rx_seed(RX_NAME("udp%s-nxp-header-corrupted"), v6, RX_A, RXFUZZ_NXP_COMPLETE, RXFUZZ_PLAIN, PKT_PROTO_UDP,
            l4, n, 0, 0, 1, RXFUZZ_FLIP_HEADER);
    n = pkt_udp(l4, RX_PORT_PEER, RX_PORT_UDP, 1800, 12);
    rx_seed(RX_NAME("udp%s-stm32-fragments"), v6, RX_A, RXFUZZ_STM32, RXFUZZ_PLAIN, PKT_PROTO_UDP, l4, n,
            RXFUZZ_FIX | RXFUZZ_FRAGMENTS | 2, 0, 125, RXFUZZ_INTACT);
    rx_seed(RX_NAME("udp%s-nxp-fragments-reversed-padded"), v6, RX_A, RXFUZZ_NXP, RXFUZZ_PLAIN, PKT_PROTO_UDP,
            l4, n, RXFUZZ_FIX | RXFUZZ_FRAGMENTS | RXFUZZ_REVERSED | 3, 17, 125, RXFUZZ_INTACT);
    n = pkt_icmp_echo(l4, echo, 0x4242, 9, 100, 13);
    rx_seed(RX_NAME("icmp%s-echo-nxp"), v6, RX_A, RXFUZZ_NXP, RXFUZZ_PLAIN, icmp, l4, n, RXFUZZ_FIX, 0, 1,
            RXFUZZ_INTACT);
    rx_seed(RX_NAME("icmp%s-echo-nxp-corrupted"), v6, RX_A, RXFUZZ_NXP_COMPLETE, RXFUZZ_PLAIN, icmp, l4, n, 0, 0,
            1, RXFUZZ_FLIP_DATA);
    rx_seed(RX_NAME("icmp%s-echo-stm32-extra-headers"), v6, RX_A, RXFUZZ_STM32, RXFUZZ_OPTIONS, icmp, l4, n,
            RXFUZZ_FIX | 3, 0, 1, RXFUZZ_INTACT);
    n = pkt_tcp(l4, RX_PORT_PEER, RX_PORT_CLOSED, PKT_TCP_ACK, 5, 10, 14);
    rx_seed(RX_NAME("tcp%s-closed-port-stm32-corrupted"), v6, RX_A, RXFUZZ_STM32, RXFUZZ_PLAIN, PKT_PROTO_TCP,
            l4, n, 0, 0, 1, RXFUZZ_FLIP_DATA);
    rx_tcp_seed(RX_NAME("tcp%s-data-stm32"), v6, RXFUZZ_STM32_COMPLETE, RXFUZZ_PLAIN, 517);
    rx_tcp_seed(RX_NAME("tcp%s-data-nxp-extra-headers"), v6, RXFUZZ_NXP, RXFUZZ_OPTIONS, 99);
#undef RX_NAME
  }
  /* what STM32's MAC leaves: past an IPv6 Routing header */
  n = pkt_udp(l4, RX_PORT_PEER, RX_PORT_UDP, 333, 15);
  rx_seed("udp6-stm32-routing-header", 1, RX_A, RXFUZZ_STM32, RXFUZZ_ROUTING, PKT_PROTO_UDP, l4, n, RXFUZZ_FIX, 0,
          1, RXFUZZ_INTACT);
}

int
main(int argc, char **argv)
{
  if (argc != 2) {
    fprintf(stderr, "usage: seeds OUTDIR\n");
    return 2;
  }
  outdir = argv[1];
  if (mkdir(outdir, 0777) != 0 && errno != EEXIST) {
    die(outdir);
  }
  input_seeds();
  reass_seeds();
  fastsum_seeds();
  rxcsum_seeds();
  return 0;
}
