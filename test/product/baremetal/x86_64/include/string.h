/* SPDX-License-Identifier: BSD-3-Clause */
/* The part of <string.h> the bare-metal x86_64 test uses (../libc.c).
 * -ffreestanding turns GCC's built-in versions off; the macros turn them
 * back on, so that a memcpy of a word stays one load, as in a hosted
 * build, and only the others call libc.c. */
#ifndef BOARD_STRING_H
#define BOARD_STRING_H

#include <stddef.h>

void *memcpy(void *dst, const void *src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);
int strcmp(const char *a, const char *b);
size_t strlen(const char *s);

#define memcpy(d, s, n) __builtin_memcpy((d), (s), (n))
#define memset(d, c, n) __builtin_memset((d), (c), (n))
#define memcmp(a, b, n) __builtin_memcmp((a), (b), (n))

#endif
