/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Fuzz target: one IPv4 packet of arbitrary bytes through the router of
 * router.h, received by ip4_input (forwarded, fragmented, answered, echoed)
 * or sent with ip4_output_if_opt. Input layout:
 *   byte 0  flags: 1 keep the header checksum as given (else made right),
 *           2 arrive on netif B (else A), 4 send instead of receive,
 *           8 payload starts at an odd address
 *   byte 1  MTU of netif B: 68 + 6 * value, at most 1500
 *   byte 2  bytes in the first pbuf beyond 20
 *   byte 3  bytes in each further pbuf (0: an empty pbuf, then the rest)
 *   rest    received: the packet; sent: options length (mod 41), TTL, TOS,
 *           protocol, destination (4 bytes), the options, the payload
 * Crashes: an emitted packet whose IP header does not verify (or that
 * exceeds the MTU), a leaked pbuf or pool element, any sanitizer report.
 */
#include <stdlib.h>
#include <string.h>

#include "router.h"
#include "lwip/ip4.h"

#define SEND_HDR 8

static void
send_packet(const u8_t *d, u16_t len, u16_t first_len, u16_t piece_len,
            int odd_start)
{
  u16_t optlen;
  ip4_addr_t dest;
  struct pbuf *p;

  if (len < SEND_HDR) {
    return;
  }
  optlen = (u16_t)LWIP_MIN(d[0] % 41, len - SEND_HDR);
  IP4_ADDR(&dest, d[4], d[5], d[6], d[7]);
  p = router_chain(d + SEND_HDR + optlen, (u16_t)(len - SEND_HDR - optlen),
                   first_len, piece_len,
                   (u16_t)(PBUF_LINK_HLEN + IP_HLEN + 40 + (odd_start ? 1 : 0)));
  if (p != NULL) {
    ip4_output_if_opt(p, IP4_ADDR_ANY4, &dest, d[1], d[2], d[3],
                      router_netif(ROUTER_B), optlen ? (void *)(d + SEND_HDR) : NULL,
                      optlen);
    pbuf_free(p);
  }
}

int LLVMFuzzerTestOneInput(const u8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const u8_t *data, size_t size)
{
  u8_t flags;
  u16_t len, first_len, piece_len;

  if (size < 4 + IP_HLEN) {
    return 0;
  }
  router_init();
  flags = data[0];
  router_netif(ROUTER_B)->mtu = (u16_t)LWIP_MIN(68 + 6 * data[1], 1500);
  first_len = (u16_t)(IP_HLEN + data[2]);
  piece_len = data[3];
  len = (u16_t)LWIP_MIN(size - 4, 0xffff);
  if (flags & 4) {
    send_packet(data + 4, len, first_len, piece_len, flags & 8);
  } else {
    router_receive((flags & 2) ? ROUTER_B : ROUTER_A, data + 4, len,
                   first_len, piece_len, flags & 8, !(flags & 1));
  }
  if (router_settle() != 0 || router_bad_headers != 0) {
    abort();
  }
  return 0;
}
