/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What one packet costs lwIP: the rows of make count-packets (docs/count.md).
 * rows.c runs lwIP (NO_SYS, the raw API) on two Ethernet netifs whose
 * driver discards every frame it is given, and prepares each row's packet
 * the way a driver and an application would: frames built by the packet
 * test's builders (test/product/pktest) in pool pbufs, a TCP connection in
 * the state the row needs. What is measured is a list of calls: a frame
 * handed to its netif's input function, the application's send, or (the
 * copied rows) a driver copying a frame out of its buffer into a pool pbuf
 * and handing it over; each runs until lwIP returns, every reply frame
 * included. count_packets.c
 * counts the calls' instructions under qemu, bench_packets.c times them on
 * the host.
 */
#ifndef PACKETS_ROWS_H
#define PACKETS_ROWS_H

#include "lwip/netif.h"
#include "lwip/pbuf.h"

/* One measured call: netif->input(frame, netif), or send() (the
 * application's, the copying driver's) when frame is NULL. */
struct packets_call {
  struct netif *netif;
  struct pbuf *frame;
  err_t (*send)(void);
};
#define PACKETS_MAX_CALLS 3

struct packets_row {
  const char *name;
  /* the packet's calls into calls[], returning how many (0: failed) */
  int (*prepare)(struct packets_call *calls);
  int frames_sent;       /* frames lwIP gives the driver */
  int bytes_delivered;   /* bytes the application receives */
  int forwarded;         /* its frames are forwarded, not made by lwIP */
};
/* The row named name, or NULL. */
const struct packets_row *packets_row(const char *name);

/* lwIP up: both netifs, the peers' ARP entries, a UDP pcb, a TCP
 * connection. Returns 0, or prints an error and returns -1. */
int packets_setup(void);

/* Before a row's calls: clears what the driver and the application saw;
 * keep: the driver keeps a copy of every frame for packets_check(). */
void packets_start(int keep);

/* After a row's calls (which returned err, ERR_OK or not): the frames
 * sent and bytes delivered are the row's; with keep, every frame lwIP made
 * passes the reference's checksum checks. Returns 0, or prints an error
 * and returns -1. */
int packets_check(const struct packets_row *row, err_t err);

#endif /* PACKETS_ROWS_H */
