/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * make fastsum-add-path (add-path.sh): built from a scratch copy of src/
 * with the dummy path of fastsum_dummy.c first in FASTSUM_X86_PATHS, from
 * SHORTEST bytes on. Checks that the table lists the path and that the
 * public functions call it from SHORTEST bytes on and not below, with
 * right results.
 *
 *   add_path SHORTEST
 */
#include "fastsum_private.h"
#include "rfc1071.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern unsigned long fastsum_dummy_calls;

static uint8_t src[4096], dst[4096];

/* Whether fastsum_chksum and fastsum_chksum_copy of len bytes called the
 * dummy path as expected (1: both did, 0: neither) and summed right. */
static int
check(int len, int expected)
{
  const unsigned long before = fastsum_dummy_calls;
  const uint16_t ref = rfc1071_host_order(rfc1071_sum(src, (size_t)len, 0));
  const uint16_t sum = fastsum_chksum(src, len), copy = fastsum_chksum_copy(dst, src, (uint16_t)len);
  const unsigned long calls = fastsum_dummy_calls - before;
  if (sum != ref || copy != ref || memcmp(dst, src, (size_t)len) != 0) {
    fprintf(stderr, "error: %d bytes: fastsum_chksum 0x%04x, fastsum_chksum_copy 0x%04x, expected 0x%04x\n",
            len, sum, copy, ref);
    return 0;
  }
  if (calls != (expected ? 2u : 0u)) {
    fprintf(stderr, "error: %d bytes: the public functions called the dummy path %lu times, expected %d\n",
            len, calls, expected ? 2 : 0);
    return 0;
  }
  return 1;
}

int
main(int argc, char **argv)
{
  const struct fastsum_impl *impls;
  size_t n = fastsum_impls(&impls), i;
  int shortest, ok = 1;
  if (argc != 2 || (shortest = atoi(argv[1])) < 2 || shortest > (int)sizeof(src) - 100) {
    fprintf(stderr, "usage: %s SHORTEST (2 to %d)\n", argv[0], (int)sizeof(src) - 100);
    return 2;
  }
  for (i = 0; i < n && strcmp(impls[i].name, "dummy") != 0; i++) {
  }
  if (i == n) {
    fprintf(stderr, "error: fastsum_impls does not list the dummy path\n");
    return 1;
  }
  for (i = 0; i < sizeof(src); i++) {
    src[i] = (uint8_t)(i * 7 + 3);
  }
  ok &= check(20, 0);
  ok &= check(shortest - 1, 0);
  ok &= check(shortest, 1);
  ok &= check(1500, 1);
  ok &= check(shortest + 99, 1);
  if (!ok) {
    return 1;
  }
  printf("fastsum-add-path: the dummy path is in the table, and the public functions call it from %d bytes "
         "on, not below\n", shortest);
  return 0;
}
