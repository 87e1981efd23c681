/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * make bench: the rows of rows.c (rows.h) timed on this host, the x86_64
 * column of build/count/packets.md. Each row runs once checked (every
 * frame lwIP made verified), then ROUNDS times timed: the ticks of its
 * calls (bench.h: rdtsc on x86), the timer's own cost taken off. Prints
 * "BUILD,ROW,TICKS" per row, the median; with --machine, the machine
 * (bench.h's header line).
 *
 *   bench_packets ROW...
 *   bench_packets --machine
 */
#include "bench.h"
#include "rows.h"

#include <stdio.h>
#include <string.h>

#ifndef PACKETS_BUILD
#error "PACKETS_BUILD (the name of this build) is set by test/measure/packets/Dir.mk"
#endif

#define ROUNDS 501

static double samples[ROUNDS];

static void
time_row(const struct packets_row *row)
{
  struct packets_call calls[PACKETS_MAX_CALLS];
  int round, n, i;
  for (round = -1; round < ROUNDS; round++) {
    err_t err = ERR_OK;
    uint64_t t0, t1;
    n = row->prepare(calls);
    if (n == 0) {
      bench_fail("%s: %s: no packet", PACKETS_BUILD, row->name);
    }
    packets_start(round < 0);
    t0 = bench_ticks();
    for (i = 0; i < n; i++) {
      err_t e = calls[i].frame != NULL ? calls[i].netif->input(calls[i].frame, calls[i].netif)
                                       : calls[i].send();
      if (e != ERR_OK) {
        err = e;
      }
    }
    t1 = bench_ticks();
    if (packets_check(row, err) != 0) {
      bench_fail("%s: %s: the packet went wrong", PACKETS_BUILD, row->name);
    }
    if (round >= 0) {
      samples[round] = (double)(t1 - t0) - bench_timer_overhead;
    }
  }
  printf("%s,%s,%.0f\n", PACKETS_BUILD, row->name, bench_stats_of(samples, ROUNDS).median);
}

int
main(int argc, char **argv)
{
  int i;
  if (argc < 2) {
    fprintf(stderr, "usage: %s ROW... | --machine (prints BUILD,ROW,TICKS)\n", argv[0]);
    return 2;
  }
  if (argc == 2 && strcmp(argv[1], "--machine") == 0) {
    bench_start();
    bench_print_machine(stdout);
    return 0;
  }
  for (i = 1; i < argc; i++) {
    if (packets_row(argv[i]) == NULL) {
      fprintf(stderr, "error: %s: no such row\n", argv[i]);
      return 2;
    }
  }
  bench_start();
  if (packets_setup() != 0) {
    return 1;
  }
  for (i = 1; i < argc; i++) {
    time_row(packets_row(argv[i]));
  }
  return 0;
}
