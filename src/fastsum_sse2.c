/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * fastsum SSE2 path (every x86_64 CPU, unless the build keeps off the
 * vector registers): fastsum_chksum_sse2, _copy_sse2.
 *
 * Each 32-bit lane of a vector split into its two 16-bit words, added to
 * 32-bit lanes of four accumulators: no carries to track, and the lanes are
 * widened into the 64-bit sum before they can overflow (the limit is in
 * the path's row, fastsum_impl_sse2, where the tests read it). The bytes
 * before the first aligned vector and after the last go to the ADC code,
 * data shorter than the path's shortest length (FASTSUM_X86_PATHS) to the
 * ADC path.
 */
#include "fastsum_private.h"

#ifdef FASTSUM_HAVE_SSE2

#include "fastsum_x86_64.h"

#include <emmintrin.h>

/* 64 bytes a round, one step for each lane of four accumulators; the four
 * are added together before widening, so 4 * 8191 steps of -65536 stay
 * within int32_t. */
#define FASTSUM_SSE2_MAX_ROUNDS 8191
#define FASTSUM_SSE2_BATCH_BYTES (FASTSUM_SSE2_MAX_ROUNDS * 64)
#define FASTSUM_SSE2_ALIGN 16

/* The AVX2 method (fastsum_avx2.c) on 16-byte vectors: XOR of the top bit, then
 * PMADDWD with ones adds each word pair into a 32-bit lane short by 65536;
 * four accumulators, 64 bytes a round, at most FASTSUM_SSE2_MAX_ROUNDS
 * rounds before the lanes are widened. Assembly for the same reason as
 * AVX2's loop: with intrinsics GCC 12 copies every accumulator once a
 * round (the two-operand forms) and tests d inside the loop. */
#define SSE2_LOADS \
  "movdqu (%[s],%[i]), %%xmm0\n\t" \
  "movdqu 16(%[s],%[i]), %%xmm1\n\t" \
  "movdqu 32(%[s],%[i]), %%xmm2\n\t" \
  "movdqu 48(%[s],%[i]), %%xmm3\n\t"
#define SSE2_STORES \
  "movdqu %%xmm0, (%[d],%[i])\n\t" \
  "movdqu %%xmm1, 16(%[d],%[i])\n\t" \
  "movdqu %%xmm2, 32(%[d],%[i])\n\t" \
  "movdqu %%xmm3, 48(%[d],%[i])\n\t"
#define SSE2_MADD_ADD(x, acc) \
  "pxor %[bias], %%xmm" x "\n\t" \
  "pmaddwd %[ones], %%xmm" x "\n\t" \
  "paddd %%xmm" x ", %[" acc "]\n\t"
#define SSE2_SUMS_AND_NEXT_ROUND \
  SSE2_MADD_ADD("0", "a0") SSE2_MADD_ADD("1", "a1") \
  SSE2_MADD_ADD("2", "a2") SSE2_MADD_ADD("3", "a3") \
  "add $64, %[i]\n\t" \
  "jnz 1b"
#define SSE2_OPERANDS \
  [a0] "+x"(a0), [a1] "+x"(a1), [a2] "+x"(a2), [a3] "+x"(a3), [i] "+r"(i)
#define SSE2_CLOBBERS "xmm0", "xmm1", "xmm2", "xmm3", "cc", "memory"

/* Sums (and if d is not NULL, copies to d) the whole 64-byte blocks of n
 * bytes at s; *done is set to the bytes handled. */
static uint64_t
sse2_blocks(uint8_t *d, const uint8_t *s, size_t n, size_t *done)
{
  const __m128i bias = _mm_set1_epi16(-32768), ones = _mm_set1_epi16(1);
  size_t rounds = n / 64;
  uint64_t sum = 0;
  *done = rounds * 64;
  while (rounds > 0) {
    size_t r = rounds < FASTSUM_SSE2_MAX_ROUNDS ? rounds : FASTSUM_SSE2_MAX_ROUNDS;
    __m128i a0 = _mm_setzero_si128(), a1 = a0, a2 = a0, a3 = a0;
    ptrdiff_t i = -(ptrdiff_t)(r * 64);
    int32_t lanes[4];
    /* each of the 16 lanes was short by 65536 in each round */
    int64_t total = (int64_t)r * 16 * 65536;
    rounds -= r;
    s += r * 64;
    if (d != NULL) {
      d += r * 64;
      __asm__("1:\n\t" SSE2_LOADS SSE2_STORES SSE2_SUMS_AND_NEXT_ROUND
              : SSE2_OPERANDS
              : [s] "r"(s), [d] "r"(d), [bias] "x"(bias), [ones] "x"(ones)
              : SSE2_CLOBBERS);
    } else {
      __asm__("1:\n\t" SSE2_LOADS SSE2_SUMS_AND_NEXT_ROUND
              : SSE2_OPERANDS
              : [s] "r"(s), [bias] "x"(bias), [ones] "x"(ones)
              : SSE2_CLOBBERS);
    }
    a0 = _mm_add_epi32(_mm_add_epi32(a0, a1), _mm_add_epi32(a2, a3));
    _mm_storeu_si128((__m128i *)(void *)lanes, a0);
    total += (int64_t)lanes[0] + lanes[1] + lanes[2] + lanes[3];
    sum += (uint64_t)total;
  }
  return sum;
}

/* Apart from the entry points, so that their short path does not pay for
 * the registers this one saves. */
static __attribute__((noinline)) uint16_t
sse2_chksum(uint8_t *d, const uint8_t *s, size_t n)
{
  if (d == NULL) {
    return vector_chksum(sse2_blocks, FASTSUM_SSE2_ALIGN, s, n);
  }
  return vector_copy_chksum(sse2_blocks, FASTSUM_SSE2_ALIGN, d, s, n);
}

uint16_t
fastsum_chksum_sse2(const void *data, int len)
{
  if (len < FASTSUM_X86_SHORTEST(sse2)) {
    return fastsum_chksum_adc(data, len);
  }
  return sse2_chksum(NULL, (const uint8_t *)data, (size_t)len);
}

uint16_t
fastsum_chksum_copy_sse2(void *dst, const void *src, uint16_t len)
{
  if (len < FASTSUM_X86_SHORTEST(sse2)) {
    return fastsum_chksum_copy_adc(dst, src, len);
  }
  return sse2_chksum((uint8_t *)dst, (const uint8_t *)src, len);
}

/* SSE2 is every x86_64 CPU's. */
int
fastsum_usable_sse2(void)
{
  return 1;
}

const struct fastsum_impl fastsum_impl_sse2 = {"sse2", fastsum_chksum_sse2, fastsum_chksum_copy_sse2,
                                               fastsum_usable_sse2, FASTSUM_SSE2_BATCH_BYTES,
                                               FASTSUM_SSE2_ALIGN};

#endif /* FASTSUM_HAVE_SSE2 */
