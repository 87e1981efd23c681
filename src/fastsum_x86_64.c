/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * fastsum x86_64 paths: scalar (fastsum_chksum_x86_64, _copy_x86_64), SSE2
 * (fastsum_chksum_sse2, _copy_sse2: every x86_64 CPU, unless the build
 * keeps off the vector registers) and AVX2 (fastsum_chksum_avx2,
 * _copy_avx2, used only if the CPU has AVX2).
 *
 * x86 loads words at any address at full speed, so the data is summed as it
 * lies, from its first byte: the 16-bit words of an odd start are the data's
 * own words and no final swap is needed. Nothing outside [data, data + len)
 * is read: the last bytes are taken 4, 2 and 1 at a time.
 *
 * Scalar: one asm block; its loop adds 64-bit words with ADC, the carry
 * flag flowing from round to round (as in the ARM paths) and added back
 * once after them; a 20-byte IPv4 header in three loads. SSE2 and AVX2:
 * each 32-bit lane of a vector split into its two 16-bit words, added to
 * 32-bit lanes of four accumulators: no carries to track, and the lanes are
 * widened into the 64-bit sum before they can overflow (the limits are in
 * fastsum_private.h, where the tests read them). Below
 * FASTSUM_VECTOR_MIN_LEN bytes (headers) the vector entry points take the
 * scalar code inline.
 *
 * Copies: the same loops store what they load (unaligned loads and stores
 * are cheap on x86, so differing source and destination alignments need no
 * shifting).
 */
#include "fastsum_private.h"

#ifdef FASTSUM_HAVE_X86_64

/* sum + x with end-around carry: a 64-bit one's-complement addition. */
static inline uint64_t
add_carry(uint64_t sum, uint64_t x)
{
  __asm__("addq %1, %0\n\t"
          "adcq $0, %0"
          : "+r"(sum) : "r"(x) : "cc");
  return sum;
}

static inline uint64_t
load64(const uint8_t *p)
{
  uint64_t w;
  memcpy(&w, p, 8);
  return w;
}

/* All of n < 8 bytes, copied to d unless d is NULL (fixed-size copies: no
 * call to memcpy): a lone last byte is the low (first) byte of its
 * little-endian word. */
static inline __attribute__((always_inline)) uint64_t
tail_sum(uint8_t *d, const uint8_t *p, size_t n)
{
  uint64_t t = 0;
  if (n & 4) {
    uint32_t w;
    memcpy(&w, p, 4);
    if (d != NULL) {
      memcpy(d, &w, 4);
      d += 4;
    }
    t = w;
    p += 4;
  }
  if (n & 2) {
    uint16_t h;
    memcpy(&h, p, 2);
    if (d != NULL) {
      memcpy(d, &h, 2);
      d += 2;
    }
    t += h;
    p += 2;
  }
  if (n & 1) {
    if (d != NULL) {
      *d = *p;
    }
    t += *p;
  }
  return t;
}

/* The last n & 7 bytes of n >= 8 at p: the 8 bytes ending there, loaded
 * at once, with the ones already summed shifted out. They start at an
 * even offset, so they keep their places in their words. */
static inline __attribute__((always_inline)) uint64_t
last_bytes(const uint8_t *p, size_t n)
{
  return load64(p + n - 8) >> (64 - 8 * (n & 7));
}

/* One's-complement 64-bit sum of n bytes at p added to sum, in one asm
 * block, on two accumulators: each run of words starts its carry chain with
 * ADD and ends it with ADC $0, so the runs on the two accumulators execute
 * side by side (the flags are renamed), twice the additions a cycle of one
 * chain. A loop adds 128 bytes a round, 64 to each; then the last whole
 * words, 64 bytes (32 to each), 32, 16 and 8; the two are added at the
 * end. The asm reads the words through p: hence the "memory" clobber. */
