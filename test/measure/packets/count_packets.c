/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * make count-packets: the rows of rows.c (rows.h) on a bare-metal
 * core under qemu (x86_64: a Linux program under qemu-user), whose
 * instruction log test/measure/packets/count-cell.sh reads. Each row runs
 * three times, the first also checking every frame lwIP made; its calls go
 * through count_call(), whose calls through a pointer are the ones
 * counted, from the callee's first instruction to its return. After a row
 * it prints "row NAME CALLS".
 *
 *   count_packets ROW...
 */
#include "rows.h"

#include <stdio.h>

#define ROUNDS 3

static volatile int calls_made;

/* Not inlined, and no tail call (calls_made follows): each call returns
 * here, where the count of its callee ends. */
static err_t __attribute__((noinline))
count_call(const struct packets_call *call)
{
  err_t err;
  if (call->frame != NULL) {
    err = call->netif->input(call->frame, call->netif);
  } else {
    err = call->send();
  }
  calls_made++;
  return err;
}

static int
run_row(const struct packets_row *row)
{
  struct packets_call calls[PACKETS_MAX_CALLS];
  int round, n = 0, i;
  for (round = 0; round < ROUNDS; round++) {
    err_t err = ERR_OK;
    n = row->prepare(calls);
    if (n == 0) {
      return -1;
    }
    packets_start(round == 0);
    for (i = 0; i < n; i++) {
      err_t e = count_call(&calls[i]);
      if (e != ERR_OK) {
        err = e;
      }
    }
    if (packets_check(row, err) != 0) {
      return -1;
    }
  }
  printf("row %s %d\n", row->name, n);
  return 0;
}

int
main(int argc, char **argv)
{
  int i;
  if (argc < 2) {
    printf("usage: count_packets ROW...\n");
    return 2;
  }
  for (i = 1; i < argc; i++) {
    if (packets_row(argv[i]) == NULL) {
      printf("error: %s: no such row\n", argv[i]);
      return 2;
    }
  }
  if (packets_setup() != 0) {
    return 1;
  }
  for (i = 1; i < argc; i++) {
    if (run_row(packets_row(argv[i])) != 0) {
      return 1;
    }
  }
  return 0;
}
