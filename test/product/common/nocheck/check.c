/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Check's API without Check (check.h): the suites run one test after the
 * other in one program. A failed assertion prints its message and jumps
 * back to the runner. With picolibc each test starts from the same state,
 * as a test forked by Check does: srunner_run_all takes a snapshot of the
 * program's static data (picolibc.ld's .data, .tdata, .tbss and .bss,
 * from __data_start to __bss_end: lwIP's state, the C library's, the
 * heap's bookkeeping) and puts it back before every test. The snapshot
 * lives on the heap, allocated before it is taken, and keeps only the
 * words that are not zero (most of .bss is, lwIP's heap and buffers).
 * It uses only what the bare-metal C libraries have (the x86_64 image's
 * too: no calloc, no vprintf).
 */
#include "check.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CK_TCASE_MAX_TESTS 8

struct loop_test {
  const TTest *test;
  int start, end;
};

/* A suite's test cases and a runner's suites: lists, in the order added,
 * of nodes that are their elements' first member. */
struct ck_node {
  struct ck_node *next;
};
struct ck_list {
  struct ck_node *first, *last;
};

struct TCase {
  struct ck_node node;
  const char *name;
  struct loop_test tests[CK_TCASE_MAX_TESTS];
  int ntests;
  SFun setup, teardown;
};

struct Suite {
  struct ck_node node;
  const char *name;
  struct ck_list tcases;
};

struct SRunner {
  struct ck_list suites;
  int failed;
};

/* The running test and where a failure returns to: set after the static
 * data is put back. */
static const TTest *ck_running;
static jmp_buf *ck_failure_return;

static void *
ck_alloc(size_t n)
{
  void *p = malloc(n);
  if (p == NULL) {
    printf("check: out of memory\n");
    exit(EXIT_FAILURE);
  }
  return memset(p, 0, n);
}

static void
ck_append(struct ck_list *list, struct ck_node *node)
{
  if (list->last != NULL) {
    list->last->next = node;
  } else {
    list->first = node;
  }
  list->last = node;
}

static void
ck_free_list(struct ck_list *list)
{
  while (list->first != NULL) {
    struct ck_node *node = list->first;
    list->first = node->next;
    free(node);
  }
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
  ck_append(&s->tcases, &tc->node);
}

TCase *
tcase_create(const char *name)
{
  TCase *tc = ck_alloc(sizeof(*tc));
  tc->name = name;
  return tc;
}

void
tcase_add_loop_test(TCase *tc, const TTest *test, int start, int end)
{
  if (tc->ntests == CK_TCASE_MAX_TESTS) {
    printf("check: test case %s: more than %d tests\n", tc->name, CK_TCASE_MAX_TESTS);
    exit(EXIT_FAILURE);
  }
  tc->tests[tc->ntests].test = test;
  tc->tests[tc->ntests].start = start;
  tc->tests[tc->ntests].end = end;
  tc->ntests++;
}

void
tcase_add_checked_fixture(TCase *tc, SFun setup, SFun teardown)
{
  tc->setup = setup;
  tc->teardown = teardown;
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
  ck_append(&sr->suites, &s->node);
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
  struct ck_node *s;
  for (s = sr->suites.first; s != NULL; s = s->next) {
    ck_free_list(&((Suite *)s)->tcases);
  }
  ck_free_list(&sr->suites);
  free(sr);
}

void
ck_fail_at(const char *file, int line, const char *fmt, ...)
{
  char message[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(message, sizeof(message), fmt, ap);
  va_end(ap);
  printf("%s:%d:F:%s: %s\n", file, line, tcase_name(), message);
  if (ck_failure_return == NULL) {
    exit(EXIT_FAILURE); /* outside a test */
  }
  longjmp(*ck_failure_return, 1);
}

/* ---- the snapshot of the static data ---------------------------------- */

#ifdef __PICOLIBC__
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

static uint32_t *
snapshot_save(void)
{
  /* room for what the allocation itself changes in the allocator's data */
  size_t room = snapshot_take(NULL, 0) + 64;
  uint32_t *snap = ck_alloc(room * sizeof(*snap));
  if (snapshot_take(snap, room) > room) {
    printf("check: the snapshot of the static data does not fit\n");
    exit(EXIT_FAILURE);
  }
  return snap;
}
#else
/* no snapshot: the tests share the program's state */
static uint32_t *
snapshot_save(void)
{
  return NULL;
}

static void
snapshot_restore(const uint32_t *snap)
{
  (void)snap;
}
#endif

/* Runs one test with its fixture; 1 if it passed. */
static int
run_test(const TCase *tc, const TTest *test, int i)
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
  test->fn(i);
  if (tc->teardown != NULL) {
    tc->teardown();
  }
  return 1;
}

void
srunner_run_all(SRunner *sr, enum print_output print_mode)
{
  int passed = 0, failed = 0;
  uint32_t *snap = snapshot_save();
  struct ck_node *s, *c;
  int t, i;

  (void)print_mode;
  for (s = sr->suites.first; s != NULL; s = s->next) {
    for (c = ((Suite *)s)->tcases.first; c != NULL; c = c->next) {
      const TCase *tc = (const TCase *)c;
      for (t = 0; t < tc->ntests; t++) {
        for (i = tc->tests[t].start; i < tc->tests[t].end; i++) {
          snapshot_restore(snap);
          if (run_test(tc, tc->tests[t].test, i)) {
            passed++;
          } else {
            failed++;
          }
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
  free(snap);
}
