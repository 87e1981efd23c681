/* SPDX-License-Identifier: BSD-3-Clause */
/* lwipopts.h for the packet tests (test/product/pktest): IPv4 only, no OS, every
 * lwIP path that writes an IPv4 header compiled in (output with options,
 * fragmentation, reassembly, forwarding, ICMP replies).
 *
 * The builds vary lwIP's options with -D flags (test/product/pktest/Dir.mk): the options
 * they vary and those a port decides (MEM_ALIGNMENT, ...) are only
 * defaulted here, so a -D definition wins. */
#ifndef LWIP_PKTEST_LWIPOPTS_H
#define LWIP_PKTEST_LWIPOPTS_H

#include "lwipopts_nosys_ipv4.h"

#define LWIP_ARP                        0
#define LWIP_DHCP                       0
#define LWIP_AUTOIP                     0
/* ip4.h turns IP_OPTIONS_SEND (ip4_output_if_opt) on with IGMP only; the
 * test netifs do not set NETIF_FLAG_IGMP, so IGMP itself stays silent. */
#define LWIP_IGMP                       1
#define LWIP_DNS                        0

#define IP_FORWARD                      1
#define IP_FRAG                         1
#define IP_REASSEMBLY                   1
#define IP_REASS_MAX_PBUFS              64
#define MEMP_NUM_REASSDATA              4
#define MEMP_NUM_FRAG_PBUF              64

#define LWIP_ICMP                       1
#define LWIP_RAW                        1
#define LWIP_UDP                        1
#define LWIP_TCP                        1

/* Datagrams up to ~9 KB, reassembled or fragmented, several in flight. */
#define MEM_SIZE                        120000
#define PBUF_POOL_SIZE                  32
#define MEMP_NUM_PBUF                   64

/* The tests assert that nothing leaks. */
#define LWIP_STATS                      1
#define MEM_STATS                       1
#define MEMP_STATS                      1

/* 8 suits every CPU the tests run on, strict-alignment 64-bit ones too. */
#ifndef MEM_ALIGNMENT
#define MEM_ALIGNMENT                   8
#endif

#endif /* LWIP_PKTEST_LWIPOPTS_H */
