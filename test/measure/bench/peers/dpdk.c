/* SPDX-License-Identifier: BSD-3-Clause */
/* DPDK's rte_raw_cksum (an inline function of Debian's libdpdk-dev headers)
 * as a checksum of lwIP's kind, compiled once per set of flags under the
 * name PEER_DPDK_NAME (test/measure/bench/peers/Dir.mk). */
#include <stddef.h>
#include <stdint.h>

#include <rte_ip.h>

#ifndef PEER_DPDK_NAME
#error "PEER_DPDK_NAME (the name of this build of the peer) is set by test/measure/bench/peers/Dir.mk"
#endif

uint16_t PEER_DPDK_NAME(const void *data, int len);

uint16_t PEER_DPDK_NAME(const void *data, int len)
{
  return rte_raw_cksum(data, (size_t)len);
}
