/* SPDX-License-Identifier: BSD-3-Clause */
/* The part of <stdio.h> the bare-metal x86_64 test uses (../libc.c):
 * stdout and stderr both go to the emulator's port 0xE9. */
#ifndef BOARD_STDIO_H
#define BOARD_STDIO_H

#include <stdarg.h>
#include <stddef.h>

typedef struct board_file FILE;
extern FILE *const stdout, *const stderr;

int printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int fprintf(FILE *file, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int snprintf(char *buf, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap);
int fputc(int c, FILE *file);
int fflush(FILE *file);

#endif
