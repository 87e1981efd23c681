/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * What the x86_64 files share: the ADC code, which the public functions
 * take inline for short data, the ADC path is, and the vector paths take
 * for the bytes before and after their vectors; the frame of a vector sum
 * and copy; the CPU check of a path that needs more than SSE2. Inline:
 * these run inside each file's own code.
 *
 * x86 loads words at any address at full speed, so the data is summed as
 * it lies, from its first byte: the 16-bit words of an odd start are the
 * data's own words and no final swap is needed. Nothing outside
 * [data, data + len) is read: the last bytes are taken 4, 2 and 1 at a
 * time, or as the 8 bytes ending there.
 */
#ifndef FASTSUM_X86_64_H
#define FASTSUM_X86_64_H

#include "fastsum_private.h"

/* ---- The ADC code ------------------------------------------------------ */

/* 64-bit words added with ADC, the carry flag flowing from word to word
 * and added back at the end of each chain; the last words with one jump
 * into a run of ADCs; a 20-byte IPv4 header in three loads. The copy
 * stores what it loads (unaligned loads and stores are cheap on x86, so
 * differing source and destination alignments need no shifting). */

/* sum + x with end-around carry: a 64-bit one's-complement addition. */
static inline uint64_t
add_carry(uint64_t sum, uint64_t x)
{
  __asm__("addq %1, %0\n\t"
          "adcq $0, %0"
          : "+r"(sum) : "r"(x) : "cc");
  return sum;
}

static inline uint64_t
load64(const uint8_t *p)
{
  uint64_t w;
  memcpy(&w, p, 8);
  return w;
}

/* All of n < 8 bytes, copied to d unless d is NULL (fixed-size copies: no
 * call to memcpy): a lone last byte is the low (first) byte of its
 * little-endian word. */
static inline __attribute__((always_inline)) uint64_t
tail_sum(uint8_t *d, const uint8_t *p, size_t n)
{
  uint64_t t = 0;
  if (n & 4) {
    uint32_t w;
    memcpy(&w, p, 4);
    if (d != NULL) {
      memcpy(d, &w, 4);
      d += 4;
    }
    t = w;
    p += 4;
  }
  if (n & 2) {
    uint16_t h;
    memcpy(&h, p, 2);
    if (d != NULL) {
      memcpy(d, &h, 2);
      d += 2;
    }
    t += h;
    p += 2;
  }
  if (n & 1) {
    if (d != NULL) {
      *d = *p;
    }
    t += *p;
  }
  return t;
}

/* The last n & 7 bytes of n >= 8 at p: the 8 bytes ending there, loaded
 * at once, with the ones already summed shifted out. They start at an
 * even offset, so they keep their places in their words. The shift,
 * 64 - 8 (n & 7) bits, is -8 n modulo 64 (n & 7 is not 0). */
static inline __attribute__((always_inline)) uint64_t
last_bytes(const uint8_t *p, size_t n)
{
  return load64(p + n - 8) >> ((0 - 8 * n) & 63);
}

/* The 64-bit one's-complement sum of 256 rounds bytes at *p added to sum;
 * *p is moved past them. Two accumulators: each run of words starts its
 * carry chain with ADD and ends it with ADC $0, so the runs on the two
 * accumulators execute side by side (the flags are renamed). The asm reads
 * the words through p: hence the "memory" clobber (also below). */
#define ADC3(acc, at) \
  "adcq " at "+8(%[p]), %[" acc "]\n\t" \
  "adcq " at "+16(%[p]), %[" acc "]\n\t" \
  "adcq " at "+24(%[p]), %[" acc "]\n\t"
#define ADC_RUN4(acc, at) \
  "addq " at "(%[p]), %[" acc "]\n\t" ADC3(acc, at) \
  "adcq $0, %[" acc "]\n\t"
#define ADC_RUN8(acc, at) \
  "addq " at "(%[p]), %[" acc "]\n\t" ADC3(acc, at) \
  "adcq " at "+32(%[p]), %[" acc "]\n\t" ADC3(acc, at "+32") \
  "adcq $0, %[" acc "]\n\t"
static inline __attribute__((always_inline)) uint64_t
adc_rounds(const uint8_t **p, size_t rounds, uint64_t sum)
{
  uint64_t sum2 = 0;
  __asm__("1:\n\t"
          ADC_RUN8("sum", "0") ADC_RUN8("sum2", "64")
          ADC_RUN8("sum", "128") ADC_RUN8("sum2", "192")
          "leaq 256(%[p]), %[p]\n\t"
          "decq %[rounds]\n\t"
          "jnz 1b\n\t"
          "addq %[sum2], %[sum]\n\t"
          "adcq $0, %[sum]"
          : [sum] "+r"(sum), [sum2] "+r"(sum2), [p] "+r"(*p), [rounds] "+r"(rounds)
          :
          : "cc", "memory");
  return sum;
}

