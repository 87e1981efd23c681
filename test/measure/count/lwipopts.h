/* SPDX-License-Identifier: BSD-3-Clause */
/* lwIP options for make count's IPv4 output program (test/measure/count/count_ip4.c):
 * no OS, IPv4 only, header checksums generated; statistics off so that only
 * the IPv4 output path is counted. test/measure/count/Dir.mk sets LWIP_INLINE_IP_CHKSUM
 * by -D flags and adds fastsum through lwip-port/fastsum/lwipopts.h. */
#ifndef LWIP_HDR_LWIPOPTS_H
#define LWIP_HDR_LWIPOPTS_H

#define NO_SYS                 1
#define SYS_LIGHTWEIGHT_PROT   0
/* ARM faults on unaligned LDRD/LDM: pbufs and pools word-aligned */
#define MEM_ALIGNMENT          4
#define LWIP_NETCONN           0
#define LWIP_SOCKET            0
#define LWIP_IPV4              1
#define LWIP_IPV6              0
#define LWIP_TCP               0
#define LWIP_UDP               1
#define LWIP_STATS             0
#define CHECKSUM_GEN_IP        1

#endif /* LWIP_HDR_LWIPOPTS_H */
