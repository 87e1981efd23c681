/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * The services tapdemo runs on lwIP's raw API: UDP echo, TCP echo, TCP discard,
 * and lwIP's iperf 2 server.
 */
#ifndef TAPDEMO_SERVICES_H
#define TAPDEMO_SERVICES_H

#include "lwip/arch.h"

/** What the services did, printed when tapdemo stops. */
struct service_counts {
  unsigned long udp_datagrams, udp_bytes, udp_errors;
  unsigned long tcp_connections, tcp_echoed, tcp_discarded;
};

extern struct service_counts service_counts;

int udp_echo_start(u16_t port);
int tcp_echo_start(u16_t port);
int tcp_discard_start(u16_t port);
int iperf_start(void);

#endif /* TAPDEMO_SERVICES_H */