static inline __attribute__((always_inline)) uint64_t
scalar_sum(const uint8_t *p, size_t n, uint64_t sum)
{
  const uint8_t *start = p;
  size_t rounds = n / 128;
  uint64_t sum2 = 0;
  if (n < 8) {
    return add_carry(sum, tail_sum(NULL, p, n));
  }
  __asm__("test %[rounds], %[rounds]\n\t"
          "jz 2f\n"
          "1:\n\t"
          "addq (%[p]), %[sum]\n\t"
          "adcq 8(%[p]), %[sum]\n\t"
          "adcq 16(%[p]), %[sum]\n\t"
          "adcq 24(%[p]), %[sum]\n\t"
          "adcq 32(%[p]), %[sum]\n\t"
          "adcq 40(%[p]), %[sum]\n\t"
          "adcq 48(%[p]), %[sum]\n\t"
          "adcq 56(%[p]), %[sum]\n\t"
          "adcq $0, %[sum]\n\t"
          "addq 64(%[p]), %[sum2]\n\t"
          "adcq 72(%[p]), %[sum2]\n\t"
          "adcq 80(%[p]), %[sum2]\n\t"
          "adcq 88(%[p]), %[sum2]\n\t"
          "adcq 96(%[p]), %[sum2]\n\t"
          "adcq 104(%[p]), %[sum2]\n\t"
          "adcq 112(%[p]), %[sum2]\n\t"
          "adcq 120(%[p]), %[sum2]\n\t"
          "adcq $0, %[sum2]\n\t"
          "leaq 128(%[p]), %[p]\n\t"
          "decq %[rounds]\n\t"
          "jnz 1b\n"
          "2:\n\t"
          "testb $64, %b[n]\n\t"
          "jz 6f\n\t"
          "addq (%[p]), %[sum]\n\t"
          "adcq 8(%[p]), %[sum]\n\t"
          "adcq 16(%[p]), %[sum]\n\t"
          "adcq 24(%[p]), %[sum]\n\t"
          "adcq $0, %[sum]\n\t"
          "addq 32(%[p]), %[sum2]\n\t"
          "adcq 40(%[p]), %[sum2]\n\t"
          "adcq 48(%[p]), %[sum2]\n\t"
          "adcq 56(%[p]), %[sum2]\n\t"
          "adcq $0, %[sum2]\n\t"
          "leaq 64(%[p]), %[p]\n"
          "6:\n\t"
          "testb $32, %b[n]\n\t"
          "jz 3f\n\t"
          "addq (%[p]), %[sum]\n\t"
          "adcq 8(%[p]), %[sum]\n\t"
          "adcq 16(%[p]), %[sum]\n\t"
          "adcq 24(%[p]), %[sum]\n\t"
          "adcq $0, %[sum]\n\t"
          "leaq 32(%[p]), %[p]\n"
          "3:\n\t"
          "testb $16, %b[n]\n\t"
          "jz 4f\n\t"
          "addq (%[p]), %[sum2]\n\t"
          "adcq 8(%[p]), %[sum2]\n\t"
          "adcq $0, %[sum2]\n\t"
          "leaq 16(%[p]), %[p]\n"
          "4:\n\t"
          "testb $8, %b[n]\n\t"
          "jz 5f\n\t"
          "addq (%[p]), %[sum]\n\t"
          "adcq $0, %[sum]\n"
          "5:\n\t"
          "addq %[sum2], %[sum]\n\t"
          "adcq $0, %[sum]"
          : [sum] "+r"(sum), [sum2] "+r"(sum2), [p] "+r"(p), [rounds] "+r"(rounds)
          : [n] "r"(n)
          : "cc", "memory");
  if (n & 7) {
    sum = add_carry(sum, last_bytes(start, n));
  }
  return sum;
}

/* Copies n bytes and returns their one's-complement 64-bit sum added to
 * sum. */
