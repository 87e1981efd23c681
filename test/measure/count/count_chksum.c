/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * make count: calls one checksum function CALLS times on LEN bytes at
 * OFFSET (the copy functions: from source OFFSET to destination DST_OFFSET,
 * 0 when not given). Run under qemu-user or qemu-system with one log line
 * per executed instruction; test/measure/count/count.sh takes the difference of
 * CALLS and 2 * CALLS runs, so start-up costs cancel out; cycles.sh and
 * limits.sh count each call from its first instruction to its return.
 * --grid makes every call of a table in one run: each function of the
 * comma-separated FUNCTIONS, at each of OFFSETS, at each of LENS, CALLS
 * times (copies to a word-aligned destination).
 *
 *   count_chksum FUNCTION LEN OFFSET CALLS [DST_OFFSET]
 *   count_chksum --grid FUNCTIONS LENS OFFSETS CALLS
 *   count_chksum --list
 */
#include "fastsum_private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* lwIP's inet_chksum.c built with LWIP_CHKSUM_ALGORITHM 2 and 3, symbols
 * renamed (a program's NAME_LWIP_ALGS, mk/programs.mk). */
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
#ifdef FASTSUM_HAVE_XTENSA
MEMCPY_THEN(xtensa)
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
#ifdef FASTSUM_HAVE_XTENSA
  {"copy-memcpy-xtensa", NULL, memcpy_then_xtensa},
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

/* The most items of a --grid list. */
#define MAX_ITEMS 16

/* Splits a comma-separated list in place into items; returns how many, or
 * -1 for an empty item or more than MAX_ITEMS. */
static int
split_list(char *list, char **items)
{
  int n = 0;
  for (;;) {
    char *comma = strchr(list, ',');
    if (n == MAX_ITEMS || *list == '\0' || comma == list) {
      return -1;
    }
    items[n++] = list;
    if (comma == NULL) {
      return n;
    }
    *comma = '\0';
    list = comma + 1;
  }
}

int
main(int argc, char **argv)
{
  struct count_function functions[MAX_ITEMS];
  long lens[MAX_ITEMS], offsets[MAX_ITEMS];
  char *names[MAX_ITEMS], *len_args[MAX_ITEMS], *offset_args[MAX_ITEMS];
  uint8_t *src = (uint8_t *)src_words;
  long calls, dst_offset = 0, i;
  int n_functions, n_lens, n_offsets, f, l, o, bad;
  unsigned sum = 0;

  if (argc == 2 && strcmp(argv[1], "--list") == 0) {
    list_or_find(0, NULL, NULL);
    list_or_find(1, NULL, NULL);
    return 0;
  }
  if (argc == 6 && strcmp(argv[1], "--grid") == 0) {
    n_functions = split_list(argv[2], names);
    n_lens = split_list(argv[3], len_args);
    n_offsets = split_list(argv[4], offset_args);
    calls = parse_count(argv[5], 1000000);
  } else if ((argc == 5 || argc == 6) && argv[1][0] != '-') {
    names[0] = argv[1];
    len_args[0] = argv[2];
    offset_args[0] = argv[3];
    n_functions = n_lens = n_offsets = 1;
    calls = parse_count(argv[4], 1000000);
    if (argc == 6) {
      dst_offset = parse_count(argv[5], MAX_OFFSET);
    }
  } else {
    fprintf(stderr, "usage: count_chksum FUNCTION LEN OFFSET CALLS [DST_OFFSET] | "
            "--grid FUNCTIONS LENS OFFSETS CALLS | --list\n");
    return 2;
  }
  bad = n_functions < 0 || n_lens < 0 || n_offsets < 0 || calls < 0 || dst_offset < 0;
  for (f = 0; f < n_functions && !bad; f++) {
    bad = !list_or_find(0, names[f], &functions[f]) && !list_or_find(1, names[f], &functions[f]);
  }
  for (l = 0; l < n_lens && !bad; l++) {
    lens[l] = parse_count(len_args[l], MAX_LEN);
    bad = lens[l] < 0;
  }
  for (o = 0; o < n_offsets && !bad; o++) {
    offsets[o] = parse_count(offset_args[o], MAX_OFFSET);
    bad = offsets[o] < 0;
  }
  if (bad) {
    fprintf(stderr, "error: bad argument (functions from --list, LEN 0..%d, "
            "OFFSET and DST_OFFSET 0..%d, CALLS 0..1000000, at most %d items a list)\n",
            MAX_LEN, MAX_OFFSET, MAX_ITEMS);
    return 2;
  }
  for (i = 0; i < MAX_LEN + MAX_OFFSET; i++) {
    src[i] = (uint8_t)(i * 131 + 7);
  }
  /* Through volatile pointers: every call is made, nothing is inlined. The
   * calls stay in main, where cycles.sh and limits.sh find their sites. */
  for (f = 0; f < n_functions; f++) {
    for (o = 0; o < n_offsets; o++) {
      for (l = 0; l < n_lens; l++) {
        if (functions[f].chksum != NULL) {
          uint16_t (*volatile fn)(const void *, int) = functions[f].chksum;
          for (i = 0; i < calls; i++) {
            sum += fn(src + offsets[o], (int)lens[l]);
          }
        } else {
          uint16_t (*volatile fn)(void *, const void *, uint16_t) = functions[f].chksum_copy;
          for (i = 0; i < calls; i++) {
            sum += fn((uint8_t *)dst_words + dst_offset, src + offsets[o], (uint16_t)lens[l]);
          }
        }
      }
    }
  }
  /* the sums are used, so no call can be dropped */
  return sum == 1 ? 3 : 0;
}
