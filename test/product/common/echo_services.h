/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * UDP echo, TCP echo and TCP discard on lwIP's raw API (NO_SYS), shared by
 * the programs that put lwIP in front of a peer: contrib/tapdemo (the
 * kernel over TAP devices) and test/product/fuzz/router.c (fuzz targets, the
 * bad-input table).
 */
#ifndef ECHO_SERVICES_H
#define ECHO_SERVICES_H

#include "lwip/arch.h"

/** What the services did since the process started. */
struct service_counts {
  unsigned long udp_datagrams, udp_bytes, udp_errors;
  unsigned long tcp_connections, tcp_echoed, tcp_discarded;
};

extern struct service_counts service_counts;

/* Each starts its service on port PORT, IPv4 and (when lwIP is built with
 * it) IPv6; 0 on success, -1 when lwIP has no pcb for it or the port is
 * taken. */
int udp_echo_start(u16_t port);
int tcp_echo_start(u16_t port);
int tcp_discard_start(u16_t port);

#endif /* ECHO_SERVICES_H */
