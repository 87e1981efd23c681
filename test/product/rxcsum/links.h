/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The two links of the receive checksum state tests: the netifs' addresses,
 * their peers', the ports of the applications. No lwIP here: the seeds of
 * the rxcsum fuzz target (test/product/fuzz/seeds.c) are built to them too.
 */
#ifndef RX_LINKS_H
#define RX_LINKS_H

#include "packets.h"

/* The netifs: A checks every checksum lwIP checks; B leaves the IPv4
 * header unchecked (NETIF_CHECKSUM_CHECK_IP cleared, with per-netif
 * control; otherwise B checks as A does). Each has a peer on its link. */
enum { RX_A, RX_B, RX_NETIFS };
#define RX_ADDR_A       PKT_ADDR(192, 168, 1, 1)
#define RX_ADDR_PEER_A  PKT_ADDR(192, 168, 1, 2)
#define RX_ADDR_B       PKT_ADDR(10, 0, 0, 1)
#define RX_ADDR_PEER_B  PKT_ADDR(10, 0, 0, 2)
/* IPv6: 2001:db8:a::1 on A, 2001:db8:b::1 on B, ::2 their peers */
extern const uint8_t rx_addr6[RX_NETIFS][16];
extern const uint8_t rx_addr6_peer[RX_NETIFS][16];

/* The applications of every run: a UDP (and UDP-Lite) socket and a
 * listening TCP socket, IPv4 and IPv6, recording what they receive. */
#define RX_PORT_UDP    7
#define RX_PORT_TCP    80
#define RX_PORT_CLOSED 9
#define RX_PORT_PEER   40000
/* The connections' initial sequence number (LWIP_HOOK_TCP_ISN): the peer
 * acknowledges it as pkt_tcp() does. */
#define RX_TCP_ISS     0xA0B0C0CFUL

#endif /* RX_LINKS_H */
