/*
 * Benchmarks 2, 3 and 4: the checksum routines side by side in one run.
 *
 *   2. size sweep (Linux 1996): sizes 100..6692 step 412 plus 20, 40, 576,
 *      1500, 9000; start offsets 0..7; cache primed and cache flushed.
 *   3. random pieces (Linux 2002): 1 KiB and 1500-byte pieces at random
 *      offsets of a 64 MiB buffer, checksum and checksum-with-copy; every
 *      routine's sum is compared, a mismatch stops the run.
 *   4. alignment (RTEMS 2005): aligned vs 2-byte-offset source and
 *      destination, copy and checksum.
 *
 * Routines: lwIP's algorithms 1, 2 and 3 and lwip_chksum_copy (memcpy, then
 * algorithm 2) built from the lwIP tree, fastsum_chksum and
 * fastsum_chksum_copy as a port gets them, and every fastsum path usable on
 * this CPU. Every number is the median (and min/max) of many runs, the
 * routines interleaved run by run so that noise hits them alike.
 */
#include "bench.h"

#include <stdlib.h>
#include <string.h>

#include "fastsum_private.h"

/* lwIP's own routines, inet_chksum.c compiled once per algorithm. */
uint16_t lwip_standard_chksum_alg1(const void *data, int len);
uint16_t lwip_standard_chksum_alg2(const void *data, int len);
uint16_t lwip_standard_chksum_alg3(const void *data, int len);
uint16_t lwip_chksum_copy_alg2(void *dst, const void *src, uint16_t len);

typedef uint16_t (*copy_fn)(void *dst, const void *src, uint16_t len);

enum { MAX_ROUTINES = 16, NAME_LEN = 32 };

struct sum_routine {
  char name[NAME_LEN];
  bench_sum_fn fn;
};

struct copy_routine {
  char name[NAME_LEN];
  copy_fn fn;
  int returns_sum; /* 0 for plain memcpy */
};

static struct sum_routine sums[MAX_ROUTINES];
static size_t nsums;
static struct copy_routine copies[MAX_ROUTINES];
static size_t ncopies;

/* Plain memcpy, the floor every copy-with-checksum is compared with. */
static uint16_t plain_memcpy(void *dst, const void *src, uint16_t len)
{
  memcpy(dst, src, len);
  return 0;
}

static void add_sum(const char *name, bench_sum_fn fn)
{
  snprintf(sums[nsums].name, NAME_LEN, "%s", name);
  sums[nsums++].fn = fn;
}

static void add_copy(const char *name, copy_fn fn, int returns_sum)
{
  snprintf(copies[ncopies].name, NAME_LEN, "%s", name);
  copies[ncopies].fn = fn;
  copies[ncopies++].returns_sum = returns_sum;
}

/* Index of the routine named name; the names are fixed below. */
static size_t sum_index(const char *name)
{
  size_t k;
  for (k = 0; k < nsums && strcmp(sums[k].name, name) != 0; k++) {
  }
  return k;
}

static size_t copy_index(const char *name)
{
  size_t k;
  for (k = 0; k < ncopies && strcmp(copies[k].name, name) != 0; k++) {
  }
  return k;
}

static void register_routines(void)
{
  const struct fastsum_impl *impl;
  size_t n, i;
  char name[NAME_LEN];

  add_sum("lwip-alg1", lwip_standard_chksum_alg1);
  add_sum("lwip-alg2", lwip_standard_chksum_alg2);
  add_sum("lwip-alg3", lwip_standard_chksum_alg3);
  add_sum("fastsum", fastsum_chksum);
  add_copy("memcpy", plain_memcpy, 0);
  add_copy("lwip_chksum_copy", lwip_chksum_copy_alg2, 1);
  add_copy("fastsum_copy", fastsum_chksum_copy, 1);
  n = fastsum_impls(&impl);
  for (i = 0; i < n && nsums < MAX_ROUTINES && ncopies < MAX_ROUTINES; i++) {
    snprintf(name, sizeof(name), "fastsum-%s", impl[i].name);
    add_sum(name, impl[i].chksum);
    if (impl[i].chksum_copy != NULL) {
      snprintf(name, sizeof(name), "fastsum_copy-%s", impl[i].name);
      add_copy(name, impl[i].chksum_copy, 1);
    }
  }
}

