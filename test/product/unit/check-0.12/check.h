/* SPDX-License-Identifier: BSD-3-Clause */
/* check.h for lwIP 2.1.2's test/unit, written for the Check API before
 * 0.13: a test is a function (START_TEST), added by function and name
 * (lwip_check.h's tcase_add_named_test). Check 0.13 on names a test by a
 * TTest; this header gives the older API on top of it. Only lwIP 2.1.2's
 * unit tests are built with it (test/product/unit/Dir.mk); 2.1.3 on handle both. */
#ifndef LWIP_PORT_CHECK_0_12_H
#define LWIP_PORT_CHECK_0_12_H

#include_next <check.h>

#if CHECK_MAJOR_VERSION > 0 || CHECK_MINOR_VERSION >= 13

#include <stdio.h>
#include <stdlib.h>

#undef START_TEST
#define START_TEST(name) static void name(int _i CK_ATTRIBUTE_UNUSED)

/* lwIP 2.1.2's lwip_check.h calls the pre-0.13 _tcase_add_test(tc, fn,
 * name, signal, allowed_exit_value, start, end). Check keeps the TTest
 * pointer, so each TTest lives in a static table. */
#define CHECK_0_12_MAX_TESTS 256
#define _tcase_add_test(tc, fn, name, signal, allowed_exit_value, start, end) \
  check_0_12_add_test(tc, fn, name, signal, allowed_exit_value, start, end, __FILE__, __LINE__)

static inline void
check_0_12_add_test(TCase *tc, TFun fn, const char *name, int signal,
                    int allowed_exit_value, int start, int end,
                    const char *file, int line)
{
  static TTest tests[CHECK_0_12_MAX_TESTS];
  static int count;
  if (count == CHECK_0_12_MAX_TESTS) {
    fprintf(stderr, "check-0.12/check.h: more than %d tests\n", CHECK_0_12_MAX_TESTS);
    exit(2);
  }
  tests[count].name = name;
  tests[count].fn = fn;
  tests[count].file = file;
  tests[count].line = line;
  (_tcase_add_test)(tc, &tests[count++], signal, allowed_exit_value, start, end);
}

#endif
#endif
