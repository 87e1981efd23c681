/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A two-netif IPv4 router built from lwIP, for the robustness tests (the
 * fuzz targets and the bad-input table). Netif A is 10.0.0.1/24, netif B
 * 10.0.1.1/24 and the default route; both are IP-level (no link layer).
 * UDP port 7 echoes, TCP port 80 listens and echoes (test/product/common/echo_services.c).
 *
 * Every packet lwIP emits is captured (test/product/common/stack_harness.h)
 * and its IP header checked with the reference of packets.h; headers that
 * do not verify are counted.
 */
#ifndef ROUTER_H
#define ROUTER_H

#include "lwip/pbuf.h"
#include "lwip/netif.h"

enum router_side { ROUTER_A, ROUTER_B };

/* Start lwIP once per process (later calls only reset the counters below). */
void router_init(void);
struct netif *router_netif(enum router_side side);

/* A pbuf chain holding data: the first pbuf has first_len bytes, the rest
 * comes in pbufs of piece_len bytes (0: one empty pbuf, then the rest in one).
 * The first pbuf has `headroom` bytes in front of its payload. NULL if out
 * of memory. */
struct pbuf *router_chain(const u8_t *data, u16_t len, u16_t first_len,
                          u16_t piece_len, u16_t headroom);

/* Hand p to lwIP's IP input as if it arrived on side. */
void router_input(enum router_side side, struct pbuf *p);
/* Receive the len bytes at pkt on side, as a chain (see router_chain) whose
 * payload starts at an odd address if odd_start; with fix_chksum, the
 * header checksum is made right first (when the header fits the first pbuf). */
void router_receive(enum router_side side, const u8_t *pkt, u16_t len,
                    u16_t first_len, u16_t piece_len, int odd_start,
                    int fix_chksum);
/* Move the fake clock on and run lwIP's timers. */
void router_advance(u32_t ms);
/* Set the fake clock on (as after a long idle time) and run the timers that
 * are due; lwIP's timers need each jump to be below 2^31 ms. */
void router_clock_set(u32_t ms);
/* End of a run: abort TCP connections, let reassembly time out, and return
 * how many lwIP pools (and the heap) hold more than after router_init. */
int router_settle(void);

/* What lwIP emitted since router_init. */
struct router_packet {
  enum router_side side;
  u16_t len;
  u8_t data[1500];
};
extern unsigned router_emitted;       /* packets emitted */
extern unsigned router_bad_headers;   /* of which the IP header did not verify */
/* The last ROUTER_KEEP packets; router_packet_at(0) is the newest. */
#define ROUTER_KEEP 64
const struct router_packet *router_packet_at(unsigned age);

#endif /* ROUTER_H */
