/* SPDX-License-Identifier: BSD-3-Clause */
/* User-space shim (see linux/compiler.h here). The kernel's
 * load_unaligned_zeropad reads a whole word that may run past the data into
 * the next page, the page fault handler supplying zeros there. Here it is a
 * plain unaligned load: the benchmark gives every buffer room after the
 * data, and the bytes past the data are shifted out by the caller. */
#ifndef PEER_LINUX_WORD_AT_A_TIME_H
#define PEER_LINUX_WORD_AT_A_TIME_H

#include <string.h>

static inline unsigned long load_unaligned_zeropad(const void *addr)
{
  unsigned long word;
  memcpy(&word, addr, sizeof(word));
  return word;
}

#endif
