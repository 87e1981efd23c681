/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * make bench-peers: fastsum beside what a user would pick instead, in one
 * program, interleaved run by run.
 *
 *   linux         Linux's x86_64 csum_partial (test/measure/bench/peers/linux.c)
 *   dpdk-O2       DPDK's rte_raw_cksum, -O2          (peers/dpdk.c)
 *   dpdk-O3-native  the same, -O3 -march=native
 *   lwip-alg2, lwip-alg3   lwIP's own algorithms
 *   load-floor    reads every byte and sums nothing (peers/load_floor.c):
 *                 the floor for any routine that must read the data
 *   avx512, avx512vnni, avx2  fastsum's AVX-512 paths (the VNNI build where
 *                 the CPU has VNNI) and its AVX2 path on their own, where
 *                 the CPU runs AVX-512 (else one line says it has none)
 *
 * Every routine but the floor is compared with lwIP's algorithm 2 at every
 * size and offset before anything is timed (the peers' sums folded to
 * lwIP's convention by their shims); a mismatch stops the run.
 *
 * Tables: hot (cache primed) at the sizes below and offsets 0..7; cold
 * (flushed) at 1500 and 9000; dependent calls (each call's address waits
 * for the previous result: latency, not throughput) at 64, 256, 576 and
 * 1500. Then the targets, met or NOT MET. Files in BENCH_DIR: peers.csv,
 * peers-hot.dat (bytes per tick, for test/measure/bench/peers.gp), peers-targets.txt.
 *
 * With --median-of and the peers.csv files of several runs (make
 * bench-peers runs five, each a process of its own: its own addresses, so
 * its own cache sets and branch predictor entries), the tables and targets
 * of every cell's median run (median_of_files), nothing measured.
 */
#include "bench.h"

#include <stdlib.h>
#include <string.h>

#include "fastsum_private.h"

uint16_t lwip_standard_chksum_alg2(const void *data, int len);
uint16_t lwip_standard_chksum_alg3(const void *data, int len);
uint16_t peer_linux_csum_partial(const void *data, int len);
uint16_t peer_dpdk_O2(const void *data, int len);
uint16_t peer_dpdk_O3_native(const void *data, int len);
uint16_t peer_load_floor(const void *data, int len);

struct routine {
  const char *name;
  bench_sum_fn fn;
  int peer; /* 1: a peer fastsum is measured against; 0: fastsum or the floor */
};

static const struct routine fixed_routines[] = {
  { "fastsum", fastsum_chksum, 0 },
  { "linux", peer_linux_csum_partial, 1 },
  { "dpdk-O2", peer_dpdk_O2, 1 },
  { "dpdk-O3-native", peer_dpdk_O3_native, 1 },
  { "lwip-alg2", lwip_standard_chksum_alg2, 1 },
  { "lwip-alg3", lwip_standard_chksum_alg3, 1 },
};
enum {
  NFIXED = sizeof(fixed_routines) / sizeof(fixed_routines[0]),
  MAX_ROUTINES = NFIXED + 4,
  FASTSUM = 0,
  LINUX = 1,
  RUNS = 101,
  MAX_FILES = 9,
  MAX_LEN = 65535,
  NOFFSETS = 8
};
/* the fixed ones, then fastsum's AVX-512 and AVX2 paths where the CPU runs
 * AVX-512, then the floor (set_routines) */
static struct routine routines[MAX_ROUTINES];
static size_t n_routines, floor_k;
static int avx512_k = -1, avx2_k = -1;

static const int hot_sizes[] = { 20, 40, 64, 96, 128, 192, 256, 384, 512, 576, 1024, 1500, 4096, 9000, 65535 };
static const int cold_sizes[] = { 1500, 9000 };
static const int latency_sizes[] = { 64, 256, 576, 1500 };
enum {
  NHOT = sizeof(hot_sizes) / sizeof(hot_sizes[0]),
  NCOLD = sizeof(cold_sizes) / sizeof(cold_sizes[0]),
  NLATENCY = sizeof(latency_sizes) / sizeof(latency_sizes[0])
};

static double hot[MAX_ROUTINES][NHOT][NOFFSETS];
static double cold[MAX_ROUTINES][NCOLD];
static double latency[MAX_ROUTINES][NLATENCY];

/* fastsum's path of that name as a routine, if this CPU runs it */
static int add_path(const char *name)
{
  const struct fastsum_impl *impls;
  size_t n = fastsum_impls(&impls), i;
  for (i = 0; i < n; i++) {
    if (strcmp(impls[i].name, name) == 0) {
      routines[n_routines].name = impls[i].name;
      routines[n_routines].fn = impls[i].chksum;
      routines[n_routines].peer = 0;
      return (int)n_routines++;
    }
  }
  return -1;
}

static void set_routines(void)
{
  memcpy(routines, fixed_routines, sizeof(fixed_routines));
  n_routines = NFIXED;
  avx512_k = add_path("avx512");
  if (avx512_k >= 0) {
    add_path("avx512vnni");
    avx2_k = add_path("avx2");
  } else {
    printf("this CPU runs no AVX-512 (or the build has no AVX-512 path): fastsum's AVX-512 and AVX2 "
           "paths are not timed on their own\n");
  }
  routines[n_routines].name = "load-floor";
  routines[n_routines].fn = peer_load_floor;
  routines[n_routines].peer = 0;
  floor_k = n_routines++;
}

/* Zero, read once at run time: the compiler cannot see that an address
 * plus (result & latency_mask) is the same address. */
static volatile size_t latency_mask;

/* Each call starts only when the previous result is known. */
static double time_latency(bench_sum_fn fn, const unsigned char *p, int len)
{
  int batch = bench_hot_batch(len), i;
  size_t mask = latency_mask;
  uint16_t r = fn(p, len);
  uint64_t t0, t1;
  t0 = bench_ticks();
  for (i = 0; i < batch; i++) {
    r = fn(p + (r & mask), len);
  }
  t1 = bench_ticks();
  bench_sink += r;
  return bench_net_ticks(t1 - t0, batch);
}

enum { HOT, COLD, LATENCY };
static const char *const mode_name[] = { "hot", "cold", "latency" };

/* RUNS samples of every routine, interleaved (run i starts with routine
 * i % n_routines); the medians into out[routine * stride]; the CSV rows. */
static void measure(FILE *csv, int mode, const unsigned char *p, int len, int offset, double *out,
                    size_t stride)
{
  static double samples[MAX_ROUTINES][RUNS];
  int run;
  size_t i, k;
  for (run = 0; run < RUNS; run++) {
    for (i = 0; i < n_routines; i++) {
      bench_sum_fn fn;
      k = (run + i) % n_routines;
      fn = routines[k].fn;
      uint16_t r;
      samples[k][run] = mode == HOT ? bench_sum_hot(fn, p, len)
                        : mode == COLD ? bench_sum_cold(fn, p, len, &r)
                                       : time_latency(fn, p, len);
    }
  }
  for (k = 0; k < n_routines; k++) {
    struct bench_stats st = bench_stats_of(samples[k], RUNS);
    out[k * stride] = st.median;
    fprintf(csv, "%s,%s,%d,%d,%.2f,%.2f,%.2f,%.2f,%d\n", routines[k].name, mode_name[mode], len,
            offset, st.median, st.min, st.max, st.median * bench_ns_per_tick, RUNS);
  }
}

/* Every routine but the floor against lwIP's algorithm 2, every size and
 * offset timed and then some. */
static void check_all(const unsigned char *buf)
{
  static const int extra[] = { 0, 1, 2, 3, 7, 8, 15, 16, 31, 32, 33, 39, 41, 63, 65, 127, 129,
                               255, 257, 383, 384, 385, 511, 513, 1499, 1501, 4095, 8999, 65534 };
  int off, len;
  size_t i, k;
  for (off = 0; off < 8; off++) {
    for (i = 0; i < NHOT + sizeof(extra) / sizeof(extra[0]); i++) {
      len = i < NHOT ? hot_sizes[i] : extra[i - NHOT];
      for (k = 0; k < n_routines; k++) {
        uint16_t want = lwip_standard_chksum_alg2(buf + off, len), got;
        if (k == floor_k) {
          continue;
        }
        got = routines[k].fn(buf + off, len);
        if (got != want) {
          bench_fail("%s returns 0x%04x, lwip-alg2 0x%04x (len %d, offset %d)", routines[k].name,
                     got, want, len, off);
        }
      }
    }
  }
  printf("every routine returned lwIP's sum at every size (and %zu more) and offsets 0..7\n",
         sizeof(extra) / sizeof(extra[0]));
}

/* The fastest peer's median of a row: index of the minimum among peers. */
static size_t fastest_peer(const double *row, size_t stride)
{
  size_t k, best = LINUX;
  for (k = 0; k < n_routines; k++) {
    if (routines[k].peer && row[k * stride] < row[best * stride]) {
      best = k;
    }
  }
  return best;
}

static void print_header(const char *title, const char *first)
{
  size_t k;
  printf("\n-- %s\n%-10s", title, first);
  for (k = 0; k < n_routines; k++) {
    printf(" %14s", routines[k].name);
  }
  printf("  fastsum/fastest peer\n");
}

static void print_row(const char *label, const double *row, size_t stride)
{
  size_t k, best = fastest_peer(row, stride);
  printf("%-10s", label);
  for (k = 0; k < n_routines; k++) {
    printf(" %14.1f", row[k * stride]);
  }
  printf("  %.2fx (%s)\n", row[FASTSUM * stride] / row[best * stride], routines[best].name);
}

static void target(FILE *out, const char *what, double value, double limit)
{
  char line[160];
  snprintf(line, sizeof(line), "%-72s %6.2fx  (target <= %.2fx) %s\n", what, value, limit,
           value <= limit ? "met" : "NOT MET");
  fputs(line, stdout);
  fputs(line, out);
}

static int hot_index(int size)
{
  int s;
  for (s = 0; s < NHOT; s++) {
    if (hot_sizes[s] == size) {
      return s;
    }
  }
  bench_fail("%d bytes is not among the hot sizes", size);
}

/* The worst ratio of fastsum's hot median to routine k's (k < 0: the
 * fastest peer's) over every size from min_size and every offset. */
static double worst_hot(int k, int min_size, int *size, int *offset)
{
  const size_t stride = NHOT * NOFFSETS;
  double worst = 0, r;
  int s, off;
  for (s = 0; s < NHOT; s++) {
    for (off = 0; off < NOFFSETS && hot_sizes[s] >= min_size; off++) {
      const double *row = &hot[0][s][off];
      r = row[FASTSUM * stride] / row[(k < 0 ? fastest_peer(row, stride) : (size_t)k) * stride];
      if (r > worst) {
        worst = r, *size = hot_sizes[s], *offset = off;
      }
    }
  }
  return worst;
}

static void targets(void)
{
  FILE *out = bench_csv_open("peers-targets.txt", "# make bench-peers targets");
  /* the CPU's AVX-512 (byte and word instructions), whether fastsum has a
   * path for it or not: the targets follow the hardware */
  int avx512 = __builtin_cpu_supports("avx512bw");
  double r;
  int size, off, s, l;
  char what[120];

  printf("\n-- targets (hot medians; the fastest correct peer of each cell)\n");
  r = worst_hot(-1, 0, &size, &off);
  snprintf(what, sizeof(what), "fastsum vs fastest peer, every size and offset: worst (%d B, offset %d)",
           size, off);
  target(out, what, r, 1.0);
  r = worst_hot(LINUX, 1500, &size, &off);
  snprintf(what, sizeof(what), "fastsum vs linux, 1500 B and above (%s): worst (%d B, offset %d)",
           avx512 ? "AVX-512 CPU" : "no AVX-512 on this CPU", size, off);
  target(out, what, r, avx512 ? 0.5 : 0.65);
  s = hot_index(1500);
  target(out, "fastsum vs load-only floor, 1500 B offset 0: time", hot[FASTSUM][s][0] / hot[floor_k][s][0],
         avx512 ? 1.5 : 1.6);
  if (avx2_k >= 0) {
    r = worst_hot(avx2_k, 0, &size, &off);
    snprintf(what, sizeof(what), "fastsum vs its AVX2 path, every size and offset: worst (%d B, offset %d)",
             size, off);
    target(out, what, r, 1.0);
  }
  for (l = 0; l < NLATENCY; l++) {
    if (latency_sizes[l] == 256 || latency_sizes[l] == 576) {
      snprintf(what, sizeof(what), "fastsum vs linux, dependent calls at %d B: time", latency_sizes[l]);
      target(out, what, latency[FASTSUM][l] / latency[LINUX][l], 1.0);
    }
  }
  bench_csv_close(out);
}

/* Bytes per tick at offset 0, one column per routine, for gnuplot. */
static void plot_data(void)
{
  char columns[256] = "size";
  size_t k, used = strlen(columns);
  FILE *dat;
  int s;
  for (k = 0; k < n_routines && used < sizeof(columns); k++) {
    used += (size_t)snprintf(columns + used, sizeof(columns) - used, " %s", routines[k].name);
  }
  dat = bench_csv_open("peers-hot.dat", columns);
  for (s = 0; s < NHOT; s++) {
    fprintf(dat, "%d", hot_sizes[s]);
    for (k = 0; k < n_routines; k++) {
      fprintf(dat, " %.3f", hot[k][s][0] > 0 ? hot_sizes[s] / hot[k][s][0] : 0.0);
    }
    fputc('\n', dat);
  }
  bench_csv_close(dat);
}

/* The tables, the targets and the plot's data of hot, cold, latency. */
static void report(void)
{
  char label[32];
  int s, off;
  print_header("hot (cache primed): ticks per call, median of the samples", "bytes/off");
  for (s = 0; s < NHOT; s++) {
    for (off = 0; off < NOFFSETS; off++) {
      snprintf(label, sizeof(label), "%d/%d", hot_sizes[s], off);
      print_row(label, &hot[0][s][off], NHOT * NOFFSETS);
    }
  }
  print_header("cold (flushed): ticks of one call, median of the samples", "bytes");
  for (s = 0; s < NCOLD; s++) {
    snprintf(label, sizeof(label), "%d", cold_sizes[s]);
    print_row(label, &cold[0][s], NCOLD);
  }
  print_header("dependent calls (latency): ticks per call, median of the samples", "bytes");
  for (s = 0; s < NLATENCY; s++) {
    snprintf(label, sizeof(label), "%d", latency_sizes[s]);
    print_row(label, &latency[0][s], NLATENCY);
  }
  targets();
  plot_data();
}

/* The index of size in sizes[n], or -1. */
static int size_index(const int *sizes, int n, int size)
{
  int i;
  for (i = 0; i < n; i++) {
    if (sizes[i] == size) {
      return i;
    }
  }
  return -1;
}

enum { ALL_CELLS = MAX_ROUTINES * (NHOT * NOFFSETS + NCOLD + NLATENCY) };

/* hot, cold and latency from the n files' rows (every routine and cell
 * once in each file): each cell's row from the run where fastsum's time
 * over its fastest peer's is the median of the runs (the lower middle one
 * of an even number). A whole row of one run: the routines of a run share
 * its machine's state, so their ratios hold, a median of each routine's
 * times across runs would not. */
static void median_of_files(int n, char **paths)
{
  static double runs[MAX_FILES][ALL_CELLS];
  double *const tables[] = { &hot[0][0][0], &cold[0][0], &latency[0][0] };
  const size_t cells[] = { NHOT * NOFFSETS, NCOLD, NLATENCY };
  const size_t base[] = { 0, MAX_ROUTINES * NHOT * NOFFSETS, MAX_ROUTINES * (NHOT * NOFFSETS + NCOLD) };
  const size_t want = n_routines * (NHOT * NOFFSETS + NCOLD + NLATENCY);
  size_t c, k;
  int f, m;
  if (n < 1 || n > MAX_FILES) {
    bench_fail("--median-of takes 1 to %d files", MAX_FILES);
  }
  for (f = 0; f < n; f++) {
    static unsigned char seen[ALL_CELLS];
    FILE *in = fopen(paths[f], "r");
    char line[256], name[64], mode[16];
    int size, offset, index;
    size_t rows = 0;
    double median;
    if (in == NULL) {
      bench_fail("cannot read %s", paths[f]);
    }
    if (fgets(line, sizeof(line), in) == NULL || strncmp(line, "routine,mode,size,offset,median_ticks,", 38) != 0) {
      bench_fail("%s is not a peers.csv of make bench-peers", paths[f]);
    }
    memset(seen, 0, sizeof(seen));
    while (fgets(line, sizeof(line), in) != NULL) {
      if (sscanf(line, "%63[^,],%15[^,],%d,%d,%lf", name, mode, &size, &offset, &median) != 5) {
        bench_fail("%s: not routine,mode,size,offset,median,...: %.60s", paths[f], line);
      }
      for (k = 0; k < n_routines && strcmp(routines[k].name, name) != 0; k++) {
      }
      for (m = 0; m < 3 && strcmp(mode_name[m], mode) != 0; m++) {
      }
      index = -1;
      if (m == HOT && offset >= 0 && offset < NOFFSETS && size_index(hot_sizes, NHOT, size) >= 0) {
        index = size_index(hot_sizes, NHOT, size) * NOFFSETS + offset;
      } else if (m == COLD && offset == 0) {
        index = size_index(cold_sizes, NCOLD, size);
      } else if (m == LATENCY && offset == 0) {
        index = size_index(latency_sizes, NLATENCY, size);
      }
      if (k == n_routines || m == 3 || index < 0) {
        bench_fail("%s: %s %s %d/%d is none of this machine's routines and cells", paths[f], name, mode,
                   size, offset);
      }
      c = base[m] + k * cells[m] + (size_t)index;
      if (seen[c]++) {
        bench_fail("%s: %s %s %d/%d twice", paths[f], name, mode, size, offset);
      }
      runs[f][c] = median;
      rows++;
    }
    fclose(in);
    if (rows != want) {
      bench_fail("%s has %zu rows, not the %zu of every routine and cell", paths[f], rows, want);
    }
  }
  for (m = 0; m < 3; m++) {
    for (c = 0; c < cells[m]; c++) {
      const size_t stride = cells[m];
      int order[MAX_FILES] = { 0 }, a, b, chosen;
      double ratio[MAX_FILES];
      for (f = 0; f < n; f++) {
        const double *row = &runs[f][base[m] + c];
        ratio[f] = row[FASTSUM * stride] / row[fastest_peer(row, stride) * stride];
        order[f] = f;
      }
      for (a = 1; a < n; a++) {
        for (b = a; b > 0 && ratio[order[b]] < ratio[order[b - 1]]; b--) {
          int t = order[b];
          order[b] = order[b - 1];
          order[b - 1] = t;
        }
      }
      chosen = order[(n - 1) / 2];
      for (k = 0; k < n_routines; k++) {
        tables[m][k * stride + c] = runs[chosen][base[m] + k * stride + c];
      }
    }
  }
}

int main(int argc, char **argv)
{
  unsigned char *buf;
  uint64_t rng = 0x1071;
  FILE *csv;
  int s, off, i;

  if (argc >= 2 && strcmp(argv[1], "--median-of") == 0) {
    set_routines();
    median_of_files(argc - 2, argv + 2);
    bench_init("make bench-peers: every cell's median run");
    printf("%d runs (%s ...): each row is the run where fastsum's ratio to its fastest peer is the median\n",
           argc - 2, argv[2]);
    report();
    return 0;
  }
  if (argc != 1) {
    fprintf(stderr, "usage: %s [--median-of peers.csv...] (files go to $BENCH_DIR)\n", argv[0]);
    return 2;
  }
  bench_init("make bench-peers: fastsum, Linux, DPDK, lwIP, the load-only floor");
  set_routines();
  /* room after the data: Linux's tail load reads up to 7 bytes past it, as
   * the kernel may (load_unaligned_zeropad) */
  buf = bench_alloc(MAX_LEN + 64);
  for (i = 0; i < MAX_LEN + 64; i++) {
    buf[i] = (unsigned char)bench_random(&rng);
  }
  check_all(buf);

  csv = bench_csv_open("peers.csv", "routine,mode,size,offset,median_ticks,min_ticks,max_ticks,median_ns,runs");
  for (s = 0; s < NHOT; s++) {
    for (off = 0; off < NOFFSETS; off++) {
      measure(csv, HOT, buf + off, hot_sizes[s], off, &hot[0][s][off], NHOT * NOFFSETS);
    }
  }
  for (s = 0; s < NCOLD; s++) {
    measure(csv, COLD, buf, cold_sizes[s], 0, &cold[0][s], NCOLD);
  }
  for (s = 0; s < NLATENCY; s++) {
    measure(csv, LATENCY, buf, latency_sizes[s], 0, &latency[0][s], NLATENCY);
  }
  bench_csv_close(csv);
  report();
  free(buf);
  return 0;
}
