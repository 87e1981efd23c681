/* SPDX-License-Identifier: BSD-3-Clause */
/* The load-only floor of make bench-peers: reads every byte of
 * [data, data + len) with the widest loads the CPU has (AVX-512, AVX2, SSE2)
 * and ORs them together; no sum, no carries. Any checksum has to read the
 * data at least this fast: fastsum's time over this one is what its
 * arithmetic costs. The result means nothing and is not checked. */
#include <immintrin.h>
#include <stdint.h>
#include <string.h>

uint16_t peer_load_floor(const void *data, int len);

/* The bytes after the last full vector: 8, 4, 2, 1 at a time. */
static uint64_t or_tail(const unsigned char *p, int len)
{
  uint64_t acc = 0, w8;
  uint32_t w4;
  uint16_t w2;
  for (; len >= 8; p += 8, len -= 8) {
    memcpy(&w8, p, 8);
    acc |= w8;
  }
  if (len & 4) {
    memcpy(&w4, p, 4);
    acc |= w4;
    p += 4;
  }
  if (len & 2) {
    memcpy(&w2, p, 2);
    acc |= w2;
    p += 2;
  }
  if (len & 1) {
    acc |= *p;
  }
  return acc;
}

__attribute__((target("avx2"))) static uint16_t load_floor_avx2(const unsigned char *p, int len)
{
  __m256i a = _mm256_setzero_si256(), b = a, c = a, d = a;
  uint64_t lanes[4];
  for (; len >= 128; p += 128, len -= 128) {
    a = _mm256_or_si256(a, _mm256_loadu_si256((const __m256i *)p));
    b = _mm256_or_si256(b, _mm256_loadu_si256((const __m256i *)(p + 32)));
    c = _mm256_or_si256(c, _mm256_loadu_si256((const __m256i *)(p + 64)));
    d = _mm256_or_si256(d, _mm256_loadu_si256((const __m256i *)(p + 96)));
  }
  for (; len >= 32; p += 32, len -= 32) {
    a = _mm256_or_si256(a, _mm256_loadu_si256((const __m256i *)p));
  }
  a = _mm256_or_si256(_mm256_or_si256(a, b), _mm256_or_si256(c, d));
  _mm256_storeu_si256((__m256i *)lanes, a);
  return (uint16_t)(lanes[0] | lanes[1] | lanes[2] | lanes[3] | or_tail(p, len));
}

__attribute__((target("avx512f"))) static uint16_t load_floor_avx512(const unsigned char *p, int len)
{
  __m512i a = _mm512_setzero_si512(), b = a, c = a, d = a;
  for (; len >= 256; p += 256, len -= 256) {
    a = _mm512_or_si512(a, _mm512_loadu_si512(p));
    b = _mm512_or_si512(b, _mm512_loadu_si512(p + 64));
    c = _mm512_or_si512(c, _mm512_loadu_si512(p + 128));
    d = _mm512_or_si512(d, _mm512_loadu_si512(p + 192));
  }
  for (; len >= 64; p += 64, len -= 64) {
    a = _mm512_or_si512(a, _mm512_loadu_si512(p));
  }
  a = _mm512_or_si512(_mm512_or_si512(a, b), _mm512_or_si512(c, d));
  return (uint16_t)(_mm512_reduce_or_epi64(a) | or_tail(p, len));
}

static uint16_t load_floor_sse2(const unsigned char *p, int len)
{
  __m128i a = _mm_setzero_si128(), b = a;
  uint64_t lanes[2];
  for (; len >= 32; p += 32, len -= 32) {
    a = _mm_or_si128(a, _mm_loadu_si128((const __m128i *)p));
    b = _mm_or_si128(b, _mm_loadu_si128((const __m128i *)(p + 16)));
  }
  a = _mm_or_si128(a, b);
  _mm_storeu_si128((__m128i *)lanes, a);
  return (uint16_t)(lanes[0] | lanes[1] | or_tail(p, len));
}

uint16_t peer_load_floor(const void *data, int len)
{
  static int width = -1;
  if (width < 0) {
    width = __builtin_cpu_supports("avx512f") ? 512 : __builtin_cpu_supports("avx2") ? 256 : 128;
  }
  return width == 512 ? load_floor_avx512(data, len)
         : width == 256 ? load_floor_avx2(data, len) : load_floor_sse2(data, len);
}
