/* SPDX-License-Identifier: BSD-3-Clause */
/* The IPv6 addresses of the receive tests' links (links.h). */
#include "links.h"

const uint8_t rx_addr6[RX_NETIFS][16] = {
  {0x20, 0x01, 0x0d, 0xb8, 0, 0x0a, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1},
  {0x20, 0x01, 0x0d, 0xb8, 0, 0x0b, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}
};
const uint8_t rx_addr6_peer[RX_NETIFS][16] = {
  {0x20, 0x01, 0x0d, 0xb8, 0, 0x0a, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2},
  {0x20, 0x01, 0x0d, 0xb8, 0, 0x0b, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2}
};
