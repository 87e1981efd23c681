# SPDX-License-Identifier: BSD-3-Clause
# make count: executed-instruction counts under qemu-user, estimated cycles
# on Cortex-M under qemu-system.
#
# The checksum paths per call at 20, 40, 576 and 1500 bytes against lwIP's
# algorithms 2 and 3: fastsum's ARMv7-M and ARMv6-M paths in Thumb-2 code
# for arm-linux-gnueabihf (the limits: 0.4 and 0.8 instructions a byte at
# 1500 bytes), its AArch64 and RISC-V paths; and one IPv4 header built by
# ip4_output_if() on the patched lwIP 2.2.1, inline vs through inet_chksum().
# test/measure/count/count.sh counts; the table goes to build/count/count.md and the
# target fails over the limits, and where fastsum_chksum_copy executes more
# instructions (on Cortex-M0+ also cycles) than memcpy plus the path's sum
# on AArch64, RISC-V and ARMv6-M; `make count-limits` (in make test)
# measures only the limits, the cycle targets (test/measure/count/cycles.sh:
# Cortex-M4 and Cortex-M0+ at 1500 bytes) and the Cortex-M0+ copy bound.
# docs/count.md has the numbers.

PKGS_count := gcc-arm-linux-gnueabihf gcc-aarch64-linux-gnu gcc-riscv64-linux-gnu qemu-user \
  libc6-dev-armhf-cross libc6-dev-arm64-cross libc6-dev-riscv64-cross \
  gcc-arm-none-eabi binutils-arm-none-eabi libnewlib-arm-none-eabi
GOAL_AREAS_count := host patches count baremetal
GOAL_AREAS_count-limits := host patches count baremetal
GOAL_AREAS_count-cycles := host patches baremetal
COUNT_DIR := $(BUILD)/count
COUNT_ARCHS := arm aarch64 riscv64
COUNT_TRIPLET_arm := arm-linux-gnueabihf
COUNT_TRIPLET_aarch64 := aarch64-linux-gnu
COUNT_TRIPLET_riscv64 := riscv64-linux-gnu
COUNT_CC_arm := arm-linux-gnueabihf-gcc -mthumb -march=armv7-a+fp
COUNT_CC_aarch64 := aarch64-linux-gnu-gcc
COUNT_CC_riscv64 := riscv64-linux-gnu-gcc
COUNT_OPT := -O2
COUNT_BUILDS := $(foreach a,$(COUNT_ARCHS),`$(COUNT_CC_$a) $(COUNT_OPT)`)

# The checksum program per ARCH, count/ARCH: every src/ file, the table of
# paths, lwIP's algorithms (test/product/fastsum/Dir.mk).
define count_chksum_program
PROGRAMS += count/$a
count/$a_SRCS := $(FASTSUM_SRC) $(FASTSUM_IMPLS_SRC) test/measure/count/count_chksum.c
count/$a_LWIP_ALGS := $(LWIP_DEFAULT)
count/$a_CC := $(COUNT_CC_$a)
count/$a_CFLAGS := $(COUNT_OPT) $(FASTSUM_PRIVATE_CFLAGS)
count/$a_LIBS := -static $(call lwip_algs,count/$a)
endef
$(foreach a,$(COUNT_ARCHS),$(eval $(count_chksum_program)))
COUNT_CHKSUM_PROGS := $(foreach a,$(COUNT_ARCHS),$(BUILD)/count/$a/prog)

# The IPv4 output program (Thumb-2), three builds of the patched tree.
PROGRAMS += count/ip4-inline count/ip4-call count/ip4-call-fastsum
count/ip4-inline_TREE := $(LWIP_DEFAULT)-patched
count/ip4-inline_SRCS := test/measure/count/count_ip4.c
count/ip4-inline_OPTIONS := inline-on
count/ip4-inline_CFLAGS := -I$(TOP)/test/measure/count $(COUNT_OPT)
count/ip4-inline_CC := $(COUNT_CC_arm)
count/ip4-inline_AR := $(COUNT_TRIPLET_arm)-ar
count/ip4-inline_LIBS := -static

count/ip4-call_LIKE := count/ip4-inline
count/ip4-call_OPTIONS := inline-off

count/ip4-call-fastsum_LIKE := count/ip4-inline
count/ip4-call-fastsum_OPTIONS := inline-off
count/ip4-call-fastsum_SRCS := test/measure/count/count_ip4.c $(FASTSUM_SRC)
count/ip4-call-fastsum_CFLAGS := -I$(TOP)/lwip-port/fastsum -I$(TOP)/src/include $(count/ip4-inline_CFLAGS)