static inline __attribute__((always_inline)) uint64_t
scalar_copy_sum(uint8_t *d, const uint8_t *s, size_t n, uint64_t sum)
{
  uint8_t *dst = d;
  const uint8_t *src = s;
  size_t len = n;
  if (n < 8) {
    return add_carry(sum, tail_sum(d, s, n));
  }
  for (; n >= 32; s += 32, d += 32, n -= 32) {
    uint64_t w0 = load64(s), w1 = load64(s + 8), w2 = load64(s + 16), w3 = load64(s + 24);
    memcpy(d, &w0, 8);
    memcpy(d + 8, &w1, 8);
    memcpy(d + 16, &w2, 8);
    memcpy(d + 24, &w3, 8);
    __asm__("addq %[w0], %[s]\n\t"
            "adcq %[w1], %[s]\n\t"
            "adcq %[w2], %[s]\n\t"
            "adcq %[w3], %[s]\n\t"
            "adcq $0, %[s]"
            : [s] "+r"(sum)
            : [w0] "r"(w0), [w1] "r"(w1), [w2] "r"(w2), [w3] "r"(w3)
            : "cc");
  }
  for (; n >= 8; s += 8, d += 8, n -= 8) {
    uint64_t w = load64(s);
    memcpy(d, &w, 8);
    sum = add_carry(sum, w);
  }
  if (n > 0) {
    /* the last 8 bytes stored again: the earlier ones are the same */
    uint64_t w = load64(src + len - 8);
    memcpy(dst + len - 8, &w, 8);
    sum = add_carry(sum, last_bytes(src, len));
  }
  return sum;
}

/* An IPv4 header without options, the length lwIP sums most often: three
 * loads and no branch on the length's bits. */
static inline __attribute__((always_inline)) uint64_t
ipv4_header_sum(const uint8_t *p)
{
  uint32_t w;
  memcpy(&w, p + 16, 4);
  return add_carry(add_carry(load64(p), load64(p + 8)), w);
}

/* 40 bytes (an IPv6 header, an IPv4 header with a TCP header): five
 * loads, two carry chains. */
static inline __attribute__((always_inline)) uint64_t
words40_sum(const uint8_t *p)
{
  return add_carry(add_carry(add_carry(load64(p), load64(p + 8)), load64(p + 32)),
                   add_carry(load64(p + 16), load64(p + 24)));
}

/* The scalar path's whole checksum of len bytes (any int). */
static inline __attribute__((always_inline)) uint16_t
scalar_chksum(const uint8_t *p, int len)
{
  if (len == 20) {
    return fastsum_fold64(ipv4_header_sum(p));
  }
  if (len == 40) {
    return fastsum_fold64(words40_sum(p));
  }
  if (len <= 0) {
    return 0;
  }
  return fastsum_fold64(scalar_sum(p, (size_t)len, 0));
}

/* The scalar path's copy with checksum of len bytes. */
static inline __attribute__((always_inline)) uint16_t
scalar_chksum_copy(void *dst, const void *src, uint16_t len)
{
  return fastsum_fold64(scalar_copy_sum((uint8_t *)dst, (const uint8_t *)src, len, 0));
}

uint16_t
fastsum_chksum_x86_64(const void *data, int len)
{
  return scalar_chksum((const uint8_t *)data, len);
}

uint16_t
fastsum_chksum_copy_x86_64(void *dst, const void *src, uint16_t len)
{
  return scalar_chksum_copy(dst, src, len);
}

/* ---- The vector paths: SSE2 (every x86_64 CPU) and AVX2 --------------- */

#ifdef FASTSUM_HAVE_SSE2

/* A 64-bit one's-complement sum of data that starts one byte later: every
 * 16-bit word is byte-swapped, i.e. rotated by 8 (2^64 - 1 is a multiple
 * of 2^16 - 1, so this holds for the 64-bit sum before folding). */
static inline uint64_t
swap_sum(uint64_t sum)
{
  return (sum >> 8) | (sum << 56);
}

/* A vector path's blocks: sums (and if d is not NULL, copies to d) the
 * whole vectors of n bytes at s; *done is set to the bytes handled. */
typedef uint64_t (*blocks_fn)(uint8_t *d, const uint8_t *s, size_t n, size_t *done);

