/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Fuzz target: a sequence of IPv4 packets (typically fragments) through the
 * router of router.h, with the fake clock moving between them, so that
 * reassembly, overlaps, timeouts and the reassembled header's checksum are
 * hit. Input layout:
 *   byte 0  flags: 1 keep header checksums as given (else made right),
 *           2 arrive on netif B (else A)
 *   byte 1  MTU of netif B: 68 + 6 * value, at most 1500
 *   then frames: delay before it (x 250 ms), bytes in the first pbuf beyond
 *   20, length (2 bytes, big endian, cut to what is left), the frame
 * Crashes: as fuzz_ip4_input.c.
 */
#include <stdlib.h>

#include "router.h"
#include "lwip/ip4.h"

#define FRAME_HDR 4

int LLVMFuzzerTestOneInput(const u8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const u8_t *data, size_t size)
{
  enum router_side side;
  int keep_chksum;
  size_t at;

  if (size < 2) {
    return 0;
  }
  router_init();
  keep_chksum = data[0] & 1;
  side = (data[0] & 2) ? ROUTER_B : ROUTER_A;
  router_netif(ROUTER_B)->mtu = (u16_t)LWIP_MIN(68 + 6 * data[1], 1500);
  for (at = 2; at + FRAME_HDR <= size; ) {
    const u8_t *frame = data + at;
    u16_t len = (u16_t)LWIP_MIN((size_t)((frame[2] << 8) | frame[3]),
                                size - at - FRAME_HDR);

    router_advance(frame[0] * 250U);
    if (len >= IP_HLEN) {
      router_receive(side, frame + FRAME_HDR, len,
                     (u16_t)(IP_HLEN + frame[1]), len, 0, !keep_chksum);
    }
    at += FRAME_HDR + len;
  }
  if (router_settle() != 0 || router_bad_headers != 0) {
    abort();
  }
  return 0;
}
