/* SPDX-License-Identifier: BSD-3-Clause */
/* lwIP options for building lwIP's own checksum code (inet_chksum.c with
 * LWIP_CHKSUM_ALGORITHM 1, 2 or 3, and def.c) as references for the
 * fastsum tests and benchmarks: nothing else of lwIP is compiled. */
#ifndef LWIP_HDR_LWIPOPTS_H
#define LWIP_HDR_LWIPOPTS_H

#define NO_SYS                 1
#define LWIP_NETCONN           0
#define LWIP_SOCKET            0
#define LWIP_IPV4              1
#define LWIP_IPV6              1
/* lwip_chksum_copy (MEMCPY, then LWIP_CHKSUM) is built too */
#define LWIP_CHECKSUM_ON_COPY  1

#endif /* LWIP_HDR_LWIPOPTS_H */
