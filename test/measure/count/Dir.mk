# SPDX-License-Identifier: BSD-3-Clause
# make count: executed-instruction counts under qemu-user, estimated cycles
# on Cortex-M and instructions on rv32imc and lx106 under qemu-system.
#
# The checksum paths per call at 20, 40, 576 and 1500 bytes against lwIP's
# algorithms 2 and 3: fastsum's ARMv7-M and ARMv6-M paths in Thumb-2 code
# for arm-linux-gnueabihf, its AArch64 and RISC-V paths; and one IPv4
# header built by ip4_output_if() on the patched lwIP 2.2.1, inline vs
# through inet_chksum(). count.sh counts (build/count/count.md), cycles.sh
# on the bare-metal cores (cycles.md); both fail where fastsum_chksum_copy
# executes more instructions (on Cortex-M0+ also cycles) than memcpy plus
# the path's sum on AArch64, RISC-V, ARMv6-M and Xtensa. limits.sh asserts
# the limits (limits.md): `make count-limits`, in make test, runs it and
# the Cortex-M0+ copy bound. docs/count.md says what is counted and how.

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

# The checksum program per ARCH, count/ARCH, and per bare-metal core below,
# count/mcu-CORE: every src/ file, the table of paths, lwIP's algorithms
# (NAME_LWIP_ALGS, mk/programs.mk).
# $(call count_chksum_program,NAME,CC,LIBS)
define count_chksum_program
PROGRAMS += $1
$1_SRCS := $(FASTSUM_SRC) $(FASTSUM_IMPLS_SRC) test/measure/count/count_chksum.c
$1_LWIP_ALGS := $(LWIP_DEFAULT)
$1_CC := $2
$1_CFLAGS := $(COUNT_OPT) $(FASTSUM_PRIVATE_CFLAGS)
$1_LIBS := $3
endef
$(foreach a,$(COUNT_ARCHS),$(eval $(call count_chksum_program,count/$a,$(COUNT_CC_$a),-static)))
COUNT_CHKSUM_PROGS := $(foreach a,$(COUNT_ARCHS),$(BUILD)/count/$a/prog)

# The IPv4 output program (Thumb-2), three builds of the patched tree:
# inline, through inet_chksum(), through fastsum_chksum.
# $(call count_ip4_program,NAME,OPTIONS,SRCS,CFLAGS)
define count_ip4_program
PROGRAMS += $1
$1_TREE := $(LWIP_DEFAULT)-patched
$1_SRCS := test/measure/count/count_ip4.c $3
$1_OPTIONS := $2
$1_CFLAGS := $(strip $4 -I$(TOP)/test/measure/count $(COUNT_OPT))
$1_CC := $(COUNT_CC_arm)
$1_AR := $(COUNT_TRIPLET_arm)-ar
$1_LIBS := -static
endef
$(eval $(call count_ip4_program,count/ip4-inline,inline-on))
$(eval $(call count_ip4_program,count/ip4-call,inline-off))
$(eval $(call count_ip4_program,count/ip4-call-fastsum,inline-off,$(FASTSUM_SRC),\
  -I$(TOP)/lwip-port/fastsum -I$(TOP)/src/include))

COUNT_IP4_PROGS := $(foreach v,inline call call-fastsum,$(BUILD)/count/ip4-$v/prog)

# Cycles on Cortex-M: the checksum program, count/mcu-CORE, built bare metal
# for each core (mk/targets.mk's compilers and boards) with picolibc's
# speed-optimized build, its instruction trace priced by
# test/measure/count/cycles.awk; on rv32imc and the ESP8266's lx106 executed
# instructions. No unaligned-access trap here (the C library's memcpy relies
# on unaligned halfwords): only lx106 links its start-up file.
COUNT_MCU_CORES := cortex-m0plus cortex-m3 cortex-m4 rv32imc lx106
$(foreach c,$(COUNT_MCU_CORES),$(eval $(call count_chksum_program,count/mcu-$c,\
  $(call baremetal_cc,$c) $(BAREMETAL_PICOLIBC_SPEED),\
  $(if $(BAREMETAL_BOARD_$c),$(call baremetal_board,$c)) $(call baremetal_ldflags,$c))))
