/* SPDX-License-Identifier: BSD-3-Clause */
/* The rows of make count-packets: see rows.h. */
#include "rows.h"

#include <stdio.h>
#include <string.h>

#include "packets.h"

#include "lwip/etharp.h"
#include "lwip/init.h"
#include "lwip/ip.h"
#include "lwip/prot/icmp.h"
#include "lwip/prot/tcp.h"
#include "lwip/sys.h"
#include "lwip/tcp.h"
#include "lwip/udp.h"
#include "netif/ethernet.h"

/* How the driver of the copied rows hands lwIP a frame it copies out of
 * its receive buffer (test/measure/packets/Dir.mk sets it per build):
 * pbuf_take(), lwIP verifying the checksums; fastsum_netif_take(), summing
 * as it copies (the complete sum); pbuf_take() and the marks of a MAC that
 * verified the IPv4 header and transport checksums. */
#define PACKETS_RX_TAKE     0
#define PACKETS_RX_COMPLETE 1
#define PACKETS_RX_CHECKED  2
#ifndef PACKETS_RX
#define PACKETS_RX PACKETS_RX_TAKE
#endif
#if PACKETS_RX == PACKETS_RX_COMPLETE
#include "fastsum_netif.h"
#endif

/* Netif A (192.168.1.1/24, the default) and B (10.0.0.1/24), a peer host
 * on each link. */
#define ADDR_A      PKT_ADDR(192, 168, 1, 1)
#define ADDR_PEER_A PKT_ADDR(192, 168, 1, 2)
#define ADDR_B      PKT_ADDR(10, 0, 0, 1)
#define ADDR_PEER_B PKT_ADDR(10, 0, 0, 2)
#define set_ip4(a, host_order) ip4_addr_set_u32((a), lwip_htonl(host_order))
enum { SIDE_A, SIDE_B, SIDES };

/* lwIP's clock (NO_SYS): time stands still, so no timer fires while a
 * packet is counted. */
u32_t
sys_now(void)
{
  return 0;
}

static struct netif net[SIDES];
static const u32_t addr[SIDES] = { ADDR_A, ADDR_B };
static const u32_t peer_addr[SIDES] = { ADDR_PEER_A, ADDR_PEER_B };
static const u8_t mac[SIDES][ETH_HWADDR_LEN] = { { 2, 0, 0, 0, 0, 0xA }, { 2, 0, 0, 0, 0, 0xB } };
static const u8_t peer_mac[SIDES][ETH_HWADDR_LEN] = { { 2, 0, 0, 0, 1, 0xA }, { 2, 0, 0, 0, 1, 0xB } };

#define UDP_PORT       5000
#define PEER_UDP_PORT  5001
#define TCP_PORT       49152 /* and the next one */
#define PEER_TCP_PORT  80
#define PEER_TCP_ISS   1000UL
#define FRAME_MAX      (SIZEOF_ETH_HDR + 1500)

/* What the driver and the application saw since packets_start(). */
static int frames_sent;
static int bytes_delivered;
static int keep_frames;
static int frames_kept;
static u8_t kept[PACKETS_MAX_CALLS][FRAME_MAX];
static u16_t kept_len[PACKETS_MAX_CALLS];

/* Frames and data being built. The data every packet carries comes from
 * one pattern, made once: pkt_pattern() takes a division a byte, more
 * instructions on a core without a divider than lwIP spends on the packet. */
static u8_t payload[4000];
static u8_t transport[4000];
static u8_t datagram[4000];
static u8_t segment[FRAME_MAX];
/* The frames of the row built last (by the builder built), kept: every
 * packet of a row carries the same bytes, but TCP's (segment[]). */
typedef int frames_builder(void);
static frames_builder *built;
static int frames_built;
static size_t frame_len[PACKETS_MAX_CALLS];
static u8_t frames[PACKETS_MAX_CALLS][FRAME_MAX];

static struct udp_pcb *udp;
/* The connections lwIP opened to the peer, by the MSS the peer announced:
 * a full Ethernet payload, and TCP's default (RFC 879), the segments of the
 * 536-byte row; and the one a row uses. */
enum { CONNS = 2 };
static const u16_t conn_mss[CONNS] = { TCP_MSS, 536 };
static struct tcp_pcb *conns[CONNS];
static struct tcp_pcb *conn;
/* the length of the application's next send */
static u16_t send_len;

