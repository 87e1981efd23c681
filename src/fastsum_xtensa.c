/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * fastsum Xtensa path (the ESP8266's lx106; the base instruction set, so
 * also ESP32's LX6 and LX7): fastsum_chksum_xtensa, which is fastsum_chksum
 * (fastsum_private.h); fastsum_chksum_copy is memcpy and this (fastsum.c).
 *
 * Xtensa has no carry flag and the lx106 no set-if-less-than, so a carry
 * out of a 32-bit add costs a branch (BLTU/BGEU on the sum and the word
 * added): the 16-bit halves summed apart cost two instructions a word
 * more, the branch one. The main loop takes the branch only on a carry and
 * counts the carries where they fall: it sums 32 bytes (8 words) along one
 * of nine copies of its chain of adds, copy j for "j carries so far", a
 * carry jumping to the next copy at the next word; the copy it ends in
 * adds its j once. So a word costs a load, an add and a branch, taken or
 * not. The 20- and 40-byte paths (an IPv4 header; IPv4 + TCP or an IPv6
 * header) at an even address and the last words of other lengths add the
 * carry back at once (ADD, BGEU over an ADDI of 1).
 *
 * Every load is aligned (the lx106 raises an exception on an unaligned
 * one): an odd start is summed on the even-address grid from the next
 * byte and byte-swapped at the end (RFC 1071 2(B)); a halfword brings the
 * pointer to a word address. Nothing outside [data, data + len) is read.
 * Little-endian.
 *
 * Assembly, because the chain copies are the point and a compiler merges
 * them; ABI-neutral: the windowed ABI (ESP32's LX6/LX7) enters with ENTRY
 * and returns with RETW, the call0 ABI (lx106) saves the two callee-saved
 * registers the loop uses; nothing else differs (FASTSUM_XT_* below). The
 * branches of the loop reach at most 128 bytes: its copies are laid out
 * around the loads (2, 3, 1, 4, 8, loads, 0, 5, 7, 6), and the block is
 * assembled without transformations, so a branch out of reach is an error.
 */
#include "fastsum_private.h"

#ifdef FASTSUM_HAVE_XTENSA

#ifdef __XTENSA_WINDOWED_ABI__
#define FASTSUM_XT_ENTRY "  entry a1, 16\n"
#define FASTSUM_XT_RET "  retw.n\n"
#define FASTSUM_XT_SAVE ""
#define FASTSUM_XT_RESTORE ""
#else
#define FASTSUM_XT_ENTRY ""
#define FASTSUM_XT_RET "  ret.n\n"
#define FASTSUM_XT_SAVE "  addi a1, a1, -16\n  s32i.n a12, a1, 0\n  s32i.n a13, a1, 4\n"
#define FASTSUM_XT_RESTORE "  l32i.n a12, a1, 0\n  l32i.n a13, a1, 4\n  addi a1, a1, 16\n"
#endif

#define FASTSUM_XT_STR(x) #x
#define FASTSUM_XT_XSTR(x) FASTSUM_XT_STR(x)
/* fastsum_chksum itself (fastsum_private.h names the path so) */
#define FASTSUM_XT_NAME FASTSUM_XT_XSTR(fastsum_chksum_xtensa)

/* s += w with the carry added back: after a carry s < w, so s + 1 cannot
 * carry again. Nine bytes; the 10-word run below is entered in its middle. */
#define FASTSUM_XT_ONES(s, w) \
  "  add.n " s ", " s ", " w "\n  bgeu " s ", " w ", 1f\n  addi.n " s ", " s ", 1\n1:\n"
#define FASTSUM_XT_WORD(off) "  l32i.n a5, a2, " #off "\n" FASTSUM_XT_ONES("a4", "a5")

/* The loop's block for word k in copy j: a4 += word k (register
 * FASTSUM_XT_Wk); a carry jumps to word k + 1 in copy j + 1. */
#define FASTSUM_XT_W0 "a6"
#define FASTSUM_XT_W1 "a7"
#define FASTSUM_XT_W2 "a8"
#define FASTSUM_XT_W3 "a9"
#define FASTSUM_XT_W4 "a10"
#define FASTSUM_XT_W5 "a11"
#define FASTSUM_XT_W6 "a12"
#define FASTSUM_XT_W7 "a13"
#define FASTSUM_XT_NEXT0 1
#define FASTSUM_XT_NEXT1 2
#define FASTSUM_XT_NEXT2 3
#define FASTSUM_XT_NEXT3 4
#define FASTSUM_XT_NEXT4 5
#define FASTSUM_XT_NEXT5 6
#define FASTSUM_XT_NEXT6 7
#define FASTSUM_XT_NEXT7 8
#define FASTSUM_XT_LABEL(k, j) ".Lxt_" FASTSUM_XT_XSTR(k) "_" FASTSUM_XT_XSTR(j)
#define FASTSUM_XT_B(k, j) FASTSUM_XT_B2(k, j, FASTSUM_XT_NEXT##k, FASTSUM_XT_NEXT##j, FASTSUM_XT_W##k)
#define FASTSUM_XT_B2(k, j, k1, j1, w) \
  FASTSUM_XT_LABEL(k, j) ":\n  add.n a4, a4, " w "\n  bltu a4, " w ", " FASTSUM_XT_LABEL(k1, j1) "\n"
/* The end of copy j: its carries into a5, the next 32 bytes or the end. */
#define FASTSUM_XT_END(j) \
  FASTSUM_XT_LABEL(8, j) ":\n  addi.n a5, a5, " #j "\n  bltu a2, a3, .Lxt_loads\n  j .Lxt_done\n"

/* fastsum_chksum_xtensa(data = a2, len = a3): sum a4, small values and the
 * loop's carries a5. */
__asm__(
"  .pushsection .text." FASTSUM_XT_NAME ",\"ax\",@progbits\n"
"  .align 4\n"
"  .global " FASTSUM_XT_NAME "\n"
"  .type " FASTSUM_XT_NAME ", @function\n"
FASTSUM_XT_NAME ":\n"
FASTSUM_XT_ENTRY
"  .begin no-transform\n"
/* 20 and 40 bytes at an even address: a run of 10 words entered at word 0
   (40 bytes at a word address), 1 (40, 2 past one: the halfwords at both
   ends first), 5 or 6 (20 bytes), from a2 set so the run's offsets fit. */
"  addi a4, a3, -20\n"
"  beqz.n a4, .Lxt_20\n"
"  addi a4, a3, -40\n"
"  bnez a4, .Lxt_any\n"
"  bbsi a2, 0, .Lxt_odd\n"
"  bbci a2, 1, .Lxt_run0\n"
"  l16ui a4, a2, 0\n"
"  l16ui a5, a2, 38\n"
"  add.n a4, a4, a5\n"
"  addi a2, a2, -2\n"
"  j .Lxt_run1\n"
".Lxt_odd:\n"
"  j .Lxt_any\n"
".Lxt_20:\n"
"  bbsi a2, 0, .Lxt_odd\n"
"  addi a2, a2, -20\n"
"  bbci a2, 1, .Lxt_run5\n"
"  l16ui a4, a2, 20\n"
"  l16ui a5, a2, 38\n"
"  add.n a4, a4, a5\n"
"  addi a2, a2, -2\n"
"  j .Lxt_run6\n"
".Lxt_run0:\n" FASTSUM_XT_WORD(0)
".Lxt_run1:\n" FASTSUM_XT_WORD(4)
FASTSUM_XT_WORD(8)
FASTSUM_XT_WORD(12)
FASTSUM_XT_WORD(16)
".Lxt_run5:\n" FASTSUM_XT_WORD(20)
".Lxt_run6:\n" FASTSUM_XT_WORD(24)
FASTSUM_XT_WORD(28)
FASTSUM_XT_WORD(32)
FASTSUM_XT_WORD(36)
"  j .Lxt_fold\n"
".Lxt_zero:\n"
"  movi.n a2, 0\n"
FASTSUM_XT_RET
/* Any other length or address. a5 takes the odd first byte (the high byte
   of its 16-bit word) and the halfword to a word address. */
".Lxt_any:\n"
"  movi.n a4, 0\n"
"  movi.n a5, 0\n"
"  blti a3, 1, .Lxt_zero\n"
"  extui a7, a2, 0, 1\n"
"  beqz.n a7, 1f\n"
"  l8ui a5, a2, 0\n"
"  slli a5, a5, 8\n"
"  addi.n a2, a2, 1\n"
"  addi.n a3, a3, -1\n"
"1:\n"
"  bbci a2, 1, 2f\n"
"  blti a3, 2, 2f\n"
"  l16ui a6, a2, 0\n"
"  add.n a5, a5, a6\n"
"  addi.n a2, a2, 2\n"
"  addi a3, a3, -2\n"
"2:\n"
/* Blocks of 32 bytes from a2 to q; the t = len % 32 bytes after them
   first, from a8 = q: words, a halfword, a byte (the low byte of its 16-bit
   word). a3 becomes q - 2 - odd: below q by 2 or 3, so a2 < a3 while a2 < q
   (both word addresses), and its bit 0 says whether to swap. */
"  extui a6, a3, 0, 5\n"
"  sub a11, a3, a6\n"
"  add.n a8, a2, a11\n"
"  addi a3, a8, -2\n"
"  sub a3, a3, a7\n"
"  bbci a6, 4, 3f\n"
"  l32i.n a9, a8, 0\n"
"  l32i.n a10, a8, 4\n"
FASTSUM_XT_ONES("a4", "a9")
FASTSUM_XT_ONES("a4", "a10")
"  l32i.n a9, a8, 8\n"
"  l32i.n a10, a8, 12\n"
FASTSUM_XT_ONES("a4", "a9")
FASTSUM_XT_ONES("a4", "a10")
"  addi a8, a8, 16\n"
"3:\n"
"  bbci a6, 3, 4f\n"
"  l32i.n a9, a8, 0\n"
"  l32i.n a10, a8, 4\n"
FASTSUM_XT_ONES("a4", "a9")
FASTSUM_XT_ONES("a4", "a10")
"  addi.n a8, a8, 8\n"
"4:\n"
"  bbci a6, 2, 5f\n"
"  l32i.n a9, a8, 0\n"
FASTSUM_XT_ONES("a4", "a9")
"  addi.n a8, a8, 4\n"
"5:\n"
"  bbci a6, 1, 6f\n"
"  l16ui a9, a8, 0\n"
"  add.n a5, a5, a9\n"
"  addi.n a8, a8, 2\n"
"6:\n"
"  bbci a6, 0, 7f\n"
"  l8ui a9, a8, 0\n"
"  add.n a5, a5, a9\n"
"7:\n"
"  beqz a11, .Lxt_sum\n"
FASTSUM_XT_SAVE
"  j .Lxt_loads\n"
/* The loop: the copies of the chain of adds around the loads. */
FASTSUM_XT_B(2, 2) FASTSUM_XT_B(3, 2) FASTSUM_XT_B(4, 2) FASTSUM_XT_B(5, 2) FASTSUM_XT_B(6, 2)
FASTSUM_XT_B(7, 2) FASTSUM_XT_END(2)
FASTSUM_XT_B(3, 3) FASTSUM_XT_B(4, 3) FASTSUM_XT_B(5, 3) FASTSUM_XT_B(6, 3) FASTSUM_XT_B(7, 3)
FASTSUM_XT_END(3)
FASTSUM_XT_B(1, 1) FASTSUM_XT_B(2, 1) FASTSUM_XT_B(3, 1) FASTSUM_XT_B(4, 1) FASTSUM_XT_B(5, 1)
FASTSUM_XT_B(6, 1) FASTSUM_XT_B(7, 1) FASTSUM_XT_END(1)
FASTSUM_XT_B(4, 4) FASTSUM_XT_B(5, 4) FASTSUM_XT_B(6, 4) FASTSUM_XT_B(7, 4) FASTSUM_XT_END(4)
FASTSUM_XT_END(8)
".Lxt_loads:\n"
"  l32i.n a6, a2, 0\n"
"  l32i.n a7, a2, 4\n"
"  l32i.n a8, a2, 8\n"
"  l32i.n a9, a2, 12\n"
"  l32i.n a10, a2, 16\n"
"  l32i.n a11, a2, 20\n"
"  l32i.n a12, a2, 24\n"
"  l32i.n a13, a2, 28\n"
"  addi a2, a2, 32\n"
FASTSUM_XT_B(0, 0) FASTSUM_XT_B(1, 0) FASTSUM_XT_B(2, 0) FASTSUM_XT_B(3, 0) FASTSUM_XT_B(4, 0)
FASTSUM_XT_B(5, 0) FASTSUM_XT_B(6, 0) FASTSUM_XT_B(7, 0)
FASTSUM_XT_LABEL(8, 0) ":\n  bltu a2, a3, .Lxt_loads\n  j .Lxt_done\n"
FASTSUM_XT_B(5, 5) FASTSUM_XT_B(6, 5) FASTSUM_XT_B(7, 5) FASTSUM_XT_END(5)
FASTSUM_XT_B(7, 7) FASTSUM_XT_END(7)
FASTSUM_XT_B(6, 6) FASTSUM_XT_B(7, 6)
FASTSUM_XT_LABEL(8, 6) ":\n  addi.n a5, a5, 6\n  bltu a2, a3, .Lxt_loads\n"
".Lxt_done:\n"
FASTSUM_XT_RESTORE
/* a4 + a5, with the carry added back; swapped for an odd start: rotating
   the 32-bit sum by 8 bits multiplies it by 2^8 modulo 0xffff. */
".Lxt_sum:\n"
FASTSUM_XT_ONES("a4", "a5")
"  bbci a3, 0, .Lxt_fold\n"
"  ssai 8\n"
"  src a4, a4, a4\n"
/* Fold 32 to 16 bits: the top half of x + ror(x, 16) is hi + lo + carry. */
".Lxt_fold:\n"
"  ssai 16\n"
"  src a5, a4, a4\n"
"  add.n a4, a4, a5\n"
"  extui a2, a4, 16, 16\n"
FASTSUM_XT_RET
"  .end no-transform\n"
"  .size " FASTSUM_XT_NAME ", .-" FASTSUM_XT_NAME "\n"
"  .popsection\n"
);

#endif /* FASTSUM_HAVE_XTENSA */
