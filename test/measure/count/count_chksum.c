/*
 * make count: calls one checksum function CALLS times on LEN bytes at
 * OFFSET (the copy functions: from source OFFSET to destination DST_OFFSET,
 * 0 when not given). Run under qemu-user or qemu-system with one log line
 * per executed instruction; test/measure/count/count.sh and cycles.sh take the
 * difference of CALLS and 2 * CALLS runs, so start-up costs cancel out.
 *
 *   count_chksum FUNCTION LEN OFFSET CALLS [DST_OFFSET]
 *   count_chksum --list
 */
#include "fastsum_private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* lwIP's inet_chksum.c built with LWIP_CHKSUM_ALGORITHM 2 and 3, symbols
 * renamed (a program's NAME_LWIP_ALGS, test/product/fastsum/Dir.mk). */
uint16_t lwip_standard_chksum_alg2(const void *dataptr, int len);
uint16_t lwip_standard_chksum_alg3(const void *dataptr, int len);
uint16_t lwip_chksum_copy_alg2(void *dst, const void *src, uint16_t len);
uint16_t lwip_chksum_copy_alg3(void *dst, const void *src, uint16_t len);

/* The C library's memcpy, then a path's sum of the copy: what a fused copy
 * has to beat (copy-memcpy-<path>). */
#define MEMCPY_THEN(path) \
  static uint16_t \
  memcpy_then_##path(void *dst, const void *src, uint16_t len) \
  { \
    memcpy(dst, src, len); \
    return fastsum_chksum_##path(dst, len); \
  }
#ifdef FASTSUM_HAVE_ARMV7M
MEMCPY_THEN(armv7m)
#endif
#ifdef FASTSUM_HAVE_ARMV6M
MEMCPY_THEN(armv6m)
#endif
#ifdef FASTSUM_HAVE_AARCH64
MEMCPY_THEN(aarch64)
#endif
#ifdef FASTSUM_HAVE_RISCV
MEMCPY_THEN(riscv)
#endif
MEMCPY_THEN(portable)

/* The baselines: the same loops calling functions that do nothing. */
static uint16_t
empty_chksum(const void *data, int len)
{
  (void)data;
  (void)len;
  return 0;
}

static uint16_t
empty_chksum_copy(void *dst, const void *src, uint16_t len)
{
  (void)dst;
  (void)src;
  (void)len;
  return 0;
}

/* The functions by name, listed in this order in the tables: the empty
 * baseline, every fastsum path (fastsum_impls), lwIP's algorithms; then
 * the same for the copies, named copy-<path>. */
struct count_function {
  const char *name;
  uint16_t (*chksum)(const void *data, int len);
  uint16_t (*chksum_copy)(void *dst, const void *src, uint16_t len);
};

static const struct count_function baselines[] = {
  {"empty", empty_chksum, NULL},
  {"copy-empty", NULL, empty_chksum_copy},
};
static const struct count_function lwip_algorithms[] = {
  {"lwip-alg2", lwip_standard_chksum_alg2, NULL},
  {"lwip-alg3", lwip_standard_chksum_alg3, NULL},
  {"copy-lwip-alg2", NULL, lwip_chksum_copy_alg2},
  {"copy-lwip-alg3", NULL, lwip_chksum_copy_alg3},
#ifdef FASTSUM_HAVE_ARMV7M
  {"copy-memcpy-armv7m", NULL, memcpy_then_armv7m},
#endif
#ifdef FASTSUM_HAVE_ARMV6M
  {"copy-memcpy-armv6m", NULL, memcpy_then_armv6m},
#endif
#ifdef FASTSUM_HAVE_AARCH64
  {"copy-memcpy-aarch64", NULL, memcpy_then_aarch64},
#endif
#ifdef FASTSUM_HAVE_RISCV
  {"copy-memcpy-riscv", NULL, memcpy_then_riscv},
#endif
  {"copy-memcpy-portable", NULL, memcpy_then_portable},
  /* what lwIP calls: the build's best fused copy, or memcpy + its best sum */
  {"copy-fastsum", NULL, fastsum_chksum_copy},
};
#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* Prints the names of the sums (copies 0) or the copies (1) in order; if
 * name is not NULL, sets *found to that function instead and returns 1 when
 * there is one (found->name lasts until the next call). */
static int
list_or_find(int copies, const char *name, struct count_function *found)
{
  const struct fastsum_impl *impls;
  size_t n = fastsum_impls(&impls), i;
  static char path_name[64];

  for (i = 0; i < COUNT(baselines) + n + COUNT(lwip_algorithms); i++) {
    struct count_function f;
    if (i < COUNT(baselines)) {
      f = baselines[i];
    } else if (i < COUNT(baselines) + n) {
      const struct fastsum_impl *impl = &impls[i - COUNT(baselines)];
      snprintf(path_name, sizeof(path_name), "%s%s", copies ? "copy-" : "", impl->name);
      f.name = path_name;
      f.chksum = copies ? NULL : impl->chksum;
      f.chksum_copy = copies ? impl->chksum_copy : NULL;
    } else {
      f = lwip_algorithms[i - COUNT(baselines) - n];
    }
    if ((f.chksum == NULL && f.chksum_copy == NULL) || (strncmp(f.name, "copy-", 5) == 0) != copies) {
      continue;
    }
    if (name == NULL) {
      printf("%s\n", f.name);
    } else if (strcmp(name, f.name) == 0) {
      *found = f;
      return 1;
    }
  }
  return 0;
}

#define MAX_LEN 2048
#define MAX_OFFSET 8

static uint32_t src_words[(MAX_LEN + MAX_OFFSET) / 4];
static uint32_t dst_words[(MAX_LEN + MAX_OFFSET) / 4];

/* A whole decimal number in [0, max], or -1. */
static long
parse_count(const char *s, long max)
{
  char *end;
  long v = strtol(s, &end, 10);
  return (*s == '\0' || *end != '\0' || v < 0 || v > max) ? -1 : v;
}

int
main(int argc, char **argv)
{
  const struct count_function *f = NULL;
  struct count_function found;
  uint8_t *src = (uint8_t *)src_words;
  long len, offset, calls, dst_offset = 0, i;
  unsigned sum = 0;

  if (argc == 2 && strcmp(argv[1], "--list") == 0) {
    list_or_find(0, NULL, NULL);
    list_or_find(1, NULL, NULL);
    return 0;
  }
  if (argc != 5 && argc != 6) {
    fprintf(stderr, "usage: count_chksum FUNCTION LEN OFFSET CALLS [DST_OFFSET] | --list\n");
    return 2;
  }
  if (list_or_find(0, argv[1], &found) || list_or_find(1, argv[1], &found)) {
    f = &found;
  }
  len = parse_count(argv[2], MAX_LEN);
  offset = parse_count(argv[3], MAX_OFFSET);
  calls = parse_count(argv[4], 1000000);
  if (argc == 6) {
    dst_offset = parse_count(argv[5], MAX_OFFSET);
  }
  if (f == NULL || len < 0 || offset < 0 || calls < 0 || dst_offset < 0) {
    fprintf(stderr, "error: bad argument (function from --list, LEN 0..%d, "
            "OFFSET and DST_OFFSET 0..%d, CALLS 0..1000000)\n", MAX_LEN, MAX_OFFSET);
    return 2;
  }
  for (i = 0; i < MAX_LEN + MAX_OFFSET; i++) {
    src[i] = (uint8_t)(i * 131 + 7);
  }
  /* through volatile pointers: every call is made, nothing is inlined */
  if (f->chksum != NULL) {
    uint16_t (*volatile fn)(const void *, int) = f->chksum;
    for (i = 0; i < calls; i++) {
      sum += fn(src + offset, (int)len);
    }
  } else {
    uint16_t (*volatile fn)(void *, const void *, uint16_t) = f->chksum_copy;
    for (i = 0; i < calls; i++) {
      sum += fn((uint8_t *)dst_words + dst_offset, src + offset, (uint16_t)len);
    }
  }
  /* the sums are used, so no call can be dropped */
  return sum == 1 ? 3 : 0;
}
