# SPDX-License-Identifier: BSD-3-Clause
# Bare metal: the tests on microcontroller cores under qemu-system.
#
# `make baremetal-test` (part of make test) builds fastsum's differential
# test (test/product/fastsum/, -DFASTSUM_TEST_MCU: data up to 2048 bytes, every
# path the core runs, lwIP's algorithms) with picolibc for each core below
# and runs it on a qemu board through semihosting; on ARMv7-M and ARMv8-M
# every unaligned access traps (test/product/baremetal/board.c); the ESP8266's
# lx106 starts through test/product/baremetal/xtensa.c. It also runs the
# test on x86_64 under Bochs (below). `make baremetal-pktest` (also in make
# test, below) runs the packet test bare metal.
# docs/cross.md has the details.

PKGS_baremetal := gcc-arm-none-eabi binutils-arm-none-eabi picolibc-arm-none-eabi \
  gcc-riscv64-unknown-elf binutils-riscv64-unknown-elf picolibc-riscv64-unknown-elf \
  gcc-xtensa-lx106 binutils-xtensa-lx106 picolibc-xtensa-lx106-elf \
  qemu-system-arm qemu-system-misc \
  bochs bochs-term bochsbios vgabios bximage
GOAL_AREAS_baremetal-test := host patches baremetal

BAREMETAL_CORES := cortex-m0 cortex-m3 cortex-m4 cortex-m7 cortex-m33 rv32imc lx106

# Per core: the compiler with picolibc, the qemu board (qemu-system-arm
# unless BAREMETAL_QEMU_<core> says otherwise), where the board has its code
# and RAM (picolibc.ld's __flash, __flash_size, __ram, __ram_size), the
# start-up file (test/product/baremetal/board.c unless BAREMETAL_BOARD_<core> says
# otherwise) and further link flags (BAREMETAL_LDFLAGS_<core>).
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
# x86_64 (under Bochs, below): the host's gcc, freestanding, with the C
# library of test/product/baremetal/x86_64/ (-nostdinc: GCC's own headers,
# such as stdint.h and the intrinsics, and its include/); everything is
# linked below 2 GiB.
BAREMETAL_X86_64 := test/product/baremetal/x86_64
BAREMETAL_CC_x86_64 := x86_64-linux-gnu-gcc -ffreestanding -nostdinc \
  -isystem $(shell x86_64-linux-gnu-gcc -print-file-name=include 2>/dev/null) -I$(TOP)/$(BAREMETAL_X86_64)/include \
  -mno-red-zone -mcmodel=small -fno-pie -fno-stack-protector -fno-asynchronous-unwind-tables
BAREMETAL_BOARD_x86_64 := $(BAREMETAL_X86_64)/boot.S

baremetal_cc = $(BAREMETAL_CC_$1)
baremetal_ldflags = $(shell set -- $(BAREMETAL_MEMORY_$1); \
  echo -Wl,--defsym=__flash=$$1,--defsym=__flash_size=$$2,--defsym=__ram=$$3,--defsym=__ram_size=$$4) \
  $(BAREMETAL_LDFLAGS_$1)
baremetal_run = $(TOP)/test/product/baremetal/run.sh $(or $(BAREMETAL_QEMU_$1),qemu-system-arm) -M $(BAREMETAL_MACHINE_$1)

# Every program for CORE links its start-up object $(call baremetal_board,CORE).
baremetal_board = $(BUILD)/baremetal/$1/board.o
define baremetal_board_rule
$(call baremetal_board,$1): $(or $(BAREMETAL_BOARD_$1),test/product/baremetal/board.c)
	@mkdir -p $$(@D)
	$$(Q)$(call baremetal_cc,$1) $(OPT_CFLAGS) $(WARN_CFLAGS) -c $$< -o $$@
endef
$(foreach c,$(BAREMETAL_CORES) cortex-m0plus x86_64,$(eval $(call baremetal_board_rule,$c)))

