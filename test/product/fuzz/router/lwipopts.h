/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * lwIP options of the robustness tests (fuzz targets, bad-input table): a
 * bare IPv4 router with two netifs, no OS (NO_SYS), forwarding,
 * fragmentation and reassembly, ICMP, UDP, TCP and IGMP on, stats kept so the
 * tests can see what was dropped and whether anything leaked.
 */
#ifndef LWIP_HDR_LWIPOPTS_H
#define LWIP_HDR_LWIPOPTS_H

#include "lwipopts_nosys_ipv4.h"

#define LWIP_ARP                0
#define LWIP_ETHERNET           0
#define LWIP_DHCP               0
#define LWIP_AUTOIP             0
#define LWIP_DNS                0
#define LWIP_RAW                0

#define IP_FORWARD              1
#define IP_REASSEMBLY           1
#define IP_FRAG                 1
#define IP_OPTIONS_ALLOWED      1
#define LWIP_ICMP               1
#define LWIP_UDP                1
#define LWIP_TCP                1
/* IGMP: lwIP sends IP options only with it (ip4_output_if_opt) */
#define LWIP_IGMP               1

/* Every buffer is its own malloc block: AddressSanitizer and valgrind see
 * each pbuf's bounds instead of one big lwIP heap. */
#define MEM_LIBC_MALLOC         1
#define MEMP_MEM_MALLOC         1
/* IP headers start 4-byte aligned after a 16-byte link header. */
#define MEM_ALIGNMENT           8
#define PBUF_LINK_HLEN          16

#define LWIP_STATS              1
#define LWIP_STATS_DISPLAY      0
#define MIB2_STATS              0
/* also with MEM_LIBC_MALLOC / MEMP_MEM_MALLOC, which turn them off */
#define MEM_STATS               1
#define MEMP_STATS              1

#endif /* LWIP_HDR_LWIPOPTS_H */