COUNT_MCU_PROGS := $(foreach c,$(COUNT_MCU_CORES),$(BUILD)/count/mcu-$c/prog)
COUNT_MCU_RUNS := $(foreach c,$(COUNT_MCU_CORES),$c $(BAREMETAL_MACHINE_$c) $(BUILD)/count/mcu-$c/prog)

# The limits (test/measure/count/limits.sh): on each core below, the paths
# execute no more instructions than the better of lwIP's algorithms 2 and 3
# at 20 to 1500 bytes (Cortex-M: no more estimated cycles either): the
# paths fastsum_chksum takes on each core, and the portable C on Thumb-2
# (what a core without an assembly path runs); the per-byte limits and
# cycle targets at 1500 bytes. A core is its qemu-user program
# (COUNT_ARCHS) or its bare-metal one (COUNT_MCU_CORES).
COUNT_LIMIT_CORES := arm aarch64 riscv64 rv32imc lx106 cortex-m0plus cortex-m3 cortex-m4
COUNT_LIMIT_PATHS_arm := armv7m,armv6m,portable
COUNT_LIMIT_PATHS_aarch64 := aarch64
COUNT_LIMIT_PATHS_riscv64 := riscv
COUNT_LIMIT_PATHS_rv32imc := riscv
COUNT_LIMIT_PATHS_lx106 := xtensa
COUNT_LIMIT_PATHS_cortex-m0plus := armv6m
COUNT_LIMIT_PATHS_cortex-m3 := armv7m,portable
COUNT_LIMIT_PATHS_cortex-m4 := armv7m,portable
count_prog = $(BUILD)/count/$(if $(filter $1,$(COUNT_ARCHS)),$1,mcu-$1)/prog
COUNT_LIMIT_PROGS := $(foreach c,$(COUNT_LIMIT_CORES),$(call count_prog,$c))
COUNT_LIMIT_RUNS := $(foreach c,$(COUNT_LIMIT_CORES),\
  $c $(or $(BAREMETAL_MACHINE_$c),user) $(call count_prog,$c) $(COUNT_LIMIT_PATHS_$c))
COUNT_COPY_BOUND_RUN := cortex-m0plus $(BAREMETAL_MACHINE_cortex-m0plus) $(call count_prog,cortex-m0plus)

.PHONY: count count-limits
count: $(COUNT_IP4_PROGS) $(COUNT_CHKSUM_PROGS) $(COUNT_MCU_PROGS) ## executed instructions per checksum call and per IPv4 header under qemu, cycles on Cortex-M, the limits (build/count/count.md, cycles.md, limits.md)
	$(Q)COUNT_BUILDS='$(COUNT_BUILDS)' $(TOP)/test/measure/count/count.sh $(COUNT_DIR)/count.md $(COUNT_IP4_PROGS) \
	  $(foreach a,$(COUNT_ARCHS),qemu-$a $(BUILD)/count/$a/prog)
	$(Q)$(TOP)/test/measure/count/cycles.sh $(COUNT_DIR)/cycles.md $(COUNT_MCU_RUNS)
	$(Q)$(TOP)/test/measure/count/limits.sh --report $(COUNT_DIR)/limits.md $(COUNT_LIMIT_RUNS)

.PHONY: count-cycles
count-cycles: $(COUNT_MCU_PROGS) ## only the table of the bare-metal cores (build/count/cycles.md)
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
count-limits: $(COUNT_LIMIT_PROGS) $(COUNT_MCU_OBJ) ## assert the paths' limits (no more instructions than lwIP's algorithms; per byte, per cycle) and the Cortex-M0+ copy within memcpy + sum
	$(Q)$(TOP)/test/measure/count/limits.sh --report $(COUNT_DIR)/limits.md $(COUNT_LIMIT_RUNS)
	$(Q)$(TOP)/test/measure/count/cycles.sh --limits $(COUNT_COPY_BOUND_RUN)
TEST_TARGETS += count-limits
