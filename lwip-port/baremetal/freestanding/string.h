/* SPDX-License-Identifier: BSD-3-Clause */
/* <string.h> for a compiler without a C library (riscv64-unknown-elf):
 * the functions lwIP and fastsum call; the firmware links them. */
#ifndef LWIP_FASTSUM_FREESTANDING_STRING_H
#define LWIP_FASTSUM_FREESTANDING_STRING_H

#include <stddef.h>

void *memcpy(void *dst, const void *src, size_t len);
void *memmove(void *dst, const void *src, size_t len);
void *memset(void *dst, int c, size_t len);
int memcmp(const void *a, const void *b, size_t len);
size_t strlen(const char *s);

#endif
