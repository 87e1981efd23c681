/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * fastsum's private header: what the paths share (which paths a build has,
 * the list of the x86 vector paths, their declarations, the fold, the byte
 * swap, the word loads) and the table of every path for tests and
 * benchmarks. Not for users: include/fastsum.h is the API.
 *
 * Paths: every src/fastsum_<path>.c compiles on every target and is empty
 * unless the FASTSUM_HAVE_ macro it needs is set below, so a build may add
 * the whole folder. A path is chosen from the compiler's predefined macros, and only
 * when the compiler has what the path needs (the instruction set, GNU
 * inline assembly); otherwise the portable C path serves. Define
 * FASTSUM_NO_<PATH> (e.g. -DFASTSUM_NO_AVX2) to drop one, or
 * FASTSUM_PORTABLE_ONLY to keep only the portable path.
 *
 * The public functions: an architecture's file defines fastsum_chksum
 * (and fastsum_chksum_copy) itself and says so below with
 * FASTSUM_ARCH_CHKSUM (FASTSUM_ARCH_CHKSUM_COPY); fastsum.c defines what
 * no architecture does. docs/fastsum.md says how to add a path.
 */
#ifndef FASTSUM_PRIVATE_H
#define FASTSUM_PRIVATE_H

#include "fastsum.h"

#include <stddef.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Which paths this build has -------------------------------------- */

/* GNU C (GCC, clang): inline and top-level assembly, __attribute__. */
#if defined(__GNUC__) || defined(__clang__)
#define FASTSUM_GNUC 1
#endif

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define FASTSUM_LITTLE_ENDIAN 1
#endif

#ifndef FASTSUM_PORTABLE_ONLY

/* x86_64: the ADC path, 64-bit sums in general registers; fastsum_x86_64.c
 * defines the public functions. */
#if defined(__x86_64__) && defined(FASTSUM_GNUC) && defined(__SIZEOF_INT128__) && \
    !defined(FASTSUM_NO_X86_64)
#define FASTSUM_HAVE_X86_64 1
#define FASTSUM_ARCH_CHKSUM 1
#define FASTSUM_ARCH_CHKSUM_COPY 1
/* The vector paths (FASTSUM_X86_PATHS below): SSE2 (every x86_64 CPU)
 * unless the build keeps off the vector registers (-mgeneral-regs-only,
 * -mno-sse2: kernels, unikernels); AVX2 and AVX-512 (BW, VL) through
 * target attributes, taken only where the CPU runs them. */
#if defined(__SSE2__) && !defined(FASTSUM_NO_SSE2)
#define FASTSUM_HAVE_SSE2 1
#if !defined(FASTSUM_NO_AVX2)
#define FASTSUM_HAVE_AVX2 1
#endif
#if !defined(FASTSUM_NO_AVX512)
#define FASTSUM_HAVE_AVX512 1
#endif
#endif
#endif

/* AArch64: NEON intrinsics, little-endian; the header lengths in a 128-bit
 * integer sum. */
#if defined(__aarch64__) && defined(__ARM_NEON) && defined(FASTSUM_LITTLE_ENDIAN) && \
    defined(__SIZEOF_INT128__) && !defined(FASTSUM_NO_AARCH64)
#define FASTSUM_HAVE_AARCH64 1
#define FASTSUM_ARCH_CHKSUM 1
#endif

/* 32-bit ARM, little-endian, GNU assembly. The paths are Thumb assembly
 * that any caller reaches by interworking, so they depend on the CPU's
 * instruction set, not on -mthumb: ARMv7-M (LDM + ADCS, Thumb-2) on every
 * Thumb-2 CPU; ARMv6-M (Thumb-1 subset) on ARMv6 and later, which Thumb-2
 * CPUs also run, so a Thumb-2 build compiles and lists both (fastsum_chksum
 * is one of them: ARMv7-M where the build has it; a firmware linked from
 * the library holds only that one). */
#if defined(__arm__) && defined(__ARM_ARCH_ISA_THUMB) && defined(FASTSUM_LITTLE_ENDIAN) && \
    defined(FASTSUM_GNUC)
#if __ARM_ARCH_ISA_THUMB >= 2 && !defined(FASTSUM_NO_ARMV7M)
#define FASTSUM_HAVE_ARMV7M 1
#define FASTSUM_ARCH_CHKSUM 1
#define FASTSUM_ARCH_CHKSUM_COPY 1
#endif
#if defined(__ARM_ARCH) && __ARM_ARCH >= 6 && !defined(FASTSUM_NO_ARMV6M)
#define FASTSUM_HAVE_ARMV6M 1
#define FASTSUM_ARCH_CHKSUM 1
#define FASTSUM_ARCH_CHKSUM_COPY 1
#endif
#endif

