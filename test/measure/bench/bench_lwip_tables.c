/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The tables of benchmarks 1 (header) and 5 (end to end) from the samples
 * the lwIP builds wrote in alternating rounds (bench_lwip.c):
 *
 *   bench-lwip-tables SAMPLES.csv COUNTS.csv
 *
 * SAMPLES.csv: build,layout,case,ticks,ns,packets per timed sample (every
 * build in two code layouts); COUNTS.csv: build,case,instructions per
 * operation (callgrind, test/measure/bench/run.sh). Prints both tables, writes
 * header.csv, e2e.csv and headlines-lwip.txt to BENCH_DIR. A build that is
 * missing from the samples shows as n/a.
 *
 * Layout noise: a build's two layouts run the same code placed differently;
 * the relative difference of their medians is what code placement alone
 * does to it. Beside each ratio the larger of the two builds' layout
 * differences is printed, and a ratio closer to 1 than that is marked
 * "within layout noise" rather than a gain or a loss.
 */
#include "bench.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { NAME_LEN = 32, MAX_GROUPS = 64, LAYOUTS = 2 };

/* A growing array of samples. */
struct samples {
  double *v;
  size_t n, cap;
};

/* The samples of one case in one build, both layouts. */
struct group {
  char build[NAME_LEN], kase[NAME_LEN];
  struct samples ticks, ns, layout_ns[LAYOUTS];
  unsigned long packets;
  double instructions; /* per operation; 0: not counted */
  struct bench_stats t, s; /* ticks, ns: both layouts together */
  double layout_spread;    /* |median of layout 1 - layout 2| / median */
};

static char layout_names[LAYOUTS][NAME_LEN];

static struct group groups[MAX_GROUPS];
static size_t ngroups;

static struct group *find(const char *build, const char *kase)
{
  size_t i;
  for (i = 0; i < ngroups; i++) {
    if (strcmp(groups[i].build, build) == 0 && strcmp(groups[i].kase, kase) == 0) {
      return &groups[i];
    }
  }
  return NULL;
}

static FILE *open_input(const char *path)
{
  FILE *f = fopen(path, "r");
  if (f == NULL) {
    bench_fail("cannot read %s", path);
  }
  return f;
}

static void add_sample(struct samples *a, double v)
{
  if (a->n == a->cap) {
    a->cap = a->cap ? 2 * a->cap : 64;
    a->v = realloc(a->v, a->cap * sizeof(double));
    if (a->v == NULL) {
      bench_fail("out of memory");
    }
  }
  a->v[a->n++] = v;
}

/* The index of a layout name, in the order they first appear. */
static size_t layout_index(const char *path, unsigned lineno, const char *name)
{
  size_t l;
  for (l = 0; l < LAYOUTS; l++) {
    if (layout_names[l][0] == '\0') {
      snprintf(layout_names[l], NAME_LEN, "%s", name);
    }
    if (strcmp(layout_names[l], name) == 0) {
      return l;
    }
  }
  bench_fail("%s:%u: a layout %s besides %s and %s", path, lineno, name, layout_names[0],
             layout_names[1]);
}

static void read_samples(const char *path)
{
  char line[256], build[NAME_LEN], layout[NAME_LEN], kase[NAME_LEN];
  double ticks, ns;
  unsigned long packets;
  unsigned lineno = 0;
  size_t i;
  FILE *f = open_input(path);
  while (fgets(line, sizeof(line), f)) {
    struct group *g;
    lineno++;
    if (sscanf(line, "%31[^,],%31[^,],%31[^,],%lf,%lf,%lu", build, layout, kase, &ticks, &ns,
               &packets) != 6) {
      bench_fail("%s:%u: not a sample line (build,layout,case,ticks,ns,packets)", path, lineno);
    }
    g = find(build, kase);
    if (g == NULL) {
      if (ngroups == MAX_GROUPS) {
        bench_fail("%s: more than %d build/case pairs", path, MAX_GROUPS);
      }
      g = &groups[ngroups++];
      snprintf(g->build, NAME_LEN, "%s", build);
      snprintf(g->kase, NAME_LEN, "%s", kase);
    }
    add_sample(&g->ticks, ticks);
    add_sample(&g->ns, ns);
    add_sample(&g->layout_ns[layout_index(path, lineno, layout)], ns);
    g->packets = packets;
  }
  fclose(f);
  if (ngroups == 0) {
    bench_fail("%s: no samples", path);
  }
  for (i = 0; i < ngroups; i++) {
    struct group *g = &groups[i];
    g->t = bench_stats_of(g->ticks.v, g->ticks.n);
    g->s = bench_stats_of(g->ns.v, g->ns.n);
    if (g->layout_ns[0].n == 0 || g->layout_ns[1].n == 0) {
      bench_fail("%s: %s/%s was not run in both layouts", path, g->build, g->kase);
    }
    g->layout_spread = fabs(bench_stats_of(g->layout_ns[0].v, g->layout_ns[0].n).median -
                            bench_stats_of(g->layout_ns[1].v, g->layout_ns[1].n).median) /
                       g->s.median;
  }
}

