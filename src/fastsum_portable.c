/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * fastsum's portable C path, fastsum_chksum_portable and
 * fastsum_chksum_copy_portable: the reference the other paths agree with,
 * and what fastsum_chksum is where no other path applies.
 *
 * The portable path is correct on any endianness and on strict-alignment
 * CPUs: every word access is aligned, nothing outside [data, data + len)
 * is read (MPUs fault on over-reads), and no byte is summed or copied one
 * at a time except the few at the ends that do not fill an aligned word.
 */
#include "fastsum_private.h"

/* Sum of n bytes at p, each placed in its 16-bit word by the parity of its
 * address, so that it adds to sums of aligned words. For the copy's < 4
 * bytes at the ends that do not fill a word (fewer than 8). */
static uint32_t
sum_bytes(const uint8_t *p, size_t n)
{
  uint32_t sum = 0;
  for (; n > 0; n--, p++) {
    sum += ((uintptr_t)p & 1) ? fastsum_half_from_bytes(0, *p) : fastsum_half_from_bytes(*p, 0);
  }
  return sum;
}

/* Accumulator bound: a 64-bit sum of 32-bit words. An int length is below
 * 2^31 bytes, i.e. fewer than 2^29 words each below 2^32, so the sum stays
 * below 2^61 (+ a few end bytes): no carry is ever lost, for any int len.
 * The ends: an odd first byte and a halfword to reach a word address, the
 * last halfword and byte, each in its 16-bit word of the even-address
 * grid. */
uint16_t
fastsum_chksum_portable(const void *data, int len)
{
  const uint8_t *p = (const uint8_t *)data;
  uint64_t s0 = 0, s1 = 0;
  size_t n;
  int odd;

  if ((len == 20 || len == 40) && !((uintptr_t)p & 1)) {
    return fastsum_header_sum(p, len);
  }
  if (len <= 0) {
    return 0;
  }
  n = (size_t)len;
  odd = (int)((uintptr_t)p & 1);
  s0 = fastsum_sum_first(&p, &n);
  /* two independent chains, 32 bytes a round */
  for (; n >= 32; p += 32, n -= 32) {
    FASTSUM_ADD_WORDS4(s0, p);
    FASTSUM_ADD_WORDS4(s1, p + 16);
  }
  if (n & 16) {
    FASTSUM_ADD_WORDS4(s0, p);
    p += 16;
  }
  if (n & 8) {
    s0 += (uint64_t)FASTSUM_LOAD(uint32_t, p) + FASTSUM_LOAD(uint32_t, p + 4);
    p += 8;
  }
  if (n & 4) {
    s1 += FASTSUM_LOAD(uint32_t, p);
    p += 4;
  }
  s0 += fastsum_sum_last(p, n);
  /* the sum was taken on the even-address word grid: an odd start means
   * every word of the data was counted byte-swapped (RFC 1071 2(B)) */
  return odd ? fastsum_swap16(fastsum_fold64(s0 + s1)) : fastsum_fold64(s0 + s1);
}

static int
little_endian(void)
{
  const uint16_t one = 1;
  uint8_t first;
  memcpy(&first, &one, 1);
  return first;
}

/* x moved by n bytes towards higher addresses (n in 1..3), as it would be
 * stored in memory; bytes moved out are dropped. */
static uint32_t
to_later_bytes(uint32_t x, unsigned n)
{
  return little_endian() ? x << (8 * n) : x >> (8 * n);
}

static uint32_t
to_earlier_bytes(uint32_t x, unsigned n)
{
  return little_endian() ? x >> (8 * n) : x << (8 * n);
}

/* Copies n bytes (< 8, the ends) and sums them as sum_bytes(d, n) would. */
static uint32_t
copy_sum_bytes(uint8_t *d, const uint8_t *s, size_t n)
{
  memcpy(d, s, n);
  return sum_bytes(d, n);
}

uint16_t
fastsum_chksum_copy_portable(void *dst, const void *src, uint16_t len)
{
  uint8_t *d = (uint8_t *)dst;
  const uint8_t *s = (const uint8_t *)src;
  const uint8_t *sw;
  uint64_t sum;
  size_t n = len, head, words, i;
  unsigned k;
  int odd = (int)((uintptr_t)d & 1);

  /* The stores are aligned words; the sum is taken on dst's word grid. */
  head = (size_t)(0u - (uintptr_t)d) & 3;
  if (head > n) {
    head = n;
  }
  sum = copy_sum_bytes(d, s, head);
  d += head;
  s += head;
  n -= head;
  k = (unsigned)((uintptr_t)s & 3);
  i = 0;
  if (k == 0) {
    /* same alignment: word copy */
    words = n / 4;
    for (; i + 2 <= words; i += 2) {
      uint32_t a = FASTSUM_LOAD(uint32_t, s + 4 * i), b = FASTSUM_LOAD(uint32_t, s + 4 * i + 4);
      FASTSUM_STORE32(d + 4 * i, a);
      FASTSUM_STORE32(d + 4 * i + 4, b);
      sum += (uint64_t)a + b;
    }
    for (; i < words; i++) {
      uint32_t a = FASTSUM_LOAD(uint32_t, s + 4 * i);
      FASTSUM_STORE32(d + 4 * i, a);
      sum += a;
    }
  } else if (n >= 8) {
    /* Source k bytes past a word boundary: each destination word is the
     * last 4 - k bytes of one aligned source word and the first k of the
     * next. Only aligned source words wholly inside the buffer are loaded;
     * the first partial one is assembled from its bytes. */
    uint8_t b[4] = {0, 0, 0, 0};
    uint32_t carry;
    memcpy(b, s, 4 - k);
    memcpy(&carry, b, 4);
    sw = s + 4 - k; /* word-aligned */
    /* word i reads source bytes 4i+4-k .. 4i+7-k, all < n */
    for (; 4 * i + 8 - k <= n; i++) {
      uint32_t next = FASTSUM_LOAD(uint32_t, sw + 4 * i);
      uint32_t out = carry | to_later_bytes(next, 4 - k);
      carry = to_earlier_bytes(next, k);
      FASTSUM_STORE32(d + 4 * i, out);
      sum += out;
    }
  }
  /* the rest (< 8 bytes) starts word-aligned in dst */
  sum += copy_sum_bytes(d + 4 * i, s + 4 * i, n - 4 * i);
  return odd ? fastsum_swap16(fastsum_fold64(sum)) : fastsum_fold64(sum);
}
