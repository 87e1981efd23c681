/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * lwIP options of mps2demo: a NO_SYS IPv4 host on a LAN9118 that echoes,
 * reassembles and fragments 64 KiB datagrams, in the 2 MiB of RAM of the
 * smallest board (AN505).
 */
#ifndef MPS2DEMO_LWIPOPTS_H
#define MPS2DEMO_LWIPOPTS_H

#include "lwipopts_nosys_ipv4.h"

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
/* the counters mps2demo reports: IPv4 packets in, checksum errors */
#define LWIP_STATS                  1
#define LWIP_STATS_LARGE            1

/* The LAN9118 puts a frame 2 bytes into its FIFO's first word: lwIP's 2
 * bytes of padding there, and the IP header is word-aligned. */
#define ETH_PAD_SIZE                2
#define MEM_ALIGNMENT               4

/* Received frames land in chains of 512-byte pool pbufs (3 to a full
 * frame). A 65535-byte datagram is 45 fragments at MTU 1500: 135 pbufs,
 * room for one being reassembled and one echoed; the echo goes back in the
 * pbufs it came in, each fragment a reference into them. */
#define PBUF_POOL_BUFSIZE           512
#define PBUF_POOL_SIZE              320
#define IP_REASSEMBLY               1
#define IP_FRAG                     1
#define IP_REASS_MAX_PBUFS          280
#define MEMP_NUM_REASSDATA          4
#define MEMP_NUM_FRAG_PBUF          64
#define MEM_SIZE                    (128 * 1024)
#define ARP_QUEUEING                1
#define MEMP_NUM_ARP_QUEUE          64

/* TCP: the peer may have 4 segments in flight, which the controller's
 * receive FIFO (about 10 KB in qemu's model, which drops what does not
 * fit) always holds. */
#define TCP_MSS                     1460
#define TCP_WND                     (4 * TCP_MSS)
#define TCP_SND_BUF                 (8 * TCP_MSS)
#define TCP_SND_QUEUELEN            (4 * TCP_SND_BUF / TCP_MSS)
#define MEMP_NUM_TCP_SEG            TCP_SND_QUEUELEN
#define MEMP_NUM_TCP_PCB            4
#define MEMP_NUM_TCP_PCB_LISTEN     2
#define MEMP_NUM_UDP_PCB            2
/* tcp_write copies with LWIP_CHKSUM_COPY: fastsum's fused copy runs too. */
#define LWIP_CHECKSUM_ON_COPY       1
/* lan9118if sums each frame as it reads it from the FIFO: lwIP verifies
 * received checksums from that sum (the series' per-pbuf state). */
#define LWIP_CHECKSUM_CHECK_PER_PBUF 1

/* fastsum is lwIP's checksum: LWIP_CHKSUM, LWIP_CHKSUM_COPY */
#include "fastsum_lwipopts.h"

#endif /* MPS2DEMO_LWIPOPTS_H */
