# make count: executed-instruction counts under qemu-user, estimated cycles
# on Cortex-M under qemu-system.
#
# The checksum paths per call at 20, 40, 576 and 1500 bytes against lwIP's
# algorithms 2 and 3: fastsum's ARMv7-M and ARMv6-M paths in Thumb-2 code
# for arm-linux-gnueabihf (the limits: 0.4 and 0.8 instructions a byte at
# 1500 bytes), its AArch64 and RISC-V paths; and one IPv4 header built by
# ip4_output_if() on the patched lwIP 2.2.1, inline vs through inet_chksum().
# test/count/count.sh counts; the table goes to build/count/count.md and the
# target fails over the limits; `make count-limits` (in make test) measures
# only those and the cycle targets (test/count/cycles.sh: Cortex-M4 and
# Cortex-M0+ at 1500 bytes). docs/count.md has the numbers.

PKGS_count := gcc-arm-linux-gnueabihf gcc-aarch64-linux-gnu gcc-riscv64-linux-gnu qemu-user \
  libc6-dev-armhf-cross libc6-dev-arm64-cross libc6-dev-riscv64-cross \
  gcc-arm-none-eabi binutils-arm-none-eabi libnewlib-arm-none-eabi
COUNT_KEY := $(firstword $(filter %2.2.1,$(LWIP_KEYS)) $(LWIP_KEYS))
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

# The checksum program for ARCH: every src/ file, lwIP's algorithms.
define count_chksum_program
$(call fastsum_lwip_algorithms,count/$1,$(COUNT_KEY),$(COUNT_CC_$1),$(COUNT_OPT))
COUNT_OBJ_$1 := $(patsubst %.c,$(COUNT_DIR)/$1/obj/%.o,$(FASTSUM_SRC) test/count/count_chksum.c)
$$(COUNT_OBJ_$1): $(COUNT_DIR)/$1/obj/%.o: %.c
	@mkdir -p $$(@D)
	$$(Q)$(COUNT_CC_$1) $(COUNT_OPT) $(WARN_CFLAGS) -Isrc/include -MMD -MP -c $$< -o $$@
$(COUNT_DIR)/$1/count_chksum: $$(COUNT_OBJ_$1) $$(count/$1_LWIP_ALGS)
	$$(Q)$(COUNT_CC_$1) -static -o $$@ $$^
-include $$(COUNT_OBJ_$1:.o=.d)
endef
$(foreach a,$(COUNT_ARCHS),$(eval $(call count_chksum_program,$a)))

# The IPv4 output program (Thumb-2), three builds of the patched tree:
#   $(call count_ip4,NAME,INCLUDES,PROJECT_SRC)
define count_ip4
count/ip4-$1_CC := $(COUNT_CC_arm)
count/ip4-$1_AR := $(COUNT_TRIPLET_arm)-ar
$(call lwip_program,count/ip4-$1,$(COUNT_KEY),$(LWIP_PATCHED_TREE_$(COUNT_KEY)),$(LWIP_PATCHED_READY_$(COUNT_KEY)),\
  $2 -I$(TOP)/test/count,,test/count/count_ip4.c $3,$(COUNT_OPT),-static)
endef
$(eval $(call count_ip4,inline,-I$(TOP)/lwip-port/variants/inline-on))
$(eval $(call count_ip4,call,-I$(TOP)/lwip-port/variants/inline-off))
$(eval $(call count_ip4,call-fastsum,-I$(TOP)/lwip-port/variants/inline-off -I$(TOP)/lwip-port/variants/fastsum -I$(TOP)/src/include,$(FASTSUM_SRC)))

COUNT_IP4_PROGS := $(foreach v,inline call call-fastsum,$(BUILD)/count/ip4-$v/prog)

