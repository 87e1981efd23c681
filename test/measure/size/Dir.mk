# SPDX-License-Identifier: BSD-3-Clause
# make size: code size on bare-metal cores, on the lwIP 2.2.1 tree of the
# cross tests (CROSS_TREE); size-table.sh writes build/size/size.md.
#
# Every object at -Os and -O2 for each core, with the bare-metal port of
# lwip-port/baremetal/ (freestanding: no C library calls beyond memcpy/memset):
#   ip4, ip4_frag, icmp    pristine vs patched lwIP 2.2.1 (inline on)
#   inet_chksum alg2/alg3  lwIP's checksum file, LWIP_CHKSUM_ALGORITHM 2 or 3
#   fastsum                every src/ file, as one relocatable object
# and what LWIP_CHKSUM costs in a firmware: lwip_standard_chksum (alg 2, 3)
# or fastsum_chksum linked alone with --gc-sections; and per-patch.sh, the
# three lwIP objects' text after each patch of the series on SIZE_PATCH_CORES.
PKGS_size := gcc-arm-none-eabi binutils-arm-none-eabi libnewlib-arm-none-eabi \
  gcc-riscv64-unknown-elf binutils-riscv64-unknown-elf gcc-xtensa-lx106 binutils-xtensa-lx106 \
  picolibc-xtensa-lx106-elf
