#include "rfc1071.h"

uint16_t
rfc1071_sum(const uint8_t *data, size_t len, uint16_t sum)
{
  uint32_t acc = sum;
  size_t i;

  for (i = 0; i < len; i++) {
    acc += (i & 1) ? data[i] : (uint32_t)data[i] << 8;
    acc = (acc & 0xffffU) + (acc >> 16);
  }
  return (uint16_t)acc;
}
