/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * fastsum x86_64: the scalar path (fastsum_chksum_x86_64, _copy_x86_64),
 * and the public functions: the scalar code for short data, from
 * FASTSUM_AVX512_MIN_LEN or FASTSUM_X86_VECTOR_MIN_LEN bytes on the
 * fastest vector path the CPU runs (fastsum_avx512.c, fastsum_avx2.c,
 * fastsum_sse2.c), chosen on the first call.
 *
 * Scalar: 64-bit words added with ADC, the carry flag flowing from word
 * to word and added back at the end of each chain (fastsum_x86_64.h), the
 * last words with one jump into a run of ADCs; a 20-byte IPv4 header in
 * three loads. The copy stores what it loads (unaligned loads and stores are
 * cheap on x86, so differing source and destination alignments need no
 * shifting).
 */
#include "fastsum_private.h"

#ifdef FASTSUM_HAVE_X86_64

#include "fastsum_x86_64.h"

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

/* The scalar path's checksum of len <= 40 bytes (any int): the header
 * lengths without a branch on the length's bits. */
static inline __attribute__((always_inline)) uint16_t
short_chksum(const uint8_t *p, int len)
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

/* The scalar path's whole checksum of len bytes (any int). Longer data is
 * the way without a branch taken (a header takes one either way). */
static inline __attribute__((always_inline)) uint16_t
scalar_chksum(const uint8_t *p, int len)
{
  if (__builtin_expect(len > 40, 1)) {
    return fastsum_fold64(scalar_sum(p, (size_t)len, 0));
  }
  return short_chksum(p, len);
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

/* ---- The public functions ------------------------------------------- */

#ifdef FASTSUM_HAVE_SSE2

/* The shortest length a vector path takes: below it (headers) the public
 * functions test a constant, not a variable. */
#ifdef FASTSUM_HAVE_AVX512
#define SHORTEST_VECTOR_LEN FASTSUM_AVX512_MIN_LEN
#else
#define SHORTEST_VECTOR_LEN FASTSUM_X86_VECTOR_MIN_LEN
#endif

/* The vector path the public functions take, the fastest this CPU runs,
 * and the length from which it beats the scalar code: until the first
 * long call, none and 0. No constructor: a bare-metal program runs none.
 * Threads that race on the first call store the same values, and any mix
 * of old and new ones sums right (every vector path sums any length). The
 * path is called directly after a compare, not through a pointer: an
 * indirect call costs more than the compares. */
enum long_path { LONG_NONE, LONG_SSE2, LONG_AVX2, LONG_AVX512, LONG_AVX512VNNI };
static enum long_path long_path = LONG_NONE;
static int long_min_len;

static void
choose_vector_path(void)
{
#ifdef FASTSUM_HAVE_AVX512
  if (fastsum_usable_avx512vnni()) {
    long_path = LONG_AVX512VNNI;
    long_min_len = FASTSUM_AVX512_MIN_LEN;
    return;
  }
  if (fastsum_usable_avx512()) {
    long_path = LONG_AVX512;
    long_min_len = FASTSUM_AVX512_MIN_LEN;
    return;
  }
#endif
#ifdef FASTSUM_HAVE_AVX2
  if (fastsum_usable_avx2()) {
    long_path = LONG_AVX2;
    long_min_len = FASTSUM_X86_VECTOR_MIN_LEN;
    return;
  }
#endif
  long_path = LONG_SSE2;
  long_min_len = FASTSUM_X86_VECTOR_MIN_LEN;
}

/* The first long call: chooses, then calls again. Out of line: the public
 * functions' other ways save no registers. */
static __attribute__((noinline, cold)) uint16_t
first_chksum(const void *data, int len)
{
  choose_vector_path();
  return fastsum_chksum(data, len);
}

static __attribute__((noinline, cold)) uint16_t
first_chksum_copy(void *dst, const void *src, uint16_t len)
{
  choose_vector_path();
  return fastsum_chksum_copy(dst, src, len);
}

#endif /* FASTSUM_HAVE_SSE2 */

uint16_t
fastsum_chksum(const void *data, int len)
{
#ifdef FASTSUM_HAVE_SSE2
  /* expected not taken: shorter data (headers) takes the scalar code
   * inline, no call */
  if (__builtin_expect(len >= SHORTEST_VECTOR_LEN, 0)) {
#ifdef FASTSUM_HAVE_AVX512
    if (__builtin_expect(long_path >= LONG_AVX512, 1)) {
      if (__builtin_expect(len <= FASTSUM_AVX512_SHORT_LEN, 1)) {
        return fastsum_chksum_avx512(data, len);
      }
      if (long_path == LONG_AVX512VNNI && len >= FASTSUM_AVX512VNNI_MIN_LEN) {
        return fastsum_chksum_long_avx512vnni(data, len);
      }
      return fastsum_chksum_long_avx512(data, len);
    }
#endif
    if (len >= long_min_len) {
#ifdef FASTSUM_HAVE_AVX2
      if (long_path == LONG_AVX2) {
        return fastsum_chksum_avx2(data, len);
      }
#endif
      if (long_path == LONG_SSE2) {
        return fastsum_chksum_sse2(data, len);
      }
      return first_chksum(data, len);
    }
  }
#endif
  return scalar_chksum((const uint8_t *)data, len);
}

uint16_t
fastsum_chksum_copy(void *dst, const void *src, uint16_t len)
{
#ifdef FASTSUM_HAVE_SSE2
  if (__builtin_expect(len >= SHORTEST_VECTOR_LEN, 0)) {
#ifdef FASTSUM_HAVE_AVX512
    if (__builtin_expect(long_path >= LONG_AVX512, 1)) {
      if (__builtin_expect(len <= FASTSUM_AVX512_SHORT_LEN, 1)) {
        return fastsum_chksum_copy_avx512(dst, src, len);
      }
      if (long_path == LONG_AVX512VNNI && len >= FASTSUM_AVX512VNNI_MIN_LEN) {
        return fastsum_chksum_copy_long_avx512vnni(dst, src, len);
      }
      return fastsum_chksum_copy_long_avx512(dst, src, len);
    }
#endif
    if (len >= long_min_len) {
#ifdef FASTSUM_HAVE_AVX2
      if (long_path == LONG_AVX2) {
        return fastsum_chksum_copy_avx2(dst, src, len);
      }
#endif
      if (long_path == LONG_SSE2) {
        return fastsum_chksum_copy_sse2(dst, src, len);
      }
      return first_chksum_copy(dst, src, len);
    }
  }
#endif
  return scalar_chksum_copy(dst, src, len);
}

#endif /* FASTSUM_HAVE_X86_64 */