/* RISC-V rv32/rv64 (little-endian): no carry flag, carries counted. */
#if defined(__riscv) && defined(FASTSUM_LITTLE_ENDIAN) && !defined(FASTSUM_NO_RISCV)
#define FASTSUM_HAVE_RISCV 1
#define FASTSUM_ARCH_CHKSUM 1
#endif

/* Xtensa (the ESP8266's lx106, ESP32's LX6/LX7; little-endian, GNU
 * assembly): no carry flag, carries counted by branches. */
#if defined(__XTENSA__) && defined(FASTSUM_LITTLE_ENDIAN) && defined(FASTSUM_GNUC) && \
    !defined(FASTSUM_NO_XTENSA)
#define FASTSUM_HAVE_XTENSA 1
#define FASTSUM_ARCH_CHKSUM 1
#endif

#endif /* FASTSUM_PORTABLE_ONLY */

/* fastsum_chksum_copy is the C library's memcpy and then the sum, where an
 * architecture has a sum but no fused copy of its own (fastsum.c). */
#if defined(FASTSUM_ARCH_CHKSUM) && !defined(FASTSUM_ARCH_CHKSUM_COPY)
#define FASTSUM_COPY_THEN_SUM 1
#endif

/* ---- The paths ------------------------------------------------------- */

/* Call a path directly only if fastsum_impls lists it (a path with a
 * usable function in its row runs only where that says so). */
uint16_t fastsum_chksum_portable(const void *data, int len);
uint16_t fastsum_chksum_copy_portable(void *dst, const void *src, uint16_t len);

#ifdef FASTSUM_HAVE_X86_64
uint16_t fastsum_chksum_adc(const void *data, int len);
uint16_t fastsum_chksum_copy_adc(void *dst, const void *src, uint16_t len);
#endif

/* The x86 vector paths, fastest first: X(name, shortest length). The
 * public functions (fastsum_x86_64.c) give data to the first path of the
 * list that the CPU runs and whose shortest length the data reaches,
 * shorter data (the headers above all) to the ADC code inline. The
 * lengths (make bench-peers, hot): one masked AVX-512 vector beats the ADC
 * code from 41 bytes, while the headers, 20 and 40 bytes, keep their few
 * loads; the rounds of AVX-512's VNNI build pay for their setup from 1024,
 * SSE2's and AVX2's setup and reduction from 384.
 *
 * A path is one file, src/fastsum_<name>.c, defining what is declared
 * below from the list: fastsum_chksum_<name> and fastsum_chksum_copy_<name>
 * (any length: the table's tests and benchmarks call them so),
 * fastsum_usable_<name> (whether this CPU runs it) and fastsum_impl_<name>,
 * its row of the table (fastsum_impls). Its file may read its shortest
 * length as FASTSUM_X86_SHORTEST(<name>). A path that needs AVX2 or
 * AVX-512 is listed inside FASTSUM_IF_AVX2(...) or FASTSUM_IF_AVX512(...),
 * its file inside #ifdef FASTSUM_HAVE_AVX2 or _AVX512; the others need
 * SSE2, which every path of the list has. */
#ifdef FASTSUM_HAVE_AVX2
#define FASTSUM_IF_AVX2(path) path
#else
#define FASTSUM_IF_AVX2(path)
#endif
#ifdef FASTSUM_HAVE_AVX512
#define FASTSUM_IF_AVX512(path) path
#else
#define FASTSUM_IF_AVX512(path)
#endif

#ifdef FASTSUM_HAVE_SSE2
#define FASTSUM_X86_PATHS(X) \
  FASTSUM_IF_AVX512(X(avx512vnni, 1024)) \
  FASTSUM_IF_AVX512(X(avx512, 41)) \
  FASTSUM_IF_AVX2(X(avx2, 384)) \
  X(sse2, 384)
#else
#define FASTSUM_X86_PATHS(X)
#endif

#define FASTSUM_X86_DECLARE(name, shortest) \
  uint16_t fastsum_chksum_##name(const void *data, int len); \
  uint16_t fastsum_chksum_copy_##name(void *dst, const void *src, uint16_t len); \
  int fastsum_usable_##name(void); \
  extern const struct fastsum_impl fastsum_impl_##name;
FASTSUM_X86_PATHS(FASTSUM_X86_DECLARE)

/* (the last constant only ends the enumeration) */
#define FASTSUM_X86_SHORTEST(name) fastsum_x86_shortest_##name
#define FASTSUM_X86_SHORTEST_CONSTANT(name, shortest) FASTSUM_X86_SHORTEST(name) = (shortest),
enum fastsum_x86_shortest { FASTSUM_X86_PATHS(FASTSUM_X86_SHORTEST_CONSTANT) fastsum_x86_shortest_end };

/* The only path of its architecture is the public sum itself: its file
 * defines fastsum_chksum under the path's name. */