/* The driver's receive buffer (word-aligned, as a DMA descriptor's), the
 * frame in it and the pool pbuf allocated for it: the frame of a copied
 * row, copied in the measured call. */
static u32_t rx_buffer[(FRAME_MAX + 3) / 4];
static u16_t rx_len;
static struct pbuf *rx_pbuf;

/* The driver: counts each frame and discards it (with keep_frames, after
 * copying it for packets_check()). */
static err_t
discard_linkoutput(struct netif *netif, struct pbuf *p)
{
  LWIP_UNUSED_ARG(netif);
  frames_sent++;
  if (keep_frames && frames_kept < PACKETS_MAX_CALLS && p->tot_len <= FRAME_MAX) {
    kept_len[frames_kept] = pbuf_copy_partial(p, kept[frames_kept], p->tot_len, 0);
    frames_kept++;
  }
  return ERR_OK;
}

static err_t
eth_netif_init(struct netif *netif)
{
  int side = netif == &net[SIDE_B];
  netif->name[0] = 'e';
  netif->name[1] = (char)('a' + side);
  netif->output = etharp_output;
  netif->linkoutput = discard_linkoutput;
  netif->mtu = 1500;
  netif->hwaddr_len = ETH_HWADDR_LEN;
  memcpy(netif->hwaddr, mac[side], ETH_HWADDR_LEN);
  netif->flags = NETIF_FLAG_BROADCAST | NETIF_FLAG_ETHARP | NETIF_FLAG_ETHERNET;
  return ERR_OK;
}

/* The application: takes what it is given and frees it. */
static void
udp_received(void *arg, struct udp_pcb *pcb, struct pbuf *p, const ip_addr_t *from, u16_t port)
{
  LWIP_UNUSED_ARG(arg);
  LWIP_UNUSED_ARG(pcb);
  LWIP_UNUSED_ARG(from);
  LWIP_UNUSED_ARG(port);
  bytes_delivered += p->tot_len;
  pbuf_free(p);
}

static err_t
tcp_received(void *arg, struct tcp_pcb *pcb, struct pbuf *p, err_t err)
{
  LWIP_UNUSED_ARG(arg);
  if (p == NULL || err != ERR_OK) {
    return ERR_OK;
  }
  bytes_delivered += p->tot_len;
  tcp_recved(pcb, p->tot_len);
  pbuf_free(p);
  return ERR_OK;
}

static err_t
tcp_connected(void *arg, struct tcp_pcb *pcb, err_t err)
{
  LWIP_UNUSED_ARG(arg);
  LWIP_UNUSED_ARG(pcb);
  return err;
}

/* The sends an application makes, measured from their first instruction. */
static err_t
tcp_send(void)
{
  err_t err = tcp_write(conn, payload, send_len, TCP_WRITE_FLAG_COPY);
  if (err == ERR_OK) {
    err = tcp_output(conn);
  }
  return err;
}

static err_t
udp_send_datagram(void)
{
  ip_addr_t to;
  err_t err;
  struct pbuf *p = pbuf_alloc(PBUF_TRANSPORT, send_len, PBUF_RAM);
  if (p == NULL) {
    return ERR_MEM;
  }
  pbuf_take(p, payload, send_len);
  set_ip4(ip_2_ip4(&to), ADDR_PEER_A);
  IP_SET_TYPE_VAL(to, IPADDR_TYPE_V4);
  err = udp_sendto(udp, p, &to, PEER_UDP_PORT);
  pbuf_free(p);
  return err;
}

/* The driver receiving the frame in rx_buffer, from its copy into the
 * pool pbuf until lwIP returns (the measured call of a copied row). */
static err_t
driver_receive(void)
{
#if PACKETS_RX == PACKETS_RX_COMPLETE
  err_t err = fastsum_netif_take(rx_pbuf, rx_buffer, rx_len, SIZEOF_ETH_HDR);
#else
  err_t err = pbuf_take(rx_pbuf, rx_buffer, rx_len);
#endif
#if PACKETS_RX == PACKETS_RX_CHECKED
  pbuf_chksum_set_checked(rx_pbuf, PBUF_CHKSUM_CHECKED_IP | PBUF_CHKSUM_CHECKED_TRANSPORT);
#endif
  if (err != ERR_OK) {
    pbuf_free(rx_pbuf);
    return err;
  }
  return net[SIDE_A].input(rx_pbuf, &net[SIDE_A]);
}

