/* Packet tests runner. Each test runs in its own forked process from the
 * same freshly initialised stack, so every test sees the same IP ID
 * sequence however the tests are selected (CK_RUN_CASE, CK_EXCLUDE_TAGS)
 * and its capture file is the same from run to run and build to build. */
#include "pktest.h"
#include "check_runner.h"

#include "lwip/init.h"

int
main(void)
{
  Suite *suites[2];

  lwip_init();
  suites[0] = pk_suite_local();
  suites[1] = pk_suite_forward();
  return check_run(CK_FORK, suites, 2);
}
