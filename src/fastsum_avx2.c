/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * fastsum AVX2 path: fastsum_chksum_avx2, _copy_avx2, compiled through a
 * target attribute and taken only where fastsum_usable_avx2 says the CPU
 * runs it.
 *
 * Each 32-bit lane of a vector split into its two 16-bit words, added to
 * 32-bit lanes of four accumulators: no carries to track, and the lanes are
 * widened into the 64-bit sum before they can overflow (the limit is in
 * the path's row, fastsum_impl_avx2, where the tests read it). Data
 * shorter than the path's shortest length (FASTSUM_X86_PATHS) goes to the
 * ADC path.
 */
#include "fastsum_private.h"

#ifdef FASTSUM_HAVE_AVX2

#include "fastsum_x86_64.h"

#include <immintrin.h>

#define FASTSUM_AVX2 __attribute__((target("avx2")))

/* 128 bytes a round, one step for each lane of four accumulators; the sum
 * adds a step for its first vector and four for its last bytes (127 at
 * most, the odd last byte added alone), the copy up to three. The four are
 * added together before widening: 4 * 8190 + 5 steps of -65536 stay within
 * int32_t, 4 * 8191 + 5 would not. */
#define FASTSUM_AVX2_MAX_ROUNDS 8190
#define FASTSUM_AVX2_BATCH_BYTES (FASTSUM_AVX2_MAX_ROUNDS * 128 + 127)
#define FASTSUM_AVX2_ALIGN 32

/* The method: VPMADDWD adds each pair of 16-bit words into a 32-bit lane,
 * but reads them as signed: with 0x8000 subtracted from every word first
 * (XOR of the top bit), every lane gets exactly (w0 + w1) - 65536, which
 * the reduction adds back. 3 instructions per 32 bytes, no carries. Four
 * accumulators, 128 bytes a round; single 32-byte steps and the last
 * vector go to the first. The four are added in 32 bits and then widened:
 * FASTSUM_AVX2_MAX_ROUNDS keeps that inside int32_t. */

/* The four accumulators' signed 32-bit lanes, added together (a short
 * chain: this is on every call's critical path), then widened to 64 bits
 * and summed, with the bias of `steps` 32-byte steps added back. */
FASTSUM_AVX2 static inline uint64_t
lanes_sum(__m256i a0, __m256i a1, __m256i a2, __m256i a3, size_t steps)
{
  __m256i a = _mm256_add_epi32(_mm256_add_epi32(a0, a1), _mm256_add_epi32(a2, a3));
  __m256i q;
  __m128i h;
  if (steps < 4096) {
    /* the eight lanes' total fits in int32_t too: three adds, no widening */
    __m128i x = _mm_add_epi32(_mm256_castsi256_si128(a), _mm256_extracti128_si256(a, 1));
    x = _mm_add_epi32(x, _mm_unpackhi_epi64(x, x));
    x = _mm_add_epi32(x, _mm_shuffle_epi32(x, 1));
    return (uint64_t)((int64_t)_mm_cvtsi128_si32(x) + (int64_t)steps * 8 * 65536);
  }
  q = _mm256_add_epi64(_mm256_cvtepi32_epi64(_mm256_castsi256_si128(a)),
                               _mm256_cvtepi32_epi64(_mm256_extracti128_si256(a, 1)));
  h = _mm_add_epi64(_mm256_castsi256_si128(q), _mm256_extracti128_si256(q, 1));
  return (uint64_t)(_mm_cvtsi128_si64(h) + _mm_extract_epi64(h, 1) + (int64_t)steps * 8 * 65536);
}

/* The loops are assembly: GCC 12 turns the intrinsics' accumulators into
 * extra register moves, and keeps the XOR apart from the load. s (and d)
 * point to the ends, the index i counts up from -128 * r to 0: one add
 * and one fused branch a round. */
#define AVX2_NEXT_ROUND \
  "add $128, %[i]\n\t" \
  "jnz 1b"
#define AVX2_OPERANDS \
  [a0] "+x"(a0), [a1] "+x"(a1), [a2] "+x"(a2), [a3] "+x"(a3), [i] "+r"(i)
#define AVX2_INPUTS [bias] "x"(bias), [ones] "x"(ones)
#define AVX2_CLOBBERS "xmm0", "xmm1", "xmm2", "xmm3", "cc", "memory"
/* ymm t's word pairs added to the lanes of accumulator acc */
#define AVX2_MADD_ADD(t, acc) \
  "vpmaddwd %[ones], %%ymm" t ", %%ymm" t "\n\t" \
  "vpaddd %%ymm" t ", %[" acc "], %[" acc "]\n\t"

/* The sum: 32 bytes at s + off, loaded and biased in one instruction */
#define AVX2_LOAD_BIAS(off, t) "vpxor " off "(%[s],%[i]), %[bias], %%ymm" t "\n\t"

/* r > 0 rounds of 128 bytes at s added to the lanes of a0..a3 */
#define AVX2_SUM_ROUNDS(s, r) \
  do { \
    ptrdiff_t i = -(ptrdiff_t)((r) * 128); \
    __asm__(".p2align 5\n" \
            "1:\n\t" \
            AVX2_LOAD_BIAS("", "0") AVX2_LOAD_BIAS("32", "1") \
            AVX2_LOAD_BIAS("64", "2") AVX2_LOAD_BIAS("96", "3") \
            AVX2_MADD_ADD("0", "a0") AVX2_MADD_ADD("1", "a1") \
            AVX2_MADD_ADD("2", "a2") AVX2_MADD_ADD("3", "a3") \
            AVX2_NEXT_ROUND \
            : AVX2_OPERANDS \
            : [s] "r"((s) + (r) * 128), AVX2_INPUTS \
            : AVX2_CLOBBERS); \
  } while (0)

/* One's-complement 64-bit sum of n >= 160 bytes at data, with no branch on
 * the length but the rounds' loop: the first vector (loaded from data,
 * the bytes from the first 32-byte aligned address on masked off), then
 * the rounds from that address (a load across two cache lines costs more),
 * then the four vectors ending at the last even length, each with the
 * bytes already summed masked off, and an odd last byte alone. If the
 * aligned address is an odd byte in, everything is summed on the other
 * byte of each word (the first vector's bytes swapped to match) and the
 * total swapped back. Nothing outside [data, data + n) is read. */
FASTSUM_AVX2 static uint64_t
avx2_sum(const uint8_t *data, size_t n)
{
  const __m256i bias = _mm256_set1_epi16(-32768), ones = _mm256_set1_epi16(1);
  /* each byte's index: compared with a count, the mask of the bytes before
   * or after it */
  const __m256i index = _mm256_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17,
                                         18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31);
  const size_t head = (size_t)(0u - (uintptr_t)data) & (FASTSUM_AVX2_ALIGN - 1);
  const uint8_t *s = data + head;
  const size_t even = (n - head) & ~(size_t)1, last = even % 128;
  const uint8_t *end = s + even;
  size_t rounds = even / 128, steps = 1;
  uint64_t sum = (n - head) & 1 ? s[n - head - 1] : 0;
  __m256i a0, a1 = _mm256_setzero_si256(), a2 = a1, a3 = a1, x0, x1, x2, x3;
  x0 = _mm256_and_si256(_mm256_loadu_si256((const __m256i *)(const void *)data),
                        _mm256_cmpgt_epi8(_mm256_set1_epi8((char)head), index));
  if (head & 1) {
    x0 = _mm256_shuffle_epi8(x0, _mm256_setr_epi8(1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14,
                                                  1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14));
  }
  a0 = _mm256_madd_epi16(_mm256_xor_si256(x0, bias), ones);
  /* whole batches first, each widened */
  while (rounds > FASTSUM_AVX2_MAX_ROUNDS) {
    AVX2_SUM_ROUNDS(s, FASTSUM_AVX2_MAX_ROUNDS);
    sum += lanes_sum(a0, a1, a2, a3, steps + 4 * FASTSUM_AVX2_MAX_ROUNDS);
    a0 = a1 = a2 = a3 = _mm256_setzero_si256();
    steps = 0;
    s += FASTSUM_AVX2_MAX_ROUNDS * 128;
    rounds -= FASTSUM_AVX2_MAX_ROUNDS;
  }
  if (rounds > 0) {
    AVX2_SUM_ROUNDS(s, rounds);
  }
  /* the k-th of the last four vectors: its byte j is new if 32 * k + j >=
   * 128 - last */
#define AVX2_LAST(k) \
  _mm256_and_si256(_mm256_loadu_si256((const __m256i *)(const void *)(end - 128 + 32 * (k))), \
                   _mm256_cmpgt_epi8(index, _mm256_set1_epi8((char)(127 - (int)last - 32 * (k)))))
  x0 = AVX2_LAST(0);
  x1 = AVX2_LAST(1);
  x2 = AVX2_LAST(2);
  x3 = AVX2_LAST(3);
#undef AVX2_LAST
  a0 = _mm256_add_epi32(a0, _mm256_madd_epi16(_mm256_xor_si256(x0, bias), ones));
  a1 = _mm256_add_epi32(a1, _mm256_madd_epi16(_mm256_xor_si256(x1, bias), ones));
  a2 = _mm256_add_epi32(a2, _mm256_madd_epi16(_mm256_xor_si256(x2, bias), ones));
  a3 = _mm256_add_epi32(a3, _mm256_madd_epi16(_mm256_xor_si256(x3, bias), ones));
  sum += lanes_sum(a0, a1, a2, a3, steps + 4 * rounds + 4);
  return head & 1 ? swap_sum(sum) : sum;
}

