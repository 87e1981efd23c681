# SPDX-License-Identifier: BSD-3-Clause
# The other CPUs the tests run on: their compilers and emulators.
#
# Cross targets (Linux userland under qemu-user). A program with
# NAME_TARGET := TARGET (mk/programs.mk) is compiled by TARGET_CC_<target>,
# run under qemu-user with Check's environment TARGET_ENV_<target>, once the
# target's Check (cross-built here) exists; $(call check_cflags,TARGET) and
# $(call check_libs,TARGET) build against it. docs/cross.md has the details.

PKGS_cross := gcc-sparc64-linux-gnu gcc-powerpc-linux-gnu gcc-s390x-linux-gnu \
  gcc-arm-linux-gnueabihf gcc-aarch64-linux-gnu gcc-riscv64-linux-gnu qemu-user \
  libc6-dev-sparc64-cross libc6-dev-powerpc-cross libc6-dev-s390x-cross \
  libc6-dev-armhf-cross libc6-dev-arm64-cross libc6-dev-riscv64-cross

CROSS_TARGETS := sparc64-linux-gnu powerpc-linux-gnu s390x-linux-gnu \
  arm-linux-gnueabihf aarch64-linux-gnu riscv64-linux-gnu

# qemu-user's name for each target's CPU, and flags beyond the compiler's
# defaults. armhf: Thumb-2 on ARMv7-A (+fp: the hard-float ABI needs the FPU).
CROSS_QEMU_sparc64-linux-gnu := sparc64
CROSS_QEMU_powerpc-linux-gnu := ppc
CROSS_QEMU_s390x-linux-gnu := s390x
CROSS_QEMU_arm-linux-gnueabihf := arm
CROSS_QEMU_aarch64-linux-gnu := aarch64
CROSS_QEMU_riscv64-linux-gnu := riscv64
CROSS_CFLAGS_arm-linux-gnueabihf := -mthumb -march=armv7-a+fp

# Check under qemu: every test in its own process (a bus error ends one
# test, not the run); no timeout, as everywhere (mk/config.mk).
CROSS_CHECK_ENV := CK_FORK=yes

$(foreach t,$(CROSS_TARGETS),\
  $(eval TARGET_CC_$t := $t-gcc $(CROSS_CFLAGS_$t))\
  $(eval TARGET_AR_$t := $t-ar)\
  $(eval TARGET_EMULATOR_$t := qemu-$(CROSS_QEMU_$t) -L /usr/$t)\
  $(eval TARGET_ENV_$t := $(CROSS_CHECK_ENV))\
  $(eval TARGET_NEEDS_$t := $(BUILD)/cross/check-$t/lib/libcheck.a))

# $(call check_cflags,TARGET), $(call check_libs,TARGET): Check's compile
# and link flags for a program on TARGET, the host's (asked of pkg-config
# when a recipe needs them) where TARGET is empty.
check_cflags = $(if $1,-isystem $(TOP)/$(BUILD)/cross/check-$1/include,$$(CHECK_CFLAGS))
check_libs = $(if $1,$(BUILD)/cross/check-$1/lib/libcheck.a -lm -lrt -lpthread,$$(CHECK_LIBS))

# lwIP's ip6addr_ntoa_r reads addr->addr[4], one past the end, when the last
# 16-bit block is zero and no "::" came before; where lwip_htonl is a plain
# cast (big-endian) GCC sees it and -Werror would stop the build. That is
# lwIP's code, not ours: the warning is off for the lwIP builds on targets.
CROSS_LWIP_CFLAGS := -Wno-array-bounds

# The tree of the builds for other CPUs: the patched lwIP 2.2.1 (Debian's or
# an LWIP_DIR one); empty with another version (those tests are not made).
CROSS_TREE := $(if $(filter 2.2.1,$(LWIP_VERSION_$(LWIP_DEFAULT))),$(LWIP_DEFAULT)-patched)

# Check, cross-built from Debian's source package (bookworm), once per
# target into $(BUILD)/cross/check-<target>/{include,lib}.
CROSS_CHECK_SRC := $(BUILD)/cross/check-src
$(CROSS_CHECK_SRC).stamp: $(TOP)/mk/fetch-check.sh
	$(Q)$(TOP)/mk/fetch-check.sh $(BUILD) $(CROSS_CHECK_SRC)
	$(Q)touch $@

