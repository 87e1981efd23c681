/* SPDX-License-Identifier: BSD-3-Clause */
/* The part of <stdlib.h> the bare-metal x86_64 test uses (../libc.c). */
#ifndef BOARD_STDLIB_H
#define BOARD_STDLIB_H

#include <stddef.h>

#define EXIT_SUCCESS 0
#define EXIT_FAILURE 1

void *malloc(size_t size);
int posix_memalign(void **ptr, size_t align, size_t size);
void free(void *ptr);
void exit(int status) __attribute__((noreturn));
void abort(void) __attribute__((noreturn));

#endif
