/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * fastsum AArch64 path (NEON, little-endian): fastsum_chksum_aarch64.
 *
 * 16-byte loads at any address (AArch64 allows unaligned access to normal
 * memory, and lwIP's buffers are normal memory), so an odd start needs no
 * swap: each load's four 32-bit lanes are the data's 16-bit words in
 * pairs. UADALP (vpadalq_u32) adds each pair of 32-bit lanes into a 64-bit
 * lane; four accumulators, 64 bytes a round. No carry is lost for any int
 * length: a lane gains < 2^33 a step and takes < 2^31 / 64 steps, the four
 * summed stay below 2^61. The < 16 bytes left start at an even offset and
 * are added 8, 4, 2 and 1 at a time. Nothing outside [data, data + len) is
 * read. 20 and 40 bytes (an IPv4 header; IPv4 + TCP or an IPv6 header) are
 * summed in general registers without a loop: ADDS/ADCS of 8-byte words.
 */
#include "fastsum_private.h"

#ifdef FASTSUM_HAVE_AARCH64

#include <arm_neon.h>
#include <string.h>

/* 20 or 40 bytes at any address: 8-byte words and the 4 bytes left of 20,
 * in a 128-bit sum (the compiler's ADDS/ADCS). */
static uint16_t
header_sum(const uint8_t *p, int len)
{
  unsigned __int128 s;
  uint64_t a, b, lo, hi;
  uint32_t last;
  memcpy(&a, p, 8);
  memcpy(&b, p + 8, 8);
  s = (unsigned __int128)a + b;
  if (len == 40) {
    uint64_t c, d, e;
    memcpy(&c, p + 16, 8);
    memcpy(&d, p + 24, 8);
    memcpy(&e, p + 32, 8);
    s += (unsigned __int128)c + d + e;
  } else {
    memcpy(&last, p + 16, 4);
    s += last;
  }
  /* 2^64 is 1 modulo 0xffff: the high half added to the low one, with
   * that carry too (after one lo < hi, so lo + 1 cannot carry again) */
  lo = (uint64_t)s;
  hi = (uint64_t)(s >> 64);
  lo += hi;
  lo += lo < hi;
  return fastsum_fold64(lo);
}

uint16_t
fastsum_chksum_aarch64(const void *data, int len)
{
  const uint8_t *p = (const uint8_t *)data;
  uint64x2_t a0 = vdupq_n_u64(0), a1 = a0, a2 = a0, a3 = a0;
  uint64_t sum;
  size_t n;

  if (len == 20 || len == 40) {
    return header_sum(p, len);
  }
  if (len <= 0) {
    return 0;
  }
  n = (size_t)len;
  for (; n >= 64; p += 64, n -= 64) {
    a0 = vpadalq_u32(a0, vreinterpretq_u32_u8(vld1q_u8(p)));
    a1 = vpadalq_u32(a1, vreinterpretq_u32_u8(vld1q_u8(p + 16)));
    a2 = vpadalq_u32(a2, vreinterpretq_u32_u8(vld1q_u8(p + 32)));
    a3 = vpadalq_u32(a3, vreinterpretq_u32_u8(vld1q_u8(p + 48)));
  }
  for (; n >= 16; p += 16, n -= 16) {
    a0 = vpadalq_u32(a0, vreinterpretq_u32_u8(vld1q_u8(p)));
  }
  sum = vaddvq_u64(vaddq_u64(vaddq_u64(a0, a1), vaddq_u64(a2, a3)));
  /* the < 16 bytes left, from an even offset: 8, 4, 2, 1 at a time */
  if (n & 8) {
    uint64_t w;
    memcpy(&w, p, 8);
    sum += (w & 0xffffffffu) + (w >> 32);
    p += 8;
  }
  if (n & 4) {
    uint32_t w;
    memcpy(&w, p, 4);
    sum += w;
    p += 4;
  }
  if (n & 2) {
    uint16_t w;
    memcpy(&w, p, 2);
    sum += w;
    p += 2;
  }
  if (n & 1) {
    sum += *p; /* the low byte of its little-endian 16-bit word */
  }
  return fastsum_fold64(sum);
}

#endif /* FASTSUM_HAVE_AARCH64 */
