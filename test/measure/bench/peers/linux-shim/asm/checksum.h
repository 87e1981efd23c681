/* SPDX-License-Identifier: BSD-3-Clause */
/* User-space shim (see linux/compiler.h here): the checksum types, and the
 * helpers the file calls, written from their definitions' meaning. */
#ifndef PEER_LINUX_CHECKSUM_H
#define PEER_LINUX_CHECKSUM_H

#include <linux/compiler.h>

typedef u32 __wsum; /* a 32-bit partial sum, not yet folded */
typedef u16 __sum16;

static inline u64 ror64(u64 word, unsigned int shift)
{
  return (word >> (shift & 63)) | (word << ((-shift) & 63));
}

/* The complement of the 32-bit sum folded to 16 bits. */
static inline __sum16 csum_fold(__wsum sum)
{
  u32 s = (sum & 0xffff) + (sum >> 16);
  s = (s & 0xffff) + (s >> 16);
  return (__sum16)~s;
}

__wsum csum_partial(const void *buff, int len, __wsum sum);
__sum16 ip_compute_csum(const void *buff, int len);

#endif
