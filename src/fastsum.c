/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * fastsum's public functions (include/fastsum.h) where no architecture's
 * file defines them (FASTSUM_ARCH_CHKSUM, FASTSUM_ARCH_CHKSUM_COPY in
 * fastsum_private.h): the portable path. Only the paths named here or by
 * an architecture's public functions are linked into a program that uses
 * the library; the table of every path is in fastsum_impls.c.
 */
#include "fastsum_private.h"

#ifndef FASTSUM_ARCH_CHKSUM
uint16_t
fastsum_chksum(const void *data, int len)
{
  return fastsum_chksum_portable(data, len);
}
#endif

#ifndef FASTSUM_ARCH_CHKSUM_COPY
uint16_t
fastsum_chksum_copy(void *dst, const void *src, uint16_t len)
{
#ifdef FASTSUM_COPY_THEN_SUM
  /* an architecture's sum after the C library's memcpy beats the portable
   * fused copy (make count) */
  memcpy(dst, src, len);
  return fastsum_chksum(dst, len);
#else
  return fastsum_chksum_copy_portable(dst, src, len);
#endif
}
#endif
