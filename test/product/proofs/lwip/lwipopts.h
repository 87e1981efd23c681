/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * lwIP options of the CBMC harnesses over lwIP's own sources: a bare IPv4
 * stack that sends with IP options, forwards, fragments, reassembles and
 * answers ICMP echo; no transport protocols (the proofs are about the IP
 * header). prove.sh sets LWIP_CHECKSUM_CTRL_PER_NETIF to 0 and to 1.
 */
#ifndef LWIP_HDR_LWIPOPTS_H
#define LWIP_HDR_LWIPOPTS_H

#include "lwipopts_nosys_ipv4.h"

#define LWIP_ARP                0
#define LWIP_UDP                0
#define LWIP_TCP                0

/* IGMP: lwIP sends IP options only with it (IP_OPTIONS_SEND) */
#define LWIP_IGMP               1
#define LWIP_ICMP               1
#define IP_FORWARD              1
#ifndef IP_FRAG
#define IP_FRAG                 1
#endif
#define IP_REASSEMBLY           1

/* Every pbuf is a malloc block of its own: CBMC checks each access
 * against that block's bounds instead of one big lwIP heap. */
#define MEM_LIBC_MALLOC         1
#define MEMP_MEM_MALLOC         1
#define MEM_ALIGNMENT           8

/* An lwIP assertion that fails is a failed property; lwIP's default
 * would end in abort(), a path CBMC drops silently. */
#define LWIP_PLATFORM_ASSERT(x) __CPROVER_assert(0, x)

#endif /* LWIP_HDR_LWIPOPTS_H */
