/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * fastsum AVX-512 path (AVX-512BW and VL): fastsum_chksum_avx512,
 * _copy_avx512, compiled through a target attribute and taken only where
 * fastsum_usable_avx512 says the CPU runs it and the operating system has
 * enabled the opmask and ZMM registers.
 *
 * Each 64-bit lane of a vector is a pair of 32-bit words H:L. Two
 * accumulators per chain: one adds the lanes whole (L's carries go into
 * H's bits and are lost at the top), the other adds H alone; the sum of
 * the L's is then the first minus the second shifted up by 32, exact as
 * long as it stays below 2^64 (it gets less than 2^32 a lane from each of
 * the fewer than 2^26 vectors of any int length). Three instructions a
 * vector, no bias, no carries to track, nothing to widen.
 *
 * The ends are masked loads (and stores, for the copy): a masked byte is
 * neither read nor written and cannot fault, so nothing outside
 * [data, data + len) is touched and no ADC code runs for the head or
 * the tail. Short data is taken as it lies, the vectors from its first
 * byte, whole vectors and the last one masked: up to 512 bytes as many as
 * the bytes fill, one to four (after four more past 256 bytes), one branch
 * on the length (the sum of 65 to 256 bytes in 256-bit halves, with no
 * extract on the way to the result); longer, in a loop. From
 * FASTSUM_AVX512_GRID_LEN bytes on, and for the sum of data that does not
 * start on a 64-byte line from 513, where loads across two cache lines
 * cost more than the extra masked vector, the vectors lie on a 64-byte
 * grid (the data's for the sum, the destination's for the copy: split
 * stores cost more than split loads): the first is loaded from the grid
 * line of the first byte with the bytes before it masked off, and if
 * that is an odd number of bytes every word is summed with its bytes
 * swapped and the total swapped back at the end (RFC 1071 2(B)).
 *
 * The same path has a second build, fastsum_avx512vnni.c, which calls this
 * one for shorter data.
 */
#include "fastsum_private.h"

#ifdef FASTSUM_HAVE_AVX512

#include "fastsum_avx512.h"

/* Up to this length the path masks one to four vectors, no loop. */
#define FASTSUM_AVX512_SHORT_LEN 256
/* From this length on the vectors lie on the 64-byte grid; for the sum
 * of data that does not start on it, from the end of the short data. */
#define FASTSUM_AVX512_GRID_LEN 1024

/* x added to a chain: all += x, high += x >> 32. */
#define AVX512_ADD(all, high, x) \
  do { \
    __m512i x_ = (x); \
    all = _mm512_add_epi64(all, x_); \
    high = _mm512_add_epi64(high, _mm512_srli_epi64(x_, 32)); \
  } while (0)

/* The rounds of 256 bytes on the grid (fastsum_avx512.h): two chains,
 * each vector to one of them. */
#define AVX512_CHAIN(t, u, all, high) \
  "vpsrlq $32, %%zmm" t ", %%zmm" u "\n\t" \
  "vpaddq %%zmm" t ", %[" all "], %[" all "]\n\t" \
  "vpaddq %%zmm" u ", %[" high "], %[" high "]\n\t"
#define AVX512_SUMS_AND_NEXT \
  AVX512_CHAIN("0", "4", "all0", "high0") AVX512_CHAIN("1", "5", "all1", "high1") \
  AVX512_CHAIN("2", "6", "all0", "high0") AVX512_CHAIN("3", "7", "all1", "high1") \
  "add $256, %[i]\n\t" \
  "jnz 1b"
#define AVX512_OPERANDS \
  [all0] "+v"(all0), [high0] "+v"(high0), [all1] "+v"(all1), [high1] "+v"(high1), [i] "+r"(i)
#define AVX512_CLOBBERS \
  "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "cc", "memory"

/* Each lane of the two chains: its L's (all minus the H's shifted up)
 * plus its H's; the lanes added. */
FASTSUM_AVX512 static inline uint64_t
lanes_total(__m512i all0, __m512i high0, __m512i all1, __m512i high1)
{
  __m512i all = _mm512_add_epi64(all0, all1), high = _mm512_add_epi64(high0, high1);
  return (uint64_t)_mm512_reduce_add_epi64(
    _mm512_add_epi64(_mm512_sub_epi64(all, _mm512_slli_epi64(high, 32)), high));
}

/* One's-complement 64-bit sum of 64 < n <= 256 bytes at s in 2 to 4
 * vectors, 64 * (vectors - 1) < n <= 64 * vectors, each loaded as its two
 * 32-byte halves: the whole vectors before the last, the last under the
 * halves of its mask. Nothing crosses the halves of a ZMM register: an
 * extract would be on the path to the result, which a caller of data this
 * short often waits for (a header's check, the next header's address).
 * The halves are added as a tree for the same reason. */
FASTSUM_AVX512 static inline __attribute__((always_inline)) uint64_t
avx512_sum_halves(const uint8_t *s, size_t n, int vectors)
{
  const uint64_t m = _bzhi_u64(~(uint64_t)0, (unsigned)(n - 64 * (vectors - 1)));
  __m256i x[8], high[8], y;
  __m128i total;
  int k, w;
#pragma GCC unroll 8
  for (k = 0; k < 8; k++) {
    const __mmask32 half_m = (__mmask32)(k & 1 ? m >> 32 : m);
    x[k] = k < 2 * vectors - 2 ? _mm256_loadu_si256((const __m256i *)(const void *)(s + 32 * k))
           : k < 2 * vectors ? _mm256_maskz_loadu_epi8(half_m, s + 32 * k)
                             : _mm256_setzero_si256();
    high[k] = _mm256_srli_epi64(x[k], 32);
  }
#pragma GCC unroll 3
  for (w = 4; w > 0; w /= 2) {
#pragma GCC unroll 4
    for (k = 0; k < w; k++) {
      x[k] = _mm256_add_epi64(x[k], x[k + w]);
      high[k] = _mm256_add_epi64(high[k], high[k + w]);
    }
  }
  y = _mm256_add_epi64(_mm256_sub_epi64(x[0], _mm256_slli_epi64(high[0], 32)), high[0]);
  total = _mm_add_epi64(_mm256_castsi256_si128(y), _mm256_extracti128_si256(y, 1));
  return (uint64_t)_mm_cvtsi128_si64(_mm_add_epi64(total, _mm_unpackhi_epi64(total, total)));
}

/* One's-complement 64-bit sum of the n bytes at s, and a copy of them to
 * d unless d is NULL, in 1 to 4 vectors with no branch: 64 * (vectors - 1)
 * < n <= 64 * vectors, the vectors before the last whole, the last loaded
 * (and stored) under the mask of its bytes; with wide, the same for the
 * n - 256 bytes after four whole vectors. */
FASTSUM_AVX512 static inline __attribute__((always_inline)) uint64_t
avx512_sum_group(uint8_t *d, const uint8_t *s, size_t n, int vectors, int wide)
{
  const size_t skip = wide ? FASTSUM_AVX512_SHORT_LEN : 0;
  const __mmask64 m = (__mmask64)_bzhi_u64(~(uint64_t)0, (unsigned)(n - skip - 64 * (vectors - 1)));
  __m512i x[8], all[2], high[2];
  int k;
#pragma GCC unroll 4
  for (k = 0; k < 4; k++) {
    x[k] = k < vectors - 1 ? _mm512_loadu_si512(s + skip + 64 * k)
           : k == vectors - 1 ? _mm512_maskz_loadu_epi8(m, s + skip + 64 * k)
                              : _mm512_setzero_si512();
    x[k + 4] = wide ? _mm512_loadu_si512(s + 64 * k) : _mm512_setzero_si512();
    if (d != NULL && k < vectors - 1) {
      _mm512_storeu_si512(d + skip + 64 * k, x[k]);
    }
    if (d != NULL && k == vectors - 1) {
      _mm512_mask_storeu_epi8(d + skip + 64 * k, m, x[k]);
    }
    if (d != NULL && wide) {
      _mm512_storeu_si512(d + 64 * k, x[k + 4]);
    }
  }
  for (k = 0; k < 2; k++) {
    all[k] = _mm512_add_epi64(_mm512_add_epi64(x[k], x[k + 2]), _mm512_add_epi64(x[k + 4], x[k + 6]));
    high[k] = _mm512_add_epi64(
      _mm512_add_epi64(_mm512_srli_epi64(x[k], 32), _mm512_srli_epi64(x[k + 2], 32)),
      _mm512_add_epi64(_mm512_srli_epi64(x[k + 4], 32), _mm512_srli_epi64(x[k + 6], 32)));
  }
  return lanes_total(all[0], high[0], all[1], high[1]);
}

/* avx512_sum_group, or for the sum of 65 to 256 bytes avx512_sum_halves.
 * The copy keeps whole vectors: twice the stores cost more than the
 * extract. So does a single vector: its two masked halves cost more than
 * the extract, and Linux's ADCs return 64 bytes' sum sooner either way. */
FASTSUM_AVX512 static inline __attribute__((always_inline)) uint64_t
avx512_sum_vectors(uint8_t *d, const uint8_t *s, size_t n, int vectors, int wide)
{
  if (d == NULL && !wide && vectors > 1) {
    return avx512_sum_halves(s, n, vectors);
  }
  return avx512_sum_group(d, s, n, vectors, wide);
}

/* The sum of 0 < n <= 256 bytes (with wide, 256 < n <= 512), and the
 * copy, in as few vectors as the bytes fill: a masked vector of no bytes
 * costs as much as a full one (twice a 256-bit one on CPUs that split
 * 512-bit operations), more than a branch on the length, which data of
 * one length predicts. */
FASTSUM_AVX512 static inline __attribute__((always_inline)) uint64_t
avx512_sum_short(uint8_t *d, const uint8_t *s, size_t n, int wide)
{
  const size_t group = n - (wide ? FASTSUM_AVX512_SHORT_LEN : 0);
  if (group <= 64) {
    return avx512_sum_vectors(d, s, n, 1, wide);
  }
  if (group <= 128) {
    return avx512_sum_vectors(d, s, n, 2, wide);
  }
  if (group <= 192) {
    return avx512_sum_vectors(d, s, n, 3, wide);
  }
  return avx512_sum_vectors(d, s, n, 4, wide);
}

/* One's-complement 64-bit sum of 0 < n < FASTSUM_AVX512_GRID_LEN bytes at
 * s, on its own word grid, and a copy of them to d unless d is NULL: whole
 * vectors from s, then the last 1..64 bytes masked. Inline: d is a
 * constant in each caller. */
FASTSUM_AVX512 static inline __attribute__((always_inline)) uint64_t
avx512_sum_as_it_lies(uint8_t *d, const uint8_t *s, size_t n)
{
  const size_t whole = (n - 1) / 64;
  const __mmask64 m = bytes_between(0, n - 64 * whole);
  __m512i x = _mm512_maskz_loadu_epi8(m, s + 64 * whole), x1;
  __m512i all0 = x, high0 = _mm512_srli_epi64(x, 32), all1 = _mm512_setzero_si512(), high1 = all1;
  size_t k;
  if (d != NULL) {
    _mm512_mask_storeu_epi8(d + 64 * whole, m, x);
  }
  for (k = 0; k + 2 <= whole; k += 2) {
    x = _mm512_loadu_si512(s + 64 * k);
    x1 = _mm512_loadu_si512(s + 64 * k + 64);
    if (d != NULL) {
      _mm512_storeu_si512(d + 64 * k, x);
      _mm512_storeu_si512(d + 64 * k + 64, x1);
    }
    AVX512_ADD(all0, high0, x);
    AVX512_ADD(all1, high1, x1);
  }
  if (k < whole) {
    x = _mm512_loadu_si512(s + 64 * k);
    if (d != NULL) {
      _mm512_storeu_si512(d + 64 * k, x);
    }
    AVX512_ADD(all1, high1, x);
  }
  return lanes_total(all0, high0, all1, high1);
}

/* One's-complement 64-bit sum of n >= 64 bytes from s + lead (lead < 64),
 * on the word grid of s, and a copy of them to d + lead unless d is NULL:
 * the vectors at s + 64 k, the first and the last masked, the ones between
 * them aligned (loads of the sum, stores of the copy). */
FASTSUM_AVX512 static inline __attribute__((always_inline)) uint64_t
avx512_sum_on_grid(uint8_t *d, const uint8_t *s, size_t n, size_t lead)
{
  const size_t end = lead + n, last = (end - 1) / 64, rounds = (last - 1) / 4;
  __mmask64 m = bytes_between(lead, 64);
  __m512i x, all0, high0, all1 = _mm512_setzero_si512(), high1 = all1;
  size_t k = 1 + 4 * rounds;
  prefetch_last_lines(s, end);
  x = _mm512_maskz_loadu_epi8(m, s);
  all0 = x;
  high0 = _mm512_srli_epi64(x, 32);
  if (d != NULL) {
    _mm512_mask_storeu_epi8(d, m, x);
  }
  /* vectors 1 .. last - 1 whole: rounds of four, then one at a time */
  if (rounds > 0) {
    ptrdiff_t i = -(ptrdiff_t)(rounds * 256);
    if (d != NULL) {
      __asm__(".p2align 5\n"
              "1:\n\t" AVX512_LOADS("vmovdqu64")
              "vmovdqa64 %%zmm0, (%[d],%[i])\n\t"
              "vmovdqa64 %%zmm1, 64(%[d],%[i])\n\t"
              "vmovdqa64 %%zmm2, 128(%[d],%[i])\n\t"
              "vmovdqa64 %%zmm3, 192(%[d],%[i])\n\t" AVX512_SUMS_AND_NEXT
              : AVX512_OPERANDS
              : [s] "r"(s + 64 * k), [d] "r"(d + 64 * k)
              : AVX512_CLOBBERS);
    } else {
      __asm__(".p2align 5\n"
              "1:\n\t" AVX512_LOADS("vmovdqa64") AVX512_SUMS_AND_NEXT
              : AVX512_OPERANDS
              : [s] "r"(s + 64 * k)
              : AVX512_CLOBBERS);
    }
  }
  for (; k < last; k++) {
    x = _mm512_loadu_si512(s + 64 * k);
    if (d != NULL) {
      _mm512_store_si512(d + 64 * k, x);
    }
    AVX512_ADD(all1, high1, x);
  }
  m = bytes_between(0, end - 64 * last);
  x = _mm512_maskz_loadu_epi8(m, s + 64 * last);
  if (d != NULL) {
    _mm512_mask_storeu_epi8(d + 64 * last, m, x);
  }
  AVX512_ADD(all0, high0, x);
  return lanes_total(all0, high0, all1, high1);
}

/* Nothing, or more than FASTSUM_AVX512_SHORT_LEN bytes: out of line, so
 * that the entry points save no registers for short data. */
FASTSUM_AVX512 static __attribute__((noinline)) uint16_t
avx512_chksum_long(const void *data, int len)
{
  if (len <= 0) {
    return 0;
  }
  if (len <= 2 * FASTSUM_AVX512_SHORT_LEN) {
    return fastsum_fold64(avx512_sum_short(NULL, (const uint8_t *)data, (size_t)len, 1));
  }
  if (len < FASTSUM_AVX512_GRID_LEN && ((uintptr_t)data & 63) == 0) {
    return fastsum_fold64(avx512_sum_as_it_lies(NULL, (const uint8_t *)data, (size_t)len));
  }
  return avx512_grid_chksum(avx512_sum_on_grid, NULL, (const uint8_t *)data, (size_t)len);
}

FASTSUM_AVX512 static __attribute__((noinline)) uint16_t
avx512_chksum_copy_long(void *dst, const void *src, uint16_t len)
{
  if (len == 0) {
    return 0;
  }
  if (len <= 2 * FASTSUM_AVX512_SHORT_LEN) {
    return fastsum_fold64(avx512_sum_short((uint8_t *)dst, (const uint8_t *)src, len, 1));
  }
  if (len < FASTSUM_AVX512_GRID_LEN) {
    return fastsum_fold64(avx512_sum_as_it_lies((uint8_t *)dst, (const uint8_t *)src, len));
  }
  return avx512_grid_chksum(avx512_sum_on_grid, (uint8_t *)dst, (const uint8_t *)src, len);
}

/* The entry points: 1 to FASTSUM_AVX512_SHORT_LEN bytes inline, the rest
 * out of line. */
FASTSUM_AVX512 uint16_t
fastsum_chksum_avx512(const void *data, int len)
{
  if (__builtin_expect((unsigned)len - 1 < FASTSUM_AVX512_SHORT_LEN, 1)) {
    return fastsum_fold64(avx512_sum_short(NULL, (const uint8_t *)data, (size_t)len, 0));
  }
  return avx512_chksum_long(data, len);
}

FASTSUM_AVX512 uint16_t
fastsum_chksum_copy_avx512(void *dst, const void *src, uint16_t len)
{
  if (__builtin_expect(len - 1u < FASTSUM_AVX512_SHORT_LEN, 1)) {
    return fastsum_fold64(avx512_sum_short((uint8_t *)dst, (const uint8_t *)src, len, 0));
  }
  return avx512_chksum_copy_long(dst, src, len);
}

/* AVX-512 F, BW, VL (CPUID leaf 7 EBX bits 16, 30, 31) and BMI2 (bit 8),
 * with the opmask and ZMM state enabled: XCR0's SSE, AVX, opmask,
 * ZMM_Hi256 and Hi16_ZMM bits. */
#define AVX512_EBX7 ((1u << 16) | (1u << 30) | (1u << 31) | (1u << 8))
#define AVX512_XCR0 0xe6u

int
fastsum_usable_avx512(void)
{
  return fastsum_x86_cpu_has(AVX512_EBX7, 0, AVX512_XCR0);
}

const struct fastsum_impl fastsum_impl_avx512 = {"avx512", fastsum_chksum_avx512, fastsum_chksum_copy_avx512,
                                                  fastsum_usable_avx512, 0, 0};

#endif /* FASTSUM_HAVE_AVX512 */