# The differential test for each core, baremetal/CORE/fastsum (mk/programs.mk),
# run through test/product/baremetal/run.sh.
define baremetal_program
PROGRAMS += baremetal/$c/fastsum
baremetal/$c/fastsum_LIKE := fastsum-test
baremetal/$c/fastsum_CC := $(call baremetal_cc,$c)
baremetal/$c/fastsum_SRCS := $(FASTSUM_TEST_NOCHECK_SRCS)
baremetal/$c/fastsum_CFLAGS := $(FASTSUM_TEST_NOCHECK_CFLAGS) -DFASTSUM_TEST_MCU
baremetal/$c/fastsum_LIBS := $(call lwip_algs,baremetal/$c/fastsum) $(call baremetal_board,$c) \
  $(call baremetal_ldflags,$c)
baremetal/$c/fastsum_EMULATOR := $(call baremetal_run,$c)
endef
$(foreach c,$(BAREMETAL_CORES),$(eval $(baremetal_program)))

# x86_64 under Bochs: the same test in long mode on a CPU model with
# AVX-512 and on one without. Bochs emulates AVX-512, which qemu does not.
# test/product/baremetal/x86_64/: the boot sector and start-up (boot.S),
# the C library the test calls (libc.c, include/), the image's layout
# (image.ld), and bochs.sh, which boots the image on one model and checks
# the paths it ran (BAREMETAL_BOCHS_PATHS_<model>) and those it has but
# did not run on that CPU (BAREMETAL_BOCHS_NOT_RUN_<model>). bochs needs a
# display plugin package: bochs-term, the smallest (the runs use rfb,
# which is built in).
BAREMETAL_BOCHS_MODELS := tigerlake corei7_haswell_4770
BAREMETAL_BOCHS_PATHS_tigerlake := portable adc sse2 avx2 avx512 avx512vnni
BAREMETAL_BOCHS_NOT_RUN_tigerlake :=
BAREMETAL_BOCHS_PATHS_corei7_haswell_4770 := portable adc sse2 avx2
BAREMETAL_BOCHS_NOT_RUN_corei7_haswell_4770 := avx512 avx512vnni
BAREMETAL_X86_64_PROG := $(BUILD)/baremetal/x86_64/fastsum/prog

PROGRAMS += baremetal/x86_64/fastsum
baremetal/x86_64/fastsum_CC := $(BAREMETAL_CC_x86_64)
baremetal/x86_64/fastsum_SRCS := $(FASTSUM_TEST_NOCHECK_SRCS) $(BAREMETAL_X86_64)/libc.c
baremetal/x86_64/fastsum_CFLAGS := $(FASTSUM_TEST_NOCHECK_CFLAGS) -DFASTSUM_TEST_MCU -DFASTSUM_TEST_LONG -DFASTSUM_TEST_WITHOUT_LWIP
baremetal/x86_64/fastsum_LIBS := $(call baremetal_board,x86_64) -nostdlib -static -no-pie \
  -Wl,-T,$(TOP)/$(BAREMETAL_X86_64)/image.ld -Wl,--build-id=none -Wl,--no-warn-rwx-segments
$(BAREMETAL_X86_64_PROG): $(BAREMETAL_X86_64)/image.ld
$(BAREMETAL_X86_64_PROG).img: $(BAREMETAL_X86_64_PROG)
	$(Q)x86_64-linux-gnu-objcopy -O binary $< $@

BAREMETAL_BOCHS_RUNS := $(addprefix baremetal-bochs-,$(BAREMETAL_BOCHS_MODELS))
.PHONY: $(BAREMETAL_BOCHS_RUNS)
$(BAREMETAL_BOCHS_RUNS): baremetal-bochs-%: $(BAREMETAL_X86_64_PROG).img
	@echo "== bochs $*"
	$(Q)$(BAREMETAL_X86_64)/bochs.sh $* '$(BAREMETAL_BOCHS_PATHS_$*)' '$(BAREMETAL_BOCHS_NOT_RUN_$*)' $<

.PHONY: baremetal-test
TEST_TARGETS += baremetal-test
baremetal-test: $(foreach c,$(BAREMETAL_CORES),run-baremetal/$c/fastsum) $(BAREMETAL_BOCHS_RUNS) ## fastsum's differential test on Cortex-M0/M3/M4/M7/M33, rv32imc and the ESP8266's lx106 under qemu-system, on x86_64 under Bochs
	@echo "baremetal-test: all passed on $(BAREMETAL_CORES), x86_64 on $(BAREMETAL_BOCHS_MODELS)"