/* One's-complement 64-bit sum of n bytes at p added to sum: the rounds of
 * 256 bytes; then the last bytes of n & 7 (taken with the 8 bytes ending
 * there, as last_bytes does, but with a shift that gives 0 when there are
 * none: no branch); the next 64 bytes if there are as many, half on each
 * chain (64-byte data then waits for four carries, not eight); and the
 * last whole words, up to 31 of them, with one jump into a straight run
 * of ADCs that ends at the last one (as Linux's i386 csum_partial does):
 * a branch taken costs more than a word's ADC, and data shorter than 256
 * bytes (headers with a segment, short segments) takes no other. Each ADC
 * of the run is 4 bytes (a one-byte displacement from a base 132 bytes
 * before the words' end, never 0, which would drop the byte), so the entry
 * is 4 bytes a word before the run's end. The jump is NOTRACK, as
 * compilers mark their jump tables: its target is no function entry for
 * CET's indirect branch tracking. sum and words are written before the
 * inputs are all read: early clobbers, or the compiler may give an input
 * of the same value (0) their register. */
static inline __attribute__((always_inline)) uint64_t
adc_sum(const uint8_t *p, size_t n, uint64_t sum)
{
  uint64_t last, sum2 = 0;
  size_t words;
  const uint8_t *base;
  const void *entry;
  if (n < 8) {
    return add_carry(sum, tail_sum(NULL, p, n));
  }
  last = (load64(p + n - 8) >> 1) >> ((63 - 8 * n) & 63);
  if (__builtin_expect(n >= 256, 0)) {
    sum = adc_rounds(&p, n / 256, sum);
    n %= 256;
  }
  if (n >= 64) {
    __asm__(ADC_RUN4("sum", "0") ADC_RUN4("sum2", "32")
            : [sum] "+r"(sum), [sum2] "+r"(sum2) : [p] "r"(p) : "cc", "memory");
    p += 64;
    n -= 64;
  }
  words = n / 8;
  __asm__("leaq -132(%[p],%[words],8), %[base]\n\t"
          "leaq 3f(%%rip), %[entry]\n\t"
          "shlq $2, %[words]\n\t"
          "subq %[words], %[entry]\n\t"
          "addq %[last], %[sum]\n\t"
          "notrack jmp *%[entry]\n\t"
          "adcq -116(%[base]), %[sum]\n\t"
          "adcq -108(%[base]), %[sum]\n\t"
          "adcq -100(%[base]), %[sum]\n\t"
          "adcq -92(%[base]), %[sum]\n\t"
          "adcq -84(%[base]), %[sum]\n\t"
          "adcq -76(%[base]), %[sum]\n\t"
          "adcq -68(%[base]), %[sum]\n\t"
          "adcq -60(%[base]), %[sum]\n\t"
          "adcq -52(%[base]), %[sum]\n\t"
          "adcq -44(%[base]), %[sum]\n\t"
          "adcq -36(%[base]), %[sum]\n\t"
          "adcq -28(%[base]), %[sum]\n\t"
          "adcq -20(%[base]), %[sum]\n\t"
          "adcq -12(%[base]), %[sum]\n\t"
          "adcq -4(%[base]), %[sum]\n\t"
          "adcq 4(%[base]), %[sum]\n\t"
          "adcq 12(%[base]), %[sum]\n\t"
          "adcq 20(%[base]), %[sum]\n\t"
          "adcq 28(%[base]), %[sum]\n\t"
          "adcq 36(%[base]), %[sum]\n\t"
          "adcq 44(%[base]), %[sum]\n\t"
          "adcq 52(%[base]), %[sum]\n\t"
          "adcq 60(%[base]), %[sum]\n\t"
          "adcq 68(%[base]), %[sum]\n\t"
          "adcq 76(%[base]), %[sum]\n\t"
          "adcq 84(%[base]), %[sum]\n\t"
          "adcq 92(%[base]), %[sum]\n\t"
          "adcq 100(%[base]), %[sum]\n\t"
          "adcq 108(%[base]), %[sum]\n\t"
          "adcq 116(%[base]), %[sum]\n\t"
          "adcq 124(%[base]), %[sum]\n\t"
          "3:\n\t"
          "adcq %[sum2], %[sum]\n\t"
          "adcq $0, %[sum]"
          : [sum] "+&r"(sum), [words] "+&r"(words), [base] "=&d"(base), [entry] "=&r"(entry)
          : [p] "r"(p), [last] "r"(last), [sum2] "r"(sum2)
          : "cc", "memory");
  return sum;
}

