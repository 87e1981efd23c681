/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * fastsum ADC path (every x86_64 build, vector registers or not):
 * fastsum_chksum_adc, _copy_adc, 64-bit words added with ADC in general
 * registers. The code is fastsum_x86_64.h's: the public functions take it
 * inline for data shorter than every vector path's shortest length, the
 * vector paths for the bytes before and after their vectors; here it is a
 * path of its own, and the vector paths' way for short data.
 */
#include "fastsum_private.h"

#ifdef FASTSUM_HAVE_X86_64

#include "fastsum_x86_64.h"

uint16_t
fastsum_chksum_adc(const void *data, int len)
{
  return adc_chksum((const uint8_t *)data, len);
}

uint16_t
fastsum_chksum_copy_adc(void *dst, const void *src, uint16_t len)
{
  return adc_chksum_copy(dst, src, len);
}

#endif /* FASTSUM_HAVE_X86_64 */
