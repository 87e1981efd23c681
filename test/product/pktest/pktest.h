/* Packet tests: lwIP between two capturing test netifs, every emitted
 * frame written to a pcap file and checked by a checksum reference that
 * shares no code with lwIP. See docs/testing.md. */
#ifndef PKTEST_H
#define PKTEST_H

#include <stddef.h>
#include <check.h>

#include "packets.h"
#include "rfc1071.h"
#include "stack_harness.h"

#include "lwip/opt.h"
#include "lwip/netif.h"
#include "lwip/pbuf.h"
#include "lwip/ip4_addr.h"

/* The two test netifs. Their number is the interface in the capture file
 * (0 is a datagram lwIP delivered to a local raw pcb). */
enum { PK_LOCAL = 0, PK_A = 1, PK_B = 2, PK_NETIFS = 3 };
extern struct netif pk_netif[PK_NETIFS]; /* [PK_A], [PK_B] */

/* Addresses, host byte order: A is 192.168.1.1/24, B is 10.0.0.1/24; a
 * peer host lives on each link. */
#define PK_ADDR_A     0xC0A80101UL
#define PK_ADDR_PEER_A 0xC0A80102UL
#define PK_ADDR_B     0x0A000001UL
#define PK_ADDR_PEER_B 0x0A000002UL

/* Checksums a netif leaves to its hardware (struct pk_frame's offloaded):
 * those whose NETIF_CHECKSUM_GEN_* flag it has cleared (per-netif
 * control), and those lwIP is built not to generate (CHECKSUM_GEN_* 0, the
 * style of vendors' templates for MACs that insert checksums). */
#define PK_OFF_IP   0x01
#define PK_OFF_UDP  0x02
#define PK_OFF_TCP  0x04
#define PK_OFF_ICMP 0x08
u8_t pk_offloaded(const struct netif *netif);
/* The PK_OFF_* bit of a transport protocol (IP protocol number), 0 if none. */
u8_t pk_off_proto(u8_t proto);

/* Captured frames of the running test, in order. */
struct pk_frame {
  u8_t ifnum;
  u8_t forwarded; /* sent while pk_forwarding was set: no canonical check */
  u8_t offloaded; /* the netif's PK_OFF_* when lwIP sent it */
  u16_t len;
  const u8_t *data;
};
extern struct pk_frame pk_frames[];
extern int pk_nframes;
/* Set by forwarding tests around their injections: forwarded headers are
 * updated incrementally, so they must verify but need not equal a full
 * recomputation. */
extern int pk_forwarding;
/* Record a datagram lwIP delivered locally (payload at its IP header). */
void pk_record_local(struct pbuf *p);

/* Fixture: netifs up, capture file captures/<test name>.pcap open;
 * teardown verifies every captured frame, checks for leaks, closes. */
void pk_setup(void);
void pk_teardown(void);
/* A test case: its name, its one test, its Check tags (NULL: none). */
struct pk_case {
  const char *name;
  const TTest *const *test;
  const char *tags;
};
/* Add the n cases to s, each with the fixture and a generous hang guard. */
void pk_add_cases(Suite *s, const struct pk_case *cases, size_t n);

/* Check one frame by the reference of packets.h: version, lengths,
 * header checksum; transport checksum for whole datagrams; canonical
 * header checksum unless forwarded. A checksum the netif leaves to its
 * hardware may be 0 instead. Fails the test with a message naming the
 * frame. */
void pk_verify_frame(const struct pk_frame *f, int index);

/* Hand a datagram to lwIP as received on netif `ifnum`, in a pbuf whose
 * payload starts `misalign` bytes past an aligned address, with `headroom`
 * bytes before it. */
void pk_inject(int ifnum, const u8_t *pkt, size_t len, u16_t headroom, u16_t misalign);
/* A PBUF_RAM pbuf of n pattern bytes starting `misalign` bytes past an
 * aligned address, with room for any IPv4 header in front. */
struct pbuf *pk_payload(size_t n, u16_t misalign, u32_t seed);
/* The same data in two PBUF_RAW pbufs without headroom, the first holding
 * first bytes (all if n <= first). */
struct pbuf *pk_payload_chain(size_t n, size_t first, u32_t seed);

/* Reassemble captured fragments [first, first+count) with the reference
 * (offsets, MF, IDs checked); returns the datagram length, out holds it. */
size_t pk_reassemble(u8_t *out, size_t outsize, int first, int count);

Suite *pk_suite_local(void);
Suite *pk_suite_forward(void);

#endif /* PKTEST_H */
