/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * lwIP's iperf 2 server (lwiperf) in tapdemo (--iperf).
 */
#ifndef TAPDEMO_IPERF_H
#define TAPDEMO_IPERF_H

/** Starts lwiperf on TCP port 5001; 0 on success. Each test it runs prints
 * "lwiperf: TYPE, BYTES bytes in MS ms, cpu SECONDS s". */
int iperf_start(void);

#endif /* TAPDEMO_IPERF_H */