/* ---- frames ---------------------------------------------------------------- */

/* A frame of len bytes as a driver receives it: in a pool pbuf, copied
 * there before the call; or, copied, in the driver's buffer, the pool pbuf
 * allocated, the copy part of the call (driver_receive()). */
static int
input_call(struct packets_call *call, int side, const u8_t *frame, size_t len, int copied)
{
  struct pbuf *p = pbuf_alloc(PBUF_RAW, (u16_t)len, PBUF_POOL);
  if (p == NULL || (!copied && pbuf_take(p, frame, (u16_t)len) != ERR_OK)) {
    printf("error: no pool pbuf for a frame of %u bytes\n", (unsigned)len);
    return 0;
  }
  call->netif = &net[side];
  if (copied) {
    memcpy(rx_buffer, frame, len);
    rx_len = (u16_t)len;
    rx_pbuf = p;
    call->frame = NULL;
    call->send = driver_receive;
  } else {
    call->frame = p;
    call->send = NULL;
  }
  return 1;
}

static void
eth_header(u8_t *frame, int side, u16_t type)
{
  memcpy(frame, mac[side], ETH_HWADDR_LEN);
  memcpy(frame + ETH_HWADDR_LEN, peer_mac[side], ETH_HWADDR_LEN);
  pkt_put16(frame + 2 * ETH_HWADDR_LEN, type);
}

/* The IPv4 datagram of the transport bytes into buf, returns its length. */
static size_t
ip_datagram(u8_t *buf, u8_t proto, u32_t src, u32_t dst, size_t transport_len)
{
  struct pkt_ip h;
  memset(&h, 0, sizeof(h));
  h.ttl = 64;
  h.proto = proto;
  h.id = 0x7060;
  h.src = src;
  h.dst = dst;
  return pkt_datagram(buf, &h, transport, transport_len);
}

/* A frame into f from peer A carrying the datagram of the transport
 * bytes to dst; returns its length. */
static size_t
ip_frame(u8_t *f, u8_t proto, u32_t dst, size_t transport_len)
{
  eth_header(f, SIDE_A, ETHTYPE_IP);
  return SIZEOF_ETH_HDR + ip_datagram(f + SIZEOF_ETH_HDR, proto, ADDR_PEER_A, dst, transport_len);
}

/* Transport messages: a builder's header (for no data), then n bytes of
 * the payload. */
static size_t
udp_message(u16_t sport, u16_t dport, size_t n)
{
  size_t hlen = pkt_udp(transport, sport, dport, 0, 0);
  pkt_put16(transport + 4, (u16_t)(hlen + n));
  memcpy(transport + hlen, payload, n);
  return hlen + n;
}

static size_t
tcp_message(u16_t sport, u16_t dport, size_t n)
{
  size_t hlen = pkt_tcp(transport, sport, dport, PKT_TCP_ACK, 0, 0, 0);
  memcpy(transport + hlen, payload, n);
  return hlen + n;
}

/* The frames build() makes, arriving at netif A; built once a row. Copied
 * (input_call()): one frame only, the driver has one buffer. */
static int
received(struct packets_call *calls, frames_builder *build, int copied)
{
  int i;
  if (built != build) {
    frames_built = build();
    built = frames_built > 0 ? build : NULL;
  }
  for (i = 0; i < frames_built; i++) {
    if (!input_call(&calls[i], SIDE_A, frames[i], frame_len[i], copied)) {
      return 0;
    }
  }
  return frames_built;
}

/* A segment from the peer on a connection: its flags, n bytes of data
 * (with SYN, the 4 bytes of the option announcing mss); copied as
 * input_call(). */
static int
tcp_segment_call(struct packets_call *call, const struct tcp_pcb *pcb, u8_t flags, size_t n, u16_t mss,
                 int copied)
{
  size_t len = tcp_message(PEER_TCP_PORT, pcb->local_port, n);
  pkt_put32(transport + 4, (flags & TCP_SYN) ? PEER_TCP_ISS : pcb->rcv_nxt);
  pkt_put32(transport + 8, pcb->snd_nxt);
  transport[13] = flags;
  pkt_put16(transport + 14, 0xFFFF);
  if (flags & TCP_SYN) {
    transport[12] = 6 << 4;
    transport[20] = 2;
    transport[21] = 4;
    pkt_put16(transport + 22, mss);
  }
  return input_call(call, SIDE_A, segment, ip_frame(segment, IP_PROTO_TCP, ADDR_A, len), copied);
}

