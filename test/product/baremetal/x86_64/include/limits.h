/* SPDX-License-Identifier: BSD-3-Clause */
/* GCC's <limits.h> has every limit; told that the C library's is included
 * (_LIBC_LIMITS_H_), it does not look for one after itself. */
#ifndef BOARD_LIMITS_H
#define BOARD_LIMITS_H
#define _LIBC_LIMITS_H_
#include_next <limits.h>
#endif
