/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * fastsum ARMv7-M path (Cortex-M3/M4/M7, and any Thumb-2 CPU: ARMv7-A/R,
 * ARMv8-M mainline, AArch32): fastsum_chksum_armv7m and the fused
 * fastsum_chksum_copy_armv7m.
 *
 * Assembly, so that the instruction counts do not depend on the compiler:
 * LDM of 8 words and a chain of ADCS; the loop is controlled by TEQ/BNE,
 * which leave the carry flag alone, so the carry flows through the whole
 * buffer and is added once at the end. Every word access is aligned (LDM
 * faults on unaligned addresses even where LDR does not) and nothing
 * outside the buffer is read. An odd start is summed on the even-address
 * grid from the next byte and byte-swapped at the end (RFC 1071 2(B)).
 * Little-endian only (every Cortex-M part in practice).
 *
 * Emitted as a Thumb function even when the file is compiled in ARM mode
 * (the linker makes the calls interwork).
 */
#include "fastsum_private.h"

#ifdef FASTSUM_HAVE_ARMV7M

/* fastsum_chksum_armv7m(data = r0, len = r1): acc r2, data r3-r8, r10,
 * r11 (never r9: the static base of RWPI code, which an interrupt may
 * use), end of the 64-byte blocks r12, odd-start flag lr. 20 bytes (an
 * IPv4 header) and 40 (IPv4 + TCP, an IPv6 header) at a word address or 2
 * bytes past one take a straight path: a loop's set-up would cost more
 * than they do. */
