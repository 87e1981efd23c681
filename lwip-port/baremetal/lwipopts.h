/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * lwipopts.h for code size on bare-metal cores (make size): what a small
 * IPv4 device builds. NO_SYS raw API, no OS, no C library calls beyond
 * memcpy/memset; IPv4 with fragmentation, reassembly and ICMP; no IPv6.
 * The same options for the stock and the patched tree, so that the
 * difference in size is the patch's.
 */
#ifndef LWIP_HDR_LWIPOPTS_H
#define LWIP_HDR_LWIPOPTS_H

#include "lwipopts_nosys_ipv4.h"
#define MEM_ALIGNMENT           4

#define IP_FORWARD              0
#define IP_FRAG                 1
#define IP_REASSEMBLY           1
#define LWIP_ICMP               1
#define LWIP_RAW                0
#define LWIP_UDP                1
#define LWIP_TCP                1

/* Production builds: no assertions, no statistics, no debug output. */
#define LWIP_NOASSERT           1
#define LWIP_STATS              0

#endif /* LWIP_HDR_LWIPOPTS_H */