/* ---- timing ---------------------------------------------------------- */

static double time_copy_hot(copy_fn fn, unsigned char *dst, const unsigned char *src, int len)
{
  int batch = bench_hot_batch(len), i;
  uint32_t acc = 0;
  uint64_t t0, t1;
  acc += fn(dst, src, (uint16_t)len);
  t0 = bench_ticks();
  for (i = 0; i < batch; i++) {
    acc += fn(dst, src, (uint16_t)len);
  }
  t1 = bench_ticks();
  bench_sink += acc;
  return bench_net_ticks(t1 - t0, batch);
}

/* Source flushed from the caches; the destination stays where it is. */
static double time_copy_cold(copy_fn fn, unsigned char *dst, const unsigned char *src, int len,
                             uint16_t *result)
{
  uint64_t t0, t1;
  bench_flush(src, (size_t)len);
  t0 = bench_ticks();
  *result = fn(dst, src, (uint16_t)len);
  t1 = bench_ticks();
  return bench_net_ticks(t1 - t0, 1);
}

/* Every routine must agree with lwIP's algorithm 2 before it is timed. */
static void check_sums(const unsigned char *p, int len, const char *where)
{
  uint16_t ref = lwip_standard_chksum_alg2(p, len);
  size_t k;
  for (k = 0; k < nsums; k++) {
    uint16_t got = sums[k].fn(p, len);
    if (got != ref) {
      bench_fail("%s: %s returns 0x%04x, lwip-alg2 0x%04x (len %d, address %% 8 = %u)", where,
                 sums[k].name, got, ref, len, (unsigned)((uintptr_t)p % 8));
    }
  }
}

static void check_copy(const struct copy_routine *r, uint16_t got, const unsigned char *dst,
                       const unsigned char *src, int len, const char *where)
{
  uint16_t ref = lwip_standard_chksum_alg2(src, len);
  if (memcmp(dst, src, (size_t)len) != 0) {
    bench_fail("%s: %s copied wrong bytes (len %d)", where, r->name, len);
  }
  if (r->returns_sum && got != ref) {
    bench_fail("%s: %s returns 0x%04x, lwip-alg2 0x%04x (len %d)", where, r->name, got, ref, len);
  }
}

static double ns(double ticks)
{
  return ticks * bench_ns_per_tick;
}

/* Run i starts with routine i % n: no routine always runs first. */
static size_t rotated(size_t i, size_t k, size_t n)
{
  return (i + k) % n;
}

/* ---- 2. size sweep --------------------------------------------------- */

enum { MAX_SIZES = 32, SWEEP_OFFSETS = 8, PRIMED = 0, FLUSHED = 1 };
static const char *const cache_name[2] = { "primed", "flushed" };

static int sweep_size[MAX_SIZES];
static int nsweep;
/* Median ticks per routine, size, offset and cache state. */
static double sweep_median[MAX_ROUTINES][MAX_SIZES][SWEEP_OFFSETS][2];

static int compare_ints(const void *a, const void *b)
{
  return *(const int *)a - *(const int *)b;
}

static void sweep_sizes(void)
{
  static const int extra[] = { 20, 40, 576, 1500, 9000 };
  int s;
  size_t i;
  for (s = 100; s <= 6692; s += 412) {
    sweep_size[nsweep++] = s;
  }
  for (i = 0; i < sizeof(extra) / sizeof(extra[0]); i++) {
    sweep_size[nsweep++] = extra[i];
  }
  qsort(sweep_size, (size_t)nsweep, sizeof(int), compare_ints);
}

static void print_sweep_table(int cache)
{
  size_t k, fast = sum_index("fastsum"), alg2 = sum_index("lwip-alg2");
  int s, off;
  printf("\n-- 2. size sweep, cache %s: ticks per call, best/worst over start offsets 0..7 "
         "(each the median of the runs)\n%6s", cache_name[cache], "size");
  for (k = 0; k < nsums; k++) {
    printf(" %15s", sums[k].name);
  }
  printf(" %13s\n", "alg2/fastsum");
  for (s = 0; s < nsweep; s++) {
    printf("%6d", sweep_size[s]);
    for (k = 0; k < nsums; k++) {
      double best = sweep_median[k][s][0][cache], worst = best;
      char cell[32];
      for (off = 1; off < SWEEP_OFFSETS; off++) {
        double m = sweep_median[k][s][off][cache];
        best = m < best ? m : best;
        worst = m > worst ? m : worst;
      }
      snprintf(cell, sizeof(cell), "%.0f/%.0f", best, worst);
      printf(" %15s", cell);
    }
    printf(" %12.2fx\n", sweep_median[alg2][s][0][cache] / sweep_median[fast][s][0][cache]);
  }
}

