/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * A minimal lwIP netif on a Linux TAP device, for NO_SYS main loops.
 */
#ifndef TAPDEMO_TAPIF_H
#define TAPDEMO_TAPIF_H

#include "lwip/netif.h"

/** One TAP device: netif->state of a tapif netif. */
struct tapif {
  int fd;                 /**< the open /dev/net/tun file, non-blocking */
  u16_t mtu;              /**< IP MTU of the netif */
  u8_t hwaddr[6];         /**< MAC address lwIP uses on this link */
  unsigned long rx_frames, rx_drops, tx_frames, tx_errors;
};

int tapif_open(struct tapif *tap, const char *ifname, const char *netns);
err_t tapif_init(struct netif *netif);
void tapif_poll(struct netif *netif);

#endif /* TAPDEMO_TAPIF_H */
