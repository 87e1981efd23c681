/* SPDX-License-Identifier: BSD-3-Clause */
#include "rfc1071.h"

#include <string.h>

uint16_t
rfc1071_fold(uint32_t sum)
{
  while (sum >> 16) {
    sum = (sum & 0xffffU) + (sum >> 16);
  }
  return (uint16_t)sum;
}

uint16_t
rfc1071_sum(const uint8_t *data, size_t len, uint32_t sum)
{
  uint32_t acc = rfc1071_fold(sum);
  size_t i;

  for (i = 0; i < len; i++) {
    acc += (i & 1) ? data[i] : (uint32_t)data[i] << 8;
    acc = (acc & 0xffffU) + (acc >> 16);
  }
  return (uint16_t)acc;
}

uint16_t
rfc1071_host_order(uint16_t sum)
{
  uint8_t bytes[2];
  uint16_t h;

  bytes[0] = (uint8_t)(sum >> 8);
  bytes[1] = (uint8_t)sum;
  memcpy(&h, bytes, sizeof(h));
  return h;
}
