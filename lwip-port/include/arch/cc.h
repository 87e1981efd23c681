/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * lwip-fastsum host port: compiler and platform definitions for lwIP
 * (GCC or clang on a hosted C library, any endianness, any word size).
 */
#ifndef LWIP_ARCH_CC_H
#define LWIP_ARCH_CC_H

#include <stdlib.h>
#include <sys/time.h> /* struct timeval for the socket API tests */

/* Use the C library's struct timeval and errno values. */
#define LWIP_TIMEVAL_PRIVATE 0
#define LWIP_ERRNO_INCLUDE <errno.h>
#define LWIP_ERRNO_STDINCLUDE 1

/* Tests and demos want repeatable runs: lwIP only needs "some" randomness. */
#define LWIP_RAND() ((u32_t)rand())

/* The stock unit tests feed invalid arguments on purpose: with
 * LWIP_NOASSERT_ON_ERROR an LWIP_ERROR check only runs its handler. */
#ifdef LWIP_NOASSERT_ON_ERROR
#define LWIP_ERROR(message, expression, handler) do { if (!(expression)) { \
  handler;}} while(0)
#endif

/* lwIP assumes little endian unless told: glibc's <endian.h> (through
 * <stdlib.h>) already defines BYTE_ORDER; other C libraries may not. */
#if !defined(BYTE_ORDER) && defined(__BYTE_ORDER__) && (__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__)
#define BYTE_ORDER BIG_ENDIAN
#endif

/* A vendor's tree built outside its SDK: esp-lwip's 2.1.3-esp opt.h adds
 * its on-demand timer options into LWIP_NUM_SYS_TIMEOUT_INTERNAL, a C
 * expression, with no default (its own host tests set them to 0 without
 * ESP-IDF). 0, lwIP's own timers, unless an lwipopts.h says otherwise:
 * lwipopts.h is read here first (its guard keeps it to once), because
 * lwIP's def.h includes arch.h before opt.h reads lwipopts.h, and an
 * lwipopts.h that sets them after these defaults (2.1.2-esp's own test
 * options) would redefine them. */
#include "lwipopts.h"
#ifndef ESP_LWIP_DHCP_FINE_TIMERS_ONDEMAND
#define ESP_LWIP_DHCP_FINE_TIMERS_ONDEMAND 0
#endif
#ifndef ESP_LWIP_IGMP_TIMERS_ONDEMAND
#define ESP_LWIP_IGMP_TIMERS_ONDEMAND 0
#endif
#ifndef ESP_LWIP_DNS_TIMERS_ONDEMAND
#define ESP_LWIP_DNS_TIMERS_ONDEMAND 0
#endif
#ifndef ESP_LWIP_MLD6_TIMERS_ONDEMAND
#define ESP_LWIP_MLD6_TIMERS_ONDEMAND 0
#endif

#endif /* LWIP_ARCH_CC_H */
