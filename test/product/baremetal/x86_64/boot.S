/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Start-up of the x86_64 bare-metal test image (make baremetal-test under
 * Bochs): a PC BIOS boots its first sector from a disk. That sector loads
 * the rest of the image behind itself with the BIOS (INT 13h extended
 * reads), enters long mode straight from real mode on identity-mapped
 * 2 MiB pages, enables the x87/SSE/AVX/AVX-512 register state the CPU
 * reports (CR0, CR4, XCR0) and calls board_start (libc.c). Also here:
 * the exception stubs and setjmp/longjmp.
 *
 * Linked at 0x7c00 by image.ld; the boot sector is its first 512 bytes.
 */

#define CR0_PE (1 << 0)
#define CR0_MP (1 << 1)
#define CR0_EM (1 << 2)
#define CR0_NE (1 << 5)
#define CR0_PG (1 << 31)
#define CR4_PAE (1 << 5)
#define CR4_OSFXSR (1 << 9)
#define CR4_OSXMMEXCPT (1 << 10)
#define CR4_OSXSAVE (1 << 18)
#define MSR_EFER 0xc0000080
#define EFER_LME (1 << 8)
#define CPUID_1_ECX_XSAVE 26
/* XCR0: x87, SSE, AVX, AVX-512 opmask, ZMM_Hi256, Hi16_ZMM (not MPX, PKRU) */
#define XCR0_WANTED 0xe7
#define PAGE_PRESENT_WRITABLE 0x3
#define PAGE_LARGE 0x80
/* sectors per BIOS read: 64 x 512 bytes stay inside one 64 KiB segment */
#define READ_CHUNK 64
#define CODE64_SEL 0x08
#define DATA_SEL 0x10

  .section .boot, "ax"
  .code16
  .globl boot_sector
boot_sector:
  cli
  xor %ax, %ax
  mov %ax, %ds
  mov %ax, %es
  mov %ax, %ss
  mov $0x7c00, %sp
  ljmp $0, $1f
1:
  mov %dl, boot_drive
  /* the image's sectors 1.. to 0x7e00.., READ_CHUNK at a time */
2:
  mov sectors_left, %cx
  jcxz 3f
  mov $READ_CHUNK, %ax
  cmp %ax, %cx
  jae 4f
  mov %cx, %ax
4:
  mov %ax, dap_count
  mov $0x42, %ah
  mov boot_drive, %dl
  mov $dap, %si
  int $0x13
  jc disk_error
  mov dap_count, %ax
  sub %ax, sectors_left
  add %ax, dap_lba
  shl $5, %ax /* 512-byte sectors in 16-byte paragraphs */
  add %ax, dap_segment
  jmp 2b
3:
  /* A20 through the "fast A20" port */
  in $0x92, %al
  or $2, %al
  and $0xfe, %al
  out %al, $0x92
  /* long mode: PAE, the page tables, EFER.LME, then protection and paging
   * at once, and a far jump into the 64-bit code segment */
  lgdtl gdt_descriptor
  mov $CR4_PAE, %eax
  mov %eax, %cr4
  mov $pml4, %eax
  mov %eax, %cr3
  mov $MSR_EFER, %ecx
  rdmsr
  or $EFER_LME, %eax
  wrmsr
  mov %cr0, %eax
  or $(CR0_PG | CR0_PE), %eax
  mov %eax, %cr0
  ljmpl $CODE64_SEL, $long_mode

disk_error:
  mov $disk_error_message, %si
1:
  lodsb
  test %al, %al
  jz 2f
  out %al, $0xe9
  jmp 1b
2:
  hlt
  jmp 2b

disk_error_message:
  .asciz "boot: disk read error\n"
boot_drive:
  .byte 0
sectors_left:
  .word __image_sectors - 1
  .balign 4
/* INT 13h AH=42h disk address packet */
dap:
  .byte 16, 0
dap_count:
  .word 0
  .word 0 /* offset */
dap_segment:
  .word 0x7e0
dap_lba:
  .quad 1

  .balign 8
gdt:
  .quad 0
  .quad 0x00209a0000000000 /* 64-bit code, ring 0 */
  .quad 0x0000920000000000 /* data */
