/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * fastsum AVX-512 VNNI path: the AVX-512 path's second build
 * (fastsum_avx512.c), for CPUs that also have AVX-512 VNNI
 * (fastsum_usable_avx512vnni: Ice Lake, Zen 4 and later):
 * fastsum_chksum_avx512vnni, _copy_avx512vnni. Shorter data than its
 * shortest length (FASTSUM_X86_PATHS) it hands to the AVX-512 path, and
 * from there it takes its own code on the 64-byte grid: each word is made
 * signed by an XOR with 0x8000 (it is then 32768 less) and VPDPWSSD adds
 * the two words of each 32-bit lane, times one, to the lane: two
 * instructions a vector instead of three, the lanes added up at the end
 * (data longer than a batch, batch by batch), and the bias, 65536 a lane,
 * added back once.
 */
#include "fastsum_private.h"

#ifdef FASTSUM_HAVE_AVX512

#include "fastsum_avx512.h"

/* 32-bit lanes, a vector one step for each of 16 lanes, all added up in
 * int32_t at the end: 2048 vectors of 16 steps of -65536 stay within it,
 * 2049 would not. A batch: the most bytes that 2048 vectors hold from any
 * start on the 64-byte grid. */
#define FASTSUM_AVX512VNNI_BATCH_BYTES (2047 * 64)
#define FASTSUM_AVX512VNNI_ALIGN 64

/* acc + the words of x, each 32768 less, added pairwise into acc's 32-bit
 * lanes: x XOR 0x8000 in each word, then VPDPWSSD by ones (assembly: the
 * target is the AVX-512 path's, fastsum_avx512.h). */
FASTSUM_AVX512 static inline __m512i
vnni_add(__m512i acc, __m512i x)
{
  const __m512i biased = _mm512_xor_si512(x, _mm512_set1_epi16((short)0x8000));
  __asm__("vpdpwssd %2, %1, %0" : "+v"(acc) : "v"(biased), "v"(_mm512_set1_epi16(1)));
  return acc;
}

/* acc + whole vector k of s by vnni_add, and a copy of it to d unless d
 * is NULL. */
FASTSUM_AVX512 static inline __attribute__((always_inline)) __m512i
vnni_add_whole(__m512i acc, uint8_t *d, const uint8_t *s, size_t k)
{
  const __m512i x = _mm512_loadu_si512(s + 64 * k);
  if (d != NULL) {
    _mm512_store_si512(d + 64 * k, x);
  }
  return vnni_add(acc, x);
}

/* The rounds of 256 bytes on the grid, as the AVX-512 path's: the four
 * vectors XORed with the bias (loaded, and for the copy stored, first),
 * then each added to an accumulator of its own. VPDPWSSD waits for its
 * accumulator, four cycles on Zen 4, and issues one a cycle: four chains
 * keep it busy, and more would only cost more to add up. */
#define VNNI_SUM_LOADS \
  "vpxorq (%[s],%[i]), %[bias], %%zmm0\n\t" \
  "vpxorq 64(%[s],%[i]), %[bias], %%zmm1\n\t" \
  "vpxorq 128(%[s],%[i]), %[bias], %%zmm2\n\t" \
  "vpxorq 192(%[s],%[i]), %[bias], %%zmm3\n\t"
#define VNNI_BIAS(x) "vpxorq %%zmm" x ", %[bias], %%zmm" x "\n\t"
#define VNNI_COPY_LOADS \
  AVX512_LOADS("vmovdqu64") \
  "vmovdqa64 %%zmm0, (%[d],%[i])\n\t" \
  "vmovdqa64 %%zmm1, 64(%[d],%[i])\n\t" \
  "vmovdqa64 %%zmm2, 128(%[d],%[i])\n\t" \
  "vmovdqa64 %%zmm3, 192(%[d],%[i])\n\t" \
  VNNI_BIAS("0") VNNI_BIAS("1") VNNI_BIAS("2") VNNI_BIAS("3")
#define VNNI_ROUNDS(loads) \
  ".p2align 5\n" \
  "1:\n\t" loads \
  "vpdpwssd %[ones], %%zmm0, %[a0]\n\t" \
  "vpdpwssd %[ones], %%zmm1, %[a1]\n\t" \
  "vpdpwssd %[ones], %%zmm2, %[a2]\n\t" \
  "vpdpwssd %[ones], %%zmm3, %[a3]\n\t" \
  "add $256, %[i]\n\t" \
  "jnz 1b"
#define VNNI_OPERANDS [a0] "+v"(a0), [a1] "+v"(a1), [a2] "+v"(a2), [a3] "+v"(a3), [i] "+r"(i)
#define VNNI_CLOBBERS "xmm0", "xmm1", "xmm2", "xmm3", "cc", "memory"

/* A sum on the grid (fastsum_avx512.h) of FASTSUM_X86_SHORTEST(avx512vnni)
 * <= n bytes, at most FASTSUM_AVX512VNNI_BATCH_BYTES from lead, with every
 * vector, the masked ones too, summed by vnni_add: 2^20 less each (16 lanes
 * of two words, each 32768 less), added back at the end. The first and the last vector, and
 * the whole ones that the rounds leave over, come before the rounds, whose
 * end is then the function's. The lanes of the four accumulators are added
 * up in int32_t (a batch is few enough vectors for that). No prefetch of
 * the last lines: with two instructions a vector the scheduler has room
 * for their loads, and cold data takes as long without (make bench-peers). */
