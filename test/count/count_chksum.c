/*
 * make count: calls one checksum function CALLS times on LEN bytes at
 * OFFSET (the copy functions: from source OFFSET to a word-aligned
 * destination). Run under qemu-user with one log line per executed
 * instruction; test/count/count.sh takes the difference of CALLS and
 * 2 * CALLS runs, so start-up costs cancel out.
 *
 *   count_chksum FUNCTION LEN OFFSET CALLS
 *   count_chksum --list
 */
#include "fastsum.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* lwIP's inet_chksum.c built with LWIP_CHKSUM_ALGORITHM 2 and 3, symbols
 * renamed (mk/fastsum.mk, fastsum_lwip_algorithms). */
uint16_t lwip_standard_chksum_alg2(const void *dataptr, int len);
uint16_t lwip_standard_chksum_alg3(const void *dataptr, int len);
uint16_t lwip_chksum_copy_alg2(void *dst, const void *src, uint16_t len);

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

struct count_function {
  const char *name;
  uint16_t (*chksum)(const void *data, int len);
  uint16_t (*chksum_copy)(void *dst, const void *src, uint16_t len);
};

/* Listed in this order in the tables; the empty ones are the baselines. */
static const struct count_function functions[] = {
  {"empty", empty_chksum, NULL},
#ifdef FASTSUM_HAVE_ARMV7M
  {"armv7m", fastsum_chksum_armv7m, NULL},
#endif
#ifdef FASTSUM_HAVE_ARMV6M
  {"armv6m", fastsum_chksum_armv6m, NULL},
#endif
#ifdef FASTSUM_HAVE_AARCH64
  {"aarch64", fastsum_chksum_aarch64, NULL},
#endif
#ifdef FASTSUM_HAVE_RISCV
  {"riscv", fastsum_chksum_riscv, NULL},
#endif
  {"portable", fastsum_chksum_portable, NULL},
  {"lwip-alg2", lwip_standard_chksum_alg2, NULL},
  {"lwip-alg3", lwip_standard_chksum_alg3, NULL},
  {"copy-empty", NULL, empty_chksum_copy},
#ifdef FASTSUM_HAVE_ARMV7M
  {"copy-armv7m", NULL, fastsum_chksum_copy_armv7m},
#endif
  {"copy-portable", NULL, fastsum_chksum_copy_portable},
  {"copy-lwip-alg2", NULL, lwip_chksum_copy_alg2},
};
#define NFUNCTIONS (sizeof(functions) / sizeof(functions[0]))

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
  uint8_t *src = (uint8_t *)src_words;
  long len, offset, calls, i;
  unsigned sum = 0;
  size_t k;

  if (argc == 2 && strcmp(argv[1], "--list") == 0) {
    for (k = 0; k < NFUNCTIONS; k++) {
      printf("%s\n", functions[k].name);
    }
    return 0;
  }
  if (argc != 5) {
    fprintf(stderr, "usage: count_chksum FUNCTION LEN OFFSET CALLS | --list\n");
    return 2;
  }
  for (k = 0; k < NFUNCTIONS; k++) {
    if (strcmp(argv[1], functions[k].name) == 0) {
      f = &functions[k];
    }
  }
  len = parse_count(argv[2], MAX_LEN);
  offset = parse_count(argv[3], MAX_OFFSET);
  calls = parse_count(argv[4], 1000000);
  if (f == NULL || len < 0 || offset < 0 || calls < 0) {
    fprintf(stderr, "error: bad argument (function from --list, LEN 0..%d, "
            "OFFSET 0..%d, CALLS 0..1000000)\n", MAX_LEN, MAX_OFFSET);
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
      sum += fn(dst_words, src + offset, (uint16_t)len);
    }
  }
  /* the sums are used, so no call can be dropped */
  return sum == 1 ? 3 : 0;
}