static void bench_sweep(void)
{
  const int runs = 101;
  double samples[MAX_ROUTINES][128];
  unsigned char *buf;
  uint64_t rng = 0x1996;
  FILE *csv;
  int s, off, cache, run, i;
  size_t k;

  sweep_sizes();
  buf = bench_alloc((size_t)sweep_size[nsweep - 1] + 64);
  for (i = 0; i < sweep_size[nsweep - 1] + 64; i++) {
    buf[i] = (unsigned char)bench_random(&rng);
  }
  csv = bench_csv_open("sweep.csv", "routine,size,offset,cache,median_ticks,min_ticks,max_ticks,median_ns,runs");
  for (cache = PRIMED; cache <= FLUSHED; cache++) {
    for (s = 0; s < nsweep; s++) {
      for (off = 0; off < SWEEP_OFFSETS; off++) {
        const unsigned char *p = buf + off;
        int len = sweep_size[s];
        check_sums(p, len, "size sweep");
        for (run = 0; run < runs; run++) {
          for (i = 0; i < (int)nsums; i++) {
            uint16_t r;
            k = rotated((size_t)run, (size_t)i, nsums);
            samples[k][run] = cache == PRIMED ? bench_sum_hot(sums[k].fn, p, len)
                                              : bench_sum_cold(sums[k].fn, p, len, &r);
          }
        }
        for (k = 0; k < nsums; k++) {
          struct bench_stats st = bench_stats_of(samples[k], (size_t)runs);
          sweep_median[k][s][off][cache] = st.median;
          fprintf(csv, "%s,%d,%d,%s,%.1f,%.1f,%.1f,%.1f,%d\n", sums[k].name, len, off,
                  cache_name[cache], st.median, st.min, st.max, ns(st.median), runs);
        }
      }
    }
    print_sweep_table(cache);
  }
  bench_csv_close(csv);
  free(buf);
}

/* ---- 3. random pieces ------------------------------------------------ */

enum { BIG_BYTES = 64 << 20, POOL_SLOTS = 256, SLOT_BYTES = 2048, NPIECE_SIZES = 2 };
static const int piece_size[NPIECE_SIZES] = { 1024, 1500 };

struct piece_result {
  struct bench_stats cold; /* random pieces of the 64 MiB buffer */
  double hot;              /* the same piece again and again (median) */
};
static struct piece_result piece_sum[MAX_ROUTINES][NPIECE_SIZES];
static struct piece_result piece_copy[MAX_ROUTINES][NPIECE_SIZES];

/* Fills r->hot from the hot samples; one CSV row per cache state. */
static void write_piece_rows(FILE *csv, const char *name, const char *kind, int len,
                             struct piece_result *r, double *hot, int hot_runs, int npieces)
{
  struct bench_stats h = bench_stats_of(hot, (size_t)hot_runs);
  r->hot = h.median;
  fprintf(csv, "%s,%s,%d,cold,%.1f,%.1f,%.1f,%.1f,%d\n", name, kind, len, r->cold.median,
          r->cold.min, r->cold.max, ns(r->cold.median), npieces);
  fprintf(csv, "%s,%s,%d,hot,%.1f,%.1f,%.1f,%.1f,%d\n", name, kind, len, h.median, h.min, h.max,
          ns(h.median), hot_runs);
}

static void print_piece_row(const char *name, const struct piece_result *r, double ref_cold,
                            double ref_hot)
{
  int z;
  printf("%-24s", name);
  for (z = 0; z < NPIECE_SIZES; z++) {
    printf(" %8.0f %7.0f %8.0f %7.0f", r[z].cold.min, r[z].cold.median, r[z].cold.max, r[z].hot);
  }
  printf(" %6.2fx %6.2fx\n", ref_cold / r[1].cold.median, ref_hot / r[1].hot); /* 1500 B */
}