$(BUILD)/cross/check-%/lib/libcheck.a: | $(CROSS_CHECK_SRC).stamp
	$(Q)$(TOP)/mk/build-check.sh $(CROSS_CHECK_SRC) $* $(BUILD)/cross/check-$*

# Bare-metal cores (qemu-system, and x86_64 under Bochs).
#
# Per core: the compiler with picolibc, $(call baremetal_cc,CORE); the qemu
# board (qemu-system-arm unless BAREMETAL_QEMU_<core> says otherwise) that
# runs a program, $(call baremetal_run,CORE); where the board has its code
# and RAM (picolibc.ld's __flash, __flash_size, __ram, __ram_size) and
# further link flags, $(call baremetal_ldflags,CORE); the start-up object,
# $(call baremetal_board,CORE), from test/product/baremetal/board.c unless
# BAREMETAL_BOARD_<core> says otherwise.
PKGS_baremetal := gcc-arm-none-eabi binutils-arm-none-eabi picolibc-arm-none-eabi \
  gcc-riscv64-unknown-elf binutils-riscv64-unknown-elf picolibc-riscv64-unknown-elf \
  gcc-xtensa-lx106 binutils-xtensa-lx106 picolibc-xtensa-lx106-elf \
  qemu-system-arm qemu-system-misc \
  bochs bochs-term bochsbios vgabios bximage

BAREMETAL_CORES := cortex-m0 cortex-m3 cortex-m4 cortex-m7 cortex-m33 rv32imc lx106

# With unaligned accesses trapping, GCC must not merge byte accesses into
# unaligned words (its default on ARMv7-M and ARMv8-M Mainline):
# -mno-unaligned-access.
# picolibc's default build: its memcpy copies bytes (the release build's
# copies words, with unaligned halfword accesses that trap here; make count
# uses that one, BAREMETAL_PICOLIBC_SPEED, without the trap).
BAREMETAL_PICOLIBC := --specs=picolibc.specs --oslib=semihost --crt0=semihost
BAREMETAL_PICOLIBC_SPEED := --picolibc-buildtype=release
BAREMETAL_CC_cortex-m0 := arm-none-eabi-gcc -mcpu=cortex-m0 -mthumb $(BAREMETAL_PICOLIBC)
BAREMETAL_MACHINE_cortex-m0 := microbit
BAREMETAL_MEMORY_cortex-m0 := 0x0 0x40000 0x20000000 0x4000
# Cortex-M0+ (make count's cycle estimates): ARMv6-M as Cortex-M0, whose
# board runs it.
BAREMETAL_CC_cortex-m0plus := arm-none-eabi-gcc -mcpu=cortex-m0plus -mthumb $(BAREMETAL_PICOLIBC)
BAREMETAL_MACHINE_cortex-m0plus := microbit
BAREMETAL_MEMORY_cortex-m0plus := $(BAREMETAL_MEMORY_cortex-m0)
BAREMETAL_CC_cortex-m3 := arm-none-eabi-gcc -mcpu=cortex-m3 -mthumb -mno-unaligned-access $(BAREMETAL_PICOLIBC)
BAREMETAL_MACHINE_cortex-m3 := mps2-an385
BAREMETAL_MEMORY_cortex-m3 := 0x0 0x400000 0x20000000 0x400000
BAREMETAL_CC_cortex-m4 := arm-none-eabi-gcc -mcpu=cortex-m4 -mthumb -mno-unaligned-access $(BAREMETAL_PICOLIBC)
BAREMETAL_MACHINE_cortex-m4 := mps2-an386
BAREMETAL_MEMORY_cortex-m4 := 0x0 0x400000 0x20000000 0x400000
BAREMETAL_CC_cortex-m7 := arm-none-eabi-gcc -mcpu=cortex-m7 -mthumb -mno-unaligned-access $(BAREMETAL_PICOLIBC)
BAREMETAL_MACHINE_cortex-m7 := mps2-an500
BAREMETAL_MEMORY_cortex-m7 := 0x0 0x400000 0x20000000 0x400000
# AN505 boots in the secure state: the secure aliases of its SSRAMs.
BAREMETAL_CC_cortex-m33 := arm-none-eabi-gcc -mcpu=cortex-m33 -mthumb -mno-unaligned-access $(BAREMETAL_PICOLIBC)
BAREMETAL_MACHINE_cortex-m33 := mps2-an505
BAREMETAL_MEMORY_cortex-m33 := 0x10000000 0x400000 0x38000000 0x200000
BAREMETAL_CC_rv32imc := riscv64-unknown-elf-gcc -march=rv32imc -mabi=ilp32 $(BAREMETAL_PICOLIBC)
BAREMETAL_QEMU_rv32imc := qemu-system-riscv32 -bios none
BAREMETAL_MACHINE_rv32imc := virt
BAREMETAL_MEMORY_rv32imc := 0x80000000 0x400000 0x80400000 0x400000
# ESP8266: the simulator starts at the reset vector, the start of sysrom;
# picolibc for lx106 has no semihosting, and its picolibc.ld keeps the
# literal pools after the code (test/product/baremetal/xtensa-literals.ld moves
# them); libgcc lacks a few helpers (xtensa.c).
BAREMETAL_PICOLIBC_lx106 := /usr/lib/xtensa-lx106-elf
BAREMETAL_CC_lx106 := xtensa-lx106-elf-gcc --specs=$(BAREMETAL_PICOLIBC_lx106)/picolibc.specs
BAREMETAL_QEMU_lx106 := qemu-system-xtensa -cpu lx106
BAREMETAL_MACHINE_lx106 := sim
BAREMETAL_MEMORY_lx106 := 0x50000000 0x400000 0x60000000 0x400000
BAREMETAL_BOARD_lx106 := test/product/baremetal/xtensa.c
BAREMETAL_LDFLAGS_lx106 := -Wl,--wrap=main -Wl,-e,board_reset -T $(BAREMETAL_PICOLIBC_lx106)/lib/picolibc.ld \
  -Wl,-T,$(TOP)/test/product/baremetal/xtensa-literals.ld -Wl,--start-group -lc -lgcc -Wl,--end-group
