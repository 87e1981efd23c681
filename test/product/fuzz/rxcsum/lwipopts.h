/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * lwIP options of the rxcsum fuzz target: those of the receive checksum
 * state tests (test/product/rxcsum/lwipopts.h, next on the include path),
 * every buffer its own malloc block, so that AddressSanitizer sees each
 * pbuf's bounds, and lwIP's assertions through the target
 * (rxfuzz_lwip_assert() in fuzz_rxcsum.c says which it lets pass).
 */
#ifndef LWIP_RXFUZZ_LWIPOPTS_H
#define LWIP_RXFUZZ_LWIPOPTS_H

#include_next <lwipopts.h>

#define MEM_LIBC_MALLOC         1
#define MEMP_MEM_MALLOC         1

void rxfuzz_lwip_assert(const char *message, int line, const char *file);
/* lwip/arch.h defines its own unless this comes first */
#undef LWIP_PLATFORM_ASSERT
#define LWIP_PLATFORM_ASSERT(x) rxfuzz_lwip_assert((x), __LINE__, __FILE__)

#endif /* LWIP_RXFUZZ_LWIPOPTS_H */