static void print_piece_header(const char *what, const char *ref)
{
  int z;
  printf("%-24s", "");
  for (z = 0; z < NPIECE_SIZES; z++) {
    printf("  ------------ %4d B -------------", piece_size[z]);
  }
  printf("  vs %s\n%-24s", ref, what);
  for (z = 0; z < NPIECE_SIZES; z++) {
    printf(" %8s %7s %8s %7s", "cold min", "median", "max", "hot");
  }
  printf(" %7s %7s\n", "cold", "hot");
}

static void bench_pieces(void)
{
  const int npieces = 4000;
  const int hot_runs = 101;
  unsigned char *big = bench_alloc(BIG_BYTES), *pool = bench_alloc(POOL_SLOTS * SLOT_BYTES);
  double *samples = bench_alloc(sizeof(double) * (size_t)npieces * MAX_ROUTINES * 2);
  double *sum_samples = samples, *copy_samples = samples + (size_t)npieces * MAX_ROUTINES;
  double hot_sum[MAX_ROUTINES][128], hot_copy[MAX_ROUTINES][128];
  uint64_t rng = 0x2002;
  size_t k, alg2 = sum_index("lwip-alg2"), lcopy = copy_index("lwip_chksum_copy");
  int z, i, j, run;
  FILE *csv;

  for (i = 0; i < BIG_BYTES; i += 8) {
    uint64_t r = bench_random(&rng);
    memcpy(big + i, &r, 8);
  }
  memset(pool, 0, POOL_SLOTS * SLOT_BYTES);
  csv = bench_csv_open("pieces.csv", "routine,kind,size,cache,median_ticks,min_ticks,max_ticks,median_ns,runs");
  for (z = 0; z < NPIECE_SIZES; z++) {
    int len = piece_size[z];
    for (i = 0; i < npieces; i++) {
      const unsigned char *src = big + bench_random(&rng) % (uint64_t)(BIG_BYTES - len);
      unsigned char *dst = pool + (bench_random(&rng) % POOL_SLOTS) * SLOT_BYTES;
      uint16_t ref = lwip_standard_chksum_alg2(src, len), got;
      for (j = 0; j < (int)nsums; j++) {
        k = rotated((size_t)i, (size_t)j, nsums);
        sum_samples[k * (size_t)npieces + (size_t)i] = bench_sum_cold(sums[k].fn, src, len, &got);
        if (got != ref) {
          bench_fail("random pieces: %s returns 0x%04x, lwip-alg2 0x%04x (len %d, piece %d)",
                     sums[k].name, got, ref, len, i);
        }
      }
      for (j = 0; j < (int)ncopies; j++) {
        k = rotated((size_t)i, (size_t)j, ncopies);
        memset(dst, 0, (size_t)len); /* a copy that does nothing fails the check */
        copy_samples[k * (size_t)npieces + (size_t)i] = time_copy_cold(copies[k].fn, dst, src, len, &got);
        check_copy(&copies[k], got, dst, src, len, "random pieces");
      }
    }
    /* hot: the routines interleaved run by run, as everywhere */
    for (run = 0; run < hot_runs; run++) {
      for (k = 0; k < nsums; k++) {
        hot_sum[k][run] = bench_sum_hot(sums[k].fn, big, len);
      }
      for (k = 0; k < ncopies; k++) {
        hot_copy[k][run] = time_copy_hot(copies[k].fn, pool, big, len);
      }
    }
    for (k = 0; k < nsums; k++) {
      piece_sum[k][z].cold = bench_stats_of(sum_samples + k * (size_t)npieces, (size_t)npieces);
      write_piece_rows(csv, sums[k].name, "checksum", len, &piece_sum[k][z], hot_sum[k], hot_runs, npieces);
    }
    for (k = 0; k < ncopies; k++) {
      piece_copy[k][z].cold = bench_stats_of(copy_samples + k * (size_t)npieces, (size_t)npieces);
      write_piece_rows(csv, copies[k].name, "copy", len, &piece_copy[k][z], hot_copy[k], hot_runs, npieces);
    }
  }
  bench_csv_close(csv);

  printf("\n-- 3. random pieces of a 64 MiB buffer (%d pieces per size, source flushed; "
         "destination a random slot of a 512 KiB pool, cleared before the copy, so in cache), ticks per call; "
         "hot = one piece again and again\n",
         npieces);
  print_piece_header("checksum", "lwip-alg2 at 1500 B");
  for (k = 0; k < nsums; k++) {
    print_piece_row(sums[k].name, piece_sum[k], piece_sum[alg2][1].cold.median, piece_sum[alg2][1].hot);
  }
  print_piece_header("checksum with copy", "lwip_chksum_copy at 1500 B");
  for (k = 0; k < ncopies; k++) {
    print_piece_row(copies[k].name, piece_copy[k], piece_copy[lcopy][1].cold.median, piece_copy[lcopy][1].hot);
  }
  printf("every routine returned the same sum for every piece\n");
  free(samples);
  free(pool);
  free(big);
}

