/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Start-up and console for the bare-metal test programs on the ESP8266's
 * core (Xtensa lx106) under `qemu-system-xtensa -M sim -cpu lx106
 * -semihosting` (make baremetal-test, make count). Debian's picolibc for
 * lx106 has neither a semihosting library nor a crt0 that sets the stack
 * or exits, so this file supplies:
 *   - board_reset at the reset vector (the start of sysrom, where the
 *     program is linked): sets the stack pointer and the exception
 *     vectors, jumps to picolibc's crt0 (_start: data, bss, constructors,
 *     main);
 *   - the exception vectors: any exception ends the run with its cause and
 *     address (an unaligned load or store raises cause 9 on the lx106, as
 *     on the chip; without vectors qemu would run whatever sits there);
 *   - __wrap_main (the program links with --wrap=main): main with the
 *     simulator's arguments (-semihosting-config arg=...), then exit()
 *     with its status, which crt0 would not do;
 *   - stdout/stderr and _exit through the simulator's SIMCALL
 *     (write and exit system calls), getpid and kill for abort();
 *   - the integer division and 64-bit multiply helpers that libgcc of
 *     gcc-xtensa-lx106 leaves out (an ESP8266 has them in its mask ROM).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <signal.h>
#include <unistd.h>

/* qemu's Xtensa semihosting (target/xtensa/xtensa-semi.c): the call in a2,
 * arguments in a3.., the result in a2. */
#define SIMCALL_EXIT    1
#define SIMCALL_WRITE   4
#define SIMCALL_ARGC    1000
#define SIMCALL_ARGV_SZ 1001
#define SIMCALL_ARGV    1002

static int
simcall(int call, int arg1, int arg2, int arg3)
{
  register int a2 __asm__("a2") = call;
  register int a3 __asm__("a3") = arg1;
  register int a4 __asm__("a4") = arg2;
  register int a5 __asm__("a5") = arg3;
  __asm__ volatile("simcall" : "+r"(a2), "+r"(a3) : "r"(a4), "r"(a5) : "memory");
  return a2;
}

static int
sim_putc(char c, FILE *file)
{
  (void)file;
  simcall(SIMCALL_WRITE, 1, (int)(uintptr_t)&c, 1);
  return (unsigned char)c;
}

static FILE sim_console = FDEV_SETUP_STREAM(sim_putc, NULL, NULL, _FDEV_SETUP_WRITE);
FILE *const stdin = &sim_console;
FILE *const stdout = &sim_console;
FILE *const stderr = &sim_console;

void
_exit(int status)
{
  for (;;) {
    simcall(SIMCALL_EXIT, status, 0, 0);
  }
}

/* abort() raises SIGABRT: the one process ends with 128 + the signal */
pid_t
getpid(void)
{
  return 1;
}

int
kill(pid_t pid, int sig)
{
  (void)pid;
  _exit(128 + sig);
}

int __real_main(int argc, char **argv);
int __wrap_main(int argc, char **argv);

/* qemu -semihosting-config arg=...: the pointers, then the strings; the
 * program sees them from argv[1] on, as picolibc's ARM semihosting crt0
 * passes them. */
static uint32_t arguments[128];
static char program[] = "program";

int
__wrap_main(int argc, char **argv)
{
  static char *args[32];
  int n = simcall(SIMCALL_ARGC, 0, 0, 0), i;
  (void)argc;
  (void)argv;
  args[0] = program;
  if (n < 0 || n >= (int)(sizeof(args) / sizeof(args[0])) ||
      simcall(SIMCALL_ARGV_SZ, 0, 0, 0) > (int)sizeof(arguments)) {
    n = 0;
  }
  if (n > 0) {
    simcall(SIMCALL_ARGV, (int)(uintptr_t)arguments, 0, 0);
  }
  for (i = 0; i < n; i++) {
    args[i + 1] = (char *)(uintptr_t)arguments[i];
  }
  exit(__real_main(n + 1, args));
}

/* An exception: its cause, where, and the address it concerns (a load's);
 * the run ends with status 1. */
void board_exception(unsigned long cause, unsigned long pc, unsigned long address);

void
board_exception(unsigned long cause, unsigned long pc, unsigned long address)
{
  printf("error: exception %lu%s at pc 0x%08lx, address 0x%08lx\n", cause,
         cause == 9 ? " (unaligned load or store)" : "", pc, address);
  _exit(1);
}

