/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * lwIP options of tapdemo: a NO_SYS host on TAP devices that echoes, reassembles
 * and fragments 64 KiB datagrams and forwards between its interfaces. IPv4
 * only; built with -DTAPDEMO_IPV6, IPv6 too (make interop-KEY-ipv6).
 */
#ifndef TAPDEMO_LWIPOPTS_H
#define TAPDEMO_LWIPOPTS_H

#define NO_SYS                      1
#define SYS_LIGHTWEIGHT_PROT        0
#define LWIP_SOCKET                 0
#define LWIP_NETCONN                0

#define LWIP_IPV4                   1
#ifdef TAPDEMO_IPV6
#define LWIP_IPV6                   1
#else
#define LWIP_IPV6                   0
#endif
#define LWIP_ARP                    1
#define LWIP_ETHERNET               1
#define LWIP_ICMP                   1
#define LWIP_UDP                    1
#define LWIP_TCP                    1
#define LWIP_RAW                    0
#define LWIP_DHCP                   0
#define LWIP_AUTOIP                 0
#define LWIP_IGMP                   0
#define LWIP_DNS                    0
#define LWIP_HAVE_LOOPIF            0
/* lwIP's counters, printed when tapdemo stops: the interop runs check
 * them (no checksum error from the kernel; make interop-corrupt: as many
 * as tshark finds, and the same without the receive checksum state). */
#define LWIP_STATS                  1
#define LWIP_STATS_LARGE            1
#define MIB2_STATS                  1
/* NXP's lwiperf (its UDP server) will not build without it. */
#define SO_REUSE                    1

/* Route between the TAP interfaces. */
#define IP_FORWARD                  1

/* A 65535-byte datagram is 45 fragments of 1480 bytes at MTU 1500 and more
 * at smaller MTUs: room for a few of them in flight, reassembled and sent
 * back fragmented. Frames land in one pool pbuf each (PBUF_POOL_BUFSIZE
 * defaults to a full Ethernet frame). */
#define IP_REASSEMBLY               1
#define IP_FRAG                     1
#define IP_REASS_MAX_PBUFS          256
#define MEMP_NUM_REASSDATA          8
#define MEMP_NUM_FRAG_PBUF          256
#define PBUF_POOL_SIZE              512
#define MEM_ALIGNMENT               8
#define MEM_SIZE                    (1024 * 1024)
#define ARP_QUEUEING                1
#define MEMP_NUM_ARP_QUEUE          256

#if LWIP_IPV6
/* The same for IPv6: the kernel's fragments of 64 KiB are reassembled (in
 * the pools above) and the replies fragmented; forwarded between the
 * interfaces, too big for the next link: Packet Too Big. The reassembly
 * keeps a pointer in each fragment's header, which needs the header copied
 * on a 64-bit host. A frame queued while its neighbor is resolved is one
 * fragment of up to 45. Addresses are static, set valid at once. */
#define LWIP_IPV6_FORWARD           1
#define LWIP_IPV6_REASS             1
#define LWIP_IPV6_FRAG              1
#define IPV6_FRAG_COPYHEADER        1
#define LWIP_ND6_QUEUEING           1
#define MEMP_NUM_ND6_QUEUE          128
#define MEMP_NUM_MLD6_GROUP         8
#define LWIP_IPV6_AUTOCONFIG        0
#define LWIP_IPV6_DHCP6             0
#endif

/* TCP: a window of 32 segments each way keeps a long echo stream moving. */
#define TCP_MSS                     1460
#define TCP_WND                     (32 * TCP_MSS)
#define TCP_SND_BUF                 (32 * TCP_MSS)
#define TCP_SND_QUEUELEN            (4 * TCP_SND_BUF / TCP_MSS)
#define MEMP_NUM_TCP_SEG            TCP_SND_QUEUELEN
#define MEMP_NUM_TCP_PCB            8
#define MEMP_NUM_TCP_PCB_LISTEN     4
#define MEMP_NUM_UDP_PCB            4
/* tcp_write copies with LWIP_CHKSUM_COPY: the copy path meets the kernel too. */
#define LWIP_CHECKSUM_ON_COPY       1

/* The series' receive checksum state: tapif.c gives each frame the sum it
 * takes while copying it, and lwIP verifies the frame's checksums from that
 * sum. Built with -DLWIP_CHECKSUM_CHECK_PER_PBUF=0 on the pristine tree,
 * which lacks the option (tapif.c then only copies), and where lwIP
 * verifies in software (make interop-corrupt, interop-iperf's patched). */
#ifndef LWIP_CHECKSUM_CHECK_PER_PBUF
#define LWIP_CHECKSUM_CHECK_PER_PBUF 1
#endif

/* The checksum module under test: LWIP_CHKSUM, LWIP_CHKSUM_COPY. Built with
 * -DTAPDEMO_LWIP_CHKSUM, lwIP's own instead (make interop-iperf compares). */
#ifndef TAPDEMO_LWIP_CHKSUM
#include "fastsum_lwipopts.h"
#endif

#endif /* TAPDEMO_LWIPOPTS_H */