/* ---- 4. alignment ---------------------------------------------------- */

/* as many copy alignments as checksum offsets: one table shape for both */
enum { ALIGN_LEN = 1500, NSUM_OFFSETS = 4, NCOPY_ALIGNS = NSUM_OFFSETS };
static const int copy_src_off[NCOPY_ALIGNS] = { 0, 2, 0, 2 };
static const int copy_dst_off[NCOPY_ALIGNS] = { 0, 0, 2, 2 };
/* [routine][offset][cache] medians */
static double align_sum[MAX_ROUTINES][NSUM_OFFSETS][2];
static double align_copy[MAX_ROUTINES][NCOPY_ALIGNS][2];

/* One table of benchmark 4: a row per routine, hot | flushed at each
 * alignment, then (hot) the worst misaligned / aligned ratio and how much
 * faster than lwIP's own routine it is, aligned. */
static void print_alignment_rows(const char *heading, const char *const *label, const char *const *names,
                                 size_t n, double t[][NSUM_OFFSETS][2], size_t ref, const char *ref_name)
{
  size_t k;
  int a, cache;
  printf("%-24s", heading);
  for (cache = PRIMED; cache <= FLUSHED; cache++) {
    for (a = 0; a < NSUM_OFFSETS; a++) {
      printf(" %7s", label[a]);
    }
    printf(cache == PRIMED ? " |" : "");
  }
  printf(" %7s %7s\n", "worst", ref_name);
  for (k = 0; k < n; k++) {
    double worst = 0;
    printf("%-24s", names[k]);
    for (cache = PRIMED; cache <= FLUSHED; cache++) {
      for (a = 0; a < NSUM_OFFSETS; a++) {
        printf(" %7.0f", t[k][a][cache]);
        if (cache == PRIMED && a > 0 && t[k][a][PRIMED] / t[k][0][PRIMED] > worst) {
          worst = t[k][a][PRIMED] / t[k][0][PRIMED];
        }
      }
      printf(cache == PRIMED ? " |" : "");
    }
    printf(" %6.2fx %6.2fx\n", worst, t[ref][0][PRIMED] / t[k][0][PRIMED]);
  }
}