# The packet test on bare metal, baremetal/CORE/pktest-VARIANT: the host's
# packet test (test/product/pktest/, test/product/pktest/Dir.mk: the same harness and tests) on
# the patched lwIP, inline (the series' defaults) and call (every header
# checksum from inet_chksum), with test/product/common/nocheck/ for Check: each
# test starts from the same state, as Check's forked tests do. Captures go
# to the build directory through semihosting and are compared byte for byte
# with the host build's (a capture comparison, test/product/pktest/Dir.mk). The Cortex-M0
# build runs on the Cortex-M3 board with unaligned accesses trapping, as
# they do on Cortex-M0: the microbit's 16 KB of RAM cannot hold the test's
# lwIP heap and capture arena.
BAREMETAL_PKTEST_CORES := cortex-m0 cortex-m3 cortex-m4 cortex-m7 cortex-m33 rv32imc
BAREMETAL_PKTEST_BOARD_cortex-m0 := cortex-m3
BAREMETAL_PKTEST_VARIANTS := inline call
BAREMETAL_PKTEST_OPTIONS_call := inline-off
# the pktest's stack arrays (a 9000-byte datagram); a capture arena for
# the 2 MiB of RAM of the smallest board (AN505): the largest test
# captures 160 KB
BAREMETAL_PKTEST_STACK := -Wl,--defsym=__stack_size=0x10000
BAREMETAL_PKTEST_ARENA := -DPK_ARENA_SIZE=0x80000
baremetal_pktest_board = $(or $(BAREMETAL_PKTEST_BOARD_$1),$1)

define baremetal_pktest_program
PROGRAMS += baremetal/$c/pktest-$v
baremetal/$c/pktest-$v_TREE := $(LWIP_DEFAULT)-patched
baremetal/$c/pktest-$v_OPTIONS := $(BAREMETAL_PKTEST_OPTIONS_$v)
baremetal/$c/pktest-$v_SRCS := $(PKTEST_SRC) $(TEST_COMMON_NOCHECK_SRC)
baremetal/$c/pktest-$v_CFLAGS := $(TEST_COMMON_NOCHECK_CFLAGS) -I$(TOP)/test/product/pktest $(TEST_COMMON_CFLAGS) \
  -I$(TOP)/lwip-port/baremetal/picolibc $(BAREMETAL_PKTEST_ARENA)
baremetal/$c/pktest-$v_CC := $(call baremetal_cc,$c)
baremetal/$c/pktest-$v_AR := $(patsubst %-gcc,%-ar,$(firstword $(call baremetal_cc,$c)))
baremetal/$c/pktest-$v_LIBS := $(call baremetal_board,$c) \
  $(call baremetal_ldflags,$(call baremetal_pktest_board,$c)) $(BAREMETAL_PKTEST_STACK)
baremetal/$c/pktest-$v_EMULATOR := $(call baremetal_run,$(call baremetal_pktest_board,$c))
CAPTURE_COMPARISONS += baremetal-pktest-$c-$v
baremetal-pktest-$c-$v_CAPTURES := pktest/$(LWIP_DEFAULT)-$v baremetal/$c/pktest-$v
endef
$(foreach c,$(BAREMETAL_PKTEST_CORES),$(foreach v,$(BAREMETAL_PKTEST_VARIANTS),$(eval $(baremetal_pktest_program))))

.PHONY: baremetal-pktest
TEST_TARGETS += baremetal-pktest
baremetal-pktest: $(foreach c,$(BAREMETAL_PKTEST_CORES),$(foreach v,$(BAREMETAL_PKTEST_VARIANTS),baremetal-pktest-$c-$v)) ## the packet test on Cortex-M0/M3/M4/M7/M33 and rv32imc, inline and call: captures identical to the host's
	@echo "baremetal-pktest: all passed on $(BAREMETAL_PKTEST_CORES), inline and call"
