/* SPDX-License-Identifier: BSD-3-Clause */
/* A reassembled datagram is verified whatever the MAC said of its
 * fragments.
 *
 * The vendors' templates for MACs that check checksums set
 * CHECKSUM_CHECK_UDP (and TCP, ICMP) to 0: then nobody verifies the UDP
 * checksum of a reassembled datagram, since no MAC can check it from one
 * fragment, and a corrupted one is delivered. With the receive state the
 * driver marks what the MAC checked, lwIP keeps its checks, and a mark on a
 * fragment does not count for the datagram. Built on the pristine tree with
 * the vendors' options, this test fails (Dir.mk: rxcsum-KEY-offload-fails-
 * unpatched). */
#include "rxcsum.h"

#include <string.h>

/* A UDP datagram of 1800 bytes in three fragments, each right as far as
 * its IPv4 or IPv6 header goes (a MAC checks that), one byte of the second
 * flipped; every fragment marked checked, IP header and transport, and
 * given its sum in state RX_MARKED_COMPLETE. */
static void
receive_corrupted(int v6, int state)
{
  u8_t l4[1808], dgram[1900], frag[1100];
  size_t l4len = pkt_udp(l4, RX_PORT_PEER, RX_PORT_UDP, 1800, 11), len, hlen;
  size_t off[3] = {0, 1000, 1600}, n[3] = {1000, 600, 208};
  int i;

  if (v6) {
    struct pkt_ip6 ip;
    memset(&ip, 0, sizeof(ip));
    ip.hlim = 64;
    memcpy(ip.src, rx_addr6_peer[RX_A], 16);
    memcpy(ip.dst, rx_addr6[RX_A], 16);
    len = pkt_datagram6(dgram, &ip, PKT_PROTO_UDP, l4, l4len);
    hlen = PKT_IP6_HLEN;
  } else {
    struct pkt_ip ip;
    memset(&ip, 0, sizeof(ip));
    ip.ttl = 64;
    ip.proto = PKT_PROTO_UDP;
    ip.id = 0x4321;
    ip.src = RX_ADDR_PEER_A;
    ip.dst = RX_ADDR_A;
    len = pkt_datagram(dgram, &ip, l4, l4len);
    hlen = 20;
  }
  RX_ASSERT(len == hlen + 1808, "datagram of %lu bytes", (unsigned long)len);
  dgram[hlen + 1234] ^= 0x10;
  for (i = 0; i < 3; i++) {
    size_t flen = v6 ? pkt_fragment6(frag, dgram, off[i], n[i], i < 2, 0x0badcafeUL)
                     : pkt_fragment(frag, dgram, off[i], n[i], i < 2);
    rx_receive(RX_A, frag, flen, 0, state);
  }
}

START_TEST(test_reass_corrupted_udp_dropped)
{
  static struct rx_record record;
  int v6, state;

  for (state = RX_MARKED; state <= RX_MARKED_COMPLETE; state++) {
    for (v6 = 0; v6 <= 1; v6++) {
      rx_run_begin();
      receive_corrupted(v6, state);
      rx_run_end(&record);
      RX_ASSERT(rx_record_deliveries(&record) == 0,
                "a reassembled %s UDP datagram of 1800 bytes with a corrupted byte is delivered "
                "(fragments %s)", v6 ? "IPv6" : "IPv4", rx_state_name[state]);
      RX_ASSERT(record.counters.udp.chkerr == 1, "%s, fragments %s: udp.chkerr %u, not 1",
                v6 ? "IPv6" : "IPv4", rx_state_name[state], (unsigned)record.counters.udp.chkerr);
    }
  }
}
END_TEST

Suite *
rx_suite_offload(void)
{
  Suite *s = suite_create("offload");
  TCase *tc = tcase_create("reass_offload");
  tcase_add_test(tc, test_reass_corrupted_udp_dropped);
  suite_add_tcase(s, tc);
  return s;
}
