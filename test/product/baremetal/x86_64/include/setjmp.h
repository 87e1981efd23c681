/* SPDX-License-Identifier: BSD-3-Clause */
/* setjmp/longjmp for the bare-metal x86_64 test (../boot.S): rbx, rbp,
 * r12-r15, the stack pointer and the return address. */
#ifndef BOARD_SETJMP_H
#define BOARD_SETJMP_H

typedef unsigned long jmp_buf[8];

int setjmp(jmp_buf env) __attribute__((returns_twice));
void longjmp(jmp_buf env, int value) __attribute__((noreturn));

#endif
