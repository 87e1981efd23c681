/* SPDX-License-Identifier: BSD-3-Clause */
#include "check_runner.h"

#include <stdlib.h>

int
check_run(enum fork_status fork, Suite *const suites[], size_t n)
{
  SRunner *runner = srunner_create(NULL);
  size_t i;
  int failed;

  for (i = 0; i < n; i++) {
    srunner_add_suite(runner, suites[i]);
  }
  srunner_set_fork_status(runner, fork);
  srunner_run_all(runner, CK_NORMAL);
  failed = srunner_ntests_failed(runner);
  srunner_free(runner);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
