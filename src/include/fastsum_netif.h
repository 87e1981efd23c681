/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * For lwIP netif drivers that copy each received frame (out of a DMA
 * buffer, a FIFO, a read() call): the frame's sum taken while copying and
 * handed to lwIP with the frame, so that lwIP verifies the frame's
 * checksums without reading its bytes again (lwIP patched with this
 * project's series, LWIP_CHECKSUM_CHECK_PER_PBUF 1; docs/drivers.md).
 * With that option 0 the functions only copy, or do nothing, so a driver
 * builds either way.
 *
 * Needs lwIP's headers: fastsum_netif.c is compiled with the port's
 * lwipopts.h (FASTSUMNETIFFILES in Filelists.mk).
 */
#ifndef FASTSUM_NETIF_H
#define FASTSUM_NETIF_H

#include "lwip/pbuf.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Copies the len bytes of a received frame into the pbuf chain p from its
 * first byte on (as pbuf_take() does) and gives p the complete sum of the
 * bytes from offset ip_offset on: where the IP header starts (14 after an
 * Ethernet header, plus ETH_PAD_SIZE if p holds the pad). The sum is as
 * LWIP_CHKSUM() returns it, as the series expects: 0 only if all those
 * bytes are 0 (0xffff if they are not and sum to one's complement zero).
 * With nothing after ip_offset (ip_offset >= len) p is left unmarked and
 * lwIP verifies the frame in software; so it is on cores where fastsum's
 * copy is memcpy and then the sum (AArch64, RISC-V, Xtensa),
 * where lwIP's own check costs less. Returns ERR_ARG, copying nothing,
 * if p is NULL or the chain is shorter than len. */
err_t fastsum_netif_take(struct pbuf *p, const void *frame, u16_t len, u16_t ip_offset);

/** For a driver that sums the frame itself while it moves it, e.g. 32-bit
 * words read from a FIFO: sum is the one's complement sum of the bytes of
 * p from its first one to its end, as 16-bit words in host byte order
 * (pairs of bytes from offset 0), folded or not (a 32-bit sum of words with
 * the carries added back in). This takes the bytes before ip_offset out
 * (they must lie in the first pbuf) and gives p the complete sum as
 * fastsum_netif_take() does, 0 for bytes all 0 (it reads them up to the
 * first that is not, the IP header's first), nothing if nothing follows
 * ip_offset. */
void fastsum_netif_set_complete(struct pbuf *p, u32_t sum, u16_t ip_offset);

#ifdef __cplusplus
}
#endif

#endif /* FASTSUM_NETIF_H */
