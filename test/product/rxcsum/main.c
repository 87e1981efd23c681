/* SPDX-License-Identifier: BSD-3-Clause */
/* Receive checksum state tests: the runner. On a tree without
 * LWIP_CHECKSUM_CHECK_PER_PBUF only the offload test is built. */
#include "rxcsum.h"
#include "check_runner.h"

#include <stdarg.h>
#include <stdio.h>

#include "lwip/init.h"

void
rx_fail(const char *file, int line, const char *fmt, ...)
{
  char msg[512];
  va_list ap;

  va_start(ap, fmt);
  vsnprintf(msg, sizeof(msg), fmt, ap);
  va_end(ap);
  ck_abort_msg("%s:%d: %s", file, line, msg);
}

int
main(void)
{
  Suite *suites[3];
  size_t n = 0;

  lwip_init();
  suites[n++] = rx_suite_offload();
#if LWIP_CHECKSUM_CHECK_PER_PBUF
  suites[n++] = rx_suite_netif_helper();
  suites[n++] = rx_suite_states();
#endif
  return check_run(CK_FORK_GETENV, suites, n);
}
