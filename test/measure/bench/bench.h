/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The benchmark framework shared by every benchmark program: a tick
 * counter (rdtsc on x86, clock_gettime elsewhere), statistics over many
 * runs (median, min, max), cache flushing, CSV files and the header line
 * that says what machine and build produced the numbers.
 */
#ifndef BENCH_H
#define BENCH_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#if defined(__x86_64__) || defined(__i386__)
#define BENCH_HAVE_CYCLES 1
/* lfence on both sides: the counter is read after the measured work has
 * finished and before the next one starts (rdtsc itself is not ordered). */
static inline uint64_t bench_ticks(void)
{
  uint32_t lo, hi;
  __asm__ __volatile__("lfence\n\trdtsc\n\tlfence" : "=a"(lo), "=d"(hi) : : "memory");
  return ((uint64_t)hi << 32) | lo;
}
#else
#define BENCH_HAVE_CYCLES 0
#include <time.h>
static inline uint64_t bench_ticks(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}
#endif

/* Nanoseconds per tick, measured against CLOCK_MONOTONIC by bench_init(). */
extern double bench_ns_per_tick;
/* Cost of an empty bench_ticks() pair, subtracted from single-call samples. */
extern double bench_timer_overhead;
/* Calibrate the timer. */
void bench_start(void);
/* bench_start(), then print the title and the header line. */
void bench_init(const char *title);

/* The header line: CPU model, compiler, flags, timer. */
void bench_print_machine(FILE *out);

/* A checksum routine as lwIP calls one. */
typedef uint16_t (*bench_sum_fn)(const void *data, int len);

/* Ticks per call of `calls` calls that took `elapsed` ticks in all, the
 * cost of the timer pair taken off; never below 0. */
double bench_net_ticks(uint64_t elapsed, int calls);
/* Calls per timed batch on hot data: about 64 KiB of data per batch, at
 * most 1024 calls, so the timer's own cost is small against the work. */
int bench_hot_batch(int len);
/* Ticks per call of fn on [p, p+len), data and code in the caches (one
 * call to prime, then a timed batch). */
double bench_sum_hot(bench_sum_fn fn, const void *p, int len);
/* Ticks of one call on data flushed from every cache level; its result in
 * *result. */
double bench_sum_cold(bench_sum_fn fn, const void *p, int len, uint16_t *result);

/* Median, min and max of n samples (n > 0); sorts the array. */
struct bench_stats {
  double median, min, max;
};
struct bench_stats bench_stats_of(double *samples, size_t n);

/* Evict [p, p+len) from every cache level (clflush, dc civac, or touching
 * a buffer larger than the last-level cache where there is neither). */
void bench_flush(const void *p, size_t len);

/* Deterministic pseudo-random numbers (xorshift64*): every routine of a
 * benchmark sees the same sequence. */
uint64_t bench_random(uint64_t *state);

/* Open BENCH_DIR/name for writing (BENCH_DIR from the environment,
 * default build/bench) and write the column line; exits on error. */
FILE *bench_csv_open(const char *name, const char *columns);
void bench_csv_close(FILE *f);

/* Allocate or exit with a one-line error. */
void *bench_alloc(size_t size);

/* Stop the run with a one-line error. */
void bench_fail(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));

/* Keeps results alive so the compiler cannot drop the measured calls. */
extern volatile uint32_t bench_sink;

#endif /* BENCH_H */
