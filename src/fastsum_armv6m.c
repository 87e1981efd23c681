/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * fastsum ARMv6-M path (Cortex-M0/M0+/M1, ARMv8-M baseline; also runs on
 * every Thumb-2 CPU): fastsum_chksum_armv6m and the fused
 * fastsum_chksum_copy_armv6m.
 *
 * Assembly restricted to the ARMv6-M (Thumb-1) instruction set: LDM of 4
 * low registers and two-operand ADCS. Thumb-1 has no flag-preserving
 * compare, so the loop ends on MOVS/EORS (register), which set Z but not C:
 * the carry flows through the whole buffer. Cortex-M0 faults on any
 * unaligned access: every load is aligned, an odd start is summed on the
 * even grid and byte-swapped at the end (RFC 1071 2(B)), and nothing
 * outside the buffer is read. Little-endian only.
 */
#include "fastsum_private.h"

#ifdef FASTSUM_HAVE_ARMV6M

/* fastsum_chksum_armv6m(data = r0, len = r1): acc r2, data r3-r6, end of
 * the 32-byte blocks r7, odd-start flag r12. 20 bytes (an IPv4 header)
 * and 40 (IPv4 + TCP, an IPv6 header) at a word address or 2 bytes past
 * one take a straight path: a loop's set-up would cost more than they do. */
__asm__(
"  .pushsection .text.fastsum_chksum_armv6m,\"ax\",%progbits\n"
"  .syntax unified\n"
"  .thumb\n"
"  .p2align 2\n"
"  .global fastsum_chksum_armv6m\n"
"  .thumb_func\n"
"  .type fastsum_chksum_armv6m, %function\n"
"fastsum_chksum_armv6m:\n"
/* 20 bytes (an IPv4 header) at a word address, or 2 past one (no
   ETH_PAD_SIZE: 14 bytes into a word-aligned frame): no stack, no loop. */
"  cmp r1, #20\n"
"  bne 30f\n"
"  lsls r2, r0, #31\n"               /* N = bit 0, C = bit 1 of the address */
"  bmi 10f\n"
"  bcs 11f\n"
"  ldr r2, [r0, #16]\n"
"  ldm r0!, {r1, r3}\n"
"  adds r2, r1\n"
"  adcs r2, r3\n"
"  b 12f\n"
"11:\n"
"  ldrh r2, [r0]\n"                  /* the first and last halfwords */
"  ldrh r3, [r0, #18]\n"
"  adds r0, r0, #2\n"
"  adds r2, r2, r3\n"                /* < 2^17, C = 0 */
"  ldm r0!, {r1, r3}\n"
"  adcs r2, r1\n"
"  adcs r2, r3\n"
"12:\n"
"  ldm r0, {r0, r1}\n"
"  adcs r2, r0\n"
"  adcs r2, r1\n"
"  movs r3, #0\n"
"  adcs r2, r3\n"
"  adcs r2, r3\n"
"  mov r12, r3\n"                   /* not odd */
"  b 8f\n"
/* 40 bytes (IPv4 + TCP, an IPv6 header) at a word address or 2 past one:
   8 words here (2 past: the halfwords and 1 word, then 6), the last two
   at 12. */
"30:\n"
"  cmp r1, #40\n"
"  bne 10f\n"
"  lsls r2, r0, #31\n"
"  bmi 10f\n"
"  bcs 31f\n"
"  ldm r0!, {r1, r2}\n"
"  adds r2, r1\n"
"32:\n"
"  ldm r0!, {r1, r3}\n"
"  adcs r2, r1\n  adcs r2, r3\n"
"  ldm r0!, {r1, r3}\n"
"  adcs r2, r1\n  adcs r2, r3\n"
"  ldm r0!, {r1, r3}\n"
"  adcs r2, r1\n  adcs r2, r3\n"
"  b 12b\n"
"31:\n"
"  ldrh r2, [r0]\n"
"  ldrh r3, [r0, #38]\n"
"  adds r2, r2, r3\n"
"  adds r0, r0, #2\n"                /* C = 0 */
"  ldm r0!, {r1}\n"
"  adcs r2, r1\n"
"  b 32b\n"
"10:\n"
"  movs r2, #0\n"                    /* acc */
"  cmp r1, #0\n"
"  ble 9f\n"
"  push {r4-r7, lr}\n"
"  mov r12, r2\n"                    /* odd start flag */
"  lsls r3, r0, #31\n"               /* N = bit 0, C = bit 1 of the address */
"  bpl 1f\n"
"  ldrb r2, [r0]\n"                  /* odd: sum from p + 1, swap at the end */
"  lsls r2, r2, #8\n"
"  adds r0, r0, #1\n"
"  subs r1, r1, #1\n"
"  mov r12, r0\n"                    /* non-zero */
"  lsls r3, r0, #31\n"
"1:\n"
"  bcc 2f\n"                         /* halfword to reach a word address */
"  cmp r1, #2\n"
"  blt 2f\n"
"  ldrh r3, [r0]\n"
"  adds r2, r2, r3\n"
"  adds r0, r0, #2\n"
"  subs r1, r1, #2\n"
"2:\n"
"  lsrs r7, r1, #5\n"
"  lsls r7, r7, #5\n"
"  adds r7, r7, r0\n"                /* end of the 32-byte blocks */
"  cmp r0, r7\n"                     /* C = 1: carry-in must be clear */
"  beq 4f\n"
"  adds r2, r2, #0\n"                /* C = 0 */
/* Main loop: the carry flows from ADCS to ADCS; MOVS and EORS (register)
   set Z without touching C. */
"3:\n"
"  ldm r0!, {r3-r6}\n"
"  adcs r2, r3\n  adcs r2, r4\n  adcs r2, r5\n  adcs r2, r6\n"
"  ldm r0!, {r3-r6}\n"
"  adcs r2, r3\n  adcs r2, r4\n  adcs r2, r5\n  adcs r2, r6\n"
"  movs r3, r0\n"
"  eors r3, r7\n"
"  bne 3b\n"
"  b 5f\n"
"4:\n"
"  adds r2, r2, #0\n"                /* C = 0 */
/* Tail: MOVS (immediate) and TST leave C alone too. */
"5:\n"
"  movs r7, #16\n"
"  tst r1, r7\n"
"  beq 6f\n"
"  ldm r0!, {r3-r6}\n"
"  adcs r2, r3\n  adcs r2, r4\n  adcs r2, r5\n  adcs r2, r6\n"
"6:\n"
"  movs r7, #8\n"
"  tst r1, r7\n"
"  beq 6f\n"
"  ldm r0!, {r3-r4}\n"
"  adcs r2, r3\n  adcs r2, r4\n"
"6:\n"
"  movs r7, #4\n"
"  tst r1, r7\n"
"  beq 6f\n"
"  ldm r0!, {r3}\n"
"  adcs r2, r3\n"
"6:\n"
"  movs r7, #2\n"
"  tst r1, r7\n"
"  beq 6f\n"
"  ldrh r3, [r0]\n"
"  adcs r2, r3\n"
"6:\n"
"  movs r7, #1\n"                   /* last byte at p + (len & 2): no ADDS */
"  tst r1, r7\n"
"  beq 6f\n"
"  movs r7, #2\n"
"  ands r7, r1\n"
"  ldrb r3, [r0, r7]\n"
"  adcs r2, r3\n"
"6:\n"
"  movs r3, #0\n"
"  adcs r2, r3\n"
"  adcs r2, r3\n"
"  pop {r4-r7}\n"
"  pop {r3}\n"
"  mov lr, r3\n"
/* Fold 32 to 16 bits: hi + lo fits 17 bits, adding its bit 16 back
   cannot carry again. */
"8:\n"
"  lsrs r3, r2, #16\n"
"  uxth r2, r2\n"
"  adds r2, r2, r3\n"
"  lsrs r3, r2, #16\n"
"  adds r2, r2, r3\n"
"  uxth r2, r2\n"
"  mov r3, r12\n"
"  cmp r3, #0\n"
"  beq 7f\n"
"  rev16 r2, r2\n"
"7:\n"
"  movs r0, r2\n"
"  bx lr\n"
"9:\n"
"  movs r0, #0\n"
"  bx lr\n"
"  .size fastsum_chksum_armv6m, .-fastsum_chksum_armv6m\n"
"  .popsection\n"
FASTSUM_ASM_MODE
);