/* Hands a frame to lwIP outside what is measured. */
static int
input_now(struct packets_call *call)
{
  if (call->netif->input(call->frame, call->netif) != ERR_OK) {
    printf("error: netif %c%c did not take a frame\n", call->netif->name[0], call->netif->name[1]);
    return 0;
  }
  return 1;
}

/* The row's connection, with nothing in flight: the peer acknowledges
 * what lwIP sent before. */
static int
tcp_settled(struct tcp_pcb *pcb)
{
  conn = pcb;
  struct packets_call ack;
  if (conn->state != ESTABLISHED) {
    printf("error: the TCP connection is no longer established\n");
    return 0;
  }
  if (conn->unacked == NULL) {
    return 1;
  }
  if (!tcp_segment_call(&ack, conn, TCP_ACK, 0, 0, 0) || !input_now(&ack)) {
    return 0;
  }
  if (conn->unacked != NULL) {
    printf("error: lwIP kept its data after the peer's ACK\n");
    return 0;
  }
  return 1;
}

/* ---- the rows ---------------------------------------------------------------- */

/* An in-order segment of a full MSS on an established connection,
 * delivered to the recv callback, and its ACK: the second segment of a pair (TF_ACK_DELAY
 * set by the first), which lwIP acknowledges at once (TF_ACK_NOW). */
static int
tcp_receive(struct packets_call *calls, size_t n, int copied)
{
  if (!tcp_settled(conns[n < TCP_MSS])) {
    return 0;
  }
  tcp_set_flags(conn, TF_ACK_DELAY);
  return tcp_segment_call(&calls[0], conn, TCP_ACK | TCP_PSH, n, 0, copied);
}

/* tcp_write (copied) and tcp_output of n bytes. */
static int
tcp_transmit(struct packets_call *calls, u16_t n)
{
  if (!tcp_settled(conns[0])) {
    return 0;
  }
  send_len = n;
  calls[0].frame = NULL;
  calls[0].netif = NULL;
  calls[0].send = tcp_send;
  return 1;
}

/* pbuf_alloc, pbuf_take, udp_sendto and pbuf_free of n bytes. */
static int
udp_transmit(struct packets_call *calls, u16_t n)
{
  send_len = n;
  calls[0].frame = NULL;
  calls[0].netif = NULL;
  calls[0].send = udp_send_datagram;
  return 1;
}

static int
tcp_receive_1460(struct packets_call *calls)
{
  return tcp_receive(calls, 1460, 0);
}

static int
tcp_receive_536(struct packets_call *calls)
{
  return tcp_receive(calls, 536, 0);
}

/* The rows of a driver that copies the frame: the count starts at its copy
 * (driver_receive()). */
static int
tcp_receive_1460_copied(struct packets_call *calls)
{
  return tcp_receive(calls, 1460, 1);
}

static int
tcp_transmit_1460(struct packets_call *calls)
{
  return tcp_transmit(calls, 1460);
}

static int
udp_64(void)
{
  frame_len[0] = ip_frame(frames[0], IP_PROTO_UDP, ADDR_A, udp_message(PEER_UDP_PORT, UDP_PORT, 64));
  return 1;
}

static int
udp_receive_64(struct packets_call *calls)
{
  return received(calls, udp_64, 0);
}

static int
udp_1472(void)
{
  frame_len[0] = ip_frame(frames[0], IP_PROTO_UDP, ADDR_A, udp_message(PEER_UDP_PORT, UDP_PORT, 1472));
  return 1;
}

static int
udp_receive_1472(struct packets_call *calls)
{
  return received(calls, udp_1472, 0);
}

static int
udp_receive_1472_copied(struct packets_call *calls)
{
  return received(calls, udp_1472, 1);
}

static int
udp_transmit_64(struct packets_call *calls)
{
  return udp_transmit(calls, 64);
}

static int
udp_transmit_1472(struct packets_call *calls)
{
  return udp_transmit(calls, 1472);
}

