/* SPDX-License-Identifier: BSD-3-Clause */
#include "check_runner.h"

#include <stdarg.h>
#include <stdlib.h>

int
check_run(enum fork_status fork, Suite *first, ...)
{
  SRunner *runner = srunner_create(first);
  Suite *next;
  va_list suites;
  int failed;

  va_start(suites, first);
  while ((next = va_arg(suites, Suite *)) != NULL) {
    srunner_add_suite(runner, next);
  }
  va_end(suites);
  srunner_set_fork_status(runner, fork);
  srunner_run_all(runner, CK_NORMAL);
  failed = srunner_ntests_failed(runner);
  srunner_free(runner);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
