/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The part of Check's API (check.h of libcheck) that the project's Check
 * programs use, for builds without Check: bare-metal cores (no Check, no
 * fork()) and the fastsum builds that keep off vector registers (Check's
 * API passes doubles). test/product/common/nocheck/check.c runs the tests
 * one after the other in the program, stops a test at its first failed
 * assertion and prints "N passed, N failed". With picolibc every test
 * starts from the state the program had when the run began, as in Check's
 * fork mode; elsewhere the tests share the program's state, as in Check's
 * CK_NOFORK mode.
 */
#ifndef NOCHECK_CHECK_H
#define NOCHECK_CHECK_H

#include <stddef.h>

enum fork_status { CK_FORK_GETENV, CK_FORK, CK_NOFORK };
enum print_output { CK_SILENT, CK_MINIMAL, CK_NORMAL, CK_VERBOSE };

typedef struct TTest {
  const char *name;
  void (*fn)(int);
} TTest;
typedef struct TCase TCase;
typedef struct Suite Suite;
typedef struct SRunner SRunner;
typedef void (*SFun)(void);

/* _i: the iteration of a loop test (0 for a plain test) */
#define START_TEST(name) \
  static void name##_fn(int _i __attribute__((unused))); \
  static const TTest name##_ttest = {#name, name##_fn}; \
  static const TTest *name = &name##_ttest; \
  static void name##_fn(int _i __attribute__((unused)))
#define END_TEST

Suite *suite_create(const char *name);
void suite_add_tcase(Suite *s, TCase *tc);
TCase *tcase_create(const char *name);
#define tcase_add_test(tc, test) tcase_add_loop_test((tc), (test), 0, 1)
/* the test once for each _i from start to end - 1 */
void tcase_add_loop_test(TCase *tc, const TTest *test, int start, int end);
void tcase_add_checked_fixture(TCase *tc, SFun setup, SFun teardown);
/* No timeouts and no tag selection here: every test runs. Macros, so that
 * no double is passed. */
#define tcase_set_timeout(tc, timeout) ((void)(tc))
#define tcase_set_tags(tc, tags) ((void)(tc), (void)(tags))
/* the name of the running test */
const char *tcase_name(void);

SRunner *srunner_create(Suite *s);
void srunner_add_suite(SRunner *sr, Suite *s);
void srunner_set_fork_status(SRunner *sr, enum fork_status fstat);
void srunner_run_all(SRunner *sr, enum print_output print_mode);
int srunner_ntests_failed(SRunner *sr);
/* frees the runner and its suites */
void srunner_free(SRunner *sr);

/* Prints where and why the running test failed and ends it. */
void ck_fail_at(const char *file, int line, const char *fmt, ...)
  __attribute__((noreturn, format(printf, 3, 4)));

#define ck_abort_msg(...) ck_fail_at(__FILE__, __LINE__, __VA_ARGS__)
#define ck_assert_msg(expr, ...) \
  do { if (!(expr)) { ck_fail_at(__FILE__, __LINE__, __VA_ARGS__); } } while (0)
#define ck_assert(expr) ck_assert_msg(expr, "Assertion '%s' failed", #expr)
#define ck_assert_int_eq(x, y) \
  do { \
    long ck_x = (long)(x), ck_y = (long)(y); \
    ck_assert_msg(ck_x == ck_y, "Assertion '%s' failed: %s == %ld, %s == %ld", #x " == " #y, \
                  #x, ck_x, #y, ck_y); \
  } while (0)

#endif /* NOCHECK_CHECK_H */