static void bench_alignment(void)
{
  enum { RUNS = 201 };
  /* [routine][alignment][run]: the alignments interleaved too, run by run,
   * as their ratio is what this benchmark is about */
  static double samples[MAX_ROUTINES][NSUM_OFFSETS][RUNS];
  unsigned char *src = bench_alloc(ALIGN_LEN + 64), *dst = bench_alloc(ALIGN_LEN + 64);
  uint64_t rng = 0x2005;
  int a, cache, run, i;
  size_t k;
  FILE *csv = bench_csv_open("alignment.csv",
                             "routine,kind,src_offset,dst_offset,cache,median_ticks,min_ticks,max_ticks,median_ns,runs");

  for (i = 0; i < ALIGN_LEN + 64; i++) {
    src[i] = (unsigned char)bench_random(&rng);
  }
  for (a = 0; a < NSUM_OFFSETS; a++) {
    check_sums(src + a, ALIGN_LEN, "alignment");
  }
  for (a = 0; a < NCOPY_ALIGNS; a++) {
    for (k = 0; k < ncopies; k++) {
      uint16_t r = copies[k].fn(dst + copy_dst_off[a], src + copy_src_off[a], ALIGN_LEN);
      check_copy(&copies[k], r, dst + copy_dst_off[a], src + copy_src_off[a], ALIGN_LEN, "alignment");
    }
  }
  for (cache = PRIMED; cache <= FLUSHED; cache++) {
    for (run = 0; run < RUNS; run++) {
      for (a = 0; a < NSUM_OFFSETS; a++) {
        for (i = 0; i < (int)nsums; i++) {
          uint16_t r;
          k = rotated((size_t)run, (size_t)i, nsums);
          samples[k][a][run] = cache == PRIMED ? bench_sum_hot(sums[k].fn, src + a, ALIGN_LEN)
                                               : bench_sum_cold(sums[k].fn, src + a, ALIGN_LEN, &r);
        }
      }
    }
    for (k = 0; k < nsums; k++) {
      for (a = 0; a < NSUM_OFFSETS; a++) {
        struct bench_stats st = bench_stats_of(samples[k][a], RUNS);
        align_sum[k][a][cache] = st.median;
        fprintf(csv, "%s,checksum,%d,,%s,%.1f,%.1f,%.1f,%.1f,%d\n", sums[k].name, a, cache_name[cache],
                st.median, st.min, st.max, ns(st.median), RUNS);
      }
    }
    for (run = 0; run < RUNS; run++) {
      for (a = 0; a < NCOPY_ALIGNS; a++) {
        const unsigned char *s = src + copy_src_off[a];
        unsigned char *d = dst + copy_dst_off[a];
        for (i = 0; i < (int)ncopies; i++) {
          uint16_t r;
          k = rotated((size_t)run, (size_t)i, ncopies);
          samples[k][a][run] = cache == PRIMED ? time_copy_hot(copies[k].fn, d, s, ALIGN_LEN)
                                               : time_copy_cold(copies[k].fn, d, s, ALIGN_LEN, &r);
        }
      }
    }
    for (k = 0; k < ncopies; k++) {
      for (a = 0; a < NCOPY_ALIGNS; a++) {
        struct bench_stats st = bench_stats_of(samples[k][a], RUNS);
        align_copy[k][a][cache] = st.median;
        fprintf(csv, "%s,copy,%d,%d,%s,%.1f,%.1f,%.1f,%.1f,%d\n", copies[k].name, copy_src_off[a],
                copy_dst_off[a], cache_name[cache], st.median, st.min, st.max, ns(st.median), RUNS);
      }
    }
  }
  bench_csv_close(csv);

  printf("\n-- 4. alignment, %d bytes, ticks per call (median of %d runs), hot | flushed; then, hot: "
         "worst misaligned / aligned, and aligned vs lwIP's routine\n", ALIGN_LEN, RUNS);
  {
    static const char *const sum_label[NSUM_OFFSETS] = { "0", "1", "2", "3" };
    static const char *const copy_label[NCOPY_ALIGNS] = { "0/0", "2/0", "0/2", "2/2" };
    const char *names[MAX_ROUTINES];
    for (k = 0; k < nsums; k++) {
      names[k] = sums[k].name;
    }
    print_alignment_rows("checksum at offset", sum_label, names, nsums, align_sum, sum_index("lwip-alg2"),
                         "vs alg2");
    for (k = 0; k < ncopies; k++) {
      names[k] = copies[k].name;
    }
    print_alignment_rows("copy at src/dst offset", copy_label, names, ncopies, align_copy,
                         copy_index("lwip_chksum_copy"), "vs lwip");
  }
  free(src);
  free(dst);
}

/* ---- the checksum module's performance targets ------------------------ */

static int sweep_index(int size)
{
  int s;
  for (s = 0; s < nsweep && sweep_size[s] != size; s++) {
  }
  return s;
}

/* One line per target, to the terminal and to the short report: met when
 * value >= goal (at_least) or value <= goal. */
static void target(FILE *report, const char *what, double value, int at_least, double goal)
{
  char line[256];
  snprintf(line, sizeof(line), "%-64s %6.2fx  (target %s %gx) %s", what, value, at_least ? ">=" : "<=",
           goal, (at_least ? value >= goal : value <= goal) ? "met" : "NOT MET");
  printf("%s\n", line);
  fprintf(report, "%s\n", line);
}

/* Whether fastsum runs a path of 256-bit vectors or wider on this CPU
 * (AVX2, AVX-512). */
