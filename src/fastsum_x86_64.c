/**
 * @file
 * fastsum x86_64 paths: scalar (fastsum_chksum_x86_64, _copy_x86_64) and
 * AVX2 (fastsum_chksum_avx2, _copy_avx2, used only if the CPU has AVX2).
 *
 * x86 loads words at any address at full speed, so the data is summed as it
 * lies, from its first byte: the 16-bit words of an odd start are the data's
 * own words and no final swap is needed. Nothing outside [data, data + len)
 * is read: the last bytes are taken 4, 2 and 1 at a time.
 *
 * Scalar: 64-bit words added in one ADD/ADC chain (the carry flag is the
 * deferred carry), 64 bytes an asm block, the carry added back once a block.
 * AVX2: each 32-bit lane of a 32-byte load split into its two 16-bit words,
 * added to 32-bit lanes of four accumulators: no carries to track, and a
 * lane cannot overflow within 65536 rounds, after which the lanes are
 * widened into the 64-bit sum. Short lengths (IPv4 headers) take the scalar
 * code inline.
 *
 * Copies: the same loops store what they load (unaligned loads and stores
 * are cheap on x86, so differing source and destination alignments need no
 * shifting).
 */
#include "fastsum.h"

#ifdef FASTSUM_HAVE_X86_64

#include <string.h>

/* sum + x with end-around carry: a 64-bit one's-complement addition. */
static inline uint64_t
add_carry(uint64_t sum, uint64_t x)
{
  __asm__("addq %1, %0\n\t"
          "adcq $0, %0"
          : "+r"(sum) : "r"(x) : "cc");
  return sum;
}

static inline uint16_t
fold(uint64_t sum)
{
  uint32_t s = (uint32_t)sum;
  __asm__("addl %1, %0\n\t"
          "adcl $0, %0"
          : "+r"(s) : "r"((uint32_t)(sum >> 32)) : "cc");
  s = (s & 0xffff) + (s >> 16);
  s = (s & 0xffff) + (s >> 16);
  return (uint16_t)s;
}

static inline uint64_t
load64(const uint8_t *p)
{
  uint64_t w;
  memcpy(&w, p, 8);
  return w;
}

/* The last n < 8 bytes: a lone last byte is the low (first) byte of its
 * little-endian word. */
static inline uint64_t
tail_sum(const uint8_t *p, size_t n)
{
  uint64_t t = 0;
  if (n & 4) {
    uint32_t w;
    memcpy(&w, p, 4);
    t = w;
    p += 4;
  }
  if (n & 2) {
    uint16_t h;
    memcpy(&h, p, 2);
    t += h;
    p += 2;
  }
  if (n & 1) {
    t += *p;
  }
  return t;
}

/* One's-complement 64-bit sum of n bytes at p added to sum. */
static inline uint64_t
scalar_sum(const uint8_t *p, size_t n, uint64_t sum)
{
  for (; n >= 64; p += 64, n -= 64) {
    __asm__("addq 0(%[p]), %[s]\n\t"
            "adcq 8(%[p]), %[s]\n\t"
            "adcq 16(%[p]), %[s]\n\t"
            "adcq 24(%[p]), %[s]\n\t"
            "adcq 32(%[p]), %[s]\n\t"
            "adcq 40(%[p]), %[s]\n\t"
            "adcq 48(%[p]), %[s]\n\t"
            "adcq 56(%[p]), %[s]\n\t"
            "adcq $0, %[s]"
            : [s] "+r"(sum)
            : [p] "r"(p), "m"(*(const uint8_t(*)[64])p)
            : "cc");
  }
  if (n & 32) {
    __asm__("addq 0(%[p]), %[s]\n\t"
            "adcq 8(%[p]), %[s]\n\t"
            "adcq 16(%[p]), %[s]\n\t"
            "adcq 24(%[p]), %[s]\n\t"
            "adcq $0, %[s]"
            : [s] "+r"(sum)
            : [p] "r"(p), "m"(*(const uint8_t(*)[32])p)
            : "cc");
    p += 32;
  }
  if (n & 16) {
    __asm__("addq 0(%[p]), %[s]\n\t"
            "adcq 8(%[p]), %[s]\n\t"
            "adcq $0, %[s]"
            : [s] "+r"(sum)
            : [p] "r"(p), "m"(*(const uint8_t(*)[16])p)
            : "cc");
    p += 16;
  }
  if (n & 8) {
    sum = add_carry(sum, load64(p));
    p += 8;
  }
  return add_carry(sum, tail_sum(p, n & 7));
}

/* Copies n bytes and returns their one's-complement 64-bit sum added to
 * sum. */
static inline uint64_t
scalar_copy_sum(uint8_t *d, const uint8_t *s, size_t n, uint64_t sum)
{
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
  memcpy(d, s, n);
  return add_carry(sum, tail_sum(d, n));
}

uint16_t
fastsum_chksum_x86_64(const void *data, int len)
{
  if (len <= 0) {
    return 0;
  }
  return fold(scalar_sum((const uint8_t *)data, (size_t)len, 0));
}

uint16_t
fastsum_chksum_copy_x86_64(void *dst, const void *src, uint16_t len)
{
  return fold(scalar_copy_sum((uint8_t *)dst, (const uint8_t *)src, len, 0));
}

