/**
 * @file
 * fastsum: the portable C reference, the table of paths and the public
 * functions (see fastsum.h for the contract).
 *
 * The portable path is correct on any endianness and on strict-alignment
 * CPUs: every word access is aligned, nothing outside [data, data + len)
 * is read (MPUs fault on over-reads), and no byte is copied one at a time
 * except the few (< 8) at the ends that do not fill an aligned word.
 */
#include "fastsum.h"

#include <string.h>

/* Aligned 16/32-bit loads and stores of byte data: may_alias tells GCC and
 * clang that these words alias the caller's bytes. */
#if defined(__GNUC__) || defined(__clang__)
typedef uint32_t __attribute__((__may_alias__)) fastsum_u32;
#else
typedef uint32_t fastsum_u32;
#endif

/* Every path returns the same value, so the reference's helpers are the
 * definition of it. */

uint16_t
fastsum_fold64(uint64_t sum)
{
  sum = (sum & 0xffffffffu) + (sum >> 32); /* < 2^33 */
  sum = (sum & 0xffffu) + (sum >> 16);     /* < 2^18 */
  sum = (sum & 0xffffu) + (sum >> 16);     /* <= 0x10001 */
  sum = (sum & 0xffffu) + (sum >> 16);     /* <= 0xffff */
  return (uint16_t)sum;
}

static uint16_t
swap16(uint16_t x)
{
  return (uint16_t)((x << 8) | (x >> 8));
}

/* The 16-bit word whose first byte in memory is first, second is second,
 * in host order: what an aligned 16-bit load of those bytes gives. */
static uint16_t
half_from_bytes(uint8_t first, uint8_t second)
{
  uint8_t b[2];
  uint16_t h;
  b[0] = first;
  b[1] = second;
  memcpy(&h, b, sizeof(h));
  return h;
}

/* Sum of n bytes at p, each placed in its 16-bit word by the parity of its
 * address, so that it adds to sums of aligned words. For the < 4 bytes at
 * the ends that do not fill a word (fewer than 8). */
static uint32_t
sum_bytes(const uint8_t *p, size_t n)
{
  uint32_t sum = 0;
  for (; n > 0; n--, p++) {
    sum += ((uintptr_t)p & 1) ? half_from_bytes(0, *p) : half_from_bytes(*p, 0);
  }
  return sum;
}

/* Accumulator bound: a 64-bit sum of 32-bit words. An int length is below
 * 2^31 bytes, i.e. fewer than 2^29 words each below 2^32, so the sum stays
 * below 2^61 (+ a few end bytes): no carry is ever lost, for any int len. */
uint16_t
fastsum_chksum_portable(const void *data, int len)
{
  const uint8_t *p = (const uint8_t *)data;
  const fastsum_u32 *w;
  uint64_t s0, s1;
  size_t n, head;
  int odd;

  if (len <= 0) {
    return 0;
  }
  n = (size_t)len;
  odd = (int)((uintptr_t)p & 1);
  head = (size_t)(0u - (uintptr_t)p) & 3;
  if (head > n) {
    head = n;
  }
  s0 = sum_bytes(p, head);
  n -= head;
  w = (const fastsum_u32 *)(const void *)(p + head);
  s1 = 0;
  /* two independent chains, 16 bytes a round */
  while (n >= 16) {
    s0 += (uint64_t)w[0] + w[1];
    s1 += (uint64_t)w[2] + w[3];
    w += 4;
    n -= 16;
  }
  while (n >= 4) {
    s0 += *w++;
    n -= 4;
  }
  s1 += sum_bytes((const uint8_t *)w, n);
  /* the sum was taken on the even-address word grid: an odd start means
   * every word of the data was counted byte-swapped (RFC 1071 2(B)) */
  return odd ? swap16(fastsum_fold64(s0 + s1)) : fastsum_fold64(s0 + s1);
}

static int
little_endian(void)
{
  const uint16_t one = 1;
  uint8_t first;
  memcpy(&first, &one, 1);
  return first;
}

/* x moved by n bytes towards higher addresses (n in 1..3), as it would be
 * stored in memory; bytes moved out are dropped. */
static uint32_t
to_later_bytes(uint32_t x, unsigned n)
{
  return little_endian() ? x << (8 * n) : x >> (8 * n);
}

static uint32_t
to_earlier_bytes(uint32_t x, unsigned n)
{
  return little_endian() ? x >> (8 * n) : x << (8 * n);
}

/* Copies n bytes (< 8, the ends) and sums them as sum_bytes(d, n) would. */
static uint32_t
copy_sum_bytes(uint8_t *d, const uint8_t *s, size_t n)
{
  memcpy(d, s, n);
  return sum_bytes(d, n);
}

