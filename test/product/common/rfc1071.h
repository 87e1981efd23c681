/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The Internet checksum (RFC 1071) as a byte-wise reference: the obvious
 * loop, sharing no code with lwIP's inet_chksum or with fastsum, so that
 * every test checks those against something independent. Bytes are read
 * one at a time: it runs unchanged on any byte order and alignment.
 */
#ifndef RFC1071_H
#define RFC1071_H

#include <stddef.h>
#include <stdint.h>

/* One's complement sum of len bytes read as big-endian 16-bit words (an
 * odd last byte is the high half of a word), added to sum (any 32-bit
 * value: it is folded first) with the end-around carry at every step, and
 * folded to 16 bits; not complemented. The result is 0 only if sum and
 * every byte are 0. To continue a sum, split the data after an even
 * count. */
uint16_t rfc1071_sum(const uint8_t *data, size_t len, uint32_t sum);

/* sum (for instance two 16-bit sums added) folded to 16 bits with
 * end-around carries. */
uint16_t rfc1071_fold(uint32_t sum);

/* The 16-bit value that, stored natively, holds sum's bytes high byte
 * first: lwIP's convention for LWIP_CHKSUM's result. Its own inverse. */
uint16_t rfc1071_host_order(uint16_t sum);

#endif /* RFC1071_H */
