/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Differential tests of every fastsum path, and of lwIP's own algorithms
 * 1, 2 and 3, against the byte-wise RFC 1071 reference of test/product/common.
 *
 * Written to Check's API: under Check on the host and in the cross builds,
 * under test/product/common/nocheck where there is no Check (bare metal,
 * the builds without vector registers). Each case runs as a Check test of
 * its own, on every subject; a case that failed runs again on each subject
 * alone, so that the program prints for each path how many cases it
 * passed and a failure is pinned to the paths that fail. It exits non-zero
 * if a case failed, and a read outside the data faults (guard pages).
 * -DFASTSUM_TEST_WITHOUT_LWIP leaves lwIP's algorithms out of the
 * comparison (the sanitizer build: they are not this project's code).
 * -DFASTSUM_TEST_MCU is the microcontroller build (make baremetal-test):
 * a few KiB of RAM and no MMU, so data up to 2048 bytes at offsets 0..7,
 * copies at offsets 0..7 up to 2048 bytes, no guard pages; a read outside
 * the data is caught where the core traps unaligned words instead.
 * -DFASTSUM_TEST_LONG adds to that build the long lengths and the 64 MiB
 * (x86_64 under Bochs: the only run of the AVX-512 path, with the RAM).
 *
 *   test_fastsum [-i PATH]
 *
 * -i PATH tests that path of the table alone (fastsum_impls: "avx2",
 * "portable", ...), without the public functions and lwIP's algorithms.
 */
#include "fastsum_private.h"
#include "rfc1071.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if !defined(FASTSUM_TEST_MCU) || defined(FASTSUM_TEST_LONG)
#define FASTSUM_TEST_LONG_DATA 1
#endif
#ifndef FASTSUM_TEST_MCU
#include <sys/mman.h>
#include <unistd.h>
#endif

#include "check_runner.h"
/* Check only on failure: ck_assert_msg reports every passing check to the
 * parent process, millions of them here. */
#define EXPECT(cond, ...) do { \
    if (!(cond)) { \
      ck_abort_msg(__VA_ARGS__); \
    } \
  } while (0)

/* lwIP's inet_chksum.c compiled once per algorithm, symbols renamed
 * (a program's NAME_LWIP_ALGS, mk/programs.mk). */
uint16_t lwip_standard_chksum_alg1(const void *dataptr, int len);
uint16_t lwip_standard_chksum_alg2(const void *dataptr, int len);
uint16_t lwip_standard_chksum_alg3(const void *dataptr, int len);

/* The reference's checksum in lwIP's convention. */
static uint16_t
ref_chksum(const uint8_t *p, size_t len)
{
  return rfc1071_host_order(rfc1071_sum(p, len, 0));
}

/* ---- What is tested ------------------------------------------------- */

struct subject {
  const char *name;
  uint16_t (*chksum)(const void *data, int len);
  uint16_t (*chksum_copy)(void *dst, const void *src, uint16_t len); /* or NULL */
  int lwip; /* lwIP's algorithms: limited to 64 KiB of data */
};

static struct subject subjects[32];
static size_t n_subjects;
static unsigned long long bytes_summed, bytes_copied;
/* The one subject the cases run on, by name (-i PATH, or a failed case run
 * again on each path alone); NULL: every subject. */
static const char *only_subject;

static void
add_subject(const char *name, uint16_t (*chksum)(const void *, int),
            uint16_t (*chksum_copy)(void *, const void *, uint16_t), int lwip)
{
  if (only_subject != NULL && strcmp(name, only_subject) != 0) {
    return;
  }
  EXPECT(n_subjects < sizeof(subjects) / sizeof(subjects[0]), "too many paths");
  subjects[n_subjects].name = name;
  subjects[n_subjects].chksum = chksum;
  subjects[n_subjects].chksum_copy = chksum_copy;
  subjects[n_subjects].lwip = lwip;
  n_subjects++;
}

static void
collect_subjects(void)
{
  const struct fastsum_impl *impls;
  size_t n = fastsum_impls(&impls), i;

  n_subjects = 0;
  for (i = 0; i < n; i++) {
    add_subject(impls[i].name, impls[i].chksum, impls[i].chksum_copy, 0);
  }
  add_subject("fastsum_chksum", fastsum_chksum, fastsum_chksum_copy, 0);
#ifndef FASTSUM_TEST_WITHOUT_LWIP
  add_subject("lwip-alg1", lwip_standard_chksum_alg1, NULL, 1);
  add_subject("lwip-alg2", lwip_standard_chksum_alg2, NULL, 1);
  add_subject("lwip-alg3", lwip_standard_chksum_alg3, NULL, 1);
#endif
}

