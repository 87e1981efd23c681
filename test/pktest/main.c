/* Packet tests runner. Each test runs in its own forked process from the
 * same freshly initialised stack, so every test sees the same IP ID
 * sequence however the tests are selected (CK_RUN_CASE, CK_EXCLUDE_TAGS)
 * and its capture file is the same from run to run and build to build. */
#include "pktest.h"

#include <stdlib.h>

#include "lwip/init.h"

int
main(void)
{
  SRunner *sr;
  int failed;

  lwip_init();
  sr = srunner_create(pk_suite_local());
  srunner_add_suite(sr, pk_suite_forward());
  srunner_set_fork_status(sr, CK_FORK);
  srunner_run_all(sr, CK_NORMAL);
  failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
