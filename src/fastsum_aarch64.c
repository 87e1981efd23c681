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
 * summed stay below 2^61. The < 16 bytes left start at an even offset, so
 * the portable path's sum of them adds as it is. Nothing outside
 * [data, data + len) is read.
 */
#include "fastsum.h"

#ifdef FASTSUM_HAVE_AARCH64

#include <arm_neon.h>

uint16_t
fastsum_chksum_aarch64(const void *data, int len)
{
  const uint8_t *p = (const uint8_t *)data;
  uint64x2_t a0 = vdupq_n_u64(0), a1 = a0, a2 = a0, a3 = a0;
  size_t n;

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
  a0 = vaddq_u64(vaddq_u64(a0, a1), vaddq_u64(a2, a3));
  return fastsum_fold64(vaddvq_u64(a0) + (n ? fastsum_chksum_portable(p, (int)n) : 0));
}

#endif /* FASTSUM_HAVE_AARCH64 */
