/* SPDX-License-Identifier: BSD-3-Clause */
/* Linux's csum_partial as a checksum of lwIP's kind: the 32-bit partial sum
 * folded to 16 bits (not complemented), as lwip_standard_chksum returns it.
 * csum_partial itself is compiled from the Linux source package into
 * build/ (test/measure/bench/peers/Dir.mk); nothing of it is in this project. */
#include <stdint.h>

#include <asm/checksum.h>

uint16_t peer_linux_csum_partial(const void *data, int len);

uint16_t peer_linux_csum_partial(const void *data, int len)
{
  return (uint16_t)~csum_fold(csum_partial(data, len, 0));
}
