/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * fastsum's public functions (include/fastsum.h): each calls the best path
 * the build has. Only the paths named here are linked into a program that
 * uses the library; the table of every path is in fastsum_impls.c.
 */
#include "fastsum_private.h"

/* Paths chosen at compile time: the first available in this order. A path
 * without FASTSUM_BEST_COPY has no fused copy that beats the C library's
 * memcpy followed by its sum (docs/count.md: AArch64, ARMv6-M, RISC-V), so
 * fastsum_chksum_copy is that. */
#if defined(FASTSUM_HAVE_X86_64)
#define FASTSUM_BEST_CHKSUM fastsum_chksum_x86_64
#define FASTSUM_BEST_COPY fastsum_chksum_copy_x86_64
#elif defined(FASTSUM_HAVE_AARCH64)
#define FASTSUM_BEST_CHKSUM fastsum_chksum_aarch64
#elif defined(FASTSUM_HAVE_ARMV7M)
#define FASTSUM_BEST_CHKSUM fastsum_chksum_armv7m
#define FASTSUM_BEST_COPY fastsum_chksum_copy_armv7m
#elif defined(FASTSUM_HAVE_ARMV6M)
#define FASTSUM_BEST_CHKSUM fastsum_chksum_armv6m
#elif defined(FASTSUM_HAVE_RISCV)
#define FASTSUM_BEST_CHKSUM fastsum_chksum_riscv
#endif
#ifndef FASTSUM_BEST_CHKSUM
#define FASTSUM_BEST_CHKSUM fastsum_chksum_portable
#define FASTSUM_BEST_COPY fastsum_chksum_copy_portable
#endif

uint16_t
fastsum_chksum(const void *data, int len)
{
#ifdef FASTSUM_HAVE_AVX2
  /* expected not taken: short lengths (headers) go straight to the scalar
   * path with a single jump */
  if (__builtin_expect(len >= FASTSUM_AVX2_MIN_LEN, 0) && FASTSUM_CPU_HAS_AVX2()) {
    return fastsum_chksum_avx2(data, len);
  }
#endif
#ifdef FASTSUM_HAVE_SSE2
  if (__builtin_expect(len >= FASTSUM_VECTOR_MIN_LEN, 0)) {
    return fastsum_chksum_sse2(data, len);
  }
#endif
  return FASTSUM_BEST_CHKSUM(data, len);
}

uint16_t
fastsum_chksum_copy(void *dst, const void *src, uint16_t len)
{
#ifdef FASTSUM_HAVE_SSE2
  if (__builtin_expect(len >= FASTSUM_VECTOR_MIN_LEN, 0)) {
#ifdef FASTSUM_HAVE_AVX2
    if (FASTSUM_CPU_HAS_AVX2()) {
      return fastsum_chksum_copy_avx2(dst, src, len);
    }
#endif
    return fastsum_chksum_copy_sse2(dst, src, len);
  }
#endif
#ifdef FASTSUM_BEST_COPY
  return FASTSUM_BEST_COPY(dst, src, len);
#else
  memcpy(dst, src, len);
  return FASTSUM_BEST_CHKSUM(dst, len);
#endif
}