uint16_t
fastsum_chksum_copy_portable(void *dst, const void *src, uint16_t len)
{
  uint8_t *d = (uint8_t *)dst;
  const uint8_t *s = (const uint8_t *)src;
  fastsum_u32 *dw;
  const fastsum_u32 *sw;
  uint64_t sum;
  size_t n = len, head, words, i;
  unsigned k;
  int odd = (int)((uintptr_t)d & 1);

  /* The stores are aligned words; the sum is taken on dst's word grid. */
  head = (size_t)(0u - (uintptr_t)d) & 3;
  if (head > n) {
    head = n;
  }
  sum = copy_sum_bytes(d, s, head);
  d += head;
  s += head;
  n -= head;
  dw = (fastsum_u32 *)(void *)d;
  k = (unsigned)((uintptr_t)s & 3);
  i = 0;
  if (k == 0) {
    /* same alignment: word copy */
    sw = (const fastsum_u32 *)(const void *)s;
    words = n / 4;
    for (; i + 2 <= words; i += 2) {
      uint32_t a = sw[i], b = sw[i + 1];
      dw[i] = a;
      dw[i + 1] = b;
      sum += (uint64_t)a + b;
    }
    for (; i < words; i++) {
      uint32_t a = sw[i];
      dw[i] = a;
      sum += a;
    }
  } else if (n >= 8) {
    /* Source k bytes past a word boundary: each destination word is the
     * last 4 - k bytes of one aligned source word and the first k of the
     * next. Only aligned source words wholly inside the buffer are loaded;
     * the first partial one is assembled from its bytes. */
    uint8_t b[4] = {0, 0, 0, 0};
    uint32_t carry;
    memcpy(b, s, 4 - k);
    memcpy(&carry, b, 4);
    sw = (const fastsum_u32 *)(const void *)(s + 4 - k);
    /* word i reads source bytes 4i+4-k .. 4i+7-k, all < n */
    for (; 4 * i + 8 - k <= n; i++) {
      uint32_t next = sw[i];
      uint32_t out = carry | to_later_bytes(next, 4 - k);
      carry = to_earlier_bytes(next, k);
      dw[i] = out;
      sum += out;
    }
  }
  /* the rest (< 8 bytes) starts word-aligned in dst */
  sum += copy_sum_bytes(d + 4 * i, s + 4 * i, n - 4 * i);
  return odd ? swap16(fastsum_fold64(sum)) : fastsum_fold64(sum);
}

/* ---- The table and the public functions ------------------------------ */

/* Paths chosen at compile time: the first available in this order. */
#if defined(FASTSUM_HAVE_X86_64)
#define FASTSUM_BEST_CHKSUM fastsum_chksum_x86_64
#define FASTSUM_BEST_COPY fastsum_chksum_copy_x86_64
#elif defined(FASTSUM_HAVE_AARCH64)
#define FASTSUM_BEST_CHKSUM fastsum_chksum_aarch64
#elif defined(FASTSUM_HAVE_ARMV7M)
#define FASTSUM_BEST_CHKSUM fastsum_chksum_armv7m
#define FASTSUM_BEST_COPY fastsum_chksum_copy_armv7m
#elif defined(FASTSUM_HAVE_ARMV6M)
#define FASTSUM_BEST_CHKSUM fastsum_chksum_armv6m
#elif defined(FASTSUM_HAVE_RISCV)
#define FASTSUM_BEST_CHKSUM fastsum_chksum_riscv
#endif
#ifndef FASTSUM_BEST_CHKSUM
#define FASTSUM_BEST_CHKSUM fastsum_chksum_portable
#endif
#ifndef FASTSUM_BEST_COPY
#define FASTSUM_BEST_COPY fastsum_chksum_copy_portable
#endif

#ifdef FASTSUM_HAVE_AVX2
#ifdef __AVX2__
#define CPU_HAS_AVX2() 1
#else
/* a load and a bit test: no call, so the short path stays a plain jump */
#define CPU_HAS_AVX2() __builtin_cpu_supports("avx2")
#endif
#endif

static const struct fastsum_impl fastsum_table[] = {
  {"portable", fastsum_chksum_portable, fastsum_chksum_copy_portable},
#ifdef FASTSUM_HAVE_X86_64
  {"x86_64", fastsum_chksum_x86_64, fastsum_chksum_copy_x86_64},
  {"sse2", fastsum_chksum_sse2, fastsum_chksum_copy_sse2},
#endif
#ifdef FASTSUM_HAVE_AARCH64
  {"aarch64", fastsum_chksum_aarch64, NULL},
#endif
#ifdef FASTSUM_HAVE_ARMV7M
  {"armv7m", fastsum_chksum_armv7m, fastsum_chksum_copy_armv7m},
#endif
#ifdef FASTSUM_HAVE_ARMV6M
  {"armv6m", fastsum_chksum_armv6m, NULL},
#endif
#ifdef FASTSUM_HAVE_RISCV
  {"riscv", fastsum_chksum_riscv, NULL},
#endif
#ifdef FASTSUM_HAVE_AVX2
  /* last: the only row that depends on the CPU at run time */
  {"avx2", fastsum_chksum_avx2, fastsum_chksum_copy_avx2},
#endif
};

size_t
fastsum_impls(const struct fastsum_impl **list)
{
  size_t n = sizeof(fastsum_table) / sizeof(fastsum_table[0]);
  *list = fastsum_table;
#ifdef FASTSUM_HAVE_AVX2
  if (!CPU_HAS_AVX2()) {
    n--;
  }
#endif
  return n;
}

uint16_t
fastsum_chksum(const void *data, int len)
{
#ifdef FASTSUM_HAVE_X86_64
  /* expected not taken: short lengths (headers) go straight to the scalar
   * path with a single jump */
  if (__builtin_expect(len >= FASTSUM_VECTOR_MIN_LEN, 0)) {
#ifdef FASTSUM_HAVE_AVX2
    if (CPU_HAS_AVX2()) {
      return fastsum_chksum_avx2(data, len);
    }
#endif
    return fastsum_chksum_sse2(data, len);
  }
#endif
  return FASTSUM_BEST_CHKSUM(data, len);
}

uint16_t
fastsum_chksum_copy(void *dst, const void *src, uint16_t len)
{
#ifdef FASTSUM_HAVE_X86_64
  if (__builtin_expect(len >= FASTSUM_VECTOR_MIN_LEN, 0)) {
#ifdef FASTSUM_HAVE_AVX2
    if (CPU_HAS_AVX2()) {
      return fastsum_chksum_copy_avx2(dst, src, len);
    }
#endif
    return fastsum_chksum_copy_sse2(dst, src, len);
  }
#endif
  return FASTSUM_BEST_COPY(dst, src, len);
}