/* ---- Data ----------------------------------------------------------- */

enum pattern { RANDOM, ZEROS, ONES, CARRY_RUNS, CARRY_EDGES };
static const char *const pattern_names[] = {"random", "0x00", "0xff", "carry-runs", "carry-edge words"};

/* each case starts from the seed (run_case): the same data whichever
 * cases ran before it, as in Check's forked runs */
#define RNG_SEED 0x12345678u
static uint32_t rng_state = RNG_SEED;

static uint32_t
rng(void)
{
  /* xorshift32: repeatable on every target */
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 17;
  rng_state ^= rng_state << 5;
  return rng_state;
}

/* Data whose sums need every end-around carry of the fold: the 16-bit
 * words next to the carries (0x0000, 0x0001, 0x7fff, 0x8000, 0xfffe and
 * mostly 0xffff), so that the paths' 64-bit sums land on and next to
 * multiples of 2^16, 2^32 and 2^64 - 1 and the fold meets intermediates
 * such as 0x10000. */
static void
fill_carry_edges(uint8_t *p, size_t n)
{
  static const uint16_t words[] = {0x0000, 0x0001, 0x7fff, 0x8000, 0xfffe,
                                   0xffff, 0xffff, 0xffff, 0xffff, 0xffff};
  size_t i;
  for (i = 0; i + 1 < n; i += 2) {
    uint16_t w = words[rng() % (sizeof(words) / sizeof(words[0]))];
    p[i] = (uint8_t)(w >> 8);
    p[i + 1] = (uint8_t)w;
  }
  if (n & 1) {
    p[n - 1] = (rng() & 1) ? 0xff : 0x01;
  }
}

static void
fill(uint8_t *p, size_t n, enum pattern pattern)
{
  size_t i;
  if (pattern == CARRY_EDGES) {
    fill_carry_edges(p, n);
    return;
  }
  for (i = 0; i < n; i++) {
    switch (pattern) {
      case RANDOM:
        p[i] = (uint8_t)rng();
        break;
      case ZEROS:
        p[i] = 0;
        break;
      case ONES:
        p[i] = 0xff;
        break;
      case CARRY_RUNS:
        /* long runs of 0xff broken by a few other bytes: every partial sum
         * sits next to a carry, in every word and vector lane position */
        p[i] = (rng() % 61 == 0) ? (uint8_t)rng() : 0xff;
        break;
      case CARRY_EDGES:
        break; /* whole words: above */
    }
  }
}

/* The buffers a case holds, freed also when a failed check ended the case
 * before its own free calls (run_case: without fork the next case runs in
 * the same process): the x86_64 image's heap is reused only once every
 * block is freed, and the failed case runs again on each path. */
static void *case_buffers[4];
static size_t n_case_buffers;

static void *
case_buffer(void *p, size_t n)
{
  EXPECT(p != NULL, "out of memory (%lu bytes)", (unsigned long)n);
  if (n_case_buffers == sizeof(case_buffers) / sizeof(case_buffers[0])) {
    free(p);
    EXPECT(0, "more than %lu buffers in one case", (unsigned long)n_case_buffers);
  }
  case_buffers[n_case_buffers++] = p;
  return p;
}

static void *
xmalloc(size_t n)
{
  return case_buffer(malloc(n), n);
}

static void
xfree(void *p)
{
  size_t i;
  for (i = 0; i < n_case_buffers && case_buffers[i] != p; i++) {
  }
  if (i < n_case_buffers) {
    case_buffers[i] = case_buffers[--n_case_buffers];
  }
  free(p);
}

/* ---- Checksums: every length, every start offset --------------------- */

#ifdef FASTSUM_TEST_MCU
#define MAX_OFFSET 8
/* the longest copy */
#define COPY_MAX 2048
#else
#define MAX_OFFSET 64
#define COPY_MAX 65535
#endif
#define ALL_LENGTHS 2048

/* Checks every subject on buf + offset for each length 0..max_len that
 * wanted() accepts; the reference grows one word at a time. */
