/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The TCP stress test's parts: the wire (wire.c), which checks every frame
 * lwIP sends against the RFC 1071 reference and delivers it late, twice,
 * out of order or never; and the connections (tcpstress.c) that drive it.
 */
#ifndef TCPSTRESS_H
#define TCPSTRESS_H

#include <stddef.h>
#include <stdint.h>

#include "lwip/netif.h"
#include "lwip/pbuf.h"

/* The test's PRNG (splitmix64): everything random in a connection comes
 * from its seed, so a seed replays it. */
void rng_seed(uint64_t seed);
uint64_t rng_next(void);
/* uniform in 0..n-1 (0 for n == 0) */
uint32_t rng_below(uint32_t n);
/* true with probability per_mille / 1000 */
int rng_chance(uint32_t per_mille);

extern u32_t tcpstress_now;

/* What the wire does to a connection's frames, in per mille. */
struct wire_faults {
  uint32_t loss, duplicate, reorder;
  /* every frame is lost while tcpstress_now < blackout_until */
  u32_t blackout_from, blackout_until;
};

/* What crossed the wire, and what lwIP did that the test wants to see
 * happen (counted by tcpstress.c's wrappers of lwIP's functions). */
struct wire_counts {
  uint64_t frames, tcp4, tcp6, other, bad;
  uint64_t lost, duplicated, reordered, chained, overruns;
  uint64_t retransmissions, retransmissions_grown, zero_windows;
  uint64_t rto, fast_rexmit, split, zero_window_probe, keepalive, rst, fin;
};
extern struct wire_counts wire_counts;
/* whether the wire delivers data past the window its receiver announced */
extern int wire_keep_overruns;

/* Called for every frame lwIP outputs: checks it, then queues it (or not). */
void wire_send(struct netif *netif, struct pbuf *p);
/* Delivers up to n queued frames to their netifs; returns how many. */
size_t wire_deliver(size_t n);
size_t wire_queued(void);
/* Starts a connection's run: faults, the names used in reports. */
void wire_start(const struct wire_faults *faults, const char *what);
/* Drops every queued frame (parent's frames before a fork). */
void wire_clear(void);

#endif /* TCPSTRESS_H */
