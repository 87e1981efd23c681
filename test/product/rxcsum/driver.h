/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The receive checksum state (LWIP_CHECKSUM_CHECK_PER_PBUF) driven: a model
 * of a netif driver and its MAC, which hands lwIP received frames with what
 * it knows of their checksums, and the record of what lwIP then does, to
 * compare the receive states with each other. The Check tests of rxcsum.h
 * and the rxcsum fuzz target (test/product/fuzz/fuzz_rxcsum.c) run on it.
 */
#ifndef RX_DRIVER_H
#define RX_DRIVER_H

#include <stddef.h>

#include "links.h"
#include "rfc1071.h"
#include "stack_harness.h"

#include "lwip/opt.h"
#include "lwip/netif.h"
#include "lwip/stats.h"

extern struct netif rx_netif[RX_NETIFS];

/* Defined by the program: says that the run failed, where and why (a
 * printf format), and ends it; the Check tests end the test (main.c), the
 * fuzz target aborts. */
void rx_fail(const char *file, int line, const char *fmt, ...)
  __attribute__((noreturn, format(printf, 3, 4)));
/* An assertion, without Check's record of every one that passes (a system
 * call each, and the sweeps make millions). */
#define RX_ASSERT(cond, ...) do { if (!(cond)) { rx_fail(__FILE__, __LINE__, __VA_ARGS__); } } while (0)

/* What the driver tells lwIP with a frame. */
enum rx_state {
  RX_NONE,            /* nothing: lwIP verifies in software */
  RX_CHECKED,         /* the marks of a MAC that checks what it can see */
  RX_COMPLETE,        /* the frame's sum, from the IP header on */
  RX_CHECKED_COMPLETE,
  RX_MARKS_FRAGMENTS, /* RX_CHECKED, and fragments marked transport-checked
                         although no MAC can check them */
  RX_MARKS_FRAGMENTS_COMPLETE, /* that and the frame's sum */
  RX_CHECKED_STM32,   /* the marks of an STM32's MAC, as its driver maps its status */
  RX_CHECKED_STM32_COMPLETE, /* that and the frame's sum */
  RX_CHECKED_NXP,     /* the same with NXP's ENET */
  RX_CHECKED_NXP_COMPLETE,
  RX_STATES,
  /* Probes: what a lying driver tells, to see lwIP trusts it */
  RX_WRONG_SUM = RX_STATES, /* the frame's sum plus one */
  RX_MARKED,          /* IPv4 header and transport checked, whatever the frame */
  RX_MARKED_COMPLETE, /* that and the frame's sum */
  RX_MARKED_IP        /* IPv4 header checked, whatever the frame */
};
extern const char *const rx_state_name[];

#if LWIP_CHECKSUM_CHECK_PER_PBUF
/* The checksums (PBUF_CHKSUM_CHECKED_*) a MAC verifies and finds right in
 * the frame of len bytes, as RX_CHECKED marks them: the IPv4 header; the
 * TCP, UDP (with a checksum), ICMP or ICMPv6 checksum of a datagram that is
 * no fragment, fits the frame and (IPv4) has a right header. */
u8_t rx_mac_checked(const u8_t *frame, size_t len);

/* Two vendors' MACs (vendor_macs.c; docs/drivers.md): the marks a driver
 * gives the frame of len bytes, mapped from the status its MAC reports. */
enum rx_mac { RX_MAC_STM32, RX_MAC_NXP, RX_MACS };
extern const char *const rx_mac_name[RX_MACS];
u8_t rx_vendor_checked(int mac, const u8_t *frame, size_t len);
/* NULL if those marks are rx_mac_checked()'s, less what that MAC does not
 * check, else a message (valid until the next call) saying how they
 * differ. */
const char *rx_vendor_marks_diff(int mac, const u8_t *frame, size_t len);
#endif

/* How the driver splits a frame into pbufs: RX_LAYOUTS ways (one pbuf,
 * splits at odd and even offsets, the last bytes alone, odd addresses). */
#define RX_LAYOUTS 6
extern const char *const rx_layout_name[RX_LAYOUTS];

/* Hand lwIP the frame of len bytes (an IP datagram and any link-layer
 * padding after it) as received on netif rx_netif[n], split as layout
 * `layout`, with what state `state` makes the driver say. */
void rx_receive(int n, const u8_t *frame, size_t len, int layout, int state);

/* The counters a run is compared by: the statistics of each protocol and
 * the MIB-2 counters. */
struct rx_counters {
  struct stats_proto ip, ip_frag, icmp, udp, tcp, ip6, ip6_frag, icmp6, nd6;
  struct stats_mib2 mib2;
};

/* What a run did: what the applications received and lwIP sent, in order
 * (IPv4 IDs and header checksums, IPv6 fragment IDs zeroed: they count up
 * from run to run), and the counters. */
#define RX_LOG_MAX 65536
struct rx_record {
  struct rx_counters counters;
  size_t len;
  u8_t log[RX_LOG_MAX];
};

/* A run: netifs up, applications open, counters zeroed... */
void rx_run_begin(void);
/* ...frames received (rx_receive); then every reassembly timed out, every
 * connection dropped, the applications closed, nothing leaked; the record
 * of what happened in between. */
void rx_run_end(struct rx_record *record);
/* How many times the applications received data in the record, and how
 * many frames lwIP sent. */
int rx_record_deliveries(const struct rx_record *record);
int rx_record_sent(const struct rx_record *record);
/* Checksum errors of the transport layers (TCP, UDP, ICMP, ICMPv6). */
unsigned rx_transport_chkerr(const struct rx_counters *counters);
/* NULL if a and b are the same, else a message (valid until the next call)
 * saying where b differs from a, the record of `what`. */
const char *rx_record_diff(const struct rx_record *a, const struct rx_record *b, const char *what);

#endif /* RX_DRIVER_H */
