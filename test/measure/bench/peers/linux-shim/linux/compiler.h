/* SPDX-License-Identifier: BSD-3-Clause */
/* User-space shim for building one of Linux's checksum files as a peer in
 * make bench-peers (test/measure/bench/peers/linux.c): what the file asks of
 * <linux/compiler.h>. */
#ifndef PEER_LINUX_COMPILER_H
#define PEER_LINUX_COMPILER_H

#include <stdint.h>

#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)
#define __force

typedef uint64_t u64;
typedef uint32_t u32;
typedef uint16_t u16;

#endif