FASTSUM_AVX512 static inline __attribute__((always_inline)) uint64_t
avx512vnni_sum_on_grid(uint8_t *d, const uint8_t *s, size_t n, size_t lead)
{
  const size_t end = lead + n, last = (end - 1) / 64, whole = last - 1;
  const __m512i bias = _mm512_set1_epi16((short)0x8000), ones = _mm512_set1_epi16(1);
  const __mmask64 first_m = bytes_between(lead, 64), last_m = bytes_between(0, end - 64 * last);
  ptrdiff_t i = -(ptrdiff_t)(whole / 4 * 256);
  size_t k = 1;
  __m512i x, a0, a1, a2 = _mm512_setzero_si512(), a3 = a2, sum;
  x = _mm512_maskz_loadu_epi8(first_m, s);
  if (d != NULL) {
    _mm512_mask_storeu_epi8(d, first_m, x);
  }
  a0 = vnni_add(a2, x);
  x = _mm512_maskz_loadu_epi8(last_m, s + 64 * last);
  if (d != NULL) {
    _mm512_mask_storeu_epi8(d + 64 * last, last_m, x);
  }
  a1 = vnni_add(a2, x);
  if (whole & 1) {
    a2 = vnni_add_whole(a2, d, s, k);
    k += 1;
  }
  if (whole & 2) {
    a3 = vnni_add_whole(a3, d, s, k);
    a2 = vnni_add_whole(a2, d, s, k + 1);
  }
  if (d != NULL) {
    __asm__(VNNI_ROUNDS(VNNI_COPY_LOADS)
            : VNNI_OPERANDS
            : [s] "r"(s + 64 * last), [d] "r"(d + 64 * last), [bias] "v"(bias), [ones] "v"(ones)
            : VNNI_CLOBBERS);
  } else {
    __asm__(VNNI_ROUNDS(VNNI_SUM_LOADS)
            : VNNI_OPERANDS
            : [s] "r"(s + 64 * last), [bias] "v"(bias), [ones] "v"(ones)
            : VNNI_CLOBBERS);
  }
  sum = _mm512_add_epi32(_mm512_add_epi32(a0, a1), _mm512_add_epi32(a2, a3));
  return (uint64_t)(int64_t)_mm512_reduce_add_epi32(sum) + ((uint64_t)(last + 1) << 20);
}

/* The code on the grid out of line, the sum's and the copy's each with its
 * own registers. */
FASTSUM_AVX512 static __attribute__((noinline)) uint16_t
avx512vnni_chksum_on_grid(const uint8_t *s, size_t n)
{
  return avx512_grid_chksum(avx512vnni_sum_on_grid, NULL, s, n);
}

FASTSUM_AVX512 static __attribute__((noinline)) uint16_t
avx512vnni_chksum_copy_on_grid(uint8_t *d, const uint8_t *s, size_t n)
{
  return avx512_grid_chksum(avx512vnni_sum_on_grid, d, s, n);
}

/* More than a batch: batch by batch, each an even number of bytes, so that
 * every batch's words are the data's, and their checksums added. */
FASTSUM_AVX512 static __attribute__((noinline, cold)) uint16_t
avx512vnni_chksum_batches(const uint8_t *s, size_t n)
{
  const size_t batch = FASTSUM_AVX512VNNI_BATCH_BYTES;
  uint64_t sum = 0;
  for (; n > batch; s += batch, n -= batch) {
    sum += avx512vnni_chksum_on_grid(s, batch);
  }
  return fastsum_fold64(sum + fastsum_chksum_avx512vnni(s, (int)n));
}

/* The entry points: shorter data to the other build's code, which a jump
 * reaches unchanged (inlined here, it would be compiled for this
 * function's registers and run slower, and the entry would save registers
 * before it looks at the length). */
FASTSUM_AVX512 uint16_t
fastsum_chksum_avx512vnni(const void *data, int len)
{
  if (len < FASTSUM_X86_SHORTEST(avx512vnni)) {
    return fastsum_chksum_avx512(data, len);
  }
  if ((size_t)len > FASTSUM_AVX512VNNI_BATCH_BYTES) {
    return avx512vnni_chksum_batches((const uint8_t *)data, (size_t)len);
  }
  return avx512vnni_chksum_on_grid((const uint8_t *)data, (size_t)len);
}

/* A copy is never longer than a batch. */
FASTSUM_AVX512 uint16_t
fastsum_chksum_copy_avx512vnni(void *dst, const void *src, uint16_t len)
{
  if (len < FASTSUM_X86_SHORTEST(avx512vnni)) {
    return fastsum_chksum_copy_avx512(dst, src, len);
  }
  return avx512vnni_chksum_copy_on_grid((uint8_t *)dst, (const uint8_t *)src, len);
}

/* The AVX-512 path's CPU and AVX-512 VNNI (CPUID leaf 7 ECX bit 11). */
int
fastsum_usable_avx512vnni(void)
{
  return fastsum_usable_avx512() && fastsum_x86_cpu_has(0, 1u << 11, 0);
}

const struct fastsum_impl fastsum_impl_avx512vnni = {
  "avx512vnni", fastsum_chksum_avx512vnni, fastsum_chksum_copy_avx512vnni, fastsum_usable_avx512vnni,
  FASTSUM_AVX512VNNI_BATCH_BYTES, FASTSUM_AVX512VNNI_ALIGN};

#endif /* FASTSUM_HAVE_AVX512 */
