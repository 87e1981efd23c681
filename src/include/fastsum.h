/**
 * @file
 * fastsum: the Internet checksum (RFC 1071) as fast as the CPU allows,
 * a drop-in for lwIP's LWIP_CHKSUM and LWIP_CHKSUM_COPY hooks.
 *
 * Needs only <stdint.h> and <stddef.h>; usable outside lwIP too.
 *
 * Result convention (exactly lwIP's lwip_standard_chksum): the folded,
 * NOT inverted one's-complement sum of the data read as 16-bit words in
 * host byte order. Stored in memory natively it gives the sum's bytes in
 * network order; callers invert it for a header field. The value is 0 only
 * when every byte is 0, otherwise in 1..0xffff. Any start address (odd
 * too), any length; len <= 0 returns 0.
 *
 * Paths: every src/fastsum*.c compiles on every target and is empty unless
 * its FASTSUM_HAVE_<PATH> below is set, so a build may add the whole folder.
 * A path is chosen from the compiler's predefined macros; define
 * FASTSUM_NO_<PATH> (e.g. -DFASTSUM_NO_AVX2) to drop one, or
 * FASTSUM_PORTABLE_ONLY to keep only the portable C reference.
 *
 * Adding a path (one macro here + one table row in fastsum.c):
 *   1. below, define FASTSUM_HAVE_<PATH> from the compiler's macros and
 *      declare fastsum_chksum_<path> (and fastsum_chksum_copy_<path> if the
 *      path has a fused copy);
 *   2. in fastsum.c add the row {"<path>", fastsum_chksum_<path>, copy or
 *      NULL} to fastsum_table under #ifdef FASTSUM_HAVE_<PATH>, and to the
 *      FASTSUM_BEST_* choice if it beats what is there;
 *   3. write src/fastsum_<path>.c, guarded by #ifdef FASTSUM_HAVE_<PATH>.
 */
#ifndef FASTSUM_H
#define FASTSUM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Compile-time path selection ------------------------------------- */

#ifndef FASTSUM_PORTABLE_ONLY

/* x86_64: scalar 64-bit add-with-carry chains. */
#if defined(__x86_64__) && !defined(FASTSUM_NO_X86_64)
#define FASTSUM_HAVE_X86_64 1
/* AVX2 through a target attribute, used only if the CPU has it: libgcc
 * reads CPUID once at startup, __builtin_cpu_supports tests its bit. */
#if (defined(__GNUC__) || defined(__clang__)) && !defined(FASTSUM_NO_AVX2)
#define FASTSUM_HAVE_AVX2 1
#endif
#endif

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define FASTSUM_LITTLE_ENDIAN 1
#endif

/* AArch64: NEON, little-endian. */
#if defined(__aarch64__) && defined(__ARM_NEON) && defined(FASTSUM_LITTLE_ENDIAN) && \
    !defined(FASTSUM_NO_AARCH64)
#define FASTSUM_HAVE_AARCH64 1
#endif

/* 32-bit ARM, little-endian. The paths are Thumb assembly that any
 * caller reaches by interworking, so they depend on the CPU's instruction
 * set, not on -mthumb: ARMv7-M (LDM + ADCS, Thumb-2) on every Thumb-2 CPU;
 * ARMv6-M (Thumb-1 subset) on ARMv6 and later, which Thumb-2 CPUs also run,
 * so a Thumb-2 build compiles and lists both. */
#if defined(__arm__) && defined(__ARM_ARCH_ISA_THUMB) && defined(FASTSUM_LITTLE_ENDIAN)
#if __ARM_ARCH_ISA_THUMB >= 2 && !defined(FASTSUM_NO_ARMV7M)
#define FASTSUM_HAVE_ARMV7M 1
#endif
#if defined(__ARM_ARCH) && __ARM_ARCH >= 6 && !defined(FASTSUM_NO_ARMV6M)
#define FASTSUM_HAVE_ARMV6M 1
#endif
#endif

/* RISC-V rv32/rv64 (little-endian): no carry flag, carries counted. */
#if defined(__riscv) && defined(FASTSUM_LITTLE_ENDIAN) && !defined(FASTSUM_NO_RISCV)
#define FASTSUM_HAVE_RISCV 1
#endif

#endif /* FASTSUM_PORTABLE_ONLY */

/* ---- The public API (lwIP's LWIP_CHKSUM / LWIP_CHKSUM_COPY) ---------- */

/** Folded, non-inverted one's-complement sum of len bytes at data. */
uint16_t fastsum_chksum(const void *data, int len);

/** Copies len bytes from src to dst (which must not overlap) and returns
 * fastsum_chksum(dst, len), reading the data once. */
uint16_t fastsum_chksum_copy(void *dst, const void *src, uint16_t len);

/* ---- Every implementation, for tests and benchmarks ------------------ */

struct fastsum_impl {
  const char *name;
  uint16_t (*chksum)(const void *data, int len);
  /* NULL when the path has no fused copy of its own */
  uint16_t (*chksum_copy)(void *dst, const void *src, uint16_t len);
};

/** Sets *list to the implementations compiled in AND usable on this CPU,
 * the portable reference first; returns how many there are. */
size_t fastsum_impls(const struct fastsum_impl **list);

/** For the paths: folds a 64-bit sum of 16-bit words (any number of them
 * added as integers) to 16 bits with end-around carries; a nonzero sum
 * stays nonzero (0xffff, never 0). */
uint16_t fastsum_fold64(uint64_t sum);

/* The paths themselves (call them only if fastsum_impls lists them). */
uint16_t fastsum_chksum_portable(const void *data, int len);
uint16_t fastsum_chksum_copy_portable(void *dst, const void *src, uint16_t len);

#ifdef FASTSUM_HAVE_X86_64
uint16_t fastsum_chksum_x86_64(const void *data, int len);
uint16_t fastsum_chksum_copy_x86_64(void *dst, const void *src, uint16_t len);
uint16_t fastsum_chksum_sse2(const void *data, int len);
uint16_t fastsum_chksum_copy_sse2(void *dst, const void *src, uint16_t len);
/** From this length on the vector paths (SSE2, AVX2) beat the scalar one:
 * shorter data goes to the scalar code (no vector setup, no reduction). */
#define FASTSUM_VECTOR_MIN_LEN 384
#endif
#ifdef FASTSUM_HAVE_AVX2
uint16_t fastsum_chksum_avx2(const void *data, int len);
uint16_t fastsum_chksum_copy_avx2(void *dst, const void *src, uint16_t len);
#endif
#ifdef FASTSUM_HAVE_AARCH64
uint16_t fastsum_chksum_aarch64(const void *data, int len);
#endif
#ifdef FASTSUM_HAVE_ARMV7M
uint16_t fastsum_chksum_armv7m(const void *data, int len);
uint16_t fastsum_chksum_copy_armv7m(void *dst, const void *src, uint16_t len);
#endif
#ifdef FASTSUM_HAVE_ARMV6M
uint16_t fastsum_chksum_armv6m(const void *data, int len);
#endif
#if defined(FASTSUM_HAVE_ARMV7M) || defined(FASTSUM_HAVE_ARMV6M)
/* For the ARM paths' top-level asm: the mode the compiler expects after it. */
#ifdef __thumb__
#define FASTSUM_ASM_MODE ".thumb\n"
#else
#define FASTSUM_ASM_MODE ".arm\n"
#endif
#endif
#ifdef FASTSUM_HAVE_RISCV
uint16_t fastsum_chksum_riscv(const void *data, int len);
#endif

#ifdef __cplusplus
}
#endif

#endif /* FASTSUM_H */
