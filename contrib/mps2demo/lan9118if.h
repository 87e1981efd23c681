/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * An lwIP netif on an SMSC LAN9118 Ethernet controller (and the
 * register-compatible LAN9218/9220), the MAC of ARM's MPS2 boards, in its
 * 32-bit bus mode. NO_SYS and polled: lan9118if_poll() feeds lwIP every
 * frame waiting in the receive FIFO; nothing runs in an interrupt. The
 * controller's interrupt line can wake a sleeping CPU (lan9118if_arm()).
 */
#ifndef MPS2DEMO_LAN9118IF_H
#define MPS2DEMO_LAN9118IF_H

#include "lwip/netif.h"

/** One controller: netif->state of a lan9118if netif. */
struct lan9118if {
  uintptr_t base;   /**< address of the register block (set before netif_add) */
  u16_t mtu;        /**< IP MTU of the netif (set before netif_add) */
  /** what the driver did: frames read, read but dropped (receive error, no
   * pbuf), handed to lwIP with their complete sum, written to the transmit
   * FIFO, reported failed by the controller or not written (no room) */
  unsigned long rx_frames, rx_drops, rx_complete, tx_frames, tx_errors;
};

/* netif_add() init callback; netif->state is a struct lan9118if with base
 * and mtu set. Resets the controller and takes the MAC address it loaded
 * (from its EEPROM); ERR_IF when no LAN9118 answers at base. */
err_t lan9118if_init(struct netif *netif);
/* Hands every received frame to netif->input; returns how many. */
int lan9118if_poll(struct netif *netif);
/* Raises the controller's interrupt line once a frame is received or MS
 * milliseconds have passed (at most 6553; its general-purpose timer), and
 * returns 1; returns 0, the line left low, when a frame is waiting already.
 * A CPU may then sleep until the line rises (WFI). */
int lan9118if_arm(struct netif *netif, u32_t ms);
/* The link as the PHY reports it: 1 up, 0 down. */
int lan9118if_link_up(struct netif *netif);
/* Frames the controller dropped for want of FIFO room since the last call
 * (its RX_DROP counter). */
unsigned long lan9118if_lost(struct netif *netif);

#endif /* MPS2DEMO_LAN9118IF_H */
