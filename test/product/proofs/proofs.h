/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What the CBMC harnesses share. PROVE(c) is a property of a harness; built
 * with -DPROVE_REACHED it is an assertion that fails wherever it is
 * reached, which make prove-fails requires of every PROVE: a property
 * CBMC never reaches would otherwise pass, proving nothing.
 */
#ifndef PROOFS_H
#define PROOFS_H

#include <assert.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#ifdef PROVE_REACHED
#define PROVE(c) assert(!"reached")
#else
#define PROVE(c) assert(c)
#endif

/* CBMC's built-ins and the harnesses' compile-time length and offsets
 * (make prove gives them), for the compilers that lint the harnesses */
#ifndef __CPROVER__
void __CPROVER_assume(int condition);
#endif
#ifndef LEN
#define LEN 1
#endif
#ifndef OFF
#define OFF 0
#endif
#ifndef DOFF
#define DOFF 0
#endif

/* n bytes at an address OFF modulo 8: CBMC places every object at an
 * address aligned to 8 (an assumption of another address would make the
 * harness prove nothing), so the bytes are the end of an object of off + n
 * bytes. Accesses past the end are out of the object, caught by
 * --bounds-check; the off bytes before are in it, and symbolic: a read of
 * them that changes a result is caught, a write by comparing them. */
#define PROVE_BYTES_AT(n, off) (prove_bytes_at((n), (off)))

static uint8_t *
prove_bytes_at(size_t n, size_t off)
{
  uint8_t *obj = (uint8_t *)malloc(off + n);
  __CPROVER_assume(obj != NULL);
  return obj + off;
}

static void
prove_free_bytes(uint8_t *p, size_t off)
{
  free(p - off);
}

#endif /* PROOFS_H */
