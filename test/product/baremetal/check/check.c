/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Check's API on a bare-metal core (check.h): the suites run one test after
 * the other in one program, and each starts from the same state, as a test
 * forked by Check does. srunner_run_all takes a snapshot of the program's
 * static data (picolibc.ld's .data, .tdata, .tbss and .bss, from
 * __data_start to __bss_end: lwIP's state, the C library's, the heap's
 * bookkeeping) and puts it back before every test. The snapshot lives on
 * the heap, allocated before it is taken, and keeps only the words that
 * are not zero (most of .bss is, lwIP's heap and buffers). A failed
 * assertion prints its message and jumps back to the runner.
 */
#include "check.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define CK_TCASE_MAX_TESTS 8

struct TCase {
  const char *name;
  const TTest *tests[CK_TCASE_MAX_TESTS];
  int ntests;
  SFun setup, teardown;
  TCase *next;
};

struct Suite {
  const char *name;
  TCase *tcases, *last;
  Suite *next;
};

struct SRunner {
  Suite *suites, *last;
  int failed;
};

/* The running test and where a failure returns to: set after the static
 * data is put back. */
static const TTest *ck_running;
static jmp_buf *ck_failure_return;

static void *
ck_alloc(size_t n)
{
  void *p = calloc(1, n);
  if (p == NULL) {
    printf("check: out of memory\n");
    exit(EXIT_FAILURE);
  }
  return p;
}

Suite *
suite_create(const char *name)
{
  Suite *s = ck_alloc(sizeof(*s));
  s->name = name;
  return s;
}

void
suite_add_tcase(Suite *s, TCase *tc)
{
  if (s->last != NULL) {
    s->last->next = tc;
  } else {
    s->tcases = tc;
  }
  s->last = tc;
}

TCase *
tcase_create(const char *name)
{
  TCase *tc = ck_alloc(sizeof(*tc));
  tc->name = name;
  return tc;
}

void
tcase_add_test_ttest(TCase *tc, const TTest *test)
{
  if (tc->ntests == CK_TCASE_MAX_TESTS) {
    printf("check: test case %s: more than %d tests\n", tc->name, CK_TCASE_MAX_TESTS);
    exit(EXIT_FAILURE);
  }
  tc->tests[tc->ntests++] = test;
}

void
tcase_add_checked_fixture(TCase *tc, SFun setup, SFun teardown)
{
  tc->setup = setup;
  tc->teardown = teardown;
}

void
tcase_set_timeout(TCase *tc, double timeout)
{
  (void)tc;
  (void)timeout;
}

void
tcase_set_tags(TCase *tc, const char *tags)
{
  (void)tc;
  (void)tags;
}

const char *
tcase_name(void)
{
  return ck_running != NULL ? ck_running->name : "";
}

SRunner *
srunner_create(Suite *s)
{
  SRunner *sr = ck_alloc(sizeof(*sr));
  if (s != NULL) {
    srunner_add_suite(sr, s);
  }
  return sr;
}

void
srunner_add_suite(SRunner *sr, Suite *s)
{
  if (sr->last != NULL) {
    sr->last->next = s;
  } else {
    sr->suites = s;
  }
  sr->last = s;
}

void
srunner_set_fork_status(SRunner *sr, enum fork_status fstat)
{
  (void)sr;
  (void)fstat;
}

int
srunner_ntests_failed(SRunner *sr)
{
  return sr->failed;
}

void
srunner_free(SRunner *sr)
{
  (void)sr; /* the suites live until the program ends */
}

void
ck_fail_at(const char *file, int line, const char *fmt, ...)
{
  va_list ap;
  printf("%s:%d:F:%s: ", file, line, tcase_name());
  va_start(ap, fmt);
  vprintf(fmt, ap);
  va_end(ap);
  printf("\n");
  if (ck_failure_return == NULL) {
    exit(EXIT_FAILURE); /* outside a test */
  }
  longjmp(*ck_failure_return, 1);
}

/* ---- the snapshot of the static data ---------------------------------- */

/* picolibc.ld */
extern uint32_t __data_start[], __bss_end[];

/* the number of words from __data_start to __bss_end */
static size_t
static_words(void)
{
  return ((uintptr_t)__bss_end - (uintptr_t)__data_start) / sizeof(uint32_t);
}

/* The snapshot: records of (first word, number of words, the words) for
 * each run of words that are not zero, ended by a record of 0 words. */
static size_t
snapshot_take(uint32_t *out, size_t room)
{
  size_t n = static_words(), i = 0, used = 0;
  while (i < n) {
    size_t start;
    while (i < n && __data_start[i] == 0) {
      i++;
    }
    start = i;
    while (i < n && __data_start[i] != 0) {
      i++;
    }
    if (i > start) {
      if (out != NULL && used + 2 + (i - start) <= room) {
        size_t k;
        out[used] = (uint32_t)start;
        out[used + 1] = (uint32_t)(i - start);
        for (k = start; k < i; k++) {
          out[used + 2 + k - start] = __data_start[k];
        }
      }
      used += 2 + (i - start);
    }
  }
  if (out != NULL && used + 2 <= room) {
    out[used] = 0;
    out[used + 1] = 0;
  }
  return used + 2;
}

/* Puts the static data back. Only the arguments and locals (registers and
 * the stack) are used: every static variable changes under it. */
static void
snapshot_restore(const uint32_t *snap)
{
  volatile uint32_t *w = __data_start;
  size_t n = static_words(), i;
  for (i = 0; i < n; i++) {
    w[i] = 0;
  }
  while (snap[1] != 0) {
    for (i = 0; i < snap[1]; i++) {
      w[snap[0] + i] = snap[2 + i];
    }
    snap += 2 + snap[1];
  }
}

/* Runs one test with its fixture; 1 if it passed. */
static int
run_test(const TCase *tc, const TTest *test)
{
  jmp_buf failure_return;
  ck_running = test;
  ck_failure_return = &failure_return;
  if (setjmp(failure_return) != 0) {
    return 0;
  }
  if (tc->setup != NULL) {
    tc->setup();
  }
  test->fn(0);
  if (tc->teardown != NULL) {
    tc->teardown();
  }
  return 1;
}

void
srunner_run_all(SRunner *sr, enum print_output print_mode)
{
  int passed = 0, failed = 0;
  uint32_t *snap;
  size_t room;
  Suite *s;
  TCase *tc;
  int t;

  (void)print_mode;
  /* room for what the allocation itself changes in the allocator's data */
  room = snapshot_take(NULL, 0) + 64;
  snap = ck_alloc(room * sizeof(*snap));
  if (snapshot_take(snap, room) > room) {
    printf("check: the snapshot of the static data does not fit\n");
    exit(EXIT_FAILURE);
  }
  for (s = sr->suites; s != NULL; s = s->next) {
    for (tc = s->tcases; tc != NULL; tc = tc->next) {
      for (t = 0; t < tc->ntests; t++) {
        snapshot_restore(snap);
        if (run_test(tc, tc->tests[t])) {
          passed++;
        } else {
          failed++;
        }
      }
    }
  }
  ck_running = NULL;
  ck_failure_return = NULL;
  printf("%d%%: Checks: %d, Failures: %d, Errors: 0\n",
         passed + failed != 0 ? 100 * passed / (passed + failed) : 100, passed + failed, failed);
  printf("check: %d passed, %d failed\n", passed, failed);
  sr->failed = failed;
}
