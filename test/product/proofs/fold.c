/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The fold helpers for every input: fastsum_fold64(s) for every 64-bit s,
 * and fastsum_fold_count(w, c) for every w and every carry count c below
 * UINTPTR_MAX (make prove runs this harness with 64-bit and with 32-bit
 * uintptr_t), equal RFC 1071's one's-complement addition: the halves
 * added with an end-around carry down to 32 bits, then RFC 1071's own
 * fold loop (its section 4.1) to 16 bits. And fastsum_fold64 is the sum
 * modulo 0xffff (a nonzero multiple of 0xffff folding to 0xffff): it maps
 * 1..0xffff to themselves and s + 0xffff to what it maps a nonzero s to,
 * so by induction on the multiple of 0xffff, s = r + 0xffff * q with r in
 * 1..0xffff folds to r. SAT decides that step for every 64-bit s; the
 * congruence stated at once (with %, or over the four 16-bit lanes) it
 * does not in reasonable time.
 */
#include "proofs.h"
#include "fastsum_private.h"
#include "rfc1071.h"

uint64_t nondet_uint64(void);
uintptr_t nondet_uintptr(void);

/* a + b with the carry out added back (one's-complement addition) */
static uint64_t
add64(uint64_t a, uint64_t b)
{
  uint64_t s = a + b;
  return s + (s < a);
}

static uint32_t
add32(uint32_t a, uint32_t b)
{
  uint32_t s = a + b;
  return s + (s < a);
}

static uint16_t
fold_halves(uint64_t s)
{
  return rfc1071_fold(add32((uint32_t)(s >> 32), (uint32_t)s));
}

void
harness(void)
{
  uint64_t s = nondet_uint64(), a = nondet_uint64();
  uint16_t r = (uint16_t)nondet_uint64();
  uintptr_t w = nondet_uintptr(), c = nondet_uintptr();

  PROVE(fastsum_fold64(s) == fold_halves(s));
  PROVE(r == 0 || fastsum_fold64(r) == r);
  PROVE(a == 0 || a > UINT64_MAX - 0xffffu || fastsum_fold64(a + 0xffffu) == fastsum_fold64(a));
  /* each carry counted in c stands for 2^(8 * sizeof(uintptr_t)), which
   * the end-around addition adds back as 1 */
  __CPROVER_assume(c < UINTPTR_MAX);
  PROVE(fastsum_fold_count(w, c) == fold_halves(add64(w, c)));
}
