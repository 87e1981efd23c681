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
 * The x86 vector paths' rows are in their own files (fastsum_impl_<name>),
 * in the order of their list, FASTSUM_X86_PATHS; the others' are here.
 */
#include "fastsum_private.h"

static const struct fastsum_impl fastsum_rows[] = {
  {"portable", fastsum_chksum_portable, fastsum_chksum_copy_portable, NULL, 0, 0},
#ifdef FASTSUM_HAVE_X86_64
  {"adc", fastsum_chksum_adc, fastsum_chksum_copy_adc, NULL, 0, 0},
#endif
#ifdef FASTSUM_HAVE_AARCH64
  {"aarch64", fastsum_chksum_aarch64, NULL, NULL, 0, 0},
#endif
#ifdef FASTSUM_HAVE_ARMV7M
  {"armv7m", fastsum_chksum_armv7m, fastsum_chksum_copy_armv7m, NULL, 0, 0},
#endif
#ifdef FASTSUM_HAVE_ARMV6M
  {"armv6m", fastsum_chksum_armv6m, fastsum_chksum_copy_armv6m, NULL, 0, 0},
#endif
#ifdef FASTSUM_HAVE_RISCV
  {"riscv", fastsum_chksum_riscv, NULL, NULL, 0, 0},
#endif
#ifdef FASTSUM_HAVE_XTENSA
  {"xtensa", fastsum_chksum_xtensa, NULL, NULL, 0, 0},
#endif
};
#define FASTSUM_ROWS (sizeof(fastsum_rows) / sizeof(fastsum_rows[0]))

/* the x86 vector paths' rows, NULL last */
#define FASTSUM_X86_ROW(name, shortest) &fastsum_impl_##name,
static const struct fastsum_impl *const fastsum_x86_rows[] = {FASTSUM_X86_PATHS(FASTSUM_X86_ROW) NULL};
#define FASTSUM_ALL_ROWS (FASTSUM_ROWS + sizeof(fastsum_x86_rows) / sizeof(fastsum_x86_rows[0]) - 1)

size_t
fastsum_impls_all(const struct fastsum_impl **list)
{
  static struct fastsum_impl table[FASTSUM_ALL_ROWS];
  size_t n, i;
  for (n = 0; n < FASTSUM_ROWS; n++) {
    table[n] = fastsum_rows[n];
  }
  for (i = 0; fastsum_x86_rows[i] != NULL; i++) {
    table[n++] = *fastsum_x86_rows[i];
  }
  *list = table;
  return n;
}

size_t
fastsum_impls(const struct fastsum_impl **list)
{
  static struct fastsum_impl usable[FASTSUM_ALL_ROWS];
  const struct fastsum_impl *all;
  size_t rows = fastsum_impls_all(&all), i, n = 0;
  for (i = 0; i < rows; i++) {
    if (all[i].usable == NULL || all[i].usable()) {
      usable[n++] = all[i];
    }
  }
  *list = usable;
  return n;
}
