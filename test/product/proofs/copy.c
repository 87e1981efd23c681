/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * fastsum_chksum_copy_portable of LEN symbolic bytes, the source at an
 * address OFF and the destination at DOFF modulo 8 (compile-time values:
 * make prove runs every combination): the destination holds the source's
 * bytes, the result is their byte-wise RFC 1071 sum, and with
 * --bounds-check --pointer-check nothing past either's LEN bytes is read
 * or written, nothing before the destination written.
 */
#include "proofs.h"
#include "fastsum_private.h"
#include "rfc1071.h"

#include <string.h>

void
harness(void)
{
  uint8_t *src = PROVE_BYTES_AT(LEN, OFF);
  uint8_t *dst = PROVE_BYTES_AT(LEN, DOFF);
  uint8_t orig[LEN + 1], before[DOFF + 1];
  uint16_t r;

  memcpy(orig, src, LEN);
  memcpy(before, dst - DOFF, DOFF);
  r = fastsum_chksum_copy_portable(dst, src, LEN);
  PROVE(memcmp(dst, orig, LEN) == 0 && memcmp(dst - DOFF, before, DOFF) == 0);
  PROVE(r == rfc1071_host_order(rfc1071_sum(orig, LEN, 0)));
  prove_free_bytes(src, OFF);
  prove_free_bytes(dst, DOFF);
}