/* An echo request of 56 data bytes (ping's default), answered. */
static int
echo_request_56(void)
{
  size_t hlen = pkt_icmp_echo(transport, ICMP_ECHO, 0x7060, 1, 0, 0);
  memcpy(transport + hlen, payload, 56);
  frame_len[0] = ip_frame(frames[0], IP_PROTO_ICMP, ADDR_A, hlen + 56);
  return 1;
}

static int
icmp_echo_56(struct packets_call *calls)
{
  return received(calls, echo_request_56, 0);
}

/* A datagram of 1500 bytes from peer A to peer B, through netif B of the
 * MTU a row gives it. */
static int
udp_1500_to_b(void)
{
  frame_len[0] = ip_frame(frames[0], IP_PROTO_UDP, ADDR_PEER_B,
                          udp_message(PEER_UDP_PORT, PEER_UDP_PORT, 1500 - 20 - 8));
  return 1;
}

static int
forward_1500(struct packets_call *calls)
{
  net[SIDE_B].mtu = 1500;
  return received(calls, udp_1500_to_b, 0);
}

static int
forward_576(struct packets_call *calls)
{
  net[SIDE_B].mtu = 576;
  return received(calls, udp_1500_to_b, 0);
}

/* A UDP datagram of 4000 bytes in fragments of 1480, 1480 and 1020 data
 * bytes, in order: the last one completes it and delivers it. */
static int
udp_4000_fragments(void)
{
  size_t len = ip_datagram(datagram, IP_PROTO_UDP, ADDR_PEER_A, ADDR_A,
                           udp_message(PEER_UDP_PORT, UDP_PORT, 4000 - 20 - 8));
  size_t off, n;
  int i;
  for (i = 0, off = 0; off < len - 20; i++, off += n) {
    n = LWIP_MIN(1480, len - 20 - off);
    eth_header(frames[i], SIDE_A, ETHTYPE_IP);
    frame_len[i] = SIZEOF_ETH_HDR + pkt_fragment(frames[i] + SIZEOF_ETH_HDR, datagram, off, n,
                                                off + n < len - 20);
  }
  return i;
}

static int
reassemble_4000(struct packets_call *calls)
{
  return received(calls, udp_4000_fragments, 0);
}

static const struct packets_row packets_rows[] = {
  { "tcp-rx-1460", tcp_receive_1460, 1, 1460, 0 },
  { "tcp-rx-536", tcp_receive_536, 1, 536, 0 },
  { "tcp-tx-1460", tcp_transmit_1460, 1, 0, 0 },
  { "udp-rx-64", udp_receive_64, 0, 64, 0 },
  { "udp-rx-1472", udp_receive_1472, 0, 1472, 0 },
  { "udp-tx-64", udp_transmit_64, 1, 0, 0 },
  { "udp-tx-1472", udp_transmit_1472, 1, 0, 0 },
  { "icmp-echo-56", icmp_echo_56, 1, 0, 0 },
  { "forward-1500", forward_1500, 1, 0, 1 },
  { "forward-576", forward_576, 3, 0, 1 },
  { "reass-4000", reassemble_4000, 0, 4000 - 20 - 8, 0 },
  { "copied-tcp-rx-1460", tcp_receive_1460_copied, 1, 1460, 0 },
  { "copied-udp-rx-1472", udp_receive_1472_copied, 0, 1472, 0 },
};

const struct packets_row *
packets_row(const char *name)
{
  int i;
  for (i = 0; i < (int)(sizeof(packets_rows) / sizeof(packets_rows[0])); i++) {
    if (strcmp(packets_rows[i].name, name) == 0) {
      return &packets_rows[i];
    }
  }
  return NULL;
}

/* ---- set-up and checks --------------------------------------------------------- */

/* An ARP request from side's peer for the netif's address: lwIP learns
 * the peer's address (and answers). */
static int
learn_peer(int side)
{
  struct packets_call call;
  u8_t *f = segment, *a = segment + SIZEOF_ETH_HDR;
  eth_header(f, side, ETHTYPE_ARP);
  pkt_put16(a, 1);              /* Ethernet */
  pkt_put16(a + 2, ETHTYPE_IP);
  a[4] = ETH_HWADDR_LEN;
  a[5] = 4;
  pkt_put16(a + 6, 1);          /* request */
  memcpy(a + 8, peer_mac[side], ETH_HWADDR_LEN);
  pkt_put32(a + 14, peer_addr[side]);
  memset(a + 18, 0, ETH_HWADDR_LEN);
  pkt_put32(a + 24, addr[side]);
  return input_call(&call, side, f, SIZEOF_ETH_HDR + 28, 0) && input_now(&call);
}

