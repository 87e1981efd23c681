/* SPDX-License-Identifier: BSD-3-Clause */
/* lwIP options of every build the benchmarks 1 and 5 time (bench_lwip.c):
 * NO_SYS, IPv4 + UDP, fragmentation on, a netif that drops its output.
 * test/measure/bench/Dir.mk varies only LWIP_INLINE_IP_CHKSUM and, for the fastsum build,
 * adds fastsum through lwip-port/fastsum/lwipopts.h; everything else is the
 * same in every build. */
#ifndef LWIP_HDR_LWIPOPTS_H
#define LWIP_HDR_LWIPOPTS_H

#include "lwipopts_nosys_ipv4.h"

#define LWIP_UDP                1
#define LWIP_TCP                0
#define LWIP_RAW                0
#define LWIP_ICMP               1
#define LWIP_ARP                0
#define IP_FRAG                 1
#define IP_REASSEMBLY           1
#define LWIP_STATS              0

/* room for a 60000-byte datagram in one PBUF_RAM, and its 41 fragments */
#define MEM_ALIGNMENT           8
#define MEM_SIZE                (256 * 1024)
#define MEMP_NUM_FRAG_PBUF      64

#endif /* LWIP_HDR_LWIPOPTS_H */
