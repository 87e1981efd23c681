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
 * cpu SECONDS s" (lwiperf's byte count; the user and system CPU time the
 * process used so far, from getrusage). */
static void
iperf_report_line(enum lwiperf_report_type report_type, unsigned long long bytes_transferred, u32_t ms_duration)
{
  static const char *const types[] = { "server done", "client done", "aborted locally",
                                       "aborted on a data error", "aborted on a send error",
                                       "aborted by the peer" };
  struct rusage cpu;

  getrusage(RUSAGE_SELF, &cpu);
  printf("lwiperf: %s, %llu bytes in %lu ms, cpu %.6f s\n",
         (unsigned)report_type < sizeof(types) / sizeof(types[0]) ? types[report_type] : "unknown report",
         bytes_transferred, (unsigned long)ms_duration,
         (double)(cpu.ru_utime.tv_sec + cpu.ru_stime.tv_sec) +
           (double)(cpu.ru_utime.tv_usec + cpu.ru_stime.tv_usec) / 1e6);
  fflush(stdout);
}

/* lwIP's lwiperf reports a 32-bit byte count, NXP's fork a 64-bit one
 * (and more report types): one callback of each kind, and the one whose
 * type is lwiperf_report_fn is given to lwiperf. */
#define IPERF_REPORT(name, bytes_t)                                                                  \
  static void name(void *arg, enum lwiperf_report_type report_type, const ip_addr_t *local_addr,    \
                   u16_t local_port, const ip_addr_t *remote_addr, u16_t remote_port,               \
                   bytes_t bytes_transferred, u32_t ms_duration, u32_t bandwidth_kbitpsec)          \
  {                                                                                                  \
    LWIP_UNUSED_ARG(arg);                                                                            \
    LWIP_UNUSED_ARG(local_addr);                                                                     \
    LWIP_UNUSED_ARG(local_port);                                                                     \
    LWIP_UNUSED_ARG(remote_addr);                                                                    \
    LWIP_UNUSED_ARG(remote_port);                                                                    \
    LWIP_UNUSED_ARG(bandwidth_kbitpsec);                                                             \
    iperf_report_line(report_type, bytes_transferred, ms_duration);                                  \
  }
IPERF_REPORT(iperf_report_u32, u32_t)
IPERF_REPORT(iperf_report_u64, u64_t)

/** Starts lwIP's iperf 2 server (lwiperf) on TCP port 5001; 0 on success. */
int
iperf_start(void)
{
  lwiperf_report_fn report = _Generic(&iperf_report_u64, lwiperf_report_fn: iperf_report_u64, default: iperf_report_u32);

  return lwiperf_start_tcp_server_default(report, NULL) != NULL ? 0 : -1;
}