/* The literals sit between a jump and their loads (L32R reads backwards).
 * VECBASE: the kernel, user and double exception vectors at offsets 0x30,
 * 0x50 and 0x70 (PS.EXCM is still set from reset, so an exception in the
 * program is a double exception: its address in DEPC, not EPC1). */
__asm__(
"  .section .text.init.enter,\"ax\"\n"
"  .global board_reset\n"
"board_reset:\n"
"  j 1f\n"
"  .align 4\n"
"2:\n"
"  .word __stack\n"
"  .word _start\n"
"  .word board_vectors\n"
"1:\n"
"  l32r a1, 2b\n"
"  l32r a2, 2b + 8\n"
"  wsr a2, vecbase\n"
"  rsync\n"
"  l32r a0, 2b + 4\n"
"  jx a0\n"
"  .section .text.board_vectors,\"ax\"\n"
"  .balign 1024\n"
"board_vectors:\n"
"  .org board_vectors + 0x30\n"
"  j 3f\n"
"  .org board_vectors + 0x50\n"
"  j 3f\n"
"  .org board_vectors + 0x70\n"
"  rsr a3, depc\n"
"  j 4f\n"
"  .balign 4\n"
"3:\n"
"  rsr a3, epc1\n"
"4:\n"
"  rsr a2, exccause\n"
"  rsr a4, excvaddr\n"
"  call0 board_exception\n"
"  .text\n");

/* ---- libgcc's missing helpers ---------------------------------------- */

uint64_t __udivmoddi4(uint64_t a, uint64_t b, uint64_t *rem);
uint64_t __udivdi3(uint64_t a, uint64_t b);
uint64_t __umoddi3(uint64_t a, uint64_t b);
uint32_t __udivsi3(uint32_t a, uint32_t b);
uint32_t __umodsi3(uint32_t a, uint32_t b);
int32_t __divsi3(int32_t a, int32_t b);
uint64_t __umulsidi3(uint32_t a, uint32_t b);
uint64_t __muldi3(uint64_t a, uint64_t b);

/* one bit at a time (libgcc's __udivmoddi4 calls the 32-bit ones) */
static uint32_t
udivmod32(uint32_t a, uint32_t b, uint32_t *rem)
{
  uint32_t q = 0, r = 0;
  int i;
  for (i = 31; i >= 0; i--) {
    r = r << 1 | ((a >> i) & 1);
    if (r >= b) {
      r -= b;
      q |= (uint32_t)1 << i;
    }
  }
  *rem = r;
  return q;
}

uint32_t
__udivsi3(uint32_t a, uint32_t b)
{
  uint32_t r;
  return udivmod32(a, b, &r);
}

uint32_t
__umodsi3(uint32_t a, uint32_t b)
{
  uint32_t r;
  udivmod32(a, b, &r);
  return r;
}

int32_t
__divsi3(int32_t a, int32_t b)
{
  uint32_t q = __udivsi3(a < 0 ? 0u - (uint32_t)a : (uint32_t)a, b < 0 ? 0u - (uint32_t)b : (uint32_t)b);
  return (a < 0) != (b < 0) ? (int32_t)(0u - q) : (int32_t)q;
}

uint64_t
__udivdi3(uint64_t a, uint64_t b)
{
  return __udivmoddi4(a, b, NULL);
}

uint64_t
__umoddi3(uint64_t a, uint64_t b)
{
  uint64_t r;
  __udivmoddi4(a, b, &r);
  return r;
}

/* from 16-bit halves: 32-bit products only */
uint64_t
__umulsidi3(uint32_t a, uint32_t b)
{
  uint32_t a0 = a & 0xffff, a1 = a >> 16, b0 = b & 0xffff, b1 = b >> 16;
  return (uint64_t)(a0 * b0) + ((uint64_t)(a1 * b0) << 16) + ((uint64_t)(a0 * b1) << 16) +
         ((uint64_t)(a1 * b1) << 32);
}

uint64_t
__muldi3(uint64_t a, uint64_t b)
{
  uint32_t cross = (uint32_t)a * (uint32_t)(b >> 32) + (uint32_t)(a >> 32) * (uint32_t)b;
  return __umulsidi3((uint32_t)a, (uint32_t)b) + ((uint64_t)cross << 32);
}
