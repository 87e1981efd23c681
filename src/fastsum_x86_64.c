/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * fastsum's public functions on x86_64. Data shorter than every vector
 * path's shortest length, the headers above all, is summed inline by the
 * ADC code (fastsum_x86_64.h), with no call; longer data by the first path
 * of FASTSUM_X86_PATHS (fastsum_private.h) that the CPU runs and whose
 * shortest length it reaches, else by the ADC code too. Which paths the
 * CPU runs is asked on the first long call. The list writes the if-chains
 * that call the paths, one if for each path: a path is called directly,
 * not through a pointer, because an indirect call costs more than the
 * compares before it.
 */
#include "fastsum_private.h"

#ifdef FASTSUM_HAVE_X86_64

#include "fastsum_x86_64.h"

#include <limits.h>

#ifdef FASTSUM_HAVE_SSE2

/* Each path's place in the list and its bit in x86_usable. */
#define X86_INDEX(name, shortest) X86_PATH_##name,
enum x86_path { FASTSUM_X86_PATHS(X86_INDEX) X86_PATHS };
#define X86_BIT(name) (1u << X86_PATH_##name)

/* The paths this CPU runs, and X86_ASKED: until the first long call, 0. No
 * constructor: a bare-metal program runs none. Threads that race on the
 * first call store the same value, and either value sums right. */
#define X86_ASKED (1u << X86_PATHS)
static unsigned x86_usable;

static void
ask_cpu(void)
{
  unsigned usable = X86_ASKED;
#define X86_IF_USABLE(name, shortest) \
  if (fastsum_usable_##name()) { \
    usable |= X86_BIT(name); \
  }
  FASTSUM_X86_PATHS(X86_IF_USABLE)
  x86_usable = usable;
}

/* The first long call: asks, then calls again. Out of line: the public
 * functions' other ways save no registers. */
static __attribute__((noinline, cold)) uint16_t
first_chksum(const void *data, int len)
{
  ask_cpu();
  return fastsum_chksum(data, len);
}

static __attribute__((noinline, cold)) uint16_t
first_chksum_copy(void *dst, const void *src, uint16_t len)
{
  ask_cpu();
  return fastsum_chksum_copy(dst, src, len);
}

/* The least shortest length of the list: a constant to the compiler. */
static inline int
least_shortest_len(void)
{
  int least = INT_MAX;
#define X86_LEAST(name, shortest) \
  if ((shortest) < least) { \
    least = (shortest); \
  }
  FASTSUM_X86_PATHS(X86_LEAST)
  return least;
}

/* The calls of the list's paths, each the way without a branch taken once
 * the length is reached (the CPU is expected to run the path). */
#define X86_CHKSUM(name, shortest) \
  if (len >= (shortest) && __builtin_expect((x86_usable & X86_BIT(name)) != 0, 1)) { \
    return fastsum_chksum_##name(data, len); \
  }
#define X86_CHKSUM_COPY(name, shortest) \
  if (len >= (shortest) && __builtin_expect((x86_usable & X86_BIT(name)) != 0, 1)) { \
    return fastsum_chksum_copy_##name(dst, src, len); \
  }

#endif /* FASTSUM_HAVE_SSE2 */

uint16_t
fastsum_chksum(const void *data, int len)
{
#ifdef FASTSUM_HAVE_SSE2
  /* expected not taken: shorter data (headers) takes the ADC code inline,
   * no call */
  if (__builtin_expect(len >= least_shortest_len(), 0)) {
    FASTSUM_X86_PATHS(X86_CHKSUM)
    if (x86_usable == 0) {
      return first_chksum(data, len);
    }
  }
#endif
  return adc_chksum((const uint8_t *)data, len);
}

uint16_t
fastsum_chksum_copy(void *dst, const void *src, uint16_t len)
{
#ifdef FASTSUM_HAVE_SSE2
  if (__builtin_expect(len >= least_shortest_len(), 0)) {
    FASTSUM_X86_PATHS(X86_CHKSUM_COPY)
    if (x86_usable == 0) {
      return first_chksum_copy(dst, src, len);
    }
  }
#endif
  return adc_chksum_copy(dst, src, len);
}

#endif /* FASTSUM_HAVE_X86_64 */
