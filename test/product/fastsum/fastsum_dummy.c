/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * A dummy x86 path, docs/fastsum.md's example of adding one (make
 * fastsum-add-path copies it into a scratch copy of src/ and lists it):
 * the ADC code, its calls counted, on every CPU.
 */
#include "fastsum_private.h"

#ifdef FASTSUM_HAVE_SSE2

#include "fastsum_x86_64.h"

unsigned long fastsum_dummy_calls;

uint16_t
fastsum_chksum_dummy(const void *data, int len)
{
  fastsum_dummy_calls++;
  return adc_chksum((const uint8_t *)data, len);
}

uint16_t
fastsum_chksum_copy_dummy(void *dst, const void *src, uint16_t len)
{
  fastsum_dummy_calls++;
  return adc_chksum_copy(dst, src, len);
}

int
fastsum_usable_dummy(void)
{
  return 1;
}

const struct fastsum_impl fastsum_impl_dummy = {"dummy", fastsum_chksum_dummy, fastsum_chksum_copy_dummy,
                                                fastsum_usable_dummy, 0, 0};

#endif /* FASTSUM_HAVE_SSE2 */
