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
 * No carry flag: 8 words a round, the carries counted (s += w; c += s < w:
 * SLTU, no branch) and added back at the end, 2^XLEN being 1 modulo
 * 0xffff; c also takes the ends' bytes and halfwords (on rv64 their 32-bit
 * words) and stays far below 2^XLEN for any int length. 20 and 40 bytes
 * (an IPv4 header; IPv4 + TCP or an IPv6 header) at an even address take
 * fastsum_header_sum: 32-bit words without a loop.
 */
#include "fastsum_private.h"

#ifdef FASTSUM_HAVE_RISCV

#define FASTSUM_RV_W sizeof(uintptr_t)

uint16_t
fastsum_chksum_riscv(const void *data, int len)
{
  const uint8_t *p = (const uint8_t *)data;
  uintptr_t s = 0, c = 0;
  uint16_t sum;
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
  c = fastsum_sum_first(&p, &n);
  if (FASTSUM_RV_W == 8 && ((uintptr_t)p & 4) && n >= 4) {
    c += FASTSUM_LOAD(uint32_t, p);
    p += 4;
    n -= 4;
  }
  for (; n >= 8 * FASTSUM_RV_W; p += 8 * FASTSUM_RV_W, n -= 8 * FASTSUM_RV_W) {
    FASTSUM_ADD_COUNT(s, c, FASTSUM_LOAD(uintptr_t, p));
    FASTSUM_ADD_COUNT(s, c, FASTSUM_LOAD(uintptr_t, p + FASTSUM_RV_W));
    FASTSUM_ADD_COUNT(s, c, FASTSUM_LOAD(uintptr_t, p + 2 * FASTSUM_RV_W));
    FASTSUM_ADD_COUNT(s, c, FASTSUM_LOAD(uintptr_t, p + 3 * FASTSUM_RV_W));
    FASTSUM_ADD_COUNT(s, c, FASTSUM_LOAD(uintptr_t, p + 4 * FASTSUM_RV_W));
    FASTSUM_ADD_COUNT(s, c, FASTSUM_LOAD(uintptr_t, p + 5 * FASTSUM_RV_W));
    FASTSUM_ADD_COUNT(s, c, FASTSUM_LOAD(uintptr_t, p + 6 * FASTSUM_RV_W));
    FASTSUM_ADD_COUNT(s, c, FASTSUM_LOAD(uintptr_t, p + 7 * FASTSUM_RV_W));
  }
  /* the words left, 4, 2 and 1 at a time */
  if (n & (4 * FASTSUM_RV_W)) {
    FASTSUM_ADD_COUNT(s, c, FASTSUM_LOAD(uintptr_t, p));
    FASTSUM_ADD_COUNT(s, c, FASTSUM_LOAD(uintptr_t, p + FASTSUM_RV_W));
    FASTSUM_ADD_COUNT(s, c, FASTSUM_LOAD(uintptr_t, p + 2 * FASTSUM_RV_W));
    FASTSUM_ADD_COUNT(s, c, FASTSUM_LOAD(uintptr_t, p + 3 * FASTSUM_RV_W));
    p += 4 * FASTSUM_RV_W;
  }
  if (n & (2 * FASTSUM_RV_W)) {
    FASTSUM_ADD_COUNT(s, c, FASTSUM_LOAD(uintptr_t, p));
    FASTSUM_ADD_COUNT(s, c, FASTSUM_LOAD(uintptr_t, p + FASTSUM_RV_W));
    p += 2 * FASTSUM_RV_W;
  }
  if (n & FASTSUM_RV_W) {
    FASTSUM_ADD_COUNT(s, c, FASTSUM_LOAD(uintptr_t, p));
    p += FASTSUM_RV_W;
  }
  if (FASTSUM_RV_W == 8 && (n & 4)) {
    c += FASTSUM_LOAD(uint32_t, p);
    p += 4;
  }
  c += fastsum_sum_last(p, n);
  sum = fastsum_fold_count(s, c);
  return odd ? fastsum_swap16(sum) : sum;
}

#endif /* FASTSUM_HAVE_RISCV */