#ifdef FASTSUM_HAVE_AARCH64
#define fastsum_chksum_aarch64 fastsum_chksum
#endif
#ifdef FASTSUM_HAVE_RISCV
#define fastsum_chksum_riscv fastsum_chksum
#endif
#ifdef FASTSUM_HAVE_XTENSA
#define fastsum_chksum_xtensa fastsum_chksum
#endif

/* The public functions are ARMv7-M's, or ARMv6-M's where the build has no
 * ARMv7-M: second names of the same code (.thumb_set in their files). */
#ifdef FASTSUM_HAVE_ARMV7M
uint16_t fastsum_chksum_armv7m(const void *data, int len);
uint16_t fastsum_chksum_copy_armv7m(void *dst, const void *src, uint16_t len);
#endif
#ifdef FASTSUM_HAVE_ARMV6M
uint16_t fastsum_chksum_armv6m(const void *data, int len);
uint16_t fastsum_chksum_copy_armv6m(void *dst, const void *src, uint16_t len);
#endif
#if defined(FASTSUM_HAVE_ARMV7M) || defined(FASTSUM_HAVE_ARMV6M)
/* For the ARM paths' top-level asm: the mode the compiler expects after it. */
#ifdef __thumb__
#define FASTSUM_ASM_MODE ".thumb\n"
#else
#define FASTSUM_ASM_MODE ".arm\n"
#endif
#endif

/* ---- What the paths share -------------------------------------------- */

/* Folds a 64-bit sum of 16-bit words (any number of them added as
 * integers) to 16 bits with end-around carries; a nonzero sum stays nonzero
 * (0xffff, never 0). Adding a word to itself rotated by half its width
 * leaves the folded sum, carry included, in the upper half: 64 to 32 bits,
 * then 32 to 16. */
static inline uint16_t
fastsum_fold64(uint64_t sum)
{
  uint32_t s = (uint32_t)((sum + ((sum << 32) | (sum >> 32))) >> 32);
  return (uint16_t)((s + ((s << 16) | (s >> 16))) >> 16);
}

/* The checksum of data that starts one byte later: each 16-bit word's
 * bytes exchanged (RFC 1071 2(B)). */
static inline uint16_t
fastsum_swap16(uint16_t x)
{
  return (uint16_t)((x << 8) | (x >> 8));
}

/* Aligned words of byte data: FASTSUM_LOAD(uint16_t, p), (uint32_t, p),
 * (uintptr_t, p) read one, FASTSUM_STORE32(p, x) writes one. GNU C: through
 * may_alias types, single load and store instructions that the compiler
 * knows alias the caller's bytes. Other compilers: memcpy, which is defined
 * for any object. */
#ifdef FASTSUM_GNUC
typedef uint16_t __attribute__((__may_alias__)) fastsum_alias_uint16_t;
typedef uint32_t __attribute__((__may_alias__)) fastsum_alias_uint32_t;
typedef uintptr_t __attribute__((__may_alias__)) fastsum_alias_uintptr_t;
#define FASTSUM_LOAD(type, p) (*(const fastsum_alias_##type *)(const void *)(p))
#define FASTSUM_STORE32(p, x) ((void)(*(fastsum_alias_uint32_t *)(void *)(p) = (x)))
#else
#define FASTSUM_LOAD(type, p) ((type)fastsum_load_bytes((p), sizeof(type)))
#define FASTSUM_STORE32(p, x) fastsum_store32_bytes((p), (x))

static inline uint64_t
fastsum_load_bytes(const void *p, size_t n)
{
  union {
    uint16_t u16;
    uint32_t u32;
    uintptr_t word;
  } u;
  memcpy(&u, p, n);
  return n == sizeof(u.u16) ? u.u16 : n == sizeof(u.u32) ? u.u32 : (uint64_t)u.word;
}

static inline void
fastsum_store32_bytes(void *p, uint32_t x)
{
  memcpy(p, &x, sizeof(x));
}
#endif

/* The 16-bit word whose first byte in memory is first, second is second,
 * in host order: what an aligned 16-bit load of those bytes gives. An odd
 * first byte of the data is the second of its word, an odd last the first. */
static inline uint16_t
fastsum_half_from_bytes(uint8_t first, uint8_t second)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  return (uint16_t)(first | second << 8);
#elif defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  return (uint16_t)(first << 8 | second);
#else
  uint8_t b[2];
  uint16_t h;
  b[0] = first;
  b[1] = second;
  memcpy(&h, b, sizeof(h));
  return h;
#endif
}

/* The data's first bytes up to a word address, on the even-address grid:
 * an odd first byte (the second of its 16-bit word), then a halfword if
 * that leaves the address 2 past a word; *p and *n (at least 1) move past
 * them. */
