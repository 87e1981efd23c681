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
# The cores' compilers, boards and start-up files are in mk/targets.mk;
# docs/cross.md has the details.

GOAL_AREAS_baremetal-test := host patches baremetal

# The differential test for each core, baremetal/CORE/fastsum (mk/programs.mk),
# without Check (mk/templates.mk), run through test/product/baremetal/run.sh.
# Each core names the paths and fused copies it must test (FASTSUM_TEST_PATHS).
BAREMETAL_PATHS_ARMV7M := portable (+copy) armv7m (+copy) armv6m (+copy)
BAREMETAL_PATHS_cortex-m0 := portable (+copy) armv6m (+copy)
BAREMETAL_PATHS_cortex-m3 := $(BAREMETAL_PATHS_ARMV7M)
BAREMETAL_PATHS_cortex-m4 := $(BAREMETAL_PATHS_ARMV7M)
BAREMETAL_PATHS_cortex-m7 := $(BAREMETAL_PATHS_ARMV7M)
BAREMETAL_PATHS_cortex-m33 := $(BAREMETAL_PATHS_ARMV7M)
BAREMETAL_PATHS_rv32imc := portable (+copy) riscv
BAREMETAL_PATHS_lx106 := portable (+copy) xtensa
define baremetal_program
PROGRAMS += baremetal/$c/fastsum
baremetal/$c/fastsum_CC := $(call baremetal_cc,$c)
baremetal/$c/fastsum_SRCS := $(FASTSUM_TEST_NOCHECK_SRCS)
baremetal/$c/fastsum_LWIP_ALGS := $(LWIP_DEFAULT)
baremetal/$c/fastsum_CFLAGS := $(FASTSUM_TEST_NOCHECK_CFLAGS) -DFASTSUM_TEST_MCU \
  -DFASTSUM_TEST_PATHS='"$(BAREMETAL_PATHS_$c)"'
baremetal/$c/fastsum_LIBS := $(call baremetal_board,$c) $(call baremetal_ldflags,$c)
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
baremetal/x86_64/fastsum_CC = $(BAREMETAL_CC_x86_64)
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
# packet test (test/product/pktest/, PKTEST_SRC: the same harness and tests) on
# the patched lwIP, inline (the series' defaults) and call (every header
# checksum from inet_chksum), with test/product/common/nocheck/ for Check: each
# test starts from the same state, as Check's forked tests do. Captures go
# to the build directory through semihosting and are compared byte for byte
# with the host build's (a capture comparison, mk/programs.mk). The Cortex-M0
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
