# SPDX-License-Identifier: BSD-3-Clause
# Interop on a microcontroller: the interop run (test/product/interop/run.sh,
# one link) with contrib/mps2demo in place of tapdemo: the patched lwIP with
# fastsum bare metal on an MPS2 board under qemu-system-arm, behind the
# board's LAN9118 Ethernet controller, the board's TAP device in the
# kernel's namespace (docs/interop.md). test/product/interop-mcu/qemu.sh
# starts the board the way run.sh starts tapdemo; after a passed run,
# complete-sums.sh checks by the board's report that lwIP got every frame
# with its complete sum (LWIP_CHECKSUM_CHECK_PER_PBUF) and counted no bad
# checksum. Root only, as interop: a non-root run prints one line per board
# and is skipped.
#
#   make interop-mcu                 Cortex-M3, M4 and M33 (the other lwIP versions on M3)
#   make interop-mcu-KEY-CORE        one board and lwIP version (interop-mcu-lwip-2.1.3-cortex-m4)

# The packages: baremetal's (the compiler, picolibc, qemu) and interop's.
GOAL_AREAS_interop-mcu := host patches baremetal interop

# Per core its MPS2 board: qemu's machine and the name mps2demo.c knows it by.
INTEROP_MCU_CORES := cortex-m3 cortex-m4 cortex-m33
INTEROP_MCU_BOARD_cortex-m3 := AN385
INTEROP_MCU_BOARD_cortex-m4 := AN386
INTEROP_MCU_BOARD_cortex-m33 := AN505
INTEROP_MCU_SRC := contrib/mps2demo/mps2demo.c contrib/mps2demo/lan9118if.c $(TEST_COMMON_SERVICES_SRC) $(FASTSUM_SRC) \
  $(FASTSUMNETIFFILES)

# The programs interop/mcu-KEY-CORE (mk/programs.mk): the ELF image, built
# with picolibc and the start-up of the bare-metal tests (unaligned
# accesses trap), run by qemu.sh on the core's board.
define interop_mcu_program
PROGRAMS += interop/mcu-$k-$c
interop/mcu-$k-$c_TREE := $k-patched
interop/mcu-$k-$c_SRCS := $(INTEROP_MCU_SRC)
interop/mcu-$k-$c_CFLAGS := -I$(TOP)/contrib/mps2demo -I$(TOP)/test/product/common -I$(TOP)/src/include \
  -DMPS2DEMO_$(INTEROP_MCU_BOARD_$c)
interop/mcu-$k-$c_CC := $(call baremetal_cc,$c)
interop/mcu-$k-$c_AR := arm-none-eabi-ar
interop/mcu-$k-$c_LIBS := $(call baremetal_board,$c) $(call baremetal_ldflags,$c) -Wl,--defsym=__stack_size=0x8000
interop/mcu-$k-$c_EMULATOR := $(TOP)/test/product/interop-mcu/qemu.sh $(BAREMETAL_MACHINE_$c)
endef
$(foreach k,$(LWIP_KEYS),$(foreach c,$(INTEROP_MCU_CORES),$(eval $(interop_mcu_program))))

INTEROP_MCU_RUNS := $(foreach k,$(LWIP_KEYS),$(foreach c,$(INTEROP_MCU_CORES),interop-mcu-$k-$c))
.PHONY: interop-mcu $(INTEROP_MCU_RUNS)
$(INTEROP_MCU_RUNS): interop-mcu-%: $(BUILD)/interop/mcu-%/prog
	$(Q)rc=0; INTEROP_EMULATOR='$(interop/mcu-$*_EMULATOR)' \
	  $(TOP)/test/product/interop/run.sh -1 $< $(BUILD)/interop/mcu-$*/run || rc=$$?; \
	  [ $$rc = 0 ] || [ $$rc = 77 ] || exit $$rc; \
	  [ $$rc = 77 ] || $(TOP)/test/product/interop-mcu/complete-sums.sh $(BUILD)/interop/mcu-$*/run

# make interop-mcu: every board on the default lwIP version, the other
# versions on the first board.
INTEROP_MCU_TEST_RUNS := $(foreach c,$(INTEROP_MCU_CORES),interop-mcu-$(LWIP_DEFAULT)-$c) \
  $(foreach k,$(filter-out $(LWIP_DEFAULT),$(LWIP_KEYS)),interop-mcu-$k-$(firstword $(INTEROP_MCU_CORES)))
interop-mcu: $(INTEROP_MCU_TEST_RUNS) ## lwIP bare metal on MPS2 boards (Cortex-M3, M4, M33) under qemu, the board's LAN9118 on a TAP device: the interop run on one link, checksums by tshark (root)
TEST_TARGETS += interop-mcu
