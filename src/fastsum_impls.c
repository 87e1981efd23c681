/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * Every fastsum path the build has, by name, for tests and benchmarks
 * (fastsum_impls, fastsum_private.h). Apart from the public functions so
 * that a program calling only those does not link every path; not in
 * Filelists.mk's FASTSUMFILES.
 *
 * A row: name, sum, fused copy or NULL, whether this CPU runs the path
 * (NULL: every CPU the build runs on), and a vector path's lane limit
 * (batch bytes, alignment; 0, 0 for a path whose sums cannot overflow).
 */
#include "fastsum_private.h"

static const struct fastsum_impl fastsum_table[] = {
  {"portable", fastsum_chksum_portable, fastsum_chksum_copy_portable, NULL, 0, 0},
#ifdef FASTSUM_HAVE_X86_64
  {"x86_64", fastsum_chksum_x86_64, fastsum_chksum_copy_x86_64, NULL, 0, 0},
#endif
#ifdef FASTSUM_HAVE_SSE2
  {"sse2", fastsum_chksum_sse2, fastsum_chksum_copy_sse2, NULL, FASTSUM_SSE2_BATCH_BYTES,
   FASTSUM_SSE2_ALIGN},
#endif
#ifdef FASTSUM_HAVE_AVX2
  {"avx2", fastsum_chksum_avx2, fastsum_chksum_copy_avx2, fastsum_usable_avx2,
   FASTSUM_AVX2_BATCH_BYTES, FASTSUM_AVX2_ALIGN},
#endif
#ifdef FASTSUM_HAVE_AVX512
  {"avx512", fastsum_chksum_avx512, fastsum_chksum_copy_avx512, fastsum_usable_avx512, 0, 0},
  {"avx512vnni", fastsum_chksum_avx512vnni, fastsum_chksum_copy_avx512vnni, fastsum_usable_avx512vnni,
   FASTSUM_AVX512VNNI_BATCH_BYTES, FASTSUM_AVX512VNNI_ALIGN},
#endif
#ifdef FASTSUM_HAVE_AARCH64
  {"aarch64", fastsum_chksum_aarch64, NULL, NULL, 0, 0},
#endif
#ifdef FASTSUM_HAVE_ARMV7M
  {"armv7m", fastsum_chksum_armv7m, fastsum_chksum_copy_armv7m, NULL, 0, 0},
#endif
#ifdef FASTSUM_HAVE_ARMV6M
  {"armv6m", fastsum_chksum_armv6m, NULL, NULL, 0, 0},
#endif
#ifdef FASTSUM_HAVE_RISCV
  {"riscv", fastsum_chksum_riscv, NULL, NULL, 0, 0},
#endif
#ifdef FASTSUM_HAVE_XTENSA
  {"xtensa", fastsum_chksum_xtensa, NULL, NULL, 0, 0},
#endif
};
#define FASTSUM_TABLE_ROWS (sizeof(fastsum_table) / sizeof(fastsum_table[0]))

size_t
fastsum_impls_all(const struct fastsum_impl **list)
{
  *list = fastsum_table;
  return FASTSUM_TABLE_ROWS;
}

size_t
fastsum_impls(const struct fastsum_impl **list)
{
  static struct fastsum_impl usable[FASTSUM_TABLE_ROWS];
  size_t i, n = 0;
  for (i = 0; i < FASTSUM_TABLE_ROWS; i++) {
    if (fastsum_table[i].usable == NULL || fastsum_table[i].usable()) {
      usable[n++] = fastsum_table[i];
    }
  }
  *list = usable;
  return n;
}