__asm__(
"  .pushsection .text.fastsum_chksum_armv7m,\"ax\",%progbits\n"
"  .syntax unified\n"
"  .thumb\n"
"  .p2align 2\n"
/* 32 bytes at r0 (word-aligned) into r2 with the carry in and out */
"  .macro fastsum_sum32\n"
"  ldmia r0!, {r3-r8, r10, r11}\n"
"  adcs r2, r2, r3\n  adcs r2, r2, r4\n  adcs r2, r2, r5\n  adcs r2, r2, r6\n"
"  adcs r2, r2, r7\n  adcs r2, r2, r8\n  adcs r2, r2, r10\n  adcs r2, r2, r11\n"
"  .endm\n"
"  .global fastsum_chksum_armv7m\n"
"  .thumb_func\n"
"  .type fastsum_chksum_armv7m, %function\n"
"fastsum_chksum_armv7m:\n"
/* 20 and 40 bytes: the straight paths at 20 and 40 below. */
"  cmp r1, #20\n"
"  beq 20f\n"
"  cmp r1, #40\n"
"  beq 40f\n"
"1:\n"
"  cmp r1, #0\n"
"  ble 90f\n"
"  push {r4-r8, r10, r11, lr}\n"
"  movs r2, #0\n"                    /* acc */
"  ands lr, r0, #1\n"                /* odd start: sum from p+1, swap at end */
"  beq 2f\n"
"  ldrb r2, [r0], #1\n"
"  lsls r2, r2, #8\n"
"  subs r1, r1, #1\n"
"2:\n"
"  tst r0, #2\n"                     /* halfword to reach a word address */
"  beq 3f\n"
"  cmp r1, #2\n"
"  blt 3f\n"
"  ldrh r3, [r0], #2\n"
"  add r2, r2, r3\n"
"  subs r1, r1, #2\n"
"3:\n"
"  bics r12, r1, #63\n"
"  add r12, r12, r0\n"               /* end of the 64-byte blocks */
"  adds r2, r2, #0\n"                /* C = 0 */
"  teq r0, r12\n"
"  beq 5f\n"
"  tst r1, #64\n"                    /* an odd number of them: start halfway */
"  bne 7f\n"
/* Main loop, 128 bytes (4 LDM of 8 words: 4 x 17 cycles and a 3-cycle
   branch on Cortex-M3/M4): the carry flows from ADCS to ADCS, loop control
   is TEQ and BNE, which leave C alone, as TST with a small immediate does. */
"4:\n"
"  fastsum_sum32\n"
"  fastsum_sum32\n"
"7:\n"
"  fastsum_sum32\n"
"  fastsum_sum32\n"
"  teq r0, r12\n"
"  bne 4b\n"
"5:\n"
"  tst r1, #32\n"
"  beq 6f\n"
"  fastsum_sum32\n"
"6:\n"
"  tst r1, #16\n"
"  beq 6f\n"
"  ldmia r0!, {r3-r6}\n"
"  adcs r2, r2, r3\n  adcs r2, r2, r4\n  adcs r2, r2, r5\n  adcs r2, r2, r6\n"
"6:\n"
"  tst r1, #8\n"
"  beq 6f\n"
"  ldmia r0!, {r3-r4}\n"
"  adcs r2, r2, r3\n  adcs r2, r2, r4\n"
"6:\n"
"  tst r1, #4\n"
"  beq 6f\n"
"  ldr r3, [r0], #4\n"
"  adcs r2, r2, r3\n"
"6:\n"
"  tst r1, #2\n"
"  beq 6f\n"
"  ldrh r3, [r0], #2\n"
"  adcs r2, r2, r3\n"
"6:\n"
"  tst r1, #1\n"
"  beq 6f\n"
"  ldrb r3, [r0]\n"
"  adcs r2, r2, r3\n"
"6:\n"
"  adcs r2, r2, #0\n"
"  adc r0, r2, #0\n"
/* Fold 32 to 16 bits: the top half of x + ror(x, 16) is hi + lo + carry. */
"  add r0, r0, r0, ror #16\n"
"  lsrs r0, r0, #16\n"
"  cmp lr, #0\n"
"  it ne\n"
"  rev16ne r0, r0\n"
"  pop {r4-r8, r10, r11, pc}\n"
/* 40 bytes (IPv4 + TCP, an IPv6 header), the same ways: 9 or 10 words. */
"40:\n"
"  lsls r2, r0, #31\n"
"  bmi 1b\n"
"  bcc 42f\n"
"  ldrh r2, [r0], #2\n"
"  ldrh r3, [r0, #36]\n"
"  add r2, r2, r3\n"
"  ldm r0!, {r1, r3, r12}\n"
"  adds r2, r2, r1\n  adcs r2, r2, r3\n  adcs r2, r2, r12\n"
"  ldm r0!, {r1, r3, r12}\n"
"  adcs r2, r2, r1\n  adcs r2, r2, r3\n  adcs r2, r2, r12\n"
"  ldm r0, {r1, r3, r12}\n"
"  adcs r0, r2, r1\n  adcs r0, r0, r3\n  adcs r0, r0, r12\n"
"  b 23f\n"
"42:\n"
"  ldm r0!, {r1, r2, r3, r12}\n"
"  adds r1, r1, r2\n  adcs r1, r1, r3\n  adcs r1, r1, r12\n"
"  ldm r0!, {r2, r3, r12}\n"
"  adcs r1, r1, r2\n  adcs r1, r1, r3\n  adcs r1, r1, r12\n"
"  ldm r0, {r2, r3, r12}\n"
"  adcs r0, r1, r2\n  adcs r0, r0, r3\n  adcs r0, r0, r12\n"
"  b 23f\n"
/* 20 bytes at a word address, or 2 past one (no ETH_PAD_SIZE: the IPv4
   header 14 bytes into a word-aligned frame): no stack, no loop. */
"20:\n"
"  lsls r2, r0, #31\n"               /* N = bit 0, C = bit 1 of the address */
"  bmi 1b\n"
"  bcc 22f\n"
"  ldrh r2, [r0], #2\n"
"  ldrh r3, [r0, #16]\n"
"  add r2, r2, r3\n"
"  ldm r0, {r0, r1, r3, r12}\n"
"  adds r0, r0, r2\n  adcs r0, r0, r1\n  adcs r0, r0, r3\n  adcs r0, r0, r12\n"
"  b 23f\n"
"22:\n"
"  ldm r0, {r0-r3, r12}\n"
"  adds r0, r0, r1\n  adcs r0, r0, r2\n  adcs r0, r0, r3\n  adcs r0, r0, r12\n"
"23:\n"
"  adcs r0, r0, #0\n"
"  adc r0, r0, #0\n"
"  add r0, r0, r0, ror #16\n"
"  lsrs r0, r0, #16\n"
"  bx lr\n"
"90:\n"
"  movs r0, #0\n"
"  bx lr\n"
"  .purgem fastsum_sum32\n"
"  .size fastsum_chksum_armv7m, .-fastsum_chksum_armv7m\n"
"  .popsection\n"
FASTSUM_ASM_MODE
);