/* Copies and sums the whole 32-byte blocks of n bytes from s to d (for
 * vector_copy_chksum), 128 bytes a round; *done is set to the bytes handled. */
FASTSUM_AVX2 static uint64_t
avx2_copy_blocks(uint8_t *d, const uint8_t *s, size_t n, size_t *done)
{
  const __m256i bias = _mm256_set1_epi16(-32768), ones = _mm256_set1_epi16(1);
  uint64_t sum = 0;
  size_t rounds = n / 128, singles = n % 128 / 32;
  *done = n / 32 * 32;
  do {
    size_t r = rounds < FASTSUM_AVX2_MAX_ROUNDS ? rounds : FASTSUM_AVX2_MAX_ROUNDS;
    size_t steps = 4 * r;
    __m256i a0 = _mm256_setzero_si256(), a1 = a0, a2 = a0, a3 = a0;
    rounds -= r;
    if (r > 0) {
      ptrdiff_t i = -(ptrdiff_t)(r * 128);
      s += r * 128;
      d += r * 128;
      /* the sum works on biased copies in ymm4-7, so the stores need not
       * wait for it (measured: the copy's extra time over the sum alone
       * about halved) */
      __asm__("1:\n\t"
              "vmovdqu (%[s],%[i]), %%ymm0\n\t"
              "vmovdqu 32(%[s],%[i]), %%ymm1\n\t"
              "vmovdqu 64(%[s],%[i]), %%ymm2\n\t"
              "vmovdqu 96(%[s],%[i]), %%ymm3\n\t"
              "vpxor %[bias], %%ymm0, %%ymm4\n\t"
              "vpxor %[bias], %%ymm1, %%ymm5\n\t"
              "vpxor %[bias], %%ymm2, %%ymm6\n\t"
              "vpxor %[bias], %%ymm3, %%ymm7\n\t"
              "vmovdqu %%ymm0, (%[d],%[i])\n\t"
              "vmovdqu %%ymm1, 32(%[d],%[i])\n\t"
              "vmovdqu %%ymm2, 64(%[d],%[i])\n\t"
              "vmovdqu %%ymm3, 96(%[d],%[i])\n\t"
              AVX2_MADD_ADD("4", "a0") AVX2_MADD_ADD("5", "a1")
              AVX2_MADD_ADD("6", "a2") AVX2_MADD_ADD("7", "a3")
              AVX2_NEXT_ROUND
              : AVX2_OPERANDS
              : [s] "r"(s), [d] "r"(d), AVX2_INPUTS
              : AVX2_CLOBBERS, "xmm4", "xmm5", "xmm6", "xmm7");
    }
    if (rounds == 0) {
      /* the last < 128 bytes in 32-byte steps: vector stores, not 8-byte
       * ones */
      for (; singles > 0; singles--, s += 32, d += 32, steps++) {
        __m256i x = _mm256_loadu_si256((const __m256i *)(const void *)s);
        _mm256_storeu_si256((__m256i *)(void *)d, x);
        a0 = _mm256_add_epi32(a0, _mm256_madd_epi16(_mm256_xor_si256(x, bias), ones));
      }
    }
    sum += lanes_sum(a0, a1, a2, a3, steps);
  } while (rounds > 0);
  return sum;
}

