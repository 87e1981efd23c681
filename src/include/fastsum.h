/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * fastsum: the Internet checksum (RFC 1071) as fast as the CPU allows,
 * a drop-in for lwIP's LWIP_CHKSUM and LWIP_CHKSUM_COPY hooks.
 *
 * Needs only <stdint.h>; usable outside lwIP too.
 *
 * Result convention (exactly lwIP's lwip_standard_chksum): the folded,
 * NOT inverted one's-complement sum of the data read as 16-bit words in
 * host byte order. Stored in memory natively it gives the sum's bytes in
 * network order; callers invert it for a header field. The value is 0 only
 * when every byte is 0, otherwise in 1..0xffff. Any start address (odd
 * too), any length; len <= 0 returns 0.
 *
 * The paths behind these functions are chosen when the library is
 * compiled, from the compiler's predefined macros (src/fastsum_private.h),
 * and on x86_64 among those by the CPU at run time:
 * -DFASTSUM_NO_<PATH> (e.g. -DFASTSUM_NO_AVX2) drops one path,
 * -DFASTSUM_PORTABLE_ONLY keeps only the portable C code.
 */
#ifndef FASTSUM_H
#define FASTSUM_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Folded, non-inverted one's-complement sum of len bytes at data. */
uint16_t fastsum_chksum(const void *data, int len);

/** Copies len bytes from src to dst (which must not overlap) and returns
 * fastsum_chksum(dst, len), reading the data once. */
uint16_t fastsum_chksum_copy(void *dst, const void *src, uint16_t len);

#ifdef __cplusplus
}
#endif

#endif /* FASTSUM_H */
