/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * What the AVX-512 path and its VNNI build share: their target, the masks
 * of the vectors at the ends, the loads of the rounds on the 64-byte grid
 * and the frame of a sum on it.
 */
#ifndef FASTSUM_AVX512_H
#define FASTSUM_AVX512_H

#include "fastsum_x86_64.h"

#include <immintrin.h>

/* One target for both builds: the VNNI build's VPDPWSSD is assembly, so
 * the AVX-512 code inlined into its functions is compiled as in the
 * other's. */
#define FASTSUM_AVX512 __attribute__((target("avx512bw,avx512vl,bmi2")))

/* Bytes lead..n-1 of a vector (n > 64: to its end). */
FASTSUM_AVX512 static inline __mmask64
bytes_between(size_t lead, size_t n)
{
  return (__mmask64)_bzhi_u64(~(uint64_t)0 << lead, (unsigned)(n < 64 ? n : 64));
}

/* The rounds of 256 bytes on the grid are assembly: with intrinsics GCC 12
 * loads each vector twice and copies the accumulators every round. s (and
 * d) point to the ends of the rounds, the index i counts up from -256 * r
 * to 0. The four vectors of a round, into zmm0 to zmm3: */
#define AVX512_LOADS(insn) \
  insn " (%[s],%[i]), %%zmm0\n\t" \
  insn " 64(%[s],%[i]), %%zmm1\n\t" \
  insn " 128(%[s],%[i]), %%zmm2\n\t" \
  insn " 192(%[s],%[i]), %%zmm3\n\t"

/* A sum on the grid: the one's-complement 64-bit sum of n >= 64 bytes from
 * s + lead (lead < 64, s on the grid), on the word grid of s, and a copy
 * of them to d + lead unless d is NULL. */
typedef uint64_t (*avx512_grid_sum_fn)(uint8_t *d, const uint8_t *s, size_t n, size_t lead);

/* The checksum of n >= 64 bytes at s, and a copy of them to d unless d is
 * NULL, by a sum on the 64-byte grid of s (of d for the copy: split stores
 * cost more than split loads): if the data starts an odd number of bytes
 * into its line, every word was summed with its bytes swapped, and the
 * total is swapped back (RFC 1071 2(B)). */
FASTSUM_AVX512 static inline __attribute__((always_inline)) uint16_t
avx512_grid_chksum(avx512_grid_sum_fn sum_on_grid, uint8_t *d, const uint8_t *s, size_t n)
{
  const size_t lead = (uintptr_t)(d != NULL ? d : s) & 63;
  uint8_t *const grid_d = d != NULL ? (uint8_t *)((uintptr_t)d - lead) : NULL;
  const uint8_t *const grid_s = (const uint8_t *)((uintptr_t)s - lead);
  const uint64_t sum = sum_on_grid(grid_d, grid_s, n, lead);
  return fastsum_fold64(lead & 1 ? swap_sum(sum) : sum);
}

#endif /* FASTSUM_AVX512_H */
