/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * lwip-fastsum bare-metal port (make size): GCC for a core without an OS.
 * Nothing here needs a C library; freestanding/ supplies the one header
 * lwIP includes that a freestanding compiler lacks.
 */
#ifndef LWIP_ARCH_CC_H
#define LWIP_ARCH_CC_H

/* Only GCC's freestanding headers: <stdint.h>, <stddef.h>, <limits.h>. */
#define LWIP_NO_INTTYPES_H 1
#define LWIP_NO_CTYPE_H    1
#define LWIP_NO_UNISTD_H   1
#define X8_F  "02x"
#define U16_F "u"
#define S16_F "d"
#define X16_F "x"
#define U32_F "lu"
#define S32_F "ld"
#define X32_F "lx"
#define SZT_F "u"

/* Never reached with LWIP_NOASSERT; no printf on a bare core. */
#define LWIP_PLATFORM_DIAG(x)
#define LWIP_PLATFORM_ASSERT(x) do { for (;;) { } } while (0)

#if defined(__BYTE_ORDER__) && (__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__)
#define BYTE_ORDER BIG_ENDIAN
#endif

#endif /* LWIP_ARCH_CC_H */