/* Instructions per operation, one line per build and case. */
static void read_counts(const char *path)
{
  char line[256], build[NAME_LEN], kase[NAME_LEN];
  double instructions;
  unsigned lineno = 0;
  FILE *f = open_input(path);
  while (fgets(line, sizeof(line), f)) {
    struct group *g;
    lineno++;
    if (sscanf(line, "%31[^,],%31[^,],%lf", build, kase, &instructions) != 3 || instructions <= 0) {
      bench_fail("%s:%u: not a count line (build,case,instructions)", path, lineno);
    }
    g = find(build, kase);
    if (g == NULL) {
      bench_fail("%s:%u: %s/%s was counted but not timed", path, lineno, build, kase);
    }
    g->instructions = instructions;
  }
  fclose(f);
}

/* The layout noise of a ratio between two builds, and its verdict. */
struct verdict {
  double noise; /* the larger layout spread of the two builds */
  const char *text;
};

static struct verdict judge(const struct group *g, const struct group *ref, double ratio)
{
  struct verdict v;
  v.noise = g->layout_spread > ref->layout_spread ? g->layout_spread : ref->layout_spread;
  if (g == ref) {
    v.text = "reference";
  } else if (fabs(ratio - 1.0) <= v.noise) {
    v.text = "within layout noise";
  } else {
    v.text = ratio > 1.0 ? "faster" : "slower";
  }
  return v;
}

#ifndef BENCH_LWIP_VERSION
#define BENCH_LWIP_VERSION "?"
#endif

static const char *describe(const char *build)
{
  if (strcmp(build, "stock") == 0) {
    return "lwIP " BENCH_LWIP_VERSION " stock, LWIP_CHKSUM alg 2";
  }
  if (strcmp(build, "inline") == 0) {
    return "patched, LWIP_INLINE_IP_CHKSUM 1";
  }
  if (strcmp(build, "call") == 0) {
    return "patched, LWIP_INLINE_IP_CHKSUM 0";
  }
  if (strcmp(build, "fastsum") == 0) {
    return "patched, inline + fastsum";
  }
  return build;
}

/* "instructions per operation" or n/a when the build was not counted. */
static const char *instructions_text(const struct group *g)
{
  static char buf[2][32];
  static int which;
  which ^= 1;
  if (g->instructions > 0) {
    snprintf(buf[which], sizeof(buf[which]), "%.0f", g->instructions);
  } else {
    snprintf(buf[which], sizeof(buf[which]), "n/a");
  }
  return buf[which];
}

/* One line of the short report: what, ratio, ns, instructions, layouts. */
static void headline(FILE *report, const char *what, const struct group *g, const struct group *r)
{
  double ratio = r->s.median / g->s.median;
  struct verdict v = judge(g, r, ratio);
  fprintf(report, "%-64s %6.2fx (%.1f vs %.1f ns, %s vs %s instructions; layouts +-%.0f%%: %s)\n", what,
          ratio, g->s.median, r->s.median, instructions_text(g), instructions_text(r), 100 * v.noise,
          v.text);
}

/* Benchmark 1: time per header; ratio = reference time / this time. */
static void header_rows(FILE *csv, FILE *report, const char *kase, const char *const *builds,
                        size_t nbuilds, const char *ref, const char *what)
{
  const struct group *r = find(ref, kase);
  size_t b;
  for (b = 0; b < nbuilds; b++) {
    const struct group *g = find(builds[b], kase);
    double ratio;
    struct verdict v;
    if (g == NULL || r == NULL) {
      printf("%-11s %-36s %s\n", kase, describe(builds[b]), "n/a (build not run)");
      continue;
    }
    ratio = r->s.median / g->s.median;
    v = judge(g, r, ratio);
    printf("%-11s %-36s %8.1f %8.1f %8.1f %8.0f %8s %8.2fx %6.1f%%  %s\n", kase, describe(g->build),
           g->s.median, g->s.min, g->s.max, g->t.median, instructions_text(g), ratio, 100 * v.noise,
           v.text);
    fprintf(csv, "%s,%s,%.2f,%.2f,%.2f,%.1f,%.1f,%.1f,%zu,%.1f,%.3f,%.4f,%s\n", kase, g->build,
            g->s.median, g->s.min, g->s.max, g->t.median, g->t.min, g->t.max, g->ns.n,
            g->instructions, ratio, v.noise, v.text);
    if (b == 0) { /* the first build is the patched one */
      headline(report, what, g, r);
    }
  }
}

