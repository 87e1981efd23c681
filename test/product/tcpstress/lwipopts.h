/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * lwIP options of the TCP stress test: one NO_SYS stack, IPv4 and IPv6, two
 * netifs whose "wire" is the test (tcpstress.c). Windows and buffers are
 * small so that zero windows, persist probes, split segments and full send
 * queues come often. A build chooses, with -D flags (Dir.mk):
 *   LWIP_CHKSUM_ALGORITHM   lwIP's own checksum (stock and patched builds)
 *   TCPSTRESS_FASTSUM       fastsum's paths instead, chosen per connection
 *   LWIP_CHECKSUM_ON_COPY, TCP_OVERSIZE, LWIP_TCP_TIMESTAMPS
 */
#ifndef TCPSTRESS_LWIPOPTS_H
#define TCPSTRESS_LWIPOPTS_H

#define NO_SYS                      1
#define SYS_LIGHTWEIGHT_PROT        0
#define LWIP_SOCKET                 0
#define LWIP_NETCONN                0

#define LWIP_IPV4                   1
#define LWIP_IPV6                   1
#define LWIP_ARP                    0
#define LWIP_ETHERNET               0
#define LWIP_ICMP                   1
#define LWIP_UDP                    1
#define LWIP_TCP                    1
#define LWIP_RAW                    0
#define LWIP_DHCP                   0
#define LWIP_AUTOIP                 0
#define LWIP_IGMP                   0
#define LWIP_DNS                    0
#define LWIP_HAVE_LOOPIF            0
#define LWIP_NETIF_LOOPBACK         0
/* Static addresses, preferred from the start: no duplicate address
 * detection, which would see the stack's own solicitations come back. */
#define LWIP_IPV6_AUTOCONFIG        0
#define LWIP_IPV6_DUP_DETECT_ATTEMPTS 0
#define LWIP_IPV6_MLD               1
/* 64-bit hosts: lwIP keeps the fragment header apart from its pointers */
#define IPV6_FRAG_COPYHEADER        1

/* The checksums lwIP computes and checks: every one in software. */
#define LWIP_STATS                  1
#define LWIP_STATS_DISPLAY          0

#define MEM_ALIGNMENT               __SIZEOF_POINTER__
#define MEM_SIZE                    (256 * 1024)
#define PBUF_POOL_SIZE              64
#define MEMP_NUM_PBUF               256
#define MEMP_NUM_TCP_PCB            8
#define MEMP_NUM_TCP_PCB_LISTEN     2
#define MEMP_NUM_SYS_TIMEOUT        (LWIP_NUM_SYS_TIMEOUT_INTERNAL + 2)

#define TCP_MSS                     1460
#define TCP_WND                     (6 * TCP_MSS)
#define TCP_SND_BUF                 (8 * TCP_MSS)
#define TCP_SND_QUEUELEN            (4 * TCP_SND_BUF / TCP_MSS)
#define MEMP_NUM_TCP_SEG            (2 * TCP_SND_QUEUELEN + 16)
#define TCP_QUEUE_OOSEQ             1
#define LWIP_TCP_SACK_OUT           1
#define LWIP_TCP_KEEPALIVE          1
#define TCP_CALCULATE_EFF_SEND_MSS  1

#ifndef LWIP_CHECKSUM_ON_COPY
#define LWIP_CHECKSUM_ON_COPY       1
#endif

/* Every connection starts from the same state (tcpstress.c forks it): its
 * initial sequence numbers come from its seed, not from lwIP's history. */
#include <stdint.h>
uint32_t tcpstress_isn(void);
#define LWIP_HOOK_TCP_ISN(local_ip, local_port, remote_ip, remote_port) tcpstress_isn()

#ifdef TCPSTRESS_FASTSUM
/* fastsum's path of the connection, through a pointer (tcpstress.c). */
uint16_t tcpstress_chksum(const void *data, int len);
uint16_t tcpstress_chksum_copy(void *dst, const void *src, uint16_t len);
#define LWIP_CHKSUM tcpstress_chksum
#define LWIP_CHKSUM_COPY(dst, src, len) tcpstress_chksum_copy(dst, src, len)
#endif

#endif /* TCPSTRESS_LWIPOPTS_H */