static void
check_lengths(const uint8_t *buf, size_t offset, size_t max_len,
              int (*wanted)(size_t len), enum pattern pattern)
{
  const uint8_t *data = buf + offset;
  uint16_t words = 0; /* the reference's sum of the whole words before len */
  size_t len, s;

  for (len = 0; len <= max_len; len++) {
    if (wanted(len)) {
      uint16_t expected =
        rfc1071_host_order((len & 1) ? rfc1071_sum(data + len - 1, 1, words) : words);
      for (s = 0; s < n_subjects; s++) {
        uint16_t got = subjects[s].chksum(data, (int)len);
        EXPECT(got == expected, "%s: length %lu, offset %lu, %s data: 0x%04x, expected 0x%04x",
               subjects[s].name, (unsigned long)len, (unsigned long)offset,
               pattern_names[pattern], got, expected);
        bytes_summed += len;
      }
    }
    if ((len & 1) && len < max_len) {
      words = rfc1071_sum(data + len - 1, 2, words);
    }
  }
}

static int
every_length(size_t len)
{
  (void)len;
  return 1;
}

/* short ones, IP/TCP header sizes, around an MTU and a spread in between */
static int
some_lengths(size_t len)
{
  return len <= 96 || len % 29 == 0 || (len >= 1496 && len <= 1504) || len >= 2040;
}

#ifdef FASTSUM_TEST_LONG_DATA
static int
long_lengths(size_t len)
{
  static const size_t lengths[] = {2049, 4095, 4096, 4097, 9000, 16383, 32768,
                                   65533, 65534, 65535};
  size_t i;
  for (i = 0; i < sizeof(lengths) / sizeof(lengths[0]); i++) {
    if (len == lengths[i]) {
      return 1;
    }
  }
  return 0;
}
#endif /* FASTSUM_TEST_LONG_DATA */

static void
report(const char *what)
{
  printf("%s: %lu paths, %llu bytes summed, %llu bytes copied\n", what,
         (unsigned long)n_subjects, bytes_summed, bytes_copied);
  bytes_summed = bytes_copied = 0;
}

static void
test_every_length_offset(void)
{
  uint8_t *buf = (uint8_t *)xmalloc(MAX_OFFSET + ALL_LENGTHS);
  size_t offset;
  fill(buf, MAX_OFFSET + ALL_LENGTHS, RANDOM);
  for (offset = 0; offset < MAX_OFFSET; offset++) {
    check_lengths(buf, offset, ALL_LENGTHS, every_length, RANDOM);
  }
  xfree(buf);
  report("random data, every length 0..2048 x every offset");
}

static void
test_patterns(void)
{
  uint8_t *buf = (uint8_t *)xmalloc(MAX_OFFSET + ALL_LENGTHS);
  enum pattern pattern;
  size_t offset;
  for (pattern = ZEROS; pattern <= CARRY_RUNS; pattern++) {
    fill(buf, MAX_OFFSET + ALL_LENGTHS, pattern);
    for (offset = 0; offset < MAX_OFFSET; offset++) {
      check_lengths(buf, offset, ALL_LENGTHS, some_lengths, pattern);
    }
  }
  xfree(buf);
  report("0x00, 0xff, carry-run data, some lengths 0..2048 x every offset");
}

#ifdef FASTSUM_TEST_LONG_DATA
static void
test_long(void)
{
  uint8_t *buf = (uint8_t *)xmalloc(MAX_OFFSET + 65535);
  size_t offset;
  fill(buf, MAX_OFFSET + 65535, RANDOM);
  for (offset = 0; offset < MAX_OFFSET; offset++) {
    check_lengths(buf, offset, 65535, long_lengths, RANDOM);
  }
  fill(buf, MAX_OFFSET + 65535, CARRY_RUNS);
  for (offset = 0; offset < 8; offset++) {
    check_lengths(buf, offset, 65535, long_lengths, CARRY_RUNS);
  }
  xfree(buf);
  report("lengths 2049..65535, random x every offset, carry runs x 0..7");
}
#endif /* FASTSUM_TEST_LONG_DATA */

static void
test_nonpositive_length(void)
{
  static const uint8_t data[4] = {1, 2, 3, 4};
  static const int lengths[] = {0, -1, -2, INT_MIN};
  size_t s, i;
  for (s = 0; s < n_subjects; s++) {
    for (i = 0; i < sizeof(lengths) / sizeof(lengths[0]); i++) {
      uint16_t got = subjects[s].chksum(data, lengths[i]);
      EXPECT(got == 0, "%s: length %d gives 0x%04x, expected 0", subjects[s].name,
             lengths[i], got);
    }
  }
  report("lengths <= 0");
}

