/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * lwIP's own iperf 2 server (lwiperf) in tapdemo, with a report line per test.
 */
#include "iperf.h"

#include "lwip/apps/lwiperf.h"

#include <stdio.h>
#include <sys/resource.h>

/* One line per iperf test lwiperf ran: "lwiperf: TYPE, BYTES bytes in MS ms,
 * cpu SECONDS s" (lwiperf's byte count, modulo 2^32; the user and system
 * CPU time the process used so far, from getrusage). */
static void
iperf_report(void *arg, enum lwiperf_report_type report_type, const ip_addr_t *local_addr, u16_t local_port,
             const ip_addr_t *remote_addr, u16_t remote_port, u32_t bytes_transferred, u32_t ms_duration,
             u32_t bandwidth_kbitpsec)
{
  static const char *const types[] = { "server done", "client done", "aborted locally",
                                       "aborted on a data error", "aborted on a send error",
                                       "aborted by the peer" };
  struct rusage cpu;

  LWIP_UNUSED_ARG(arg);
  LWIP_UNUSED_ARG(local_addr);
  LWIP_UNUSED_ARG(local_port);
  LWIP_UNUSED_ARG(remote_addr);
  LWIP_UNUSED_ARG(remote_port);
  LWIP_UNUSED_ARG(bandwidth_kbitpsec);
  getrusage(RUSAGE_SELF, &cpu);
  printf("lwiperf: %s, %lu bytes in %lu ms, cpu %.6f s\n",
         (unsigned)report_type < sizeof(types) / sizeof(types[0]) ? types[report_type] : "unknown report",
         (unsigned long)bytes_transferred, (unsigned long)ms_duration,
         (double)(cpu.ru_utime.tv_sec + cpu.ru_stime.tv_sec) +
           (double)(cpu.ru_utime.tv_usec + cpu.ru_stime.tv_usec) / 1e6);
  fflush(stdout);
}

/** Starts lwIP's iperf 2 server (lwiperf) on TCP port 5001; 0 on success. */
int
iperf_start(void)
{
  return lwiperf_start_tcp_server_default(iperf_report, NULL) != NULL ? 0 : -1;
}