COUNT_IP4_PROGS := $(foreach v,inline call call-fastsum,$(BUILD)/count/ip4-$v/prog)

# Cycles on Cortex-M: the checksum program, count/mcu-CORE, built bare metal
# for each core (test/product/baremetal/Dir.mk's compilers and boards) with picolibc's
# speed-optimized build, its instruction trace priced by
# test/measure/count/cycles.awk; on the ESP8266's lx106 executed instructions. No
# unaligned-access trap here (the C library's memcpy relies on unaligned
# halfwords): only lx106 links its start-up file.
COUNT_MCU_CORES := cortex-m0plus cortex-m3 cortex-m4 lx106
define count_mcu_program
PROGRAMS += count/mcu-$c
count/mcu-$c_LIKE := count/arm
count/mcu-$c_CC := $(call baremetal_cc,$c) $(BAREMETAL_PICOLIBC_SPEED)
count/mcu-$c_LIBS := $(call lwip_algs,count/mcu-$c) $(if $(BAREMETAL_BOARD_$c),$(call baremetal_board,$c)) \
  $(call baremetal_ldflags,$c)
endef
$(foreach c,$(COUNT_MCU_CORES),$(eval $(count_mcu_program)))
COUNT_MCU_PROGS := $(foreach c,$(COUNT_MCU_CORES),$(BUILD)/count/mcu-$c/prog)
COUNT_MCU_RUNS := $(foreach c,$(COUNT_MCU_CORES),$c $(BAREMETAL_MACHINE_$c) $(BUILD)/count/mcu-$c/prog)
COUNT_MCU_LIMIT_RUNS := $(foreach c,cortex-m0plus cortex-m4,$c $(BAREMETAL_MACHINE_$c) $(BUILD)/count/mcu-$c/prog)

.PHONY: count count-limits
count: $(COUNT_IP4_PROGS) $(COUNT_CHKSUM_PROGS) $(COUNT_MCU_PROGS) ## executed instructions per checksum call and per IPv4 header under qemu, cycles on Cortex-M (build/count/count.md, cycles.md)
	$(Q)COUNT_BUILDS='$(COUNT_BUILDS)' $(TOP)/test/measure/count/count.sh $(COUNT_DIR)/count.md $(COUNT_IP4_PROGS) \
	  $(foreach a,$(COUNT_ARCHS),qemu-$a $(BUILD)/count/$a/prog)
	$(Q)$(TOP)/test/measure/count/cycles.sh $(COUNT_DIR)/cycles.md $(COUNT_MCU_RUNS)

.PHONY: count-cycles
count-cycles: $(COUNT_MCU_PROGS) ## only the Cortex-M cycle table (build/count/cycles.md)
	$(Q)$(TOP)/test/measure/count/cycles.sh $(COUNT_DIR)/cycles.md $(COUNT_MCU_RUNS)

# The two ARM paths built for the cores they are named after: the ARMv6-M
# file must assemble for Cortex-M0 (the Thumb-2 programs above would run a
# stray Thumb-2 instruction without complaint), and neither may compile to
# nothing there.
COUNT_MCU_OBJ := $(COUNT_DIR)/cortex-m0/fastsum_armv6m.o $(COUNT_DIR)/cortex-m3/fastsum_armv7m.o
$(COUNT_MCU_OBJ): $(COUNT_DIR)/%.o: src/$$(*F).c $(FASTSUM_HEADERS)
	@mkdir -p $(@D)
	$(Q)arm-none-eabi-gcc -mcpu=$(*D) -mthumb -ffreestanding -Os $(WARN_CFLAGS) -Isrc/include -c $< -o $@
	$(Q)arm-none-eabi-nm $@ | grep -q ' T fastsum_chksum_' || \
	  { echo "error: $< has no checksum function for $(*D)" >&2; rm -f $@; exit 1; }

# In make test: only the limits (seconds), and the Cortex-M builds.
count-limits: $(BUILD)/count/arm/prog $(COUNT_MCU_OBJ) $(foreach c,cortex-m0plus cortex-m4,$(BUILD)/count/mcu-$c/prog) ## assert ARMv7-M <= 0.4 and ARMv6-M <= 0.8 instructions a byte at 1500 bytes, Cortex-M4 >= 1.6 and Cortex-M0+ >= 1.2 bytes a cycle, the Cortex-M0+ copy within memcpy + sum
	$(Q)$(TOP)/test/measure/count/count.sh --limits qemu-arm $<
	$(Q)$(TOP)/test/measure/count/cycles.sh --limits $(COUNT_MCU_LIMIT_RUNS)
TEST_TARGETS += count-limits