FASTSUM_AVX2 uint16_t
fastsum_chksum_avx2(const void *data, int len)
{
  if (len < FASTSUM_X86_SHORTEST(avx2)) {
    return fastsum_chksum_adc(data, len);
  }
  return fastsum_fold64(avx2_sum((const uint8_t *)data, (size_t)len));
}

FASTSUM_AVX2 uint16_t
fastsum_chksum_copy_avx2(void *dst, const void *src, uint16_t len)
{
  if (len < FASTSUM_X86_SHORTEST(avx2)) {
    return fastsum_chksum_copy_adc(dst, src, len);
  }
  return vector_copy_chksum(avx2_copy_blocks, FASTSUM_AVX2_ALIGN, (uint8_t *)dst, (const uint8_t *)src, len);
}

/* AVX2 (CPUID leaf 7 EBX bit 5) with the YMM state enabled: XCR0's SSE
 * and AVX bits. */
int
fastsum_usable_avx2(void)
{
  return fastsum_x86_cpu_has(1u << 5, 0, 0x6);
}

const struct fastsum_impl fastsum_impl_avx2 = {"avx2", fastsum_chksum_avx2, fastsum_chksum_copy_avx2,
                                               fastsum_usable_avx2, FASTSUM_AVX2_BATCH_BYTES,
                                               FASTSUM_AVX2_ALIGN};

#endif /* FASTSUM_HAVE_AVX2 */