/* Copies n bytes and returns their one's-complement 64-bit sum added to
 * sum. */
static inline __attribute__((always_inline)) uint64_t
adc_copy_sum(uint8_t *d, const uint8_t *s, size_t n, uint64_t sum)
{
  uint8_t *dst = d;
  const uint8_t *src = s;
  size_t len = n;
  if (n < 8) {
    return add_carry(sum, tail_sum(d, s, n));
  }
  for (; n >= 32; s += 32, d += 32, n -= 32) {
    uint64_t w0 = load64(s), w1 = load64(s + 8), w2 = load64(s + 16), w3 = load64(s + 24);
    memcpy(d, &w0, 8);
    memcpy(d + 8, &w1, 8);
    memcpy(d + 16, &w2, 8);
    memcpy(d + 24, &w3, 8);
    __asm__("addq %[w0], %[s]\n\t"
            "adcq %[w1], %[s]\n\t"
            "adcq %[w2], %[s]\n\t"
            "adcq %[w3], %[s]\n\t"
            "adcq $0, %[s]"
            : [s] "+r"(sum)
            : [w0] "r"(w0), [w1] "r"(w1), [w2] "r"(w2), [w3] "r"(w3)
            : "cc");
  }
  for (; n >= 8; s += 8, d += 8, n -= 8) {
    uint64_t w = load64(s);
    memcpy(d, &w, 8);
    sum = add_carry(sum, w);
  }
  if (n > 0) {
    /* the last 8 bytes stored again: the earlier ones are the same */
    uint64_t w = load64(src + len - 8);
    memcpy(dst + len - 8, &w, 8);
    sum = add_carry(sum, last_bytes(src, len));
  }
  return sum;
}

/* An IPv4 header without options, the length lwIP sums most often: three
 * loads and no branch on the length's bits. */
static inline __attribute__((always_inline)) uint64_t
ipv4_header_sum(const uint8_t *p)
{
  uint32_t w;
  memcpy(&w, p + 16, 4);
  return add_carry(add_carry(load64(p), load64(p + 8)), w);
}

/* 40 bytes (an IPv6 header, an IPv4 header with a TCP header): five
 * loads, two carry chains. */
static inline __attribute__((always_inline)) uint64_t
words40_sum(const uint8_t *p)
{
  return add_carry(add_carry(add_carry(load64(p), load64(p + 8)), load64(p + 32)),
                   add_carry(load64(p + 16), load64(p + 24)));
}

/* The ADC code's checksum of len <= 40 bytes (any int): the header
 * lengths without a branch on the length's bits. */
static inline __attribute__((always_inline)) uint16_t
adc_short_chksum(const uint8_t *p, int len)
{
  if (len == 20) {
    return fastsum_fold64(ipv4_header_sum(p));
  }
  if (len == 40) {
    return fastsum_fold64(words40_sum(p));
  }
  if (len <= 0) {
    return 0;
  }
  return fastsum_fold64(adc_sum(p, (size_t)len, 0));
}

/* The ADC code's whole checksum of len bytes (any int). Longer data is
 * the way without a branch taken (a header takes one either way). */
static inline __attribute__((always_inline)) uint16_t
adc_chksum(const uint8_t *p, int len)
{
  if (__builtin_expect(len > 40, 1)) {
    return fastsum_fold64(adc_sum(p, (size_t)len, 0));
  }
  return adc_short_chksum(p, len);
}

/* The ADC code's copy with checksum of len bytes. */
static inline __attribute__((always_inline)) uint16_t
adc_chksum_copy(void *dst, const void *src, uint16_t len)
{
  return fastsum_fold64(adc_copy_sum((uint8_t *)dst, (const uint8_t *)src, len, 0));
}

/* ---- What the vector paths share -------------------------------------- */

#ifdef FASTSUM_HAVE_SSE2

/* A 64-bit one's-complement sum of data that starts one byte later: every
 * 16-bit word is byte-swapped, i.e. rotated by 8 (2^64 - 1 is a multiple
 * of 2^16 - 1, so this holds for the 64-bit sum before folding). */
