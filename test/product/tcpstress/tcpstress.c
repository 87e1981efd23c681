/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The TCP stress test: lwIP's TCP checksum bookkeeping (partial sums per
 * pbuf, chksum_swapped, segments split, data appended to a segment being
 * retransmitted, LWIP_CHECKSUM_ON_COPY) under loss, at volume, every frame
 * judged by the wire (wire.c).
 *
 * One NO_SYS stack with two netifs, A (10.1.0.1, fd00:1::1) and B (10.2.0.1,
 * fd00:2::1): a client bound to A's address connects to a listener on B's,
 * so every segment of both ends crosses the wire, which delivers it to the
 * netif it left by. Both ends send a stream and check the other's byte by
 * byte. A seeded PRNG drives everything else: write sizes from 1 byte to
 * four segments, copied or referenced, TCP_WRITE_FLAG_MORE; reads taken at
 * once, held back (the window shrinks to zero: persist probes, segments
 * split to fit) or refused; loss, duplicates, reordering and blackouts
 * long enough for retransmission timeouts; keepalives; the MTU (so the
 * MSS); FIN from both ends, or an abort (RST). Time is lwIP's sys_now(),
 * advanced by the test, never the clock's.
 *
 * Each connection runs in a child forked from the stack as initialised, so
 * its seed alone replays it: usage: prog -b BUILD [-f] [-o] [-s SEED] [-n SEGMENTS]
 * (-f and -o: wire.c and fin_with_data below).
 * Connections take seeds SEED, SEED+1, ... until SEGMENTS TCP segments have
 * crossed the wire; a failing one prints the make command that replays it.
 * In a build with fastsum (TCPSTRESS_FASTSUM) the seed also picks the path
 * (fastsum's public functions or one row of its table) and IPv4 or IPv6.
 */
#include "tcpstress.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lwip/init.h"
#include "lwip/ip.h"
#include "lwip/priv/tcp_priv.h"
#include "lwip/stats.h"
#include "lwip/tcp.h"
#include "lwip/timeouts.h"

#ifdef TCPSTRESS_FASTSUM
#include "fastsum_private.h"
#endif

/* ---- randomness and time ---- */

static uint64_t rng_state;

void
rng_seed(uint64_t seed)
{
  rng_state = seed;
}

uint64_t
rng_next(void)
{
  uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

uint32_t
rng_below(uint32_t n)
{
  return (uint32_t)(((rng_next() >> 32) * (uint64_t)n) >> 32);
}

int
rng_chance(uint32_t per_mille)
{
  return rng_below(1000) < per_mille;
}

u32_t tcpstress_now;

u32_t
sys_now(void)
{
  return tcpstress_now;
}

/* Initial sequence numbers from the seed, some just before the wrap. */
uint32_t
tcpstress_isn(void)
{
  return rng_chance(300) ? 0xffffffffUL - rng_below(200000) : (uint32_t)rng_next();
}

/* ---- the checksum paths ---- */

#ifdef TCPSTRESS_FASTSUM
/* NULL: fastsum's public functions, as a port uses them */
static const struct fastsum_impl *path;

uint16_t
tcpstress_chksum(const void *data, int len)
{
  return path != NULL ? path->chksum(data, len) : fastsum_chksum(data, len);
}

uint16_t
tcpstress_chksum_copy(void *dst, const void *src, uint16_t len)
{
  if (path == NULL) {
    return fastsum_chksum_copy(dst, src, len);
  }
  if (path->chksum_copy != NULL) {
    return path->chksum_copy(dst, src, len);
  }
  memcpy(dst, src, len);
  return path->chksum(dst, len);
}

static size_t
path_count(void)
{
  const struct fastsum_impl *list;
  return fastsum_impls(&list) + 1;
}

static const char *
path_choose(size_t i)
{
  const struct fastsum_impl *list;
  fastsum_impls(&list);
  path = i == 0 ? NULL : &list[i - 1];
  return path == NULL ? "fastsum" : path->name;
}
#else
static size_t
path_count(void)
{
  return 1;
}

static const char *
path_choose(size_t i)
{
  (void)i;
  return "lwIP's inet_chksum";
}
#endif

/* ---- what lwIP does that the test wants to see: counted ---- */

err_t __real_tcp_split_unsent_seg(struct tcp_pcb *pcb, u16_t split);
err_t __real_tcp_zero_window_probe(struct tcp_pcb *pcb);
err_t __real_tcp_keepalive(struct tcp_pcb *pcb);
void __real_tcp_rexmit_rto_commit(struct tcp_pcb *pcb);
void __real_tcp_rexmit_fast(struct tcp_pcb *pcb);
err_t __wrap_tcp_split_unsent_seg(struct tcp_pcb *pcb, u16_t split);
err_t __wrap_tcp_zero_window_probe(struct tcp_pcb *pcb);
err_t __wrap_tcp_keepalive(struct tcp_pcb *pcb);
void __wrap_tcp_rexmit_rto_commit(struct tcp_pcb *pcb);
void __wrap_tcp_rexmit_fast(struct tcp_pcb *pcb);

err_t
__wrap_tcp_split_unsent_seg(struct tcp_pcb *pcb, u16_t split)
{
  wire_counts.split++;
  return __real_tcp_split_unsent_seg(pcb, split);
}

err_t
__wrap_tcp_zero_window_probe(struct tcp_pcb *pcb)
{
  wire_counts.zero_window_probe++;
  return __real_tcp_zero_window_probe(pcb);
}

err_t
__wrap_tcp_keepalive(struct tcp_pcb *pcb)
{
  wire_counts.keepalive++;
  return __real_tcp_keepalive(pcb);
}

void
__wrap_tcp_rexmit_rto_commit(struct tcp_pcb *pcb)
{
  wire_counts.rto++;
  __real_tcp_rexmit_rto_commit(pcb);
}

void
__wrap_tcp_rexmit_fast(struct tcp_pcb *pcb)
{
  wire_counts.fast_rexmit++;
  __real_tcp_rexmit_fast(pcb);
}

/* ---- the netifs ---- */

static struct netif netif_a, netif_b;

static err_t
output4(struct netif *netif, struct pbuf *p, const ip4_addr_t *dest)
{
  (void)dest;
  wire_send(netif, p);
  return ERR_OK;
}

static err_t
output6(struct netif *netif, struct pbuf *p, const ip6_addr_t *dest)
{
  (void)dest;
  wire_send(netif, p);
  return ERR_OK;
}

static err_t
netif_setup(struct netif *netif)
{
  netif->name[0] = 's';
  netif->name[1] = (char)('a' + netif->num);
  netif->output = output4;
  netif->output_ip6 = output6;
  netif->mtu = 1500;
  netif->flags = NETIF_FLAG_MLD6;
  return ERR_OK;
}

static void
netifs_add(void)
{
  struct netif *n[2] = {&netif_a, &netif_b};
  int i;
  for (i = 0; i < 2; i++) {
    ip4_addr_t addr, mask, gw;
    ip6_addr_t addr6;
    IP4_ADDR(&addr, 10, i + 1, 0, 1);
    IP4_ADDR(&mask, 255, 255, 255, 0);
    ip4_addr_set_zero(&gw);
    netif_add(n[i], &addr, &mask, &gw, NULL, netif_setup, ip_input);
    IP6_ADDR(&addr6, PP_HTONL(0xfd000000UL | (u32_t)(i + 1)), 0, 0, PP_HTONL(1));
    netif_ip6_addr_set(n[i], 0, &addr6);
    netif_ip6_addr_set_state(n[i], 0, IP6_ADDR_PREFERRED);
    netif_set_up(n[i]);
    netif_set_link_up(n[i]);
  }
}

/* ---- the streams ---- */

/* Each end's stream is a stretch of this pattern that the seed picks,
 * read in place by writes without TCP_WRITE_FLAG_COPY: random bytes with
 * runs of 0x00 and 0xff (sums at their corners). */
#define PATTERN_LEN (1UL << 20)
#define MAX_STREAM 400000UL
#define MAX_WRITE (4 * TCP_MSS)
/* an application gives up on a connection without progress this long */
#define APP_TIMEOUT_MS (5 * 60 * 1000UL)
static u8_t pattern[2][PATTERN_LEN];

static void
patterns_fill(void)
{
  size_t e, i;
  rng_seed(0x5eed);
  for (e = 0; e < 2; e++) {
    for (i = 0; i < PATTERN_LEN; i++) {
      pattern[e][i] = (u8_t)rng_next();
    }
    for (i = 0; i < PATTERN_LEN; i += 65536) {
      memset(&pattern[e][i + 4096 + e * 7], 0x00, 2048 + i / 256);
      memset(&pattern[e][i + 20000 + e * 7], 0xff, 2048 + i / 256);
    }
  }
}

/* How an end's connection ended. */
enum ending { ENDED_NOT, ENDED_FIN, ENDED_ABORT, ENDED_APP_TIMEOUT, ENDED_RESET, ENDED_LWIP_TIMEOUT,
  ENDINGS };
static const char *const ending_names[ENDINGS] = {
  "never connected", "closed", "aborted", "given up by the application", "reset",
  "timed out in lwIP"
};

struct end {
  const char *name;
  struct tcp_pcb *pcb;
  struct end *peer;
  const u8_t *tx;          /* the stream this end sends */
  u32_t tx_total, tx_done;
  u32_t rx_done, held;
  int hold;                /* the reader stalls: the window closes */
  u32_t abort_at;          /* aborts after writing this much (~0: never) */
  int attached, fin_sent, fin_rcvd, done;
  int how;                 /* how it ended: enum ending */
  u32_t lastack, progress_at; /* the last time data arrived or was acked */
  err_t err;               /* ERR_OK, or why lwIP ended the connection */
};

static struct end ends[2];
static int failed;
/* -f: an end closes while data is still queued, so the FIN rides on the
 * last segment, which the persist timer may split (lwIP before the
 * series' fix left the FIN on both parts); otherwise only once the send
 * queue is empty. */
static int fin_with_data;

static const char *what;

static void
fail(const struct end *e, const char *fmt, ...)
{
  va_list ap;
  printf("tcpstress: %s: %s: ", what, e->name);
  va_start(ap, fmt);
  vprintf(fmt, ap);
  va_end(ap);
  printf("\n");
  failed = 1;
}

static err_t
on_recv(void *arg, struct tcp_pcb *pcb, struct pbuf *p, err_t err)
{
  struct end *e = (struct end *)arg;
  struct pbuf *q;
  u32_t at;

  if (e == NULL) {
    if (p != NULL) {
      tcp_recved(pcb, p->tot_len);
      pbuf_free(p);
    }
    return ERR_OK;
  }
  if (err != ERR_OK || e->fin_rcvd) {
    fail(e, "data after FIN or with error %d", (int)err);
    if (p != NULL) {
      pbuf_free(p);
    }
    return ERR_OK;
  }
  if (p == NULL) {
    e->fin_rcvd = 1;
    if (e->rx_done != e->peer->tx_total) {
      fail(e, "FIN after %lu bytes of a stream of %lu", (unsigned long)e->rx_done,
           (unsigned long)e->peer->tx_total);
    }
    return ERR_OK;
  }
  if (rng_chance(20)) {
    return ERR_MEM; /* refused: lwIP keeps it and offers it again */
  }
  at = e->rx_done;
  for (q = p; q != NULL; q = q->next) {
    const u8_t *data = (const u8_t *)q->payload;
    u16_t i;
    for (i = 0; i < q->len; i++, at++) {
      if (data[i] != e->peer->tx[at]) {
        fail(e, "received stream differs at byte %lu (of %lu)", (unsigned long)at,
             (unsigned long)e->peer->tx_total);
        pbuf_free(p);
        return ERR_OK;
      }
    }
  }
  if (at > e->peer->tx_total) {
    fail(e, "received %lu bytes of a stream of %lu", (unsigned long)at,
         (unsigned long)e->peer->tx_total);
  }
  e->rx_done = at;
  e->progress_at = tcpstress_now;
  if (e->hold) {
    e->held += p->tot_len;
  } else {
    tcp_recved(pcb, p->tot_len);
  }
  pbuf_free(p);
  return ERR_OK;
}

static void
on_err(void *arg, err_t err)
{
  struct end *e = (struct end *)arg;
  if (e != NULL) {
    e->pcb = NULL;
    e->err = err;
    e->done = 1;
    e->how = err == ERR_RST ? ENDED_RESET : ENDED_LWIP_TIMEOUT;
  }
}

static void
end_attach(struct end *e, struct tcp_pcb *pcb)
{
  e->pcb = pcb;
  e->attached = 1;
  e->progress_at = tcpstress_now;
  tcp_arg(pcb, e);
  tcp_recv(pcb, on_recv);
  tcp_err(pcb, on_err);
  ip_set_option(pcb, SOF_KEEPALIVE);
  pcb->keep_idle = 1000 + rng_below(4000);
  pcb->keep_intvl = 1000;
  pcb->keep_cnt = 9;
}

static err_t
on_accept(void *arg, struct tcp_pcb *pcb, err_t err)
{
  struct tcp_pcb *listener = (struct tcp_pcb *)arg;
  if (err != ERR_OK || pcb == NULL || ends[1].pcb != NULL || ends[1].done) {
    return ERR_VAL;
  }
  end_attach(&ends[1], pcb);
  tcp_arg(listener, NULL);
  tcp_accept(listener, NULL);
  tcp_close(listener);
  return ERR_OK;
}

static err_t
on_connected(void *arg, struct tcp_pcb *pcb, err_t err)
{
  (void)arg;
  (void)pcb;
  return err;
}

/* One write of a size from 1 byte to four segments, copied or not. */
static void
end_write(struct end *e)
{
  u32_t left = e->tx_total - e->tx_done, size;
  u16_t room = tcp_sndbuf(e->pcb);
  u32_t r = rng_below(100);
  u8_t flags = 0;
  err_t err;

  if (r < 25) {
    size = 1 + rng_below(16);
  } else if (r < 45) {
    size = 17 + rng_below(520);
  } else if (r < 80) {
    size = 537 + rng_below(TCP_MSS - 536);
  } else {
    size = TCP_MSS + 1 + rng_below(MAX_WRITE - TCP_MSS);
  }
  size = LWIP_MIN(size, LWIP_MIN(left, room));
  if (size == 0) {
    return;
  }
  if (rng_chance(700)) {
    flags |= TCP_WRITE_FLAG_COPY;
  }
  if (size < left && rng_chance(300)) {
    flags |= TCP_WRITE_FLAG_MORE;
  }
  err = tcp_write(e->pcb, e->tx + e->tx_done, (u16_t)size, flags);
  if (err == ERR_OK) {
    e->tx_done += size;
  } else if (err != ERR_MEM) {
    fail(e, "tcp_write returned %d", (int)err);
  }
}

static void
end_abort(struct end *e, int how)
{
  struct tcp_pcb *pcb = e->pcb;
  e->pcb = NULL;
  e->done = 1;
  e->err = ERR_ABRT;
  e->how = how;
  tcp_arg(pcb, NULL);
  tcp_abort(pcb);
}

/* What an application does next on one end. */
static void
end_step(struct end *e)
{
  if (e->pcb == NULL || e->done) {
    return;
  }
  /* An abort once both ends have their pcb, which the RST then reaches
   * (or a keepalive's answer does, if it is lost); and the application's
   * own timeout, for a half-closed end whose peer has gone (lwIP keeps
   * FIN_WAIT_2 for as long as the application does). */
  if (e->pcb->lastack != e->lastack) {
    e->lastack = e->pcb->lastack;
    e->progress_at = tcpstress_now;
  }
  if (e->tx_done >= e->abort_at && e->peer->attached) {
    end_abort(e, ENDED_ABORT);
    return;
  }
  if (tcpstress_now - e->progress_at > APP_TIMEOUT_MS) {
    end_abort(e, ENDED_APP_TIMEOUT);
    return;
  }
  if (rng_chance(100)) {
    e->hold = rng_chance(300);
  }
  if (!e->hold && e->held > 0 && rng_chance(500)) {
    u32_t n = rng_chance(500) ? e->held : 1 + rng_below(e->held);
    tcp_recved(e->pcb, (u16_t)n);
    e->held -= n;
  }
  if (e->tx_done < e->tx_total) {
    if (rng_chance(600)) {
      end_write(e);
    }
  } else if (!e->fin_sent && (fin_with_data || e->pcb->unsent == NULL) && rng_chance(300)) {
    if (tcp_shutdown(e->pcb, 0, 1) == ERR_OK) {
      e->fin_sent = 1;
    }
  }
  if (rng_chance(500)) {
    tcp_output(e->pcb);
  }
  if (e->fin_sent && e->fin_rcvd) {
    struct tcp_pcb *pcb = e->pcb;
    tcp_arg(pcb, NULL);
    tcp_recv(pcb, NULL);
    tcp_err(pcb, NULL);
    if (tcp_close(pcb) == ERR_OK) {
      e->pcb = NULL;
      e->done = 1;
      e->how = ENDED_FIN;
    } else {
      tcp_arg(pcb, e);
      tcp_recv(pcb, on_recv);
      tcp_err(pcb, on_err);
    }
  }
}

static void
advance(u32_t ms)
{
  tcpstress_now += ms;
  sys_check_timeouts();
}

/* fastsum's table and its public functions, with room to spare */
#define MAX_PATHS 32

/* Result of a connection, written by the child into shared memory. */
struct result {
  struct wire_counts counts;
  uint64_t ended[ENDINGS];
};

/* Runs the connection of seed in this (child) process; 0 if it passed. */
static int
connection(uint64_t seed, size_t path_index, int ip6, const char *build, const char *path_name,
           struct result *res)
{
  static char name[160];
  struct wire_faults faults;
  struct tcp_pcb *listener, *client;
  ip_addr_t a, b;
  u16_t port = (u16_t)(1024 + rng_below(60000));
  u32_t limit;
  int i, mtus[] = {1500, 1280, 576};
  int mtu = ip6 ? mtus[rng_below(2)] : mtus[rng_below(3)];

  snprintf(name, sizeof(name), "%s, %s, IPv%d, MTU %d, seed %" PRIu64, build, path_name,
           ip6 ? 6 : 4, mtu, seed);
  what = name;
  memset(&faults, 0, sizeof(faults));
  switch (rng_below(4)) {
    case 0: break;
    case 1: faults.loss = 5; faults.duplicate = 5; faults.reorder = 20; break;
    case 2: faults.loss = 30; faults.duplicate = 20; faults.reorder = 50; break;
    default: faults.loss = 150; faults.duplicate = 50; faults.reorder = 100; break;
  }
  if (rng_chance(300)) {
    faults.blackout_from = tcpstress_now + 100 + rng_below(5000);
    faults.blackout_until = faults.blackout_from + 500 + rng_below(5000);
  }
  wire_start(&faults, what);
  (void)path_choose(path_index);
  netif_a.mtu = netif_b.mtu = (u16_t)mtu;
  netif_a.mtu6 = netif_b.mtu6 = (u16_t)mtu;

  memset(ends, 0, sizeof(ends));
  for (i = 0; i < 2; i++) {
    struct end *e = &ends[i];
    u32_t r = rng_below(100);
    e->name = i == 0 ? "client" : "server";
    e->peer = &ends[1 - i];
    e->tx_total = r < 10 ? 0 : r < 40 ? rng_below(4096) : r < 80 ? rng_below(65536) : rng_below(MAX_STREAM);
    e->tx = pattern[i] + rng_below(PATTERN_LEN - e->tx_total);
    e->abort_at = rng_chance(100) ? rng_below(e->tx_total + 1) : 0xffffffffUL;
  }

  if (ip6) {
    IP_ADDR6(&a, PP_HTONL(0xfd000001UL), 0, 0, PP_HTONL(1));
    IP_ADDR6(&b, PP_HTONL(0xfd000002UL), 0, 0, PP_HTONL(1));
  } else {
    IP_ADDR4(&a, 10, 1, 0, 1);
    IP_ADDR4(&b, 10, 2, 0, 1);
  }
  listener = tcp_new_ip_type(ip6 ? IPADDR_TYPE_V6 : IPADDR_TYPE_V4);
  client = tcp_new_ip_type(ip6 ? IPADDR_TYPE_V6 : IPADDR_TYPE_V4);
  if (listener == NULL || client == NULL || tcp_bind(listener, &b, port) != ERR_OK ||
      (listener = tcp_listen_with_backlog(listener, 1)) == NULL ||
      tcp_bind(client, &a, (u16_t)(port + 1)) != ERR_OK) {
    printf("tcpstress: %s: cannot set up the connection\n", what);
    return 1;
  }
  tcp_arg(listener, listener);
  tcp_accept(listener, on_accept);
  end_attach(&ends[0], client);
  if (tcp_connect(client, &b, port, on_connected) != ERR_OK) {
    printf("tcpstress: %s: tcp_connect failed\n", what);
    return 1;
  }

  /* Runs until both ends are done (the listener's never, if the client
   * failed before it accepted) and no pcb is left but in TIME_WAIT. */
  limit = tcpstress_now + 30 * 60 * 1000;
  while (!failed && wire_counts.bad == 0) {
    if (ends[0].done && (ends[1].done || !ends[1].attached) && wire_queued() == 0 &&
        tcp_active_pcbs == NULL) {
      break;
    }
    if ((s32_t)(tcpstress_now - limit) > 0) {
      printf("tcpstress: %s: still running after 30 minutes (client %lu/%lu bytes sent, "
             "server %lu/%lu)\n", what, (unsigned long)ends[0].tx_done,
             (unsigned long)ends[0].tx_total, (unsigned long)ends[1].tx_done,
             (unsigned long)ends[1].tx_total);
      return 1;
    }
    end_step(&ends[rng_below(2)]);
    if (wire_queued() > 0) {
      wire_deliver(1 + rng_below(4));
      if (rng_chance(50)) {
        advance(1 + rng_below(20));
      }
    } else {
      advance(rng_chance(100) ? 200 + rng_below(2000) : 1 + rng_below(250));
    }
  }
  if (!failed && wire_counts.bad == 0) {
    for (i = 0; i < 2; i++) {
      struct end *e = &ends[i];
      if (e->attached && e->err == ERR_OK && e->rx_done != e->peer->tx_total) {
        fail(e, "closed after %lu bytes of a stream of %lu", (unsigned long)e->rx_done,
             (unsigned long)e->peer->tx_total);
      }
      res->ended[e->how]++;
    }
    if (lwip_stats.tcp.chkerr || lwip_stats.ip.chkerr || lwip_stats.udp.chkerr ||
        lwip_stats.icmp.chkerr || lwip_stats.icmp6.chkerr) {
      printf("tcpstress: %s: lwIP dropped frames the wire verified: checksum errors "
             "IPv4 %u, TCP %u, UDP %u, ICMP %u, ICMPv6 %u\n", what,
             (unsigned)lwip_stats.ip.chkerr, (unsigned)lwip_stats.tcp.chkerr,
             (unsigned)lwip_stats.udp.chkerr, (unsigned)lwip_stats.icmp.chkerr,
             (unsigned)lwip_stats.icmp6.chkerr);
      failed = 1;
    }
  }
  res->counts = wire_counts;
  return failed || wire_counts.bad != 0;
}

static void
usage(void)
{
  fprintf(stderr, "usage: prog -b BUILD [-f] [-o] [-s SEED] [-n SEGMENTS]\n");
  exit(2);
}

static int
parse_u64(const char *s, uint64_t *v)
{
  char *end;
  errno = 0;
  *v = strtoull(s, &end, 0);
  return errno == 0 && end != s && *end == 0 && s[0] != '-';
}

int
main(int argc, char **argv)
{
  const char *build = NULL;
  uint64_t seed = 1, segments = 100000, seg4 = 0, seg6 = 0, connections = 0, ended[ENDINGS] = {0};
  struct wire_counts total;
  struct result *res;
  size_t paths = path_count(), p;
  static uint64_t per_path[MAX_PATHS];
  int opt;

  while ((opt = getopt(argc, argv, "b:fos:n:")) != -1) {
    if (opt == 'b') {
      build = optarg;
    } else if (opt == 'f') {
      fin_with_data = 1;
    } else if (opt == 'o') {
      wire_keep_overruns = 1;
    } else if (opt == 's' || opt == 'n') {
      if (!parse_u64(optarg, opt == 's' ? &seed : &segments)) {
        fprintf(stderr, "tcpstress: error: -%c needs a number, not '%s'\n", opt, optarg);
        exit(2);
      }
    } else {
      usage();
    }
  }
  if (build == NULL || optind != argc) {
    usage();
  }
  res = (struct result *)mmap(NULL, sizeof(*res), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (res == MAP_FAILED || paths > MAX_PATHS) {
    fprintf(stderr, "tcpstress: error: no shared memory, or more than %d paths\n", MAX_PATHS);
    return 1;
  }
  setvbuf(stdout, NULL, _IOLBF, 0);
  patterns_fill();
  lwip_init();
  netifs_add();
  wire_clear();
  memset(&total, 0, sizeof(total));

  for (; seg4 + seg6 < segments; seed++) {
    pid_t pid;
    int status;
    size_t path_index = (size_t)(seed % paths);
    int ip6 = (int)((seed / paths) % 2);
    const char *name = path_choose(path_index);

    memset(res, 0, sizeof(*res));
    fflush(stdout);
    pid = fork();
    if (pid < 0) {
      perror("tcpstress: fork");
      return 1;
    }
    if (pid == 0) {
      memset(&wire_counts, 0, sizeof(wire_counts));
      rng_seed(seed);
      _exit(connection(seed, path_index, ip6, build, name, res) ? 1 : 0);
    }
    if (waitpid(pid, &status, 0) < 0) {
      perror("tcpstress: waitpid");
      return 1;
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
      if (WIFSIGNALED(status)) {
        printf("tcpstress: %s, %s, IPv%d, seed %" PRIu64 ": killed by signal %d\n", build, name,
               ip6 ? 6 : 4, seed, WTERMSIG(status));
      }
      printf("tcpstress: %s: FAILED; replay: make tcp-stress-%s SEED=%" PRIu64 " SEGMENTS=1\n",
             build, build, seed);
      return 1;
    }
    connections++;
    for (p = 0; p < ENDINGS; p++) {
      ended[p] += res->ended[p];
    }
    seg4 += res->counts.tcp4;
    seg6 += res->counts.tcp6;
    per_path[path_index] += res->counts.tcp4 + res->counts.tcp6;
#define ADD(f) total.f += res->counts.f
    ADD(frames); ADD(other); ADD(lost); ADD(duplicated); ADD(reordered); ADD(chained); ADD(overruns);
    ADD(retransmissions); ADD(retransmissions_grown); ADD(zero_windows); ADD(rto);
    ADD(fast_rexmit); ADD(split); ADD(zero_window_probe); ADD(keepalive); ADD(rst); ADD(fin);
#undef ADD
  }

  printf("tcpstress %s: %" PRIu64 " connections, %" PRIu64 " TCP segments (IPv4 %" PRIu64
         ", IPv6 %" PRIu64 "), 0 bad checksums, every stream intact\n", build, connections,
         seg4 + seg6, seg4, seg6);
  printf("  segments by checksum path:");
  for (p = 0; p < paths; p++) {
    printf(" %s %" PRIu64, path_choose(p), per_path[p]);
  }
  printf("\n  wire: %" PRIu64 " frames (%" PRIu64 " not TCP), %" PRIu64 " lost, %" PRIu64
         " duplicated, %" PRIu64 " reordered, %" PRIu64 " delivered as pbuf chains, %" PRIu64
         " past the receiver's window dropped\n", total.frames, total.other, total.lost,
         total.duplicated, total.reordered, total.chained, total.overruns);
  printf("  lwIP: %" PRIu64 " retransmissions (%" PRIu64 " with data appended), %" PRIu64
         " timeouts, %" PRIu64 " fast retransmits, %" PRIu64 " segments split, %" PRIu64
         " zero windows, %" PRIu64 " persist probes, %" PRIu64 " keepalives, %" PRIu64
         " FIN, %" PRIu64 " RST\n", total.retransmissions,
         total.retransmissions_grown, total.rto, total.fast_rexmit, total.split,
         total.zero_windows, total.zero_window_probe, total.keepalive, total.fin, total.rst);
  printf("  ends:");
  for (p = 0; p < ENDINGS; p++) {
    printf("%s %" PRIu64 " %s", p ? "," : "", ended[p], ending_names[p]);
  }
  printf("\n");
  return 0;
}