#ifdef FASTSUM_HAVE_AVX2

#include <immintrin.h>

#define FASTSUM_AVX2 __attribute__((target("avx2")))

/* Below this many bytes the scalar chain is as fast (no vector setup and
 * reduction). */
#define AVX2_MIN_LEN 128

/* 64 bytes a round; a 32-bit lane gains at most 0xffff a round. */
#define AVX2_MAX_ROUNDS 65536

int
fastsum_cpu_has_avx2(void)
{
#ifdef __AVX2__
  return 1;
#else
  static int has_avx2 = -1; /* a benign race: every thread stores the same */
  if (has_avx2 < 0) {
    __builtin_cpu_init();
    has_avx2 = __builtin_cpu_supports("avx2") != 0;
  }
  return has_avx2;
#endif
}

/* The four accumulators' 32-bit lanes summed into 64 bits. */
FASTSUM_AVX2 static inline uint64_t
lanes_sum(__m256i a0, __m256i a1, __m256i a2, __m256i a3)
{
  const __m256i low32 = _mm256_set1_epi64x(0xffffffff);
  __m256i q = _mm256_add_epi64(_mm256_and_si256(a0, low32), _mm256_srli_epi64(a0, 32));
  __m128i h;
  q = _mm256_add_epi64(q, _mm256_add_epi64(_mm256_and_si256(a1, low32), _mm256_srli_epi64(a1, 32)));
  q = _mm256_add_epi64(q, _mm256_add_epi64(_mm256_and_si256(a2, low32), _mm256_srli_epi64(a2, 32)));
  q = _mm256_add_epi64(q, _mm256_add_epi64(_mm256_and_si256(a3, low32), _mm256_srli_epi64(a3, 32)));
  h = _mm_add_epi64(_mm256_castsi256_si128(q), _mm256_extracti128_si256(q, 1));
  return (uint64_t)_mm_cvtsi128_si64(h) + (uint64_t)_mm_extract_epi64(h, 1);
}

/* One round: x's 16-bit words into the lanes of lo (even) and hi (odd). */
#define AVX2_ADD(lo, hi, x) do { \
    lo = _mm256_add_epi32(lo, _mm256_and_si256(x, low16)); \
    hi = _mm256_add_epi32(hi, _mm256_srli_epi32(x, 16)); \
  } while (0)

/* Sums (and if d is not NULL, copies) the whole 64-byte rounds of n bytes;
 * *done is set to the bytes handled. The result is below 2^48. */
FASTSUM_AVX2 static inline uint64_t
avx2_rounds(uint8_t *d, const uint8_t *s, size_t n, size_t *done)
{
  const __m256i low16 = _mm256_set1_epi32(0xffff);
  uint64_t sum = 0;
  size_t rounds = n / 64, i;
  *done = rounds * 64;
  while (rounds > 0) {
    size_t r = rounds < AVX2_MAX_ROUNDS ? rounds : AVX2_MAX_ROUNDS;
    __m256i a0 = _mm256_setzero_si256(), a1 = a0, a2 = a0, a3 = a0;
    rounds -= r;
    if (d != NULL) {
      for (i = 0; i < r; i++, s += 64, d += 64) {
        __m256i x = _mm256_loadu_si256((const __m256i *)(const void *)s);
        __m256i y = _mm256_loadu_si256((const __m256i *)(const void *)(s + 32));
        _mm256_storeu_si256((__m256i *)(void *)d, x);
        _mm256_storeu_si256((__m256i *)(void *)(d + 32), y);
        AVX2_ADD(a0, a1, x);
        AVX2_ADD(a2, a3, y);
      }
    } else {
      for (i = 0; i < r; i++, s += 64) {
        __m256i x = _mm256_loadu_si256((const __m256i *)(const void *)s);
        __m256i y = _mm256_loadu_si256((const __m256i *)(const void *)(s + 32));
        AVX2_ADD(a0, a1, x);
        AVX2_ADD(a2, a3, y);
      }
    }
    sum += lanes_sum(a0, a1, a2, a3);
  }
  return sum;
}

FASTSUM_AVX2 uint16_t
fastsum_chksum_avx2(const void *data, int len)
{
  const uint8_t *p = (const uint8_t *)data;
  size_t n, done;
  uint64_t sum;
  if (len <= 0) {
    return 0;
  }
  n = (size_t)len;
  if (n < AVX2_MIN_LEN) {
    return fold(scalar_sum(p, n, 0));
  }
  sum = avx2_rounds(NULL, p, n, &done);
  return fold(scalar_sum(p + done, n - done, sum));
}

FASTSUM_AVX2 uint16_t
fastsum_chksum_copy_avx2(void *dst, const void *src, uint16_t len)
{
  uint8_t *d = (uint8_t *)dst;
  const uint8_t *s = (const uint8_t *)src;
  size_t done;
  uint64_t sum;
  if (len < AVX2_MIN_LEN) {
    return fold(scalar_copy_sum(d, s, len, 0));
  }
  sum = avx2_rounds(d, s, len, &done);
  return fold(scalar_copy_sum(d + done, s + done, len - done, sum));
}

#endif /* FASTSUM_HAVE_AVX2 */

#endif /* FASTSUM_HAVE_X86_64 */
