/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * fastsum_chksum_portable over LEN symbolic bytes at an address OFF modulo
 * 8 (compile-time values: make prove runs every length up to its bound at
 * every OFF): the result equals the byte-wise RFC 1071 reference, and with
 * --bounds-check --pointer-check nothing past the LEN bytes is read.
 */
#include "proofs.h"
#include "fastsum_private.h"
#include "rfc1071.h"

void
harness(void)
{
  uint8_t *p = PROVE_BYTES_AT(LEN, OFF);
  uint16_t r;

  r = fastsum_chksum_portable(p, LEN);
  PROVE(r == rfc1071_host_order(rfc1071_sum(p, LEN, 0)));
  prove_free_bytes(p, OFF);
}
