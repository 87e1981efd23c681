/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What a test program that runs lwIP (NO_SYS) needs around it: the fake
 * clock behind sys_now(), netifs that capture every packet lwIP sends
 * through them, and the count of what the stack holds, to find leaks.
 * Used by the packet tests (test/product/pktest) and the router of the
 * bad-input table and the fuzz targets (test/product/fuzz/router.c).
 */
#ifndef STACK_HARNESS_H
#define STACK_HARNESS_H

#include "lwip/opt.h"
#include "lwip/mem.h"
#include "lwip/memp.h"
#include "lwip/netif.h"

/* The fake clock behind sys_now(), in milliseconds. */
extern u32_t harness_now;

/* addr: the address host_order (such as PKT_ADDR(10, 0, 0, 1)) */
void harness_ip4(ip4_addr_t *addr, u32_t host_order);

/* Add netif as an IP-level netif (no link layer, MTU 1500, broadcast)
 * with the address, mask and gateway given in host order (gw 0: none), up
 * and its link up; lwIP's ip_input reads what it receives. Every packet
 * lwIP sends through it goes, copied flat, to harness_emitted. NULL if
 * lwIP refuses the netif. */
struct netif *harness_netif_add(struct netif *netif, u32_t addr, u32_t mask, u32_t gw);
#if LWIP_IPV6
/* Give netif the IPv6 address addr (as on the wire), preferred at once;
 * 0 if lwIP has no room for it. */
int harness_netif_ip6(struct netif *netif, const u8_t addr[16]);
#endif /* LWIP_IPV6 */
/* Defined by the program: called with each packet a harness netif sends,
 * len bytes at data (valid during the call). */
void harness_emitted(struct netif *netif, const u8_t *data, u16_t len);

/* What lwIP's heap and pools hold at one moment. */
struct harness_usage {
  mem_size_t mem;
  u16_t memp[MEMP_MAX];
};
void harness_usage_take(struct harness_usage *usage);
/* NULL if the heap and every pool hold what they held at `before`; else
 * which holds more, in a message that lasts until the next call. */
const char *harness_leak(const struct harness_usage *before);

#endif /* STACK_HARNESS_H */
