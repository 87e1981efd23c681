/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * fastsum x86_64: the scalar path (fastsum_chksum_x86_64, _copy_x86_64),
 * and the public functions: the scalar code for short data, from
 * FASTSUM_X86_VECTOR_MIN_LEN bytes on the fastest vector path the CPU runs
 * (fastsum_sse2.c, fastsum_avx2.c), chosen on the first call.
 *
 * Scalar: one asm block; its loop adds 64-bit words with ADC, the carry
 * flag flowing from round to round (as in the ARM paths) and added back
 * once after them (fastsum_x86_64.h); a 20-byte IPv4 header in three
 * loads. The copy stores what it loads (unaligned loads and stores are
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

/* ---- The public functions ------------------------------------------- */

#ifdef FASTSUM_HAVE_SSE2

/* The vector paths the public functions may take, the fastest first, each
 * from the length on where it beats the scalar code. */
static const struct vector_path {
  int (*usable)(void); /* NULL: every x86_64 CPU */
  uint16_t (*chksum)(const void *data, int len);
  uint16_t (*chksum_copy)(void *dst, const void *src, uint16_t len);
  int min_len;
} vector_paths[] = {
#ifdef FASTSUM_HAVE_AVX512
  {fastsum_usable_avx512, fastsum_chksum_avx512, fastsum_chksum_copy_avx512, FASTSUM_AVX512_MIN_LEN},
#endif
#ifdef FASTSUM_HAVE_AVX2
  {fastsum_usable_avx2, fastsum_chksum_avx2, fastsum_chksum_copy_avx2, FASTSUM_X86_VECTOR_MIN_LEN},
#endif
  {NULL, fastsum_chksum_sse2, fastsum_chksum_copy_sse2, FASTSUM_X86_VECTOR_MIN_LEN},
};

/* The shortest length any of them takes: below it (headers) the public
 * functions test a constant, not a variable. */
#ifdef FASTSUM_HAVE_AVX512
#define SHORTEST_VECTOR_LEN FASTSUM_AVX512_MIN_LEN
#else
#define SHORTEST_VECTOR_LEN FASTSUM_X86_VECTOR_MIN_LEN
#endif

static uint16_t first_chksum(const void *data, int len);
static uint16_t first_chksum_copy(void *dst, const void *src, uint16_t len);

/* The first of them this CPU runs, and its length: until the first long call,
 * 0 and functions that choose it. No constructor: a bare-metal program
 * runs none. Threads that race on the first call store the same values,
 * and any mix of old and new ones sums right. */
static int long_min_len;
static uint16_t (*long_chksum)(const void *data, int len) = first_chksum;
static uint16_t (*long_chksum_copy)(void *dst, const void *src, uint16_t len) = first_chksum_copy;

static void
choose_vector_path(void)
{
  const struct vector_path *v = vector_paths;
  while (v->usable != NULL && !v->usable()) {
    v++;
  }
  long_chksum = v->chksum;
  long_chksum_copy = v->chksum_copy;
  long_min_len = v->min_len;
}

static uint16_t
first_chksum(const void *data, int len)
{
  choose_vector_path();
  return long_chksum(data, len);
}

static uint16_t
first_chksum_copy(void *dst, const void *src, uint16_t len)
{
  choose_vector_path();
  return long_chksum_copy(dst, src, len);
}

#endif /* FASTSUM_HAVE_SSE2 */

uint16_t
fastsum_chksum(const void *data, int len)
{
#ifdef FASTSUM_HAVE_SSE2
  /* expected not taken: short lengths (headers) take the scalar code with
   * no jump at all */
  if (__builtin_expect(len >= SHORTEST_VECTOR_LEN && len >= long_min_len, 0)) {
    return long_chksum(data, len);
  }
#endif
  return scalar_chksum((const uint8_t *)data, len);
}

uint16_t
fastsum_chksum_copy(void *dst, const void *src, uint16_t len)
{
#ifdef FASTSUM_HAVE_SSE2
  if (__builtin_expect(len >= SHORTEST_VECTOR_LEN && len >= long_min_len, 0)) {
    return long_chksum_copy(dst, src, len);
  }
#endif
  return scalar_chksum_copy(dst, src, len);
}

#endif /* FASTSUM_HAVE_X86_64 */
