/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * Every fastsum path the build has, by name, for tests and benchmarks
 * (fastsum_impls, fastsum_private.h). Apart from the public functions so
 * that a program calling only those does not link every path; not in
 * Filelists.mk's FASTSUMFILES.
 */
#include "fastsum_private.h"

static const struct fastsum_impl fastsum_table[] = {
  {"portable", fastsum_chksum_portable, fastsum_chksum_copy_portable, 0, 0},
#ifdef FASTSUM_HAVE_X86_64
  {"x86_64", fastsum_chksum_x86_64, fastsum_chksum_copy_x86_64, 0, 0},
#endif
#ifdef FASTSUM_HAVE_SSE2
  {"sse2", fastsum_chksum_sse2, fastsum_chksum_copy_sse2, FASTSUM_SSE2_BATCH_BYTES,
   FASTSUM_SSE2_ALIGN},
#endif
#ifdef FASTSUM_HAVE_AARCH64
  {"aarch64", fastsum_chksum_aarch64, NULL, 0, 0},
#endif
#ifdef FASTSUM_HAVE_ARMV7M
  {"armv7m", fastsum_chksum_armv7m, fastsum_chksum_copy_armv7m, 0, 0},
#endif
#ifdef FASTSUM_HAVE_ARMV6M
  {"armv6m", fastsum_chksum_armv6m, NULL, 0, 0},
#endif
#ifdef FASTSUM_HAVE_RISCV
  {"riscv", fastsum_chksum_riscv, NULL, 0, 0},
#endif
#ifdef FASTSUM_HAVE_AVX2
  /* last: the only row that depends on the CPU at run time */
  {"avx2", fastsum_chksum_avx2, fastsum_chksum_copy_avx2, FASTSUM_AVX2_BATCH_BYTES,
   FASTSUM_AVX2_ALIGN},
#endif
};

size_t
fastsum_impls(const struct fastsum_impl **list)
{
  size_t n = sizeof(fastsum_table) / sizeof(fastsum_table[0]);
  *list = fastsum_table;
#ifdef FASTSUM_HAVE_AVX2
  if (!FASTSUM_CPU_HAS_AVX2()) {
    n--;
  }
#endif
  return n;
}