gdt_descriptor:
  .word gdt_descriptor - gdt - 1
  .long gdt

  .org 510
  .byte 0x55, 0xaa

  .text
  .code64
long_mode:
  mov $DATA_SEL, %ax
  mov %ax, %ds
  mov %ax, %es
  mov %ax, %ss
  xor %eax, %eax
  mov %ax, %fs
  mov %ax, %gs
  mov $stack_top, %rsp
  mov $__bss_start, %rdi
  mov $__bss_end, %rcx
  sub %rdi, %rcx
  rep stosb
  /* x87 and SSE: no emulation, exceptions reported natively, FXSAVE and
   * SSE exceptions enabled by the OS (which this is) */
  mov %cr0, %rax
  and $~CR0_EM, %rax
  or $(CR0_MP | CR0_NE), %rax
  mov %rax, %cr0
  mov %cr4, %rax
  or $(CR4_OSFXSR | CR4_OSXMMEXCPT), %rax
  mov %rax, %cr4
  fninit
  /* XSAVE CPUs: OSXSAVE, and XCR0 = the states of XCR0_WANTED that
   * CPUID leaf 0Dh reports (AVX and AVX-512 only where the CPU has them:
   * XSETBV faults on a bit it does not support) */
  mov $1, %eax
  cpuid
  bt $CPUID_1_ECX_XSAVE, %ecx
  jnc 1f
  mov %cr4, %rax
  or $CR4_OSXSAVE, %rax
  mov %rax, %cr4
  mov $0xd, %eax
  xor %ecx, %ecx
  cpuid
  and $XCR0_WANTED, %eax
  xor %edx, %edx
  xor %ecx, %ecx
  xsetbv
1:
  call board_start
halt:
  cli
  hlt
  jmp halt

/* Exception stubs, vectors 0..31, 16 bytes apart from
 * exception_stubs (libc.c puts them in the IDT): each pushes a zero where
 * the CPU pushes no error code, then its vector, and goes to
 * board_exception(vector, error code, RIP). */
#define HAS_ERROR_CODE(v) ((v) == 8 || ((v) >= 10 && (v) <= 14) || (v) == 17 || (v) == 21 || \
                           (v) == 29 || (v) == 30)
  .globl exception_stubs
  .balign 16
exception_stubs:
  .set vector, 0
  .rept 32
  .balign 16
  .ifeq HAS_ERROR_CODE(vector)
  push $0
  .endif
  push $vector
  jmp exception_common
  .set vector, vector + 1
  .endr
exception_common:
  pop %rdi
  pop %rsi
  mov (%rsp), %rdx
  and $-16, %rsp
  call board_exception
  jmp halt

/* setjmp/longjmp: the callee-saved registers, the stack pointer and the
 * return address (jmp_buf, include/setjmp.h) */
  .globl setjmp
setjmp:
  mov %rbx, 0(%rdi)
  mov %rbp, 8(%rdi)
  mov %r12, 16(%rdi)
  mov %r13, 24(%rdi)
  mov %r14, 32(%rdi)
  mov %r15, 40(%rdi)
  lea 8(%rsp), %rdx
  mov %rdx, 48(%rdi)
  mov (%rsp), %rdx
  mov %rdx, 56(%rdi)
  xor %eax, %eax
  ret

  .globl longjmp
longjmp:
  mov %esi, %eax
  test %eax, %eax
  jnz 1f
  inc %eax
1:
  mov 0(%rdi), %rbx
  mov 8(%rdi), %rbp
  mov 16(%rdi), %r12
  mov 24(%rdi), %r13
  mov 32(%rdi), %r14
  mov 40(%rdi), %r15
  mov 48(%rdi), %rsp
  jmp *56(%rdi)

/* Identity map of the first GiB in 2 MiB pages. */
  .data
  .balign 4096
pml4:
  .quad pdpt + PAGE_PRESENT_WRITABLE
  .fill 511, 8, 0
pdpt:
  .quad page_directory + PAGE_PRESENT_WRITABLE
  .fill 511, 8, 0
page_directory:
  .set page, 0
  .rept 512
  .quad page + PAGE_LARGE + PAGE_PRESENT_WRITABLE
  .set page, page + 0x200000
  .endr

  .bss
  .balign 16
  .skip 0x10000
stack_top:

  .section .note.GNU-stack, "", @progbits