# Cycles on Cortex-M: the checksum program built bare metal for each core
# (mk/baremetal.mk's compilers and boards) with picolibc's speed-optimized
# build, its instruction trace priced by test/count/cycles.awk; on the
# ESP8266's lx106 executed instructions. No unaligned-access trap here (the
# C library's memcpy relies on unaligned halfwords): only lx106 links its
# start-up file.
COUNT_MCU_CORES := cortex-m0plus cortex-m3 cortex-m4 lx106
count_mcu_cc = $(call baremetal_cc,$1) $(BAREMETAL_PICOLIBC_SPEED)
define count_mcu_program
$(call fastsum_lwip_algorithms,count/mcu-$1,$(COUNT_KEY),$(call count_mcu_cc,$1),$(COUNT_OPT))
COUNT_MCU_OBJ_$1 := $(patsubst %.c,$(COUNT_DIR)/mcu-$1/obj/%.o,$(FASTSUM_SRC) test/count/count_chksum.c)
$$(COUNT_MCU_OBJ_$1): $(COUNT_DIR)/mcu-$1/obj/%.o: %.c
	@mkdir -p $$(@D)
	$$(Q)$(call count_mcu_cc,$1) $(COUNT_OPT) $(WARN_CFLAGS) -Isrc/include -MMD -MP -c $$< -o $$@
$(COUNT_DIR)/mcu-$1/count_chksum: $$(COUNT_MCU_OBJ_$1) $$(count/mcu-$1_LWIP_ALGS) $(if $(BAREMETAL_BOARD_$1),$(call baremetal_board,$1))
	$$(Q)$(call count_mcu_cc,$1) $(call baremetal_ldflags,$1) -o $$@ $$^
-include $$(COUNT_MCU_OBJ_$1:.o=.d)
endef
$(foreach c,$(COUNT_MCU_CORES),$(eval $(call count_mcu_program,$c)))
COUNT_MCU_RUNS := $(foreach c,$(COUNT_MCU_CORES),$c $(BAREMETAL_MACHINE_$c) $(COUNT_DIR)/mcu-$c/count_chksum)
COUNT_MCU_LIMIT_RUNS := $(foreach c,cortex-m0plus cortex-m4,$c $(BAREMETAL_MACHINE_$c) $(COUNT_DIR)/mcu-$c/count_chksum)

.PHONY: count count-limits
count: $(COUNT_IP4_PROGS) $(foreach a,$(COUNT_ARCHS),$(COUNT_DIR)/$a/count_chksum) $(foreach c,$(COUNT_MCU_CORES),$(COUNT_DIR)/mcu-$c/count_chksum) ## executed instructions per checksum call and per IPv4 header under qemu, cycles on Cortex-M (build/count/count.md, cycles.md)
	$(Q)COUNT_BUILDS='$(COUNT_BUILDS)' $(TOP)/test/count/count.sh $(COUNT_DIR)/count.md $(COUNT_IP4_PROGS) \
	  $(foreach a,$(COUNT_ARCHS),qemu-$a $(COUNT_DIR)/$a/count_chksum)
	$(Q)$(TOP)/test/count/cycles.sh $(COUNT_DIR)/cycles.md $(COUNT_MCU_RUNS)

.PHONY: count-cycles
count-cycles: $(foreach c,$(COUNT_MCU_CORES),$(COUNT_DIR)/mcu-$c/count_chksum) ## only the Cortex-M cycle table (build/count/cycles.md)
	$(Q)$(TOP)/test/count/cycles.sh $(COUNT_DIR)/cycles.md $(COUNT_MCU_RUNS)

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
count-limits: $(COUNT_DIR)/arm/count_chksum $(COUNT_MCU_OBJ) $(foreach c,cortex-m0plus cortex-m4,$(COUNT_DIR)/mcu-$c/count_chksum) ## assert ARMv7-M <= 0.4 and ARMv6-M <= 0.8 instructions a byte at 1500 bytes, Cortex-M4 >= 1.6 and Cortex-M0+ >= 1.2 bytes a cycle
	$(Q)$(TOP)/test/count/count.sh --limits qemu-arm $<
	$(Q)$(TOP)/test/count/cycles.sh --limits $(COUNT_MCU_LIMIT_RUNS)
TEST_TARGETS += count-limits