/* Benchmark 5: packets per second; ratio = this rate / stock's rate. */
static void e2e_rows(FILE *csv, FILE *report, const char *kase, const char *const *builds, size_t nbuilds)
{
  const struct group *r = find("stock", kase);
  size_t b;
  for (b = 0; b < nbuilds; b++) {
    const struct group *g = find(builds[b], kase);
    double ratio;
    struct verdict v;
    if (g == NULL || r == NULL) {
      printf("%-10s %-36s %s\n", kase, describe(builds[b]), "n/a (build not run)");
      continue;
    }
    ratio = r->s.median / g->s.median;
    v = judge(g, r, ratio);
    printf("%-10s %-36s %10.0f %10.0f %10.0f %8.0f %8s %4lu %7.2fx %6.1f%%  %s\n", kase,
           describe(g->build), 1e9 / g->s.median, 1e9 / g->s.max, 1e9 / g->s.min, g->s.median,
           instructions_text(g), g->packets, ratio, 100 * v.noise, v.text);
    fprintf(csv, "%s,%s,%.0f,%.0f,%.0f,%.2f,%.1f,%lu,%zu,%.1f,%.3f,%.4f,%s\n", kase, g->build,
            1e9 / g->s.median, 1e9 / g->s.max, 1e9 / g->s.min, g->s.median, g->t.median, g->packets,
            g->ns.n, g->instructions, ratio, v.noise, v.text);
    if ((strcmp(g->build, "inline") == 0 && strcmp(kase, "udp-64") == 0) ||
        (strcmp(g->build, "fastsum") == 0 &&
         (strcmp(kase, "udp-1472") == 0 || strcmp(kase, "udp-60000") == 0))) {
      char what[80];
      snprintf(what, sizeof(what), "UDP send of %s B, patched%s vs stock: faster by", kase + 4,
               strcmp(g->build, "fastsum") == 0 ? "+fastsum" : " inline");
      headline(report, what, g, r);
    }
  }
}

int main(int argc, char **argv)
{
  static const char *const header_builds[] = { "inline", "call", "stock", "fastsum" };
  static const char *const frag_builds[] = { "inline", "stock", "call", "fastsum" };
  static const char *const e2e_builds[] = { "stock", "inline", "fastsum" };
  static const char *const e2e_cases[] = { "udp-64", "udp-512", "udp-1472", "udp-60000" };
  FILE *csv, *report;
  size_t c;
  const struct group *any;

  if (argc != 3) {
    fprintf(stderr, "usage: %s SAMPLES.csv COUNTS.csv\n", argv[0]);
    return 2;
  }
  read_samples(argv[1]);
  read_counts(argv[2]);
  bench_init("lwIP benchmarks 1 (header) and 5 (end to end), builds run in alternating rounds");
  report = bench_csv_open("headlines-lwip.txt", "# lwIP 2.2.1 builds (NO_SYS, netif drops output)");

  any = find("inline", "ip4_output") != NULL ? find("inline", "ip4_output") : &groups[0];
  printf("\n-- 1. IPv4 header: ns per header (median, min, max of %zu samples, layouts %s and %s "
         "together), ticks (median), instructions executed per header (callgrind); "
         "ratio: function-call path (ip4_output) or stock (ip4_frag) / this; layout noise\n",
         any->ns.n, layout_names[0], layout_names[1]);
  printf("%-11s %-36s %8s %8s %8s %8s %8s %9s %7s\n", "case", "build", "ns", "min", "max", "ticks",
         "instr", "ratio", "layout");
  csv = bench_csv_open("header.csv", "case,build,median_ns,min_ns,max_ns,median_ticks,min_ticks,"
                       "max_ticks,samples,instructions,ratio,layout_noise,verdict");
  header_rows(csv, report, "ip4_output", header_builds, 4, "call",
              "IPv4 header, ip4_output inline vs function call: faster by");
  header_rows(csv, report, "ip4_frag", frag_builds, 4, "stock",
              "ip4_frag header per fragment, patched vs stock: faster by");
  bench_csv_close(csv);

  printf("\n-- 5. end to end: UDP sends through lwIP to a netif that drops them, packets (calls) "
         "per second: median, worst, best; ns median; instructions per call; packets per call; "
         "ratio vs stock; layout noise\n");
  printf("%-10s %-36s %10s %10s %10s %8s %8s %4s %8s %7s\n", "case", "build", "pps", "worst", "best",
         "ns", "instr", "pkts", "vs stock", "layout");
  csv = bench_csv_open("e2e.csv", "case,build,median_pps,min_pps,max_pps,median_ns,median_ticks,"
                       "packets_per_call,samples,instructions,ratio_vs_stock,layout_noise,verdict");
  for (c = 0; c < sizeof(e2e_cases) / sizeof(e2e_cases[0]); c++) {
    e2e_rows(csv, report, e2e_cases[c], e2e_builds, 3);
  }
  bench_csv_close(csv);
  bench_csv_close(report);
  return 0;
}
