/* SPDX-License-Identifier: BSD-3-Clause */
/* lwipopts.h for the receive checksum state tests (test/product/rxcsum):
 * IPv4 and IPv6, no OS, every input path that verifies a checksum (TCP,
 * UDP, UDP-Lite, ICMP, ICMPv6, reassembly of both), statistics and MIB-2
 * counters to compare.
 *
 * The builds vary the checksum options with -D flags (test/product/rxcsum/
 * Dir.mk): those are only defaulted here, so a -D definition wins. */
#ifndef LWIP_RXCSUM_LWIPOPTS_H
#define LWIP_RXCSUM_LWIPOPTS_H

#define NO_SYS                          1
#define SYS_LIGHTWEIGHT_PROT            0
#define LWIP_NETCONN                    0
#define LWIP_SOCKET                     0

#define LWIP_IPV4                       1
#define LWIP_IPV6                       1
#define LWIP_ARP                        0
#define LWIP_DHCP                       0
#define LWIP_AUTOIP                     0
#define LWIP_IGMP                       0
#define LWIP_DNS                        0
#define LWIP_IPV6_MLD                   0
#define LWIP_IPV6_AUTOCONFIG            0
#define LWIP_IPV6_DUP_DETECT_ATTEMPTS   0
#define LWIP_ND6_QUEUEING               0

#define LWIP_ICMP                       1
#define LWIP_ICMP6                      1
#define LWIP_RAW                        0
#define LWIP_UDP                        1
#define LWIP_UDPLITE                    1
#define LWIP_TCP                        1
#define TCP_MSS                         1460
#define TCP_WND                         (8 * TCP_MSS)
#define TCP_SND_BUF                     (4 * TCP_MSS)

#define IP_FRAG                         1
#define IP_REASSEMBLY                   1
#define LWIP_IPV6_FRAG                  1
#define LWIP_IPV6_REASS                 1
/* A datagram left incomplete is freed after this many calls of the
   reassembly timers: each test run ends with them. */
#define IP_REASS_MAXAGE                 2
#define IPV6_REASS_MAXAGE               2
/* Room for the reassembly helper with 64-bit pointers */
#define IPV6_FRAG_COPYHEADER            1
#define IP_REASS_MAX_PBUFS              64
#define MEMP_NUM_REASSDATA              4
#define MEMP_NUM_FRAG_PBUF              64

#define MEM_SIZE                        200000
#define PBUF_POOL_SIZE                  32
#define MEMP_NUM_PBUF                   64

/* Every run is compared by what it delivered, what it sent and these. */
#define LWIP_STATS                      1
#define MIB2_STATS                      1
#define MEM_STATS                       1
#define MEMP_STATS                      1

/* One initial sequence number for every connection: the runs of one frame
   in each receive state send the same segments. */
#define LWIP_HOOK_TCP_ISN(local_ip, local_port, remote_ip, remote_port) 0xA0B0C0CFUL

/* What these tests are about; 0 for the pristine tree, which has no such
   option (the offload test's build). */
#ifndef LWIP_CHECKSUM_CHECK_PER_PBUF
#define LWIP_CHECKSUM_CHECK_PER_PBUF    1
#endif

/* Per-netif control lets one netif leave IP header checks off. */
#ifndef LWIP_CHECKSUM_CTRL_PER_NETIF
#define LWIP_CHECKSUM_CTRL_PER_NETIF    1
#endif

#ifndef MEM_ALIGNMENT
#define MEM_ALIGNMENT                   8
#endif

#endif /* LWIP_RXCSUM_LWIPOPTS_H */