static int wide_vectors(void)
{
  const struct fastsum_impl *impl;
  size_t n = fastsum_impls(&impl), i;
  for (i = 0; i < n && strncmp(impl[i].name, "avx", 3) != 0; i++) {
  }
  return i < n;
}

static double slower(double a, double b)
{
  return a > b ? a : b;
}

/* Every target is one that a correct build meets on any CPU (the rows of
 * each path, fastsum-PATH, show where a CPU with fewer instructions would
 * land). The sum's follow the vectors the CPU has: lower where they are
 * 128 bits wide (SSE2 only). A copy is held to the slower of memcpy and
 * the sum, which it cannot beat: it moves the bytes and sums them, and
 * where the sum outruns memcpy (AVX-512) memcpy is the bound: within 1.5
 * times it hot (the two one after the other take up to 2 times), 1.25
 * times cold, where the memory's latency is the cost of both. */
static void print_targets(void)
{
  size_t fast = sum_index("fastsum"), alg2 = sum_index("lwip-alg2"), alg3 = sum_index("lwip-alg3");
  size_t fcopy = copy_index("fastsum_copy"), lcopy = copy_index("lwip_chksum_copy");
  size_t mcopy = copy_index("memcpy");
  int s1500 = sweep_index(1500), s20 = sweep_index(20), s40 = sweep_index(40), a, wide = wide_vectors();
  double r, worst = 0;
  FILE *report = bench_csv_open("headlines-chksum.txt", "# checksum module targets, cache-hot unless said");

  printf("\n-- the checksum module's targets, measured in this run\n");
  r = sweep_median[alg2][s1500][0][PRIMED] / sweep_median[fast][s1500][0][PRIMED];
  target(report, "fastsum vs lwIP alg 2, 1500 B hot: faster by", r, 1, wide ? 10 : 6);
  r = sweep_median[alg3][s1500][0][PRIMED] / sweep_median[fast][s1500][0][PRIMED];
  target(report, "fastsum vs lwIP alg 3, 1500 B hot: faster by", r, 1, wide ? 6 : 4);
  r = sweep_median[alg3][s20][0][PRIMED] / sweep_median[fast][s20][0][PRIMED];
  target(report, "fastsum vs lwIP alg 3, 20 B hot: faster by", r, 1, 1.5);
  r = sweep_median[alg3][s40][0][PRIMED] / sweep_median[fast][s40][0][PRIMED];
  target(report, "fastsum vs lwIP alg 3, 40 B hot: faster by", r, 1, 1.5);
  for (a = 1; a < NSUM_OFFSETS; a++) {
    r = align_sum[fast][a][PRIMED] / align_sum[fast][0][PRIMED];
    worst = r > worst ? r : worst;
  }
  target(report, "fastsum at offsets 1,2,3 vs aligned, 1500 B hot: worst", worst, 0, 1.10);
  r = piece_copy[fcopy][1].hot / slower(piece_copy[mcopy][1].hot, piece_sum[fast][1].hot);
  target(report, "fastsum_chksum_copy vs max(memcpy, sum), 1500 B hot: time", r, 0, 1.5);
  r = piece_copy[lcopy][1].hot / piece_copy[fcopy][1].hot;
  target(report, "fastsum_chksum_copy vs lwip_chksum_copy, 1500 B hot: faster by", r, 1, 2);
  r = piece_copy[fcopy][1].cold.median /
      slower(piece_copy[mcopy][1].cold.median, piece_sum[fast][1].cold.median);
  target(report, "fastsum_chksum_copy vs max(memcpy, sum), 1500 B cold: time", r, 0, 1.25);
  bench_csv_close(report);
}

int main(int argc, char **argv)
{
  if (argc != 1) {
    fprintf(stderr, "usage: %s (no arguments; the CSV files go to $BENCH_DIR, default build/bench)\n", argv[0]);
    return 2;
  }
  bench_init("checksum benchmarks 2 (size sweep), 3 (random pieces), 4 (alignment)");
  register_routines();
  printf("# routines:");
  {
    size_t k;
    for (k = 0; k < nsums; k++) {
      printf(" %s", sums[k].name);
    }
    for (k = 0; k < ncopies; k++) {
      printf(" %s", copies[k].name);
    }
  }
  printf("\n");
  bench_sweep();
  bench_pieces();
  bench_alignment();
  print_targets();
  return 0;
}