/* Cold data (a frame just received, a piece of a big buffer): the sum's
 * three instructions waiting behind every vector load fill the scheduler,
 * and the loads of the last lines issue only when the first ones have
 * arrived (memcpy does not wait so). So from 1024 bytes on the last eight
 * lines, the one holding the last byte first, are asked for up front, in
 * straight-line code (a loop costs more than the prefetches when the data
 * is hot). 1500 bytes cold: copy 1.17..1.29x memcpy without, 1.00..1.10x
 * with (ten alternating runs); hot unchanged. */
static inline __attribute__((always_inline)) void
prefetch_last_lines(const uint8_t *s, size_t n)
{
  if (n >= 1024) {
    const uint8_t *end = s + n;
    int k;
#pragma GCC unroll 8
    for (k = 0; k < 8; k++) {
      __builtin_prefetch(end - 1 - 64 * k);
    }
  }
}

/* Checksum of n >= align bytes with a vector path's blocks (d NULL): the
 * blocks start at an address aligned to align, the bytes before and after
 * them go to the scalar code; if the head is odd in length, the rest was
 * summed on the other byte of each word and is swapped. */
static inline __attribute__((always_inline)) uint16_t
vector_chksum(blocks_fn blocks, size_t align, const uint8_t *s, size_t n)
{
  size_t head = (size_t)(0u - (uintptr_t)s) & (align - 1), done;
  uint64_t sum;
  prefetch_last_lines(s, n);
  sum = blocks(NULL, s + head, n - head, &done);
  sum = scalar_sum(s + head + done, n - head - done, sum);
  if (head & 1) {
    sum = swap_sum(sum);
  }
  return fastsum_fold64(scalar_sum(s, head, sum));
}

/* The same with a copy to d: the blocks start at an address of d aligned
 * to align (split stores cost more than split loads). */
static inline __attribute__((always_inline)) uint16_t
vector_copy_chksum(blocks_fn blocks, size_t align, uint8_t *d, const uint8_t *s, size_t n)
{
  size_t head = (size_t)(0u - (uintptr_t)d) & (align - 1), done;
  uint64_t sum;
  prefetch_last_lines(s, n);
  sum = blocks(d + head, s + head, n - head, &done);
  sum = scalar_copy_sum(d + head + done, s + head + done, n - head - done, sum);
  if (head & 1) {
    sum = swap_sum(sum);
  }
  return fastsum_fold64(scalar_copy_sum(d, s, head, sum));
}

#include <emmintrin.h>

/* The AVX2 method (see there) on 16-byte vectors: XOR of the top bit, then
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
  if (len < FASTSUM_VECTOR_MIN_LEN) {
    return scalar_chksum((const uint8_t *)data, len);
  }
  return sse2_chksum(NULL, (const uint8_t *)data, (size_t)len);
}

uint16_t
fastsum_chksum_copy_sse2(void *dst, const void *src, uint16_t len)
{
  if (len < FASTSUM_VECTOR_MIN_LEN) {
    return scalar_chksum_copy(dst, src, len);
  }
  return sse2_chksum((uint8_t *)dst, (const uint8_t *)src, len);
}

#ifdef FASTSUM_HAVE_AVX2

#include <immintrin.h>

#define FASTSUM_AVX2 __attribute__((target("avx2")))

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
  if (len < FASTSUM_AVX2_MIN_LEN) {
    return scalar_chksum((const uint8_t *)data, len);
  }
  return fastsum_fold64(avx2_sum((const uint8_t *)data, (size_t)len));
}

FASTSUM_AVX2 uint16_t
fastsum_chksum_copy_avx2(void *dst, const void *src, uint16_t len)
{
  if (len < FASTSUM_VECTOR_MIN_LEN) {
    return scalar_chksum_copy(dst, src, len);
  }
  return vector_copy_chksum(avx2_copy_blocks, FASTSUM_AVX2_ALIGN, (uint8_t *)dst, (const uint8_t *)src, len);
}

#endif /* FASTSUM_HAVE_AVX2 */

#endif /* FASTSUM_HAVE_SSE2 */

#endif /* FASTSUM_HAVE_X86_64 */
