/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * lwIP options of make count-packets and its benchmark (test/measure/packets):
 * those of the Raspberry Pi Pico SDK's examples (lwipopts_examples_common.h,
 * a release build: NDEBUG, so no debug output; assertions and the protocol
 * statistics on, as opt.h leaves them), with every checksum computed and
 * checked in software, as opt.h leaves them too. Changed for the rows: IP
 * forwarding on (ESP-IDF's NAT routers turn it on); DHCP and DNS off (they
 * are no part of these paths and need timers). test/measure/packets/Dir.mk sets
 * LWIP_CHKSUM_ALGORITHM and LWIP_CHECKSUM_ON_COPY by -D flags, and adds
 * fastsum through lwip-port/fastsum/lwipopts.h.
 */
#ifndef LWIP_HDR_LWIPOPTS_H
#define LWIP_HDR_LWIPOPTS_H

#include "lwipopts_nosys_ipv4.h"

/* 4 on the boards; the host benchmark's 64-bit pointers need 8 */
#define MEM_ALIGNMENT               __SIZEOF_POINTER__
#define MEM_SIZE                    4000
#define MEMP_NUM_TCP_SEG            32
#define MEMP_NUM_ARP_QUEUE          10
#define PBUF_POOL_SIZE              24
#define LWIP_ARP                    1
#define LWIP_ETHERNET               1
#define LWIP_ICMP                   1
#define LWIP_RAW                    1
#define TCP_MSS                     1460
#define TCP_WND                     (8 * TCP_MSS)
#define TCP_SND_BUF                 (8 * TCP_MSS)
#define TCP_SND_QUEUELEN            ((4 * (TCP_SND_BUF) + (TCP_MSS - 1)) / (TCP_MSS))
#define LWIP_NETIF_STATUS_CALLBACK  1
#define LWIP_NETIF_LINK_CALLBACK    1
#define LWIP_NETIF_HOSTNAME         1
#define MEM_STATS                   0
#define SYS_STATS                   0
#define MEMP_STATS                  0
#define LINK_STATS                  0
#define LWIP_UDP                    1
#define LWIP_TCP                    1
#define LWIP_TCP_KEEPALIVE          1
#define LWIP_NETIF_TX_SINGLE_PBUF   1

#define LWIP_DHCP                   0
#define LWIP_DNS                    0
#define IP_FORWARD                  1
#define IP_FRAG                     1
#define IP_REASSEMBLY               1

#endif /* LWIP_HDR_LWIPOPTS_H */
