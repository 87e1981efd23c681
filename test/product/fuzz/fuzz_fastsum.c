/*
 * Fuzz target: every fastsum path compiled in and usable on this CPU
 * (fastsum_impls), and the public fastsum_chksum / fastsum_chksum_copy,
 * against the byte-wise RFC 1071 reference. Input layout:
 *   byte 0  where the data starts in its buffer (0..63: every alignment)
 *   byte 1  where the copy goes in its buffer (0..63)
 *   rest    the data
 * Each buffer is its own heap block ending right after the data, so
 * AddressSanitizer reports a path reading past the end. A negative length
 * must give 0 (lwIP's convention).
 */
#include <stdlib.h>
#include <string.h>

#include "fastsum_private.h"
#include "rfc1071.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
check_copy(uint16_t (*chksum_copy)(void *, const void *, uint16_t),
           const uint8_t *src, size_t len, size_t dst_off, uint16_t expect)
{
  uint8_t *dst = malloc(dst_off + len > 0 ? dst_off + len : 1);

  if (dst == NULL) {
    abort();
  }
  if (rfc1071_host_order(chksum_copy(dst + dst_off, src, (uint16_t)len)) != expect ||
      memcmp(dst + dst_off, src, len) != 0) {
    abort();
  }
  free(dst);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  const struct fastsum_impl *impls;
  size_t n, i, len, off, dst_off;
  uint8_t *buf;
  uint16_t expect;

  if (size < 2) {
    return 0;
  }
  off = data[0] % 64;
  dst_off = data[1] % 64;
  len = size - 2 < 0xffff ? size - 2 : 0xffff;
  buf = malloc(off + len > 0 ? off + len : 1);
  if (buf == NULL) {
    abort();
  }
  memcpy(buf + off, data + 2, len);
  expect = rfc1071_sum(buf + off, len, 0);

  n = fastsum_impls(&impls);
  for (i = 0; i < n; i++) {
    if (rfc1071_host_order(impls[i].chksum(buf + off, (int)len)) != expect) {
      abort();
    }
    if (impls[i].chksum_copy != NULL) {
      check_copy(impls[i].chksum_copy, buf + off, len, dst_off, expect);
    }
  }
  if (rfc1071_host_order(fastsum_chksum(buf + off, (int)len)) != expect ||
      fastsum_chksum(buf + off, -(int)len - 1) != 0) {
    abort();
  }
  check_copy(fastsum_chksum_copy, buf + off, len, dst_off, expect);
  free(buf);
  return 0;
}
