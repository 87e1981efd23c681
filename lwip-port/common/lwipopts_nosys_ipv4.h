/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * The base of every lwipopts.h here that builds a bare IPv4 stack without
 * an OS (benchmarks, packet tests, fuzz targets, bare-metal code size): the
 * raw API in a NO_SYS main loop, no sequential APIs, IPv4 only. Each
 * lwipopts.h includes this first and adds what its build is about.
 */
#ifndef LWIPOPTS_NOSYS_IPV4_H
#define LWIPOPTS_NOSYS_IPV4_H

#define NO_SYS                  1
#define SYS_LIGHTWEIGHT_PROT    0
#define LWIP_NETCONN            0
#define LWIP_SOCKET             0

#define LWIP_IPV4               1
#define LWIP_IPV6               0

#endif /* LWIPOPTS_NOSYS_IPV4_H */