int
packets_setup(void)
{
  ip_addr_t peer;
  int side, i;

  lwip_init();
  for (side = SIDE_A; side < SIDES; side++) {
    ip4_addr_t ip, mask, gw;
    set_ip4(&ip, addr[side]);
    set_ip4(&mask, 0xFFFFFF00UL);
    ip4_addr_set_zero(&gw);
    if (netif_add(&net[side], &ip, &mask, &gw, NULL, eth_netif_init, netif_input) == NULL) {
      printf("error: netif_add failed\n");
      return -1;
    }
    netif_set_up(&net[side]);
    netif_set_link_up(&net[side]);
    if (!learn_peer(side)) {
      return -1;
    }
  }
  netif_set_default(&net[SIDE_A]);
  pkt_pattern(payload, sizeof(payload), 6);

  udp = udp_new();
  if (udp == NULL || udp_bind(udp, IP4_ADDR_ANY, UDP_PORT) != ERR_OK) {
    printf("error: no UDP pcb\n");
    return -1;
  }
  udp_recv(udp, udp_received, NULL);

  /* lwIP connects to the peer, as a device fetching its firmware does */
  set_ip4(ip_2_ip4(&peer), ADDR_PEER_A);
  IP_SET_TYPE_VAL(peer, IPADDR_TYPE_V4);
  for (i = 0; i < CONNS; i++) {
    struct packets_call syn_ack;
    conns[i] = tcp_new();
    if (conns[i] == NULL || tcp_bind(conns[i], IP4_ADDR_ANY, (u16_t)(TCP_PORT + i)) != ERR_OK) {
      printf("error: no TCP pcb\n");
      return -1;
    }
    tcp_recv(conns[i], tcp_received);
    if (tcp_connect(conns[i], &peer, PEER_TCP_PORT, tcp_connected) != ERR_OK ||
        !tcp_segment_call(&syn_ack, conns[i], TCP_SYN | TCP_ACK, 4, conn_mss[i], 0) || !input_now(&syn_ack)) {
      return -1;
    }
    if (conns[i]->state != ESTABLISHED || conns[i]->mss != conn_mss[i]) {
      printf("error: TCP connection in state %d, MSS %u\n", (int)conns[i]->state, (unsigned)conns[i]->mss);
      return -1;
    }
  }
  return 0;
}

void
packets_start(int keep)
{
  frames_sent = 0;
  bytes_delivered = 0;
  keep_frames = keep;
  frames_kept = 0;
}

int
packets_check(const struct packets_row *row, err_t err)
{
  int i;
  if (err != ERR_OK) {
    printf("error: %s: lwIP returned error %d\n", row->name, (int)err);
    return -1;
  }
  if (frames_sent != row->frames_sent || bytes_delivered != row->bytes_delivered) {
    printf("error: %s: %d frames sent, %d bytes delivered; expected %d and %d\n", row->name,
           frames_sent, bytes_delivered, row->frames_sent, row->bytes_delivered);
    return -1;
  }
  /* forwarded frames unchecked: stock 2.2.x zeroes their header checksum
   * (the regression the series fixes; pktest checks forwarding) */
  for (i = 0; i < frames_kept && !row->forwarded; i++) {
    const u8_t *d = kept[i] + SIZEOF_ETH_HDR;
    size_t len = (size_t)kept_len[i] - SIZEOF_ETH_HDR;
    int whole = (pkt_get16(d + 6) & (PKT_MF | 0x1FFF)) == 0;
    if (kept_len[i] < SIZEOF_ETH_HDR + 20 || pkt_get16(kept[i] + 12) != ETHTYPE_IP ||
        pkt_get16(d + 2) != len || !pkt_ip_verifies(d) || (whole && !pkt_transport_verifies(d, len))) {
      printf("error: %s: frame %d of %u bytes: bad length or checksum\n", row->name, i,
             (unsigned)kept_len[i]);
      return -1;
    }
  }
  return 0;
}