static inline uint64_t
swap_sum(uint64_t sum)
{
  return (sum >> 8) | (sum << 56);
}

/* The frame of the SSE2 and AVX2 paths. A path's blocks: sums (and if d
 * is not NULL, copies to d) the whole vectors of n bytes at s; *done is
 * set to the bytes handled. */
typedef uint64_t (*blocks_fn)(uint8_t *d, const uint8_t *s, size_t n, size_t *done);

/* Cold data (a frame just received, a piece of a big buffer): the sum's
 * three instructions waiting behind every vector load fill the scheduler,
 * and the loads of the last lines issue only when the first ones have
 * arrived (memcpy does not wait so). So from 1024 bytes on the last eight
 * lines, the one holding the last byte first, are asked for up front, in
 * straight-line code (a loop costs more than the prefetches when the data
 * is hot; docs/fastsum.md). */
static inline __attribute__((always_inline)) void
prefetch_last_lines(const uint8_t *s, size_t n)
{
  if (n >= 1024) {
    const uint8_t *end = s + n;
    int k;
#pragma GCC unroll 8
    for (k = 0; k < 8; k++) {
      __builtin_prefetch(end - 1 - 64 * k);
    }
  }
}

/* Checksum of n >= align bytes with a vector path's blocks (d NULL): the
 * blocks start at an address aligned to align, the bytes before and after
 * them go to the ADC code; if the head is odd in length, the rest was
 * summed on the other byte of each word and is swapped. */
static inline __attribute__((always_inline)) uint16_t
vector_chksum(blocks_fn blocks, size_t align, const uint8_t *s, size_t n)
{
  size_t head = (size_t)(0u - (uintptr_t)s) & (align - 1), done;
  uint64_t sum;
  prefetch_last_lines(s, n);
  sum = blocks(NULL, s + head, n - head, &done);
  sum = adc_sum(s + head + done, n - head - done, sum);
  if (head & 1) {
    sum = swap_sum(sum);
  }
  return fastsum_fold64(adc_sum(s, head, sum));
}

/* The same with a copy to d: the blocks start at an address of d aligned
 * to align (split stores cost more than split loads). */
static inline __attribute__((always_inline)) uint16_t
vector_copy_chksum(blocks_fn blocks, size_t align, uint8_t *d, const uint8_t *s, size_t n)
{
  size_t head = (size_t)(0u - (uintptr_t)d) & (align - 1), done;
  uint64_t sum;
  prefetch_last_lines(s, n);
  sum = blocks(d + head, s + head, n - head, &done);
  sum = adc_copy_sum(d + head + done, s + head + done, n - head - done, sum);
  if (head & 1) {
    sum = swap_sum(sum);
  }
  return fastsum_fold64(adc_copy_sum(d, s, head, sum));
}

#endif /* FASTSUM_HAVE_SSE2 */

/* ---- CPU features ----------------------------------------------------- */

/* CPUID leaf, subleaf: r = eax, ebx, ecx, edx. */
static inline void
fastsum_x86_cpuid(uint32_t leaf, uint32_t subleaf, uint32_t r[4])
{
  __asm__("cpuid" : "=a"(r[0]), "=b"(r[1]), "=c"(r[2]), "=d"(r[3]) : "a"(leaf), "c"(subleaf));
}

/* Whether the CPU has every feature bit of ebx7 and ecx7 (CPUID leaf 7,
 * EBX and ECX) and the operating system has enabled every register state
 * of xcr0 (XCR0, read with XGETBV once CPUID says OSXSAVE): the
 * instructions of a feature the OS has not enabled fault, or their
 * registers are lost at a context switch. CPUID and XGETBV only, no C
 * library and no start-up code, so a bare-metal program may call it
 * before anything else. */
static inline int
fastsum_x86_cpu_has(uint32_t ebx7, uint32_t ecx7, uint32_t xcr0)
{
  uint32_t r[4], lo, hi;
  fastsum_x86_cpuid(0, 0, r);
  if (r[0] < 7) {
    return 0;
  }
  fastsum_x86_cpuid(1, 0, r);
  if ((r[2] & (1u << 27)) == 0) {
    return 0;
  }
  __asm__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
  (void)hi;
  if ((lo & xcr0) != xcr0) {
    return 0;
  }
  fastsum_x86_cpuid(7, 0, r);
  return (r[1] & ebx7) == ebx7 && (r[2] & ecx7) == ecx7;
}

#endif /* FASTSUM_X86_64_H */