static inline uint32_t
fastsum_sum_first(const uint8_t **p, size_t *n)
{
  const uint8_t *q = *p;
  size_t m = *n;
  uint32_t s = 0;
  if ((uintptr_t)q & 1) {
    s = fastsum_half_from_bytes(0, *q++);
    m--;
  }
  if (((uintptr_t)q & 2) && m >= 2) {
    s += FASTSUM_LOAD(uint16_t, q);
    q += 2;
    m -= 2;
  }
  *p = q;
  *n = m;
  return s;
}

/* The last n % 4 bytes of the data at p (an even address): a halfword,
 * then a byte, each in its 16-bit word of the even-address grid. */
static inline uint32_t
fastsum_sum_last(const uint8_t *p, size_t n)
{
  uint32_t s = 0;
  if (n & 2) {
    s = FASTSUM_LOAD(uint16_t, p);
    p += 2;
  }
  if (n & 1) {
    s += fastsum_half_from_bytes(*p, 0);
  }
  return s;
}

/* s += w with the carry out of the register counted in c (uintptr_t s,
 * c), for CPUs without a carry flag (RISC-V); 2^(8 * sizeof(uintptr_t)) is
 * 1 modulo 0xffff. */
#define FASTSUM_ADD_COUNT(s, c, w) \
  do { \
    uintptr_t fastsum_w_ = (w); \
    (s) += fastsum_w_; \
    (c) += (s) < fastsum_w_; \
  } while (0)

/* The folded sum of s + c, c counting what s carried out (below
 * UINTPTR_MAX). */
static inline uint16_t
fastsum_fold_count(uintptr_t s, uintptr_t c)
{
  /* end-around: after a carry s < c, so s + 1 cannot carry again */
  s += c;
  s += s < c;
#if UINTPTR_MAX > 0xffffffffu
  return fastsum_fold64(s);
#else
  return (uint16_t)((s + ((s << 16) | (s >> 16))) >> 16);
#endif
}

/* The four 32-bit words at p (a word address) added to the uint64_t s. */
#define FASTSUM_ADD_WORDS4(s, p) \
  ((s) += (uint64_t)FASTSUM_LOAD(uint32_t, (p)) + FASTSUM_LOAD(uint32_t, (p) + 4) + \
          FASTSUM_LOAD(uint32_t, (p) + 8) + FASTSUM_LOAD(uint32_t, (p) + 12))

/* 20 or 40 bytes at an even address (an IPv4 header; IPv4 + TCP or an IPv6
 * header) without a loop: at a word address 5 or 10 aligned 32-bit words,
 * 2 past one the halfwords at both ends and the words between, in a 64-bit
 * sum (the portable and RISC-V paths). */
static inline uint16_t
fastsum_header_sum(const uint8_t *p, int len)
{
  uint64_t s = 0;
  if ((uintptr_t)p & 2) {
    s = (uint64_t)FASTSUM_LOAD(uint16_t, p) + FASTSUM_LOAD(uint16_t, p + len - 2);
    p += 2;
    FASTSUM_ADD_WORDS4(s, p);
    if (len == 40) {
      FASTSUM_ADD_WORDS4(s, p + 16);
      s += FASTSUM_LOAD(uint32_t, p + 32);
    }
  } else {
    FASTSUM_ADD_WORDS4(s, p);
    s += FASTSUM_LOAD(uint32_t, p + 16);
    if (len == 40) {
      FASTSUM_ADD_WORDS4(s, p + 20);
      s += FASTSUM_LOAD(uint32_t, p + 36);
    }
  }
  return fastsum_fold64(s);
}

/* ---- Every path, for tests and benchmarks (fastsum_impls.c) ---------- */

struct fastsum_impl {
  const char *name;
  uint16_t (*chksum)(const void *data, int len);
  /* NULL when the path has no fused copy of its own */
  uint16_t (*chksum_copy)(void *dst, const void *src, uint16_t len);
  /* whether this CPU runs the path (its instructions, the registers the
   * operating system saves); NULL: every CPU the build runs on. Needs no
   * C library and no start-up code: callable first thing on bare metal. */
  int (*usable)(void);
  /* a vector path's lane limit, which the tests check at its bound: a
   * path that sums 16-bit word pairs into 32-bit lanes must widen them
   * into a 64-bit sum before they overflow (a lane moves by -65536, two
   * 0x0000 words, to +65534, two 0xffff, a step). batch_bytes is the most
   * data it sums before widening, align the address its batches start at;
   * 0, 0 for a path whose sums cannot overflow for any int length */
  size_t batch_bytes;
  size_t align;
};

/** Sets *list to the implementations compiled in AND usable on this CPU,
 * the portable reference first; returns how many there are. */
size_t fastsum_impls(const struct fastsum_impl **list);

/** The same for every implementation compiled in, usable or not. */
size_t fastsum_impls_all(const struct fastsum_impl **list);

#ifdef __cplusplus
}
#endif

#endif /* FASTSUM_PRIVATE_H */