#ifdef FASTSUM_TEST_LONG_DATA
/* The accumulators: 64 MiB of 0xff sums to 0xffff (and a fold bug or a lost
 * carry shows), at an even and an odd start. lwIP's algorithms stop at
 * 64 KiB. See the bound argued in src/fastsum_portable.c. */
static void
test_64mib_of_ones(void)
{
  const size_t len = (size_t)64 << 20;
  uint8_t *buf = (uint8_t *)xmalloc(len + 1);
  size_t s, offset;
  memset(buf, 0xff, len + 1);
  for (s = 0; s < n_subjects; s++) {
    if (subjects[s].lwip) {
      continue;
    }
    for (offset = 0; offset < 2; offset++) {
      uint16_t got = subjects[s].chksum(buf + offset, (int)len);
      EXPECT(got == 0xffff, "%s: 64 MiB of 0xff at offset %lu: 0x%04x, expected 0xffff",
             subjects[s].name, (unsigned long)offset, got);
      bytes_summed += len;
    }
  }
  xfree(buf);
  report("64 MiB of 0xff");
}
#endif /* FASTSUM_TEST_LONG_DATA */

/* ---- Copy with checksum: independent source and destination offsets --- */

#define GUARD 64
#define GUARD_BYTE 0xa5

/* dst_area holds GUARD + MAX_OFFSET + len + GUARD bytes */
static void
check_copy(const struct subject *sub, uint8_t *dst_area, const uint8_t *src_buf,
           size_t src_offset, size_t dst_offset, size_t len, const char *what)
{
  const uint8_t *src = src_buf + src_offset;
  uint8_t *dst = dst_area + GUARD + dst_offset;
  size_t area = GUARD + dst_offset + len + GUARD, i;
  uint16_t expected = ref_chksum(src, len), got;

  memset(dst_area, GUARD_BYTE, area);
  got = sub->chksum_copy(dst, src, (uint16_t)len);
  EXPECT(got == expected, "%s copy: length %lu, src offset %lu, dst offset %lu, %s: 0x%04x, expected 0x%04x",
         sub->name, (unsigned long)len, (unsigned long)src_offset,
         (unsigned long)dst_offset, what, got, expected);
  EXPECT(memcmp(dst, src, len) == 0, "%s copy: length %lu, src offset %lu, dst offset %lu: data differs",
         sub->name, (unsigned long)len, (unsigned long)src_offset, (unsigned long)dst_offset);
  for (i = 0; i < area; i++) {
    if (i == GUARD + dst_offset) {
      i += len; /* skip the copy itself; GUARD bytes follow it */
    }
    EXPECT(dst_area[i] == GUARD_BYTE, "%s copy: length %lu, src offset %lu, dst offset %lu: wrote byte %ld outside",
           sub->name, (unsigned long)len, (unsigned long)src_offset,
           (unsigned long)dst_offset, (long)i - (long)(GUARD + dst_offset));
  }
  bytes_copied += len;
}

static void
test_copy(void)
{
#ifdef FASTSUM_TEST_MCU
  static const size_t long_lengths_copy[] = {1500, 2048};
  static const size_t long_offsets[][2] = {{0, 0}, {0, 2}, {2, 0}, {1, 3}, {3, 1}, {7, 6}};
#else
  static const size_t long_lengths_copy[] = {1500, 4096, 9000, 65535};
  static const size_t long_offsets[][2] = {{0, 0}, {0, 2}, {2, 0}, {1, 3}, {3, 1}, {63, 62}};
#endif
  const size_t max = COPY_MAX;
  uint8_t *src_buf = (uint8_t *)xmalloc(MAX_OFFSET + max);
  uint8_t *dst_area = (uint8_t *)xmalloc(GUARD + MAX_OFFSET + max + GUARD);
  size_t s, so, d, len, i, j;
  enum pattern pattern;

  for (s = 0; s < n_subjects; s++) {
    const struct subject *sub = &subjects[s];
    if (sub->chksum_copy == NULL) {
      continue;
    }
    for (pattern = RANDOM; pattern <= CARRY_RUNS; pattern++) {
      fill(src_buf, MAX_OFFSET + max, pattern);
      /* every short length at every pair of alignments mod 8 */
      for (so = 0; so < 8; so++) {
        for (d = 0; d < 8; d++) {
          for (len = 0; len <= (pattern == RANDOM ? 256u : 64u); len++) {
            check_copy(sub, dst_area, src_buf, so, d, len, pattern_names[pattern]);
          }
        }
      }
    }
    fill(src_buf, MAX_OFFSET + max, RANDOM);
    /* random lengths up to 2048 at random offsets */
    for (i = 0; i < 1500; i++) {
      so = rng() % MAX_OFFSET;
      d = rng() % MAX_OFFSET;
      len = rng() % (ALL_LENGTHS + 1);
      check_copy(sub, dst_area, src_buf, so, d, len, "random");
    }
    for (i = 0; i < sizeof(long_lengths_copy) / sizeof(long_lengths_copy[0]); i++) {
      for (j = 0; j < sizeof(long_offsets) / sizeof(long_offsets[0]); j++) {
        check_copy(sub, dst_area, src_buf, long_offsets[j][0], long_offsets[j][1],
                   long_lengths_copy[i], "random");
      }
    }
  }
  xfree(src_buf);
  xfree(dst_area);
  report("copy: src x dst offsets 0..7 x lengths 0..256, random up to 2048, long");
}