/* fastsum_chksum_copy_armv6m(dst = r0, src = r1, len = r2): where dst
 * and src are as far past a word boundary (a frame into a pbuf: both
 * word-aligned, or both 2 past a word), an odd byte and a halfword bring
 * both to a word, then LDM/STM of 4 words with the sum riding along (one
 * ADCS a word) and the tail by halfword and byte: the sum is taken on
 * their common grid. Otherwise (rare in a driver's copy) the C library's
 * memcpy, then fastsum_chksum_armv6m. len arrives zero-extended (AAPCS).
 * Registers: acc r7, data r3-r6, end of the 32-byte blocks r12, odd-start
 * flag lr (the return address is on the stack). */
__asm__(
"  .pushsection .text.fastsum_chksum_copy_armv6m,\"ax\",%progbits\n"
"  .syntax unified\n"
"  .thumb\n"
"  .p2align 2\n"
"  .global fastsum_chksum_copy_armv6m\n"
"  .thumb_func\n"
"  .type fastsum_chksum_copy_armv6m, %function\n"
"fastsum_chksum_copy_armv6m:\n"
"  subs r3, r0, r1\n"                /* low bits 0: the same place in a word */
"  lsls r3, r3, #30\n"
"  bne 80f\n"
"  push {r4-r7, lr}\n"
"  movs r7, #0\n"                    /* acc */
"  mov lr, r7\n"                     /* not odd */
"  lsls r3, r0, #31\n"               /* N = bit 0, C = bit 1 of the addresses */
"  bpl 1f\n"
"  subs r2, r2, #1\n"                /* odd: summed on the even grid, swapped at the end */
"  bmi 70f\n"                        /* len 0 */
"  ldrb r7, [r1]\n"
"  strb r7, [r0]\n"
"  lsls r7, r7, #8\n"
"  adds r1, r1, #1\n"
"  adds r0, r0, #1\n"
"  mov lr, r0\n"                     /* non-zero */
"  lsls r3, r0, #31\n"
"1:\n"
"  bcc 2f\n"                         /* halfword to reach a word address */
"  cmp r2, #2\n"
"  blt 2f\n"
"  ldrh r3, [r1]\n"
"  strh r3, [r0]\n"
"  adds r7, r7, r3\n"
"  adds r1, r1, #2\n"
"  adds r0, r0, #2\n"
"  subs r2, r2, #2\n"
"2:\n"
"  lsrs r3, r2, #5\n"
"  lsls r3, r3, #5\n"
"  adds r3, r3, r1\n"
"  mov r12, r3\n"                    /* end of the 32-byte blocks in src */
"  adds r7, r7, #0\n"                /* C = 0 */
"  eors r3, r1\n"
"  beq 5f\n"
/* Main loop: the carry flows from ADCS to ADCS; MOV, EORS (register) and
   the tail's MOVS (immediate) and TST leave it alone. */
"3:\n"
"  ldm r1!, {r3-r6}\n"
"  stm r0!, {r3-r6}\n"
"  adcs r7, r3\n  adcs r7, r4\n  adcs r7, r5\n  adcs r7, r6\n"
"  ldm r1!, {r3-r6}\n"
"  stm r0!, {r3-r6}\n"
"  adcs r7, r3\n  adcs r7, r4\n  adcs r7, r5\n  adcs r7, r6\n"
"  mov r3, r12\n"
"  eors r3, r1\n"
"  bne 3b\n"
"5:\n"
"  movs r3, #16\n"
"  tst r2, r3\n"
"  beq 6f\n"
"  ldm r1!, {r3-r6}\n"
"  stm r0!, {r3-r6}\n"
"  adcs r7, r3\n  adcs r7, r4\n  adcs r7, r5\n  adcs r7, r6\n"
"6:\n"
"  movs r3, #8\n"
"  tst r2, r3\n"
"  beq 6f\n"
"  ldm r1!, {r3-r4}\n"
"  stm r0!, {r3-r4}\n"
"  adcs r7, r3\n  adcs r7, r4\n"
"6:\n"
"  movs r3, #4\n"
"  tst r2, r3\n"
"  beq 6f\n"
"  ldm r1!, {r3}\n"
"  stm r0!, {r3}\n"
"  adcs r7, r3\n"
"6:\n"
"  movs r3, #2\n"
"  tst r2, r3\n"
"  beq 6f\n"
"  ldrh r3, [r1]\n"
"  strh r3, [r0]\n"
"  adcs r7, r3\n"
"6:\n"
"  movs r3, #1\n"                   /* last byte at + (len & 2) */
"  tst r2, r3\n"
"  beq 6f\n"
"  movs r3, #2\n"
"  ands r3, r2\n"
"  ldrb r4, [r1, r3]\n"
"  strb r4, [r0, r3]\n"
"  adcs r7, r4\n"
"6:\n"
"  movs r3, #0\n"
"  adcs r7, r3\n"
"  adcs r7, r3\n"
/* Fold 32 to 16 bits as in fastsum_chksum_armv6m. */
"  lsrs r3, r7, #16\n"
"  uxth r7, r7\n"
"  adds r7, r7, r3\n"
"  lsrs r3, r7, #16\n"
"  adds r7, r7, r3\n"
"  uxth r0, r7\n"
"  mov r3, lr\n"
"  cmp r3, #0\n"
"  beq 7f\n"
"  rev16 r0, r0\n"
"7:\n"
"  pop {r4-r7, pc}\n"
"70:\n"
"  movs r0, #0\n"
"  pop {r4-r7, pc}\n"
/* Differing places in a word: memcpy returns dst for the sum. */
"80:\n"
"  push {r2, lr}\n"
"  bl memcpy\n"
"  pop {r1}\n"
"  bl fastsum_chksum_armv6m\n"
"  pop {pc}\n"
"  .size fastsum_chksum_copy_armv6m, .-fastsum_chksum_copy_armv6m\n"
"  .popsection\n"
FASTSUM_ASM_MODE
);

#ifndef FASTSUM_HAVE_ARMV7M
/* The public functions are this path (FASTSUM_ARCH_CHKSUM, _COPY) where
 * the build has no ARMv7-M: second names, no call between. */
__asm__(
"  .global fastsum_chksum\n"
"  .thumb_set fastsum_chksum, fastsum_chksum_armv6m\n"
"  .global fastsum_chksum_copy\n"
"  .thumb_set fastsum_chksum_copy, fastsum_chksum_copy_armv6m\n"
);
#endif

#endif /* FASTSUM_HAVE_ARMV6M */
