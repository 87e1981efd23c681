/*
 * The tables of benchmarks 1 (header) and 5 (end to end) from the samples
 * the lwIP builds wrote in alternating rounds (bench_lwip.c):
 *
 *   bench-lwip-tables SAMPLES.csv
 *
 * prints both tables, writes header.csv, e2e.csv and headlines-lwip.txt to
 * BENCH_DIR. A build that is missing from the samples shows as n/a.
 */
#include "bench.h"

#include <stdlib.h>
#include <string.h>

enum { NAME_LEN = 32, MAX_GROUPS = 64 };

/* The samples of one case in one build. */
struct group {
  char build[NAME_LEN], kase[NAME_LEN];
  double *ticks, *ns;
  size_t n, cap;
  unsigned long packets;
  struct bench_stats t, s; /* ticks, ns */
};

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

static void read_samples(const char *path)
{
  char line[256], build[NAME_LEN], kase[NAME_LEN];
  double ticks, ns;
  unsigned long packets;
  unsigned lineno = 0;
  size_t i;
  FILE *f = fopen(path, "r");
  if (f == NULL) {
    bench_fail("cannot read %s", path);
  }
  while (fgets(line, sizeof(line), f)) {
    struct group *g;
    lineno++;
    if (sscanf(line, "%31[^,],%31[^,],%lf,%lf,%lu", build, kase, &ticks, &ns, &packets) != 5) {
      bench_fail("%s:%u: not a sample line (build,case,ticks,ns,packets)", path, lineno);
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
    if (g->n == g->cap) {
      g->cap = g->cap ? 2 * g->cap : 64;
      g->ticks = realloc(g->ticks, g->cap * sizeof(double));
      g->ns = realloc(g->ns, g->cap * sizeof(double));
      if (g->ticks == NULL || g->ns == NULL) {
        bench_fail("out of memory");
      }
    }
    g->ticks[g->n] = ticks;
    g->ns[g->n++] = ns;
    g->packets = packets;
  }
  fclose(f);
  if (ngroups == 0) {
    bench_fail("%s: no samples", path);
  }
  for (i = 0; i < ngroups; i++) {
    groups[i].t = bench_stats_of(groups[i].ticks, groups[i].n);
    groups[i].s = bench_stats_of(groups[i].ns, groups[i].n);
  }
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

/* Benchmark 1: time per header; ratio = reference time / this time. */
static void header_rows(FILE *csv, FILE *report, const char *kase, const char *const *builds,
                        size_t nbuilds, const char *ref)
{
  const struct group *r = find(ref, kase);
  size_t b;
  for (b = 0; b < nbuilds; b++) {
    const struct group *g = find(builds[b], kase);
    if (g == NULL) {
      printf("%-11s %-36s %s\n", kase, describe(builds[b]), "n/a (build not run)");
      continue;
    }
    printf("%-11s %-36s %8.1f %8.1f %8.1f %8.0f %8.2fx\n", kase, describe(g->build), g->s.median,
           g->s.min, g->s.max, g->t.median, r != NULL ? r->s.median / g->s.median : 0.0);
    fprintf(csv, "%s,%s,%.2f,%.2f,%.2f,%.1f,%.1f,%.1f,%zu,%.3f\n", kase, g->build, g->s.median,
            g->s.min, g->s.max, g->t.median, g->t.min, g->t.max, g->n,
            r != NULL ? r->s.median / g->s.median : 0.0);
    if (r != NULL && b == 0) { /* the first build is the patched one */
      fprintf(report, "%-64s %6.2fx (%.1f vs %.1f ns)\n",
              strcmp(kase, "ip4_output") == 0
                ? "IPv4 header, ip4_output inline vs function call: faster by"
                : "ip4_frag header per fragment, patched vs stock: faster by",
              r->s.median / g->s.median, g->s.median, r->s.median);
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
    if (g == NULL) {
      printf("%-10s %-36s %s\n", kase, describe(builds[b]), "n/a (build not run)");
      continue;
    }
    printf("%-10s %-36s %10.0f %10.0f %10.0f %8.0f %4lu %7.2fx\n", kase, describe(g->build),
           1e9 / g->s.median, 1e9 / g->s.max, 1e9 / g->s.min, g->s.median, g->packets,
           r != NULL ? r->s.median / g->s.median : 0.0);
    fprintf(csv, "%s,%s,%.0f,%.0f,%.0f,%.2f,%.1f,%lu,%zu,%.3f\n", kase, g->build, 1e9 / g->s.median,
            1e9 / g->s.max, 1e9 / g->s.min, g->s.median, g->t.median, g->packets, g->n,
            r != NULL ? r->s.median / g->s.median : 0.0);
    if (r != NULL && strcmp(g->build, "fastsum") == 0 &&
        (strcmp(kase, "udp-1472") == 0 || strcmp(kase, "udp-60000") == 0)) {
      char what[80];
      snprintf(what, sizeof(what), "UDP sends of %s B per second, patched+fastsum vs stock:", kase + 4);
      fprintf(report, "%-64s %6.2fx (%.0fk vs %.0fk per s)\n", what, r->s.median / g->s.median,
              1e6 / g->s.median, 1e6 / r->s.median);
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

  if (argc != 2) {
    fprintf(stderr, "usage: %s SAMPLES.csv\n", argv[0]);
    return 2;
  }
  read_samples(argv[1]);
  bench_init("lwIP benchmarks 1 (header) and 5 (end to end), builds run in alternating rounds");
  report = bench_csv_open("headlines-lwip.txt", "# lwIP 2.2.1 builds (NO_SYS, netif drops output)");

  any = find("inline", "ip4_output") != NULL ? find("inline", "ip4_output") : &groups[0];
  printf("\n-- 1. IPv4 header: ns per header (median, min, max of %zu samples), ticks (median); "
         "ratio: function-call path (ip4_output) or stock (ip4_frag) / this\n", any->n);
  printf("%-11s %-36s %8s %8s %8s %8s %9s\n", "case", "build", "ns", "min", "max", "ticks", "ratio");
  csv = bench_csv_open("header.csv", "case,build,median_ns,min_ns,max_ns,median_ticks,min_ticks,max_ticks,samples,ratio");
  header_rows(csv, report, "ip4_output", header_builds, 4, "call");
  header_rows(csv, report, "ip4_frag", frag_builds, 4, "stock");
  bench_csv_close(csv);

  printf("\n-- 5. end to end: UDP sends through lwIP to a netif that drops them, packets (calls) "
         "per second: median, worst, best; ns median; packets per call; ratio vs stock\n");
  printf("%-10s %-36s %10s %10s %10s %8s %4s %8s\n", "case", "build", "pps", "worst", "best", "ns",
         "pkts", "vs stock");
  csv = bench_csv_open("e2e.csv", "case,build,median_pps,min_pps,max_pps,median_ns,median_ticks,packets_per_call,samples,ratio_vs_stock");
  for (c = 0; c < sizeof(e2e_cases) / sizeof(e2e_cases[0]); c++) {
    e2e_rows(csv, report, e2e_cases[c], e2e_builds, 3);
  }
  bench_csv_close(csv);
  bench_csv_close(report);
  return 0;
}