/* fastsum_chksum_copy_armv7m(dst = r0, src = r1, len = r2): sums what it
 * stores, on dst's grid. dst is brought to a word boundary first; then
 * either src is aligned too (LDM/STM of 8 words, the sum rides along for
 * one ADCS a word), or it is k = 1..3 bytes past a word boundary: aligned
 * source words are merged into aligned destination words with shifts (one
 * loop per k, by a macro), the first k and last bytes are assembled from
 * byte loads so nothing outside the source is read. Registers: acc r3,
 * data r4-r8, r10, r11, lr (not r9), end r12; dst's parity is read back
 * from the stack at the end. */
__asm__(
"  .pushsection .text.fastsum_chksum_copy_armv7m,\"ax\",%progbits\n"
"  .syntax unified\n"
"  .thumb\n"
/* Source k bytes past a word boundary, dst word-aligned, r2 bytes left:
   the carry r10 holds the 4 - k buffer bytes not yet stored; each stored
   word is the carry plus the first k bytes of the next aligned source
   word. Blocks of 16 bytes while whole aligned source words remain, the
   rest goes to the byte tail. */
"  .macro fastsum_merge k\n"
"  cmp r2, #(4 - \\k + 16)\n"
"  blt 30f\n"
"  .if \\k == 1\n"
"  ldrb r10, [r1]\n"
"  ldrh r4, [r1, #1]\n"
"  orr r10, r10, r4, lsl #8\n"
"  .elseif \\k == 2\n"
"  ldrh r10, [r1]\n"
"  .else\n"
"  ldrb r10, [r1]\n"
"  .endif\n"
"  add r1, r1, #(4 - \\k)\n"
"  sub r2, r2, #(4 - \\k)\n"
"  bic r12, r2, #15\n"
"  add r12, r12, r1\n"
"  and r2, r2, #15\n"
"  adds r3, r3, #0\n"
"1:\n"
"  ldmia r1!, {r5-r8}\n"
"  orr r4, r10, r5, lsl #(32 - 8 * \\k)\n"
"  lsr r10, r5, #(8 * \\k)\n"
"  orr r5, r10, r6, lsl #(32 - 8 * \\k)\n"
"  lsr r10, r6, #(8 * \\k)\n"
"  orr r6, r10, r7, lsl #(32 - 8 * \\k)\n"
"  lsr r10, r7, #(8 * \\k)\n"
"  orr r7, r10, r8, lsl #(32 - 8 * \\k)\n"
"  lsr r10, r8, #(8 * \\k)\n"
"  stmia r0!, {r4-r7}\n"
"  adcs r3, r3, r4\n  adcs r3, r3, r5\n  adcs r3, r3, r6\n  adcs r3, r3, r7\n"
"  teq r1, r12\n"
"  bne 1b\n"
"  sub r1, r1, #(4 - \\k)\n"         /* back to the carry's bytes */
"  add r2, r2, #(4 - \\k)\n"
"  b 29f\n"
"  .endm\n"
"  .p2align 2\n"
"  .global fastsum_chksum_copy_armv7m\n"
"  .thumb_func\n"
"  .type fastsum_chksum_copy_armv7m, %function\n"
"fastsum_chksum_copy_armv7m:\n"
"  uxth r2, r2\n"
"  cmp r2, #0\n"
"  beq 90f\n"
"  push {r0, r4-r8, r10, r11, lr}\n"  /* dst too: its parity at the end */
"  movs r3, #0\n"                    /* acc */
"  tst r0, #1\n"                     /* odd: sum on dst's even grid, swap */
"  beq 2f\n"
"  ldrb r3, [r1], #1\n"
"  strb r3, [r0], #1\n"
"  lsls r3, r3, #8\n"
"  subs r2, r2, #1\n"
"2:\n"
"  tst r0, #2\n"                     /* halfword to reach a word in dst */
"  beq 3f\n"
"  cmp r2, #2\n"
"  blt 3f\n"
"  ldrb r4, [r1], #1\n"
"  ldrb r5, [r1], #1\n"
"  orr r4, r4, r5, lsl #8\n"
"  strh r4, [r0], #2\n"
"  add r3, r3, r4\n"
"  subs r2, r2, #2\n"
"3:\n"
"  and r12, r1, #3\n"
"  tbb [pc, r12]\n"
"4:\n"
"  .byte (10f - 4b) / 2, (11f - 4b) / 2, (12f - 4b) / 2, (13f - 4b) / 2\n"
/* Same alignment: LDM/STM of 8 words, the sum rides along. */
"10:\n"
"  bic r12, r2, #31\n"
"  add r12, r12, r1\n"
"  adds r3, r3, #0\n"                /* C = 0 */
"  teq r1, r12\n"
"  beq 5f\n"
"4:\n"
"  ldmia r1!, {r4-r8, r10, r11, lr}\n"
"  stmia r0!, {r4-r8, r10, r11, lr}\n"
"  adcs r3, r3, r4\n  adcs r3, r3, r5\n  adcs r3, r3, r6\n  adcs r3, r3, r7\n"
"  adcs r3, r3, r8\n  adcs r3, r3, r10\n  adcs r3, r3, r11\n  adcs r3, r3, lr\n"
"  teq r1, r12\n"
"  bne 4b\n"
"5:\n"
"  tst r2, #16\n"
"  beq 6f\n"
"  ldmia r1!, {r4-r7}\n"
"  stmia r0!, {r4-r7}\n"
"  adcs r3, r3, r4\n  adcs r3, r3, r5\n  adcs r3, r3, r6\n  adcs r3, r3, r7\n"
"6:\n"
"  tst r2, #8\n"
"  beq 6f\n"
"  ldmia r1!, {r4-r5}\n"
"  stmia r0!, {r4-r5}\n"
"  adcs r3, r3, r4\n  adcs r3, r3, r5\n"
"6:\n"
"  tst r2, #4\n"
"  beq 6f\n"
"  ldr r4, [r1], #4\n"
"  str r4, [r0], #4\n"
"  adcs r3, r3, r4\n"
"6:\n"
"  tst r2, #2\n"
"  beq 6f\n"
"  ldrh r4, [r1], #2\n"
"  strh r4, [r0], #2\n"
"  adcs r3, r3, r4\n"
"6:\n"
"  tst r2, #1\n"
"  beq 6f\n"
"  ldrb r4, [r1]\n"
"  strb r4, [r0]\n"
"  adcs r3, r3, r4\n"
"6:\n"
"  adcs r3, r3, #0\n"
"  adc r3, r3, #0\n"
"  b 40f\n"
"11:\n"
"  fastsum_merge 1\n"
"12:\n"
"  fastsum_merge 2\n"
"13:\n"
"  fastsum_merge 3\n"
/* After a merge loop: absorb its carry and fold, so the adds below cannot
   overflow. */
"29:\n"
"  adcs r3, r3, #0\n"
"  adc r3, r3, #0\n"
"  add r3, r3, r3, ror #16\n"
"  lsr r3, r3, #16\n"
/* Byte tail (< 20 bytes): pairs land on dst's even grid. */
"30:\n"
"  subs r2, r2, #2\n"
"  blt 32f\n"
"31:\n"
"  ldrb r4, [r1], #1\n"
"  ldrb r5, [r1], #1\n"
"  orr r4, r4, r5, lsl #8\n"
"  strh r4, [r0], #2\n"
"  add r3, r3, r4\n"
"  subs r2, r2, #2\n"
"  bge 31b\n"
"32:\n"
"  tst r2, #1\n"                     /* -1: one byte left, -2: none */
"  beq 40f\n"
"  ldrb r4, [r1]\n"
"  strb r4, [r0]\n"
"  add r3, r3, r4\n"
"40:\n"
"  add r0, r3, r3, ror #16\n"
"  lsrs r0, r0, #16\n"
"  pop {r1, r4-r8, r10, r11, lr}\n"
"  tst r1, #1\n"
"  it ne\n"
"  rev16ne r0, r0\n"
"  bx lr\n"
"90:\n"
"  movs r0, #0\n"
"  bx lr\n"
"  .purgem fastsum_merge\n"
"  .size fastsum_chksum_copy_armv7m, .-fastsum_chksum_copy_armv7m\n"
"  .popsection\n"
FASTSUM_ASM_MODE
);

/* The public functions are this path (FASTSUM_ARCH_CHKSUM): second names,
 * no call between. */
__asm__(
"  .global fastsum_chksum\n"
"  .thumb_set fastsum_chksum, fastsum_chksum_armv7m\n"
"  .global fastsum_chksum_copy\n"
"  .thumb_set fastsum_chksum_copy, fastsum_chksum_copy_armv7m\n"
);

#endif /* FASTSUM_HAVE_ARMV7M */
