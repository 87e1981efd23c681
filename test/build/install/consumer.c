/* SPDX-License-Identifier: BSD-3-Clause */
/* A program that uses an installed fastsum: the public API against a
 * byte-wise RFC 1071 sum written here, on pseudo-random data at every start
 * offset 0..7 and lengths 0..1600. Exit status 0 when all agree. */
#include <stdio.h>
#include <string.h>

#include "fastsum.h"

/* The folded, not inverted sum of 16-bit words in host order, a last odd
 * byte in the first byte of its word (lwIP's convention). */
static uint16_t
bytewise_sum(const uint8_t *p, int len)
{
  uint32_t sum = 0;
  uint16_t w;
  for (; len >= 2; p += 2, len -= 2) {
    memcpy(&w, p, 2);
    sum += w;
  }
  if (len == 1) {
    w = 0;
    memcpy(&w, p, 1);
    sum += w;
  }
  while (sum >> 16) {
    sum = (sum & 0xffff) + (sum >> 16);
  }
  return (uint16_t)sum;
}

int
main(void)
{
  static uint8_t data[1608], copy[1608];
  uint32_t x = 12345;
  int off, len, bad = 0, runs = 0;
  size_t i;
  for (i = 0; i < sizeof(data); i++) {
    x = x * 1103515245u + 12345u;
    data[i] = (uint8_t)(x >> 16);
  }
  for (off = 0; off < 8; off++) {
    for (len = 0; len <= 1600; len++) {
      uint16_t want = bytewise_sum(data + off, len);
      uint16_t got = fastsum_chksum(data + off, len);
      uint16_t got_copy = fastsum_chksum_copy(copy + (7 - off), data + off, (uint16_t)len);
      if (got != want || got_copy != want || memcmp(copy + (7 - off), data + off, (size_t)len) != 0) {
        if (bad++ < 5) {
          printf("offset %d length %d: %04x, copy %04x, expected %04x\n", off, len, got, got_copy, want);
        }
      }
      runs++;
    }
  }
  printf("consumer: %d sums and copies, %d wrong\n", runs, bad);
  return bad != 0;
}
