# SPDX-License-Identifier: BSD-3-Clause
# Bare metal: the tests on microcontroller cores under qemu-system.
#
# `make baremetal-test` (part of make test) builds fastsum's differential
# test (test/fastsum/, -DFASTSUM_TEST_MCU: data up to 2048 bytes, every
# path the core runs, lwIP's algorithms) with picolibc for each core below
# and runs it on a qemu board through semihosting; on ARMv7-M and ARMv8-M
# every unaligned access traps (test/baremetal/board.c). docs/cross.md has
# the details.

PKGS_baremetal := gcc-arm-none-eabi binutils-arm-none-eabi picolibc-arm-none-eabi \
  gcc-riscv64-unknown-elf binutils-riscv64-unknown-elf picolibc-riscv64-unknown-elf \
  qemu-system-arm qemu-system-misc

BAREMETAL_CORES := cortex-m0 cortex-m3 cortex-m4 cortex-m7 cortex-m33 rv32imc

# Per core: the compiler, the qemu board, and where the board has its
# code and RAM (picolibc.ld's __flash, __flash_size, __ram, __ram_size).
# With unaligned accesses trapping, GCC must not merge byte accesses into
# unaligned words (its default on ARMv7-M and ARMv8-M Mainline):
# -mno-unaligned-access.
BAREMETAL_CC_cortex-m0 := arm-none-eabi-gcc -mcpu=cortex-m0 -mthumb
BAREMETAL_QEMU_cortex-m0 := qemu-system-arm -M microbit
BAREMETAL_MEMORY_cortex-m0 := 0x0 0x40000 0x20000000 0x4000
BAREMETAL_CC_cortex-m3 := arm-none-eabi-gcc -mcpu=cortex-m3 -mthumb -mno-unaligned-access
BAREMETAL_QEMU_cortex-m3 := qemu-system-arm -M mps2-an385
BAREMETAL_MEMORY_cortex-m3 := 0x0 0x400000 0x20000000 0x400000
BAREMETAL_CC_cortex-m4 := arm-none-eabi-gcc -mcpu=cortex-m4 -mthumb -mno-unaligned-access
BAREMETAL_QEMU_cortex-m4 := qemu-system-arm -M mps2-an386
BAREMETAL_MEMORY_cortex-m4 := 0x0 0x400000 0x20000000 0x400000
BAREMETAL_CC_cortex-m7 := arm-none-eabi-gcc -mcpu=cortex-m7 -mthumb -mno-unaligned-access
BAREMETAL_QEMU_cortex-m7 := qemu-system-arm -M mps2-an500
BAREMETAL_MEMORY_cortex-m7 := 0x0 0x400000 0x20000000 0x400000
# AN505 boots in the secure state: the secure aliases of its SSRAMs.
BAREMETAL_CC_cortex-m33 := arm-none-eabi-gcc -mcpu=cortex-m33 -mthumb -mno-unaligned-access
BAREMETAL_QEMU_cortex-m33 := qemu-system-arm -M mps2-an505
BAREMETAL_MEMORY_cortex-m33 := 0x10000000 0x400000 0x38000000 0x200000
BAREMETAL_CC_rv32imc := riscv64-unknown-elf-gcc -march=rv32imc -mabi=ilp32
BAREMETAL_QEMU_rv32imc := qemu-system-riscv32 -M virt -bios none
BAREMETAL_MEMORY_rv32imc := 0x80000000 0x400000 0x80400000 0x400000

BAREMETAL_PICOLIBC := --specs=picolibc.specs --oslib=semihost --crt0=semihost
baremetal_cc = $(BAREMETAL_CC_$1) $(BAREMETAL_PICOLIBC)
baremetal_ldflags = $(shell set -- $(BAREMETAL_MEMORY_$1); \
  echo -Wl,--defsym=__flash=$$1,--defsym=__flash_size=$$2,--defsym=__ram=$$3,--defsym=__ram_size=$$4)
baremetal_run = $(TOP)/test/baremetal/run.sh $(BAREMETAL_QEMU_$1)

# $(call baremetal_fastsum,CORE): baremetal/CORE/fastsum, built and run.
define baremetal_fastsum
$(call fastsum_test_program,baremetal/$1/fastsum,$(FASTSUM_TEST_KEY),$(call baremetal_cc,$1),-DFASTSUM_TEST_MCU,$(call baremetal_ldflags,$1),$(call baremetal_run,$1))
$$(baremetal/$1/fastsum_TEST_OBJ) $$(baremetal/$1/fastsum_LWIP_ALGS): | deps-baremetal
$(BUILD)/baremetal/$1/fastsum/test_fastsum: $(BUILD)/baremetal/$1/board.o
$(BUILD)/baremetal/$1/board.o: test/baremetal/board.c | deps-baremetal
	@mkdir -p $$(@D)
	$$(Q)$(call baremetal_cc,$1) $(OPT_CFLAGS) $(WARN_CFLAGS) -c $$< -o $$@
endef
$(foreach c,$(BAREMETAL_CORES),$(eval $(call baremetal_fastsum,$c)))

.PHONY: baremetal-test
TEST_TARGETS += baremetal-test
baremetal-test: $(foreach c,$(BAREMETAL_CORES),baremetal/$c/fastsum) ## fastsum's differential test on Cortex-M0/M3/M4/M7/M33 and rv32imc under qemu-system
	@echo "baremetal-test: all passed on $(BAREMETAL_CORES)"