#ifndef FASTSUM_TEST_MCU
/* ---- Nothing outside the data is read ------------------------------- */

/* Pages around a readable window: a read before window or at window + size
 * faults. */
struct fenced {
  uint8_t *map, *window;
  size_t size, page;
};

static void
fence_open(struct fenced *f, size_t size)
{
  void *map;
  f->page = (size_t)sysconf(_SC_PAGESIZE);
  f->size = (size + f->page - 1) / f->page * f->page;
  map = mmap(NULL, f->size + 2 * f->page, PROT_READ | PROT_WRITE,
             MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  EXPECT(map != MAP_FAILED, "mmap failed");
  f->map = (uint8_t *)map;
  f->window = f->map + f->page;
  EXPECT(mprotect(f->map, f->page, PROT_NONE) == 0, "mprotect failed");
  EXPECT(mprotect(f->window + f->size, f->page, PROT_NONE) == 0, "mprotect failed");
}

static void
fence_close(struct fenced *f)
{
  munmap(f->map, f->size + 2 * f->page);
}

/* Every subject on data (and copying it to dst), which lie where a read
 * or write outside them is caught. */
static void
check_bounded(const uint8_t *data, uint8_t *dst, size_t len, const char *where)
{
  uint16_t expected = ref_chksum(data, len), got;
  size_t s;
  for (s = 0; s < n_subjects; s++) {
    got = subjects[s].chksum(data, (int)len);
    EXPECT(got == expected, "%s: length %lu %s: 0x%04x, expected 0x%04x",
           subjects[s].name, (unsigned long)len, where, got, expected);
    bytes_summed += len;
    if (subjects[s].chksum_copy != NULL) {
      got = subjects[s].chksum_copy(dst, data, (uint16_t)len);
      EXPECT(got == expected && memcmp(dst, data, len) == 0,
             "%s: copy length %lu %s: 0x%04x, expected 0x%04x",
             subjects[s].name, (unsigned long)len, where, got, expected);
      bytes_copied += len;
    }
  }
}

static void
test_no_reads_outside(void)
{
  struct fenced a, b;
  size_t len, offset;
  fence_open(&a, ALL_LENGTHS);
  fence_open(&b, ALL_LENGTHS);
  fill(a.window, a.size, RANDOM);
  for (len = 0; len <= ALL_LENGTHS; len++) {
    /* ending at an unreadable page (every start alignment occurs over the
     * lengths), then starting right after one */
    check_bounded(a.window + a.size - len, b.window + b.size - len, len, "against a page's end");
    check_bounded(a.window, b.window, len, "against a page's start");
    /* Aligned word reads past the end never cross a page: ending exactly
     * where a heap block ends, at every alignment mod 16, lets the
     * sanitizer build (ASan) see them too. */
    for (offset = 0; offset < 16; offset++) {
      /* the destination at another alignment, varied with the length */
      size_t dst_offset = (offset * 5 + len) % 16;
      uint8_t *src = (uint8_t *)xmalloc(offset + len > 0 ? offset + len : 1);
      uint8_t *dst = (uint8_t *)xmalloc(dst_offset + len > 0 ? dst_offset + len : 1);
      memcpy(src + offset, a.window, len);
      check_bounded(src + offset, dst + dst_offset, len, "at a heap block's end");
      xfree(src);
      xfree(dst);
    }
  }
  fence_close(&a);
  fence_close(&b);
  report("data against unreadable pages and heap block ends, lengths 0..2048");
}
#endif /* FASTSUM_TEST_MCU */

/* fastsum_fold64 against the definition: the sum modulo 0xffff, with 0xffff
 * for a nonzero multiple. */
static void
test_fold(void)
{
  static const uint64_t edges[] = {0, 1, 0xfffe, 0xffff, 0x10000, 0x10001, 0x1fffe,
                                   0x1ffff, 0xfffeffff, 0xffff0000, 0xffffffff,
                                   0x100000000ull, 0xffff00000000ull, 0xfffffffeffffffffull,
                                   0xffffffffffffffffull, 0x8000000000000000ull,
                                   0x00010000ffffffffull};
  uint64_t x;
  size_t i;
  for (i = 0; i < sizeof(edges) / sizeof(edges[0]) + 100000; i++) {
    uint16_t expected, got;
    x = i < sizeof(edges) / sizeof(edges[0]) ? edges[i] : ((uint64_t)rng() << 32 | rng()) >> (rng() % 64);
    expected = x == 0 ? 0 : (x % 0xffff == 0 ? 0xffff : (uint16_t)(x % 0xffff));
    got = fastsum_fold64(x);
    EXPECT(got == expected, "fastsum_fold64(0x%llx) = 0x%04x, expected 0x%04x",
           (unsigned long long)x, got, expected);
  }
  report("fastsum_fold64, edges and 100000 random sums");
}

/* ---- Lane bounds of the vector paths -------------------------------- */

/* A vector path sums at most batch_bytes, from an address aligned to align,
 * in 32-bit lanes before it widens them (fastsum_private.h): a limit one
 * round too high overflows a lane only when the data drives every lane the
 * whole way. So each path is run at its own limit, read from its
 * constants: one and two whole batches, with the head before the aligned
 * start and a tail after the last partial round, from an aligned buffer;
 * every lane moving down (all 0x00: -65536 a step), up (all 0xff: +65534),
 * and lanes moving apart (0x00 and 0xff 32-bit words in turn). */
enum lane_pattern { LANES_DOWN, LANES_UP, LANES_APART };
static const char *const lane_pattern_names[] = {"all 0x00", "all 0xff", "0x00/0xff words"};

static void
fill_lanes(uint8_t *p, size_t n, enum lane_pattern pattern)
{
  size_t i;
  for (i = 0; i < n; i++) {
    p[i] = (pattern == LANES_UP || (pattern == LANES_APART && (i & 4))) ? 0xff : 0x00;
  }
}

/* The subjects tested at impl's limit: impl itself and fastsum_chksum. */
static int
at_lane_bound(const struct fastsum_impl *impl, const struct subject *sub)
{
  return sub->chksum == impl->chksum || sub->chksum == fastsum_chksum;
}

/* The lengths from each offset grow, so the reference continues its sum
 * of the whole words (as check_lengths does) rather than summing megabytes
 * again for each. */
static void
check_lane_bound(const struct fastsum_impl *impl, const uint8_t *buf, enum lane_pattern pattern)
{
  const size_t batch = impl->batch_bytes, align = impl->align;
  const size_t offsets[] = {0, 1, 2, align - 1};
  const size_t tails[] = {0, 1, align - 1};
  size_t o, batches, t, s;

  for (o = 0; o < sizeof(offsets) / sizeof(offsets[0]); o++) {
    size_t head = (align - offsets[o]) & (align - 1);
    const uint8_t *data = buf + offsets[o];
    uint16_t words = 0; /* the reference's sum of the whole words before summed */
    size_t summed = 0;
    for (batches = 1; batches <= 2; batches++) {
      for (t = 0; t < sizeof(tails) / sizeof(tails[0]); t++) {
        size_t len = head + batches * batch + tails[t];
        uint16_t expected;
        words = rfc1071_sum(data + summed, (len & ~(size_t)1) - summed, words);
        summed = len & ~(size_t)1;
        expected = rfc1071_host_order((len & 1) ? rfc1071_sum(data + len - 1, 1, words) : words);
        for (s = 0; s < n_subjects; s++) {
          uint16_t got;
          if (!at_lane_bound(impl, &subjects[s])) {
            continue;
          }
          got = subjects[s].chksum(data, (int)len);
          EXPECT(got == expected,
                 "%s: lane bound of %s: %lu bytes (%lu before the aligned start, %lu x %lu, %lu after) "
                 "at offset %lu, %s: 0x%04x, expected 0x%04x",
                 subjects[s].name, impl->name, (unsigned long)len, (unsigned long)head,
                 (unsigned long)batches, (unsigned long)batch, (unsigned long)tails[t],
                 (unsigned long)offsets[o], lane_pattern_names[pattern], got, expected);
          bytes_summed += len;
        }
      }
    }
  }
}

static void
test_lane_bounds(void)
{
  const struct fastsum_impl *impls;
  size_t n = fastsum_impls(&impls), i, s, bounded = 0;
  enum lane_pattern pattern;

  for (i = 0; i < n; i++) {
    const struct fastsum_impl *impl = &impls[i];
    size_t size;
    void *buf;
    for (s = 0; s < n_subjects && !at_lane_bound(impl, &subjects[s]); s++) {
    }
    if (impl->batch_bytes == 0 || s == n_subjects) {
      continue;
    }
    EXPECT(impl->align > 2 && (impl->align & (impl->align - 1)) == 0, "%s: alignment %lu",
           impl->name, (unsigned long)impl->align);
    size = 2 * impl->batch_bytes + 2 * impl->align;
    if (posix_memalign(&buf, impl->align, size) != 0) {
      buf = NULL;
    }
    case_buffer(buf, size);
    for (pattern = LANES_DOWN; pattern <= LANES_APART; pattern++) {
      fill_lanes((uint8_t *)buf, size, pattern);
      check_lane_bound(impl, (const uint8_t *)buf, pattern);
    }
    xfree(buf);
    bounded++;
  }
  printf("lane bounds: %lu vector paths at their limits\n", (unsigned long)bounded);
  report("lane bounds: one and two batches, 0x00, 0xff and mixed");
}

/* ---- The fold's edges, reached through data -------------------------- */

/* The fold's edges reached through data (fill_carry_edges): short lengths
 * (one fold of few words), lengths at the vector paths' threshold and a few
 * longer ones, at offsets 0..7. */
static int
fold_edge_lengths(size_t len)
{
  return len <= 72 || (len >= 380 && len <= 392) || len == 1500 || len == 4096;
}

static void
test_fold_edges_data(void)
{
  uint8_t *buf = (uint8_t *)xmalloc(MAX_OFFSET + 4096);
  size_t round, offset;
  for (round = 0; round < 400; round++) {
    fill(buf, MAX_OFFSET + 4096, CARRY_EDGES);
    for (offset = 0; offset < 8; offset++) {
      check_lengths(buf, offset, 4096, fold_edge_lengths, CARRY_EDGES);
    }
  }
  xfree(buf);
  report("fold edges: carry-edge words, 400 buffers x offsets 0..7");
}

/* ---- Which paths the build has ---------------------------------------- */

/* The paths this CPU runs in table order, each with " (+copy)" where it
 * has a fused copy, into names; 0 if they do not fit. */
static int
path_names(char *names, size_t size)
{
  const struct fastsum_impl *impls;
  size_t n = fastsum_impls(&impls), i, used = 0;
  names[0] = '\0';
  for (i = 0; i < n; i++) {
    used += (size_t)snprintf(names + used, size - used, "%s%s%s", i > 0 ? " " : "", impls[i].name,
                             impls[i].chksum_copy != NULL ? " (+copy)" : "");
    if (used >= size) {
      return 0;
    }
  }
  return 1;
}

/* A build that restricts the paths (-mgeneral-regs-only,
 * -DFASTSUM_PORTABLE_ONLY) or runs on one CPU (bare metal) names the ones
 * it must test, as path_names() writes them:
 * -DFASTSUM_TEST_PATHS='"portable (+copy) adc (+copy)"'. */
static void
test_paths(void)
{
#ifdef FASTSUM_TEST_PATHS
  char names[256];
  EXPECT(path_names(names, sizeof(names)), "too many paths");
  EXPECT(strcmp(names, FASTSUM_TEST_PATHS) == 0, "the build has the paths \"%s\", expected \"%s\"",
         names, FASTSUM_TEST_PATHS);
  printf("paths: \"%s\" as expected\n", names);
#endif
}

/* ---- Runner ----------------------------------------------------------- */

static const struct {
  const char *name;
  void (*run)(void);
} cases[] = {
  {"every length and offset", test_every_length_offset},
  {"data patterns", test_patterns},
#ifdef FASTSUM_TEST_LONG_DATA
  {"long lengths", test_long},
#endif
  {"lengths <= 0", test_nonpositive_length},
#ifdef FASTSUM_TEST_LONG_DATA
  {"64 MiB of 0xff", test_64mib_of_ones},
#endif
  {"copy", test_copy},
#ifndef FASTSUM_TEST_MCU
  {"no reads outside", test_no_reads_outside},
#endif
  {"fold", test_fold},
  {"lane bounds", test_lane_bounds},
  {"fold edges in data", test_fold_edges_data},
  {"paths", test_paths},
};
#define N_CASES (sizeof(cases) / sizeof(cases[0]))

/* (no EXPECT here: Check allows assertions only inside tests) */
static void
list_paths(void)
{
  const struct fastsum_impl *impls;
  size_t n = fastsum_impls_all(&impls), i;
  char names[256];
  printf("fastsum paths on this CPU: %s\n", path_names(names, sizeof(names)) ? names : "(too many)");
  for (i = 0; i < n; i++) {
    if (impls[i].usable != NULL && !impls[i].usable()) {
      printf("fastsum path %s: built, not run (this CPU lacks it)\n", impls[i].name);
    }
  }
  fflush(stdout);
}

/* Reads -i PATH (returns 1); on anything else, or a path this CPU does not
 * run, a line on stderr and 0. */
static int
read_arguments(int argc, char **argv)
{
  const struct fastsum_impl *impls;
  size_t n = fastsum_impls(&impls), i;
#ifdef FASTSUM_TEST_MCU
  /* bare metal: no command line (qemu's semihosting passes the image's
   * name) */
  argc = 1;
#endif
  if (argc <= 1) {
    return 1;
  }
  if (argc != 3 || strcmp(argv[1], "-i") != 0) {
    fprintf(stderr, "usage: %s [-i PATH]\n", argv[0]);
    return 0;
  }
  for (i = 0; i < n; i++) {
    if (strcmp(impls[i].name, argv[2]) == 0) {
      only_subject = impls[i].name;
      printf("testing the path %s alone\n", only_subject);
      return 1;
    }
  }
  fprintf(stderr, "%s: no path \"%s\" that runs on this CPU in this build (see fastsum paths)\n",
          argv[0], argv[2]);
  return 0;
}

static void
free_case_buffers(void)
{
  while (n_case_buffers > 0) {
    free(case_buffers[--n_case_buffers]);
  }
}

static void
run_case(size_t i)
{
  free_case_buffers();
  rng_state = RNG_SEED;
  collect_subjects();
  cases[i].run();
  fflush(stdout);
}

START_TEST(test_case)
{
  run_case((size_t)_i);
}
END_TEST

/* Runs case i on the subjects (every one, or only_subject) as a Check
 * test of its own: 1 if it passed. */
static int
case_passes(size_t i)
{
  Suite *suite = suite_create("fastsum");
  TCase *tc = tcase_create(cases[i].name);
  /* a hang guard only: emulators are slow */
  tcase_set_timeout(tc, 600);
  tcase_add_loop_test(tc, test_case, (int)i, (int)i + 1);
  suite_add_tcase(suite, tc);
  return check_run(CK_FORK_GETENV, &suite, 1) == EXIT_SUCCESS;
}

int
main(int argc, char **argv)
{
  const char *names[sizeof(subjects) / sizeof(subjects[0])];
  int passed[N_CASES];
  unsigned long failed = 0, path_passed;
  size_t i, p, n_names;
  list_paths();
  if (!read_arguments(argc, argv)) {
    return EXIT_FAILURE;
  }
  for (i = 0; i < N_CASES; i++) {
    passed[i] = case_passes(i);
    if (!passed[i]) {
      printf("%s: FAILED\n", cases[i].name);
      failed++;
    }
  }
  /* every subject: the cases collect them in their own process */
  collect_subjects();
  n_names = n_subjects;
  for (p = 0; p < n_names; p++) {
    names[p] = subjects[p].name;
  }
  for (p = 0; p < n_names; p++) {
    only_subject = names[p];
    path_passed = 0;
    for (i = 0; i < N_CASES; i++) {
      path_passed += passed[i] || case_passes(i);
    }
    printf("%s: %lu passed, %lu failed\n", names[p], path_passed, (unsigned long)N_CASES - path_passed);
  }
  printf("fastsum tests: %lu passed, %lu failed\n", (unsigned long)N_CASES - failed, failed);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
