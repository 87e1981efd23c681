/* SPDX-License-Identifier: BSD-3-Clause */
/* The benchmark framework: see bench.h. */
#include "bench.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/utsname.h>

#ifndef BENCH_CFLAGS
#define BENCH_CFLAGS "?"
#endif

double bench_ns_per_tick = 1.0;
double bench_timer_overhead;
volatile uint32_t bench_sink;

void bench_fail(const char *fmt, ...)
{
  va_list ap;
  fflush(stdout);
  fputs("bench: error: ", stderr);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
  exit(1);
}

void *bench_alloc(size_t size)
{
  /* 64-byte aligned, so offsets inside are exactly what the caller asks. */
  void *p = NULL;
  if (posix_memalign(&p, 64, size) != 0) {
    bench_fail("out of memory allocating %zu bytes", size);
  }
  return p;
}

static double monotonic_ns(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int compare_doubles(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

struct bench_stats bench_stats_of(double *samples, size_t n)
{
  struct bench_stats s;
  qsort(samples, n, sizeof(*samples), compare_doubles);
  s.min = samples[0];
  s.max = samples[n - 1];
  s.median = (n % 2) ? samples[n / 2] : (samples[n / 2 - 1] + samples[n / 2]) / 2;
  return s;
}

static void calibrate(void)
{
  enum { PAIRS = 2001 };
  static double empty[PAIRS];
  double ns0, ns1;
  uint64_t t0, t1;
  int i;

  /* 20 ms against the monotonic clock: enough for 3 significant digits. */
  ns0 = monotonic_ns();
  t0 = bench_ticks();
  do {
    ns1 = monotonic_ns();
  } while (ns1 - ns0 < 20e6);
  t1 = bench_ticks();
  bench_ns_per_tick = (ns1 - ns0) / (double)(t1 - t0);

  for (i = 0; i < PAIRS; i++) {
    uint64_t a = bench_ticks();
    uint64_t b = bench_ticks();
    empty[i] = (double)(b - a);
  }
  bench_timer_overhead = bench_stats_of(empty, PAIRS).min;
}

static void cpu_model(char *buf, size_t size)
{
  static const char *const keys[] = { "model name", "Processor", "cpu model", "uarch", "cpu" };
  char line[512];
  size_t k;
  FILE *f = fopen("/proc/cpuinfo", "r");
  struct utsname u;

  for (k = 0; f != NULL && k < sizeof(keys) / sizeof(keys[0]); k++) {
    rewind(f);
    while (fgets(line, sizeof(line), f)) {
      size_t n = strlen(keys[k]);
      char *colon = strchr(line, ':');
      if (colon != NULL && strncmp(line, keys[k], n) == 0 && (line[n] == ' ' || line[n] == '\t')) {
        colon += strspn(colon + 1, " \t") + 1;
        colon[strcspn(colon, "\n")] = '\0';
        snprintf(buf, size, "%s", colon);
        fclose(f);
        return;
      }
    }
  }
  if (f != NULL) {
    fclose(f);
  }
  snprintf(buf, size, "%s", uname(&u) == 0 ? u.machine : "unknown CPU");
}

#if BENCH_HAVE_CYCLES && defined(__x86_64__)
/* The core clock in GHz, or 0 when it cannot be told. TSC ticks run at a
 * fixed rate, the core may not. Two chains of dependent instructions, each
 * timed against CLOCK_MONOTONIC for about a millisecond: register adds (one
 * cycle each on every x86-64; no core folds them away, as some fold adds of
 * a constant) and 64-bit multiplies (three cycles on Intel since Core 2 and
 * AMD since Zen). The fastest of many alternating trials of each, as the
 * machine may be busy; the two must agree within 10 % and give a clock a
 * CPU can have, else there is no estimate. */
static double chain_ghz(int multiply)
{
  uint64_t n = 1 << 15, x = 1, y = 3;
  double ns0 = monotonic_ns(), ns;
  if (multiply) {
    __asm__ __volatile__("1:\n\t"
                         "imul %2, %0\n\timul %2, %0\n\timul %2, %0\n\timul %2, %0\n\t"
                         "imul %2, %0\n\timul %2, %0\n\timul %2, %0\n\timul %2, %0\n\t"
                         "dec %1\n\tjnz 1b"
                         : "+r"(x), "+r"(n) : "r"(y));
  } else {
    __asm__ __volatile__("1:\n\t"
                         "add %2, %0\n\tadd %2, %0\n\tadd %2, %0\n\tadd %2, %0\n\t"
                         "add %2, %0\n\tadd %2, %0\n\tadd %2, %0\n\tadd %2, %0\n\t"
                         "dec %1\n\tjnz 1b"
                         : "+r"(x), "+r"(n) : "r"(y));
  }
  ns = monotonic_ns() - ns0;
  return (double)(8 << 15) * (multiply ? 3 : 1) / ns;
}

static double core_ghz(void)
{
  double add = 0, mul = 0;
  int trial;
  for (trial = 0; trial < 20; trial++) {
    double a = chain_ghz(0), m = chain_ghz(1);
    add = a > add ? a : add;
    mul = m > mul ? m : mul;
  }
  if (add < 0.2 || add > 7.0 || add > 1.1 * mul || mul > 1.1 * add) {
    return 0;
  }
  return (add + mul) / 2;
}
#endif

void bench_print_machine(FILE *out)
{
  char cpu[256];
  cpu_model(cpu, sizeof(cpu));
#ifdef __clang__
  fprintf(out, "# CPU: %s; compiler: clang %s; flags: %s; ", cpu, __clang_version__, BENCH_CFLAGS);
#else
  fprintf(out, "# CPU: %s; compiler: gcc %s; flags: %s; ", cpu, __VERSION__, BENCH_CFLAGS);
#endif
#if BENCH_HAVE_CYCLES && defined(__x86_64__)
  {
    double ghz = core_ghz();
    fprintf(out, "timer: rdtsc at %.2f GHz (ticks)", 1.0 / bench_ns_per_tick);
    if (ghz > 0) {
      fprintf(out, "; core clock now about %.2f GHz", ghz);
    }
    fprintf(out, "\n");
  }
#elif BENCH_HAVE_CYCLES
  fprintf(out, "timer: rdtsc at %.2f GHz (ticks)\n", 1.0 / bench_ns_per_tick);
#else
  fprintf(out, "timer: clock_gettime (no cycle counter: ticks are ns)\n");
#endif
}

void bench_start(void)
{
  calibrate();
}

void bench_init(const char *title)
{
  bench_start();
  printf("== %s\n", title);
  bench_print_machine(stdout);
}

uint64_t bench_random(uint64_t *state)
{
  uint64_t x = *state;
  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  *state = x;
  return x * 0x2545F4914F6CDD1DULL;
}

#if !defined(__x86_64__) && !defined(__i386__) && !defined(__aarch64__)
/* No user-level cache maintenance: read a buffer larger than any LLC. */
static void evict_by_touching(void)
{
  enum { EVICT_BYTES = 64 << 20 };
  static volatile unsigned char *evict;
  size_t i;
  unsigned sum = 0;
  if (evict == NULL) {
    evict = bench_alloc(EVICT_BYTES);
    memset((void *)evict, 1, EVICT_BYTES);
  }
  for (i = 0; i < EVICT_BYTES; i += 64) {
    sum += evict[i];
  }
  bench_sink += sum;
}
#endif

void bench_flush(const void *p, size_t len)
{
#if defined(__x86_64__) || defined(__i386__) || defined(__aarch64__)
  const char *c = (const char *)((uintptr_t)p & ~(uintptr_t)63);
  const char *end = (const char *)p + len;
  for (; c < end; c += 64) {
#if defined(__aarch64__)
    __asm__ __volatile__("dc civac, %0" : : "r"(c) : "memory");
#else
    __asm__ __volatile__("clflush (%0)" : : "r"(c) : "memory");
#endif
  }
#if defined(__aarch64__)
  __asm__ __volatile__("dsb ish" : : : "memory");
#else
  __asm__ __volatile__("mfence" : : : "memory");
#endif
#else
  (void)p;
  (void)len;
  evict_by_touching();
#endif
}

FILE *bench_csv_open(const char *name, const char *columns)
{
  const char *dir = getenv("BENCH_DIR");
  char path[1024];
  FILE *f;
  snprintf(path, sizeof(path), "%s/%s", dir != NULL ? dir : "build/bench", name);
  f = fopen(path, "w");
  if (f == NULL) {
    bench_fail("cannot write %s", path);
  }
  fprintf(f, "%s\n", columns);
  return f;
}

void bench_csv_close(FILE *f)
{
  if (ferror(f) || fclose(f) != 0) {
    bench_fail("writing a CSV file failed");
  }
}

double bench_net_ticks(uint64_t elapsed, int calls)
{
  double t = ((double)elapsed - bench_timer_overhead) / calls;
  return t > 0 ? t : 0;
}

int bench_hot_batch(int len)
{
  int b = 65536 / (len > 0 ? len : 1);
  return b < 1 ? 1 : (b > 1024 ? 1024 : b);
}

double bench_sum_hot(bench_sum_fn fn, const void *p, int len)
{
  int batch = bench_hot_batch(len), i;
  uint32_t acc = 0;
  uint64_t t0, t1;
  acc += fn(p, len); /* prime */
  t0 = bench_ticks();
  for (i = 0; i < batch; i++) {
    acc += fn(p, len);
  }
  t1 = bench_ticks();
  bench_sink += acc;
  return bench_net_ticks(t1 - t0, batch);
}

double bench_sum_cold(bench_sum_fn fn, const void *p, int len, uint16_t *result)
{
  uint64_t t0, t1;
  bench_flush(p, (size_t)len);
  t0 = bench_ticks();
  *result = fn(p, len);
  t1 = bench_ticks();
  return bench_net_ticks(t1 - t0, 1);
}