# x86_64 (under Bochs, test/product/baremetal/Dir.mk): the host's gcc,
# freestanding, with the C library of test/product/baremetal/x86_64/
# (-nostdinc: GCC's own headers, such as stdint.h and the intrinsics, asked
# of the compiler when a recipe first needs them, and its include/);
# everything is linked below 2 GiB.
BAREMETAL_X86_64 := test/product/baremetal/x86_64
BAREMETAL_X86_64_GCC_INCLUDE = $(eval BAREMETAL_X86_64_GCC_INCLUDE := \
  $(shell x86_64-linux-gnu-gcc -print-file-name=include 2>/dev/null))$(BAREMETAL_X86_64_GCC_INCLUDE)
BAREMETAL_CC_x86_64 = x86_64-linux-gnu-gcc -ffreestanding -nostdinc \
  -isystem $(BAREMETAL_X86_64_GCC_INCLUDE) -I$(TOP)/$(BAREMETAL_X86_64)/include \
  -mno-red-zone -mcmodel=small -fno-pie -fno-stack-protector -fno-asynchronous-unwind-tables
BAREMETAL_BOARD_x86_64 := $(BAREMETAL_X86_64)/boot.S

baremetal_cc = $(BAREMETAL_CC_$1)
baremetal_ldflags = $(foreach d,$(join __flash= __flash_size= __ram= __ram_size=,$(BAREMETAL_MEMORY_$1)),-Wl,--defsym=$d) \
  $(BAREMETAL_LDFLAGS_$1)
baremetal_run = $(TOP)/test/product/baremetal/run.sh $(or $(BAREMETAL_QEMU_$1),qemu-system-arm) -M $(BAREMETAL_MACHINE_$1)

baremetal_board = $(BUILD)/baremetal/$1/board.o
define baremetal_board_rule
$(call baremetal_board,$1): $(or $(BAREMETAL_BOARD_$1),test/product/baremetal/board.c)
	@mkdir -p $$(@D)
	$$(Q)$$(call baremetal_cc,$1) $(OPT_CFLAGS) $(WARN_CFLAGS) -c $$< -o $$@
endef
$(foreach c,$(BAREMETAL_CORES) cortex-m0plus x86_64,$(eval $(call baremetal_board_rule,$c)))