GOAL_AREAS_size := host patches size
SIZE_CORES := cortex-m0 cortex-m3 cortex-m4 cortex-m7 rv32imc lx106
SIZE_OPTS := Os O2
SIZE_CC_cortex-m0 := arm-none-eabi-gcc -mcpu=cortex-m0 -mthumb
SIZE_CC_cortex-m3 := arm-none-eabi-gcc -mcpu=cortex-m3 -mthumb
SIZE_CC_cortex-m4 := arm-none-eabi-gcc -mcpu=cortex-m4 -mthumb
SIZE_CC_cortex-m7 := arm-none-eabi-gcc -mcpu=cortex-m7 -mthumb
# No C library with this compiler: freestanding/ has the <string.h> lwIP needs.
SIZE_CC_rv32imc := riscv64-unknown-elf-gcc -march=rv32imc -mabi=ilp32 -I$(TOP)/lwip-port/baremetal/freestanding
SIZE_TOOL_rv32imc := riscv64-unknown-elf-size
# ESP8266 (Xtensa lx106): the portable C path; no C library either. GCC
# calls memcpy there for the C path's 2-byte copies, so its link takes
# picolibc's memcpy (SIZE_LINK_LIBS), which a firmware has anyway.
SIZE_CC_lx106 := xtensa-lx106-elf-gcc -I$(TOP)/lwip-port/baremetal/freestanding
SIZE_TOOL_lx106 := xtensa-lx106-elf-size
SIZE_LINK_LIBS_lx106 := -L/usr/lib/xtensa-lx106-elf/lib -lc
$(foreach c,$(filter cortex-m%,$(SIZE_CORES)),$(eval SIZE_TOOL_$c := arm-none-eabi-size))
SIZE_CFLAGS := -ffreestanding -ffunction-sections -fdata-sections $(WARN_CFLAGS) -I$(TOP)/lwip-port/baremetal -I$(TOP)/lwip-port/common
SIZE_PORT := $(wildcard lwip-port/baremetal/*.h lwip-port/baremetal/*/*.h lwip-port/common/*.h)
SIZE_LWIP_FILES := ip4 ip4_frag icmp
SIZE_OBJECTS := $(foreach f,$(SIZE_LWIP_FILES),$f-stock $f-patched) inet_chksum-alg2 inet_chksum-alg3 fastsum
SIZE_LINKED := chksum-alg2 chksum-alg3 chksum-fastsum
SIZE_PATCH_CORES := cortex-m0 cortex-m4 rv32imc lx106

# $(call size_core,CORE,OPT): the objects and links of one column.
define size_core
SIZE_DIR_$1_$2 := $(BUILD)/size/$2/$1
size_cc_$1_$2 = $(SIZE_CC_$1) -$2 $(SIZE_CFLAGS)
$(BUILD)/size/$2/$1/%-stock.o: $(LWIP_READY_$(LWIP_DEFAULT)) $(SIZE_PORT)
	@mkdir -p $$(@D)
	$$(Q)$$(size_cc_$1_$2) -I$(LWIP_TREE_$(LWIP_DEFAULT))/src/include -c $(LWIP_TREE_$(LWIP_DEFAULT))/src/core/ipv4/$$*.c -o $$@
$(BUILD)/size/$2/$1/%-patched.o: $(LWIP_READY_$(LWIP_DEFAULT)-patched) $(SIZE_PORT)
	@mkdir -p $$(@D)
	$$(Q)$$(size_cc_$1_$2) -I$(LWIP_TREE_$(LWIP_DEFAULT)-patched)/src/include -c $(LWIP_TREE_$(LWIP_DEFAULT)-patched)/src/core/ipv4/$$*.c -o $$@
$(BUILD)/size/$2/$1/inet_chksum-alg%.o: $(LWIP_READY_$(LWIP_DEFAULT)) $(SIZE_PORT)
	@mkdir -p $$(@D)
	$$(Q)$$(size_cc_$1_$2) -DLWIP_CHKSUM_ALGORITHM=$$* -I$(LWIP_TREE_$(LWIP_DEFAULT))/src/include -c $(LWIP_TREE_$(LWIP_DEFAULT))/src/core/inet_chksum.c -o $$@
$(BUILD)/size/$2/$1/fastsum.o: $(FASTSUM_SRC) $(FASTSUM_HEADERS)
	@mkdir -p $$(@D)/fastsum
	$$(Q)for f in $(FASTSUM_SRC); do $$(size_cc_$1_$2) -I$(TOP)/src/include -c $$$$f -o $$(@D)/fastsum/$$$$(basename $$$$f .c).o || exit 1; done
	$$(Q)$$(size_cc_$1_$2) -r -nostdlib -o $$@ $$(@D)/fastsum/*.o
# Linked alone from the function LWIP_CHKSUM names: what a firmware pays.
$(BUILD)/size/$2/$1/chksum-alg%.elf: $(BUILD)/size/$2/$1/inet_chksum-alg%.o
	$$(Q)$$(size_cc_$1_$2) -nostdlib -Wl,--gc-sections -Wl,-e,lwip_standard_chksum -o $$@ $$< -lgcc
$(BUILD)/size/$2/$1/chksum-fastsum.elf: $(BUILD)/size/$2/$1/fastsum.o
	$$(Q)$$(size_cc_$1_$2) -nostdlib -Wl,--gc-sections -Wl,-e,fastsum_chksum -o $$@ $$< $(SIZE_LINK_LIBS_$1) -lgcc
SIZE_FILES += $(foreach o,$(SIZE_OBJECTS),$(BUILD)/size/$2/$1/$o.o) $(foreach l,$(SIZE_LINKED),$(BUILD)/size/$2/$1/$l.elf)
endef
ifneq ($(CROSS_TREE),)
$(foreach o,$(SIZE_OPTS),$(foreach c,$(SIZE_CORES),$(eval $(call size_core,$c,$o))))
endif

.PHONY: size
size: $$(SIZE_FILES) ## code size (text/data/bss) on Cortex-M0/M3/M4/M7, rv32imc and lx106 (ESP8266), -Os and -O2: build/size/size.md
	$(Q)$(if $(CROSS_TREE),true,echo "error: make size needs lwIP 2.2.1; the tree is $(LWIP_KEYS)" >&2; exit 2)
	$(Q)$(TOP)/test/measure/size/size-table.sh $(BUILD)/size "$(SIZE_OPTS)" \
	  "$(foreach c,$(SIZE_CORES),$c=$(SIZE_TOOL_$c))" "$(SIZE_OBJECTS)" "$(SIZE_LINKED)" > $(BUILD)/size/size.md.tmp
	$(Q)echo >> $(BUILD)/size/size.md.tmp && $(TOP)/test/measure/size/per-patch.sh $(BUILD)/size/per-patch \
	  $(LWIP_TREE_$(LWIP_DEFAULT)) $(TOP)/patches/lwip-$(LWIP_VERSION_$(LWIP_DEFAULT)) \
	  $(foreach c,$(SIZE_PATCH_CORES),"$c=$(SIZE_CC_$c) -Os $(SIZE_CFLAGS)") >> $(BUILD)/size/size.md.tmp
	$(Q)mv $(BUILD)/size/size.md.tmp $(BUILD)/size/size.md && cat $(BUILD)/size/size.md
