/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * fastsum RISC-V path (rv32 and rv64, little-endian, no carry flag):
 * fastsum_chksum_riscv.
 *
 * Register-wide words (4 bytes on rv32, 8 on rv64), always aligned: RISC-V
 * may trap or emulate misaligned loads slowly. The ends are summed in 1, 2
 * (and 4) byte steps from and to word addresses, on the even-address grid:
 * an odd start is byte-swapped at the end (RFC 1071 2(B)). Nothing outside
 * [data, data + len) is read.
 *
 * No carry flag: two chains, 8 words a round, each count their carries
 * apart (s += w; c += s < w) and add them back at the end, 2^XLEN being 1
 * modulo 0xffff. For any int length the counts stay below 2^29 and the end
 * bytes' sum `e` below 2^20, so nothing overflows.
 */
#include "fastsum_private.h"

#ifdef FASTSUM_HAVE_RISCV

#define FASTSUM_RV_W sizeof(uintptr_t)

uint16_t
fastsum_chksum_riscv(const void *data, int len)
{
  const uint8_t *p = (const uint8_t *)data;
  uintptr_t s0 = 0, s1 = 0, c0 = 0, c1 = 0;
  uint64_t e = 0;
  uint16_t sum;
  size_t n;
  int odd;

  if (len <= 0) {
    return 0;
  }
  n = (size_t)len;
  odd = (int)((uintptr_t)p & 1);
  if (odd) {
    /* the high byte of the 16-bit word at p - 1 */
    e = (uint32_t)*p++ << 8;
    n--;
  }
  if (((uintptr_t)p & 2) && n >= 2) {
    e += FASTSUM_LOAD(uint16_t, p);
    p += 2;
    n -= 2;
  }
  if (FASTSUM_RV_W == 8 && ((uintptr_t)p & 4) && n >= 4) {
    e += FASTSUM_LOAD(uint32_t, p);
    p += 4;
    n -= 4;
  }
  for (; n >= 8 * FASTSUM_RV_W; p += 8 * FASTSUM_RV_W, n -= 8 * FASTSUM_RV_W) {
    uintptr_t a = FASTSUM_LOAD(uintptr_t, p), b = FASTSUM_LOAD(uintptr_t, p + FASTSUM_RV_W);
    uintptr_t c = FASTSUM_LOAD(uintptr_t, p + 2 * FASTSUM_RV_W), d = FASTSUM_LOAD(uintptr_t, p + 3 * FASTSUM_RV_W);
    uintptr_t a2 = FASTSUM_LOAD(uintptr_t, p + 4 * FASTSUM_RV_W), b2 = FASTSUM_LOAD(uintptr_t, p + 5 * FASTSUM_RV_W);
    uintptr_t c2 = FASTSUM_LOAD(uintptr_t, p + 6 * FASTSUM_RV_W), d2 = FASTSUM_LOAD(uintptr_t, p + 7 * FASTSUM_RV_W);
    s0 += a;
    c0 += s0 < a;
    s1 += b;
    c1 += s1 < b;
    s0 += c;
    c0 += s0 < c;
    s1 += d;
    c1 += s1 < d;
    s0 += a2;
    c0 += s0 < a2;
    s1 += b2;
    c1 += s1 < b2;
    s0 += c2;
    c0 += s0 < c2;
    s1 += d2;
    c1 += s1 < d2;
  }
  for (; n >= FASTSUM_RV_W; p += FASTSUM_RV_W, n -= FASTSUM_RV_W) {
    uintptr_t a = FASTSUM_LOAD(uintptr_t, p);
    s0 += a;
    c0 += s0 < a;
  }
  if (FASTSUM_RV_W == 8 && (n & 4)) {
    e += FASTSUM_LOAD(uint32_t, p);
    p += 4;
  }
  if (n & 2) {
    e += FASTSUM_LOAD(uint16_t, p);
    p += 2;
  }
  if (n & 1) {
    /* the low byte of the 16-bit word at p */
    e += *p;
  }
#if UINTPTR_MAX > 0xffffffffu
  sum = fastsum_fold64(e + c0 + c1 + (s0 & 0xffffffffu) + (s0 >> 32) +
                       (s1 & 0xffffffffu) + (s1 >> 32));
#else
  sum = fastsum_fold64(e + c0 + c1 + (uint64_t)s0 + s1);
#endif
  return odd ? fastsum_swap16(sum) : sum;
}

#endif /* FASTSUM_HAVE_RISCV */
