# Cross-architecture: cross-test under qemu-user, code size, instruction counts.
#
# `make cross-test` cross-builds with Debian's cross compilers and runs under
# qemu-user, on every target in CROSS_TARGETS:
#   - lwIP's stock unit tests (patched trees), with the port options of
#     lwip-port/cross/lwipopts.h and the target's list of expected failures
#     lwip-port/cross/<target>.xfail;
#   - the fastsum differential test, every path the target compiles;
#   - the packet tests (patched 2.2.1, inline), whose captures must equal
#     the host's byte for byte.
# docs/cross.md has the details.

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

# Check under qemu: every test in its own process, timeouts stretched.
CROSS_CHECK_ENV := CK_FORK=yes CK_TIMEOUT_MULTIPLIER=10

# A program built for TARGET (NAME_TARGET, mk/programs.mk) is compiled by
# TARGET_CC_<target>, run under qemu-user with Check's environment, once the
# target's Check is built.
$(foreach t,$(CROSS_TARGETS),\
  $(eval TARGET_CC_$t := $t-gcc $(CROSS_CFLAGS_$t))\
  $(eval TARGET_AR_$t := $t-ar)\
  $(eval TARGET_EMULATOR_$t := qemu-$(CROSS_QEMU_$t) -L /usr/$t)\
  $(eval TARGET_ENV_$t := $(CROSS_CHECK_ENV))\
  $(eval TARGET_NEEDS_$t := $(BUILD)/cross/check-$t/lib/libcheck.a)\
  $(eval CROSS_CHECK_CFLAGS_$t := -isystem $(TOP)/$(BUILD)/cross/check-$t/include)\
  $(eval CROSS_CHECK_LIBS_$t := $(BUILD)/cross/check-$t/lib/libcheck.a -lm -lrt -lpthread))
# lwIP's ip6addr_ntoa_r reads addr->addr[4], one past the end, when the last
# 16-bit block is zero and no "::" came before; where lwip_htonl is a plain
# cast (big-endian) GCC sees it and -Werror would stop the build. That is
# lwIP's code, not ours: the warning is off for the lwIP builds here.
CROSS_LWIP_CFLAGS := -Wno-array-bounds

# Every cross test runs on the patched lwIP 2.2.1 tree (Debian's or an
# LWIP_DIR one); 2.1.3's stock tests run on the host only (time budget).
CROSS_TREE := $(if $(filter 2.2.1,$(LWIP_VERSION_$(LWIP_DEFAULT))),$(LWIP_DEFAULT)-patched)

# --- Check, cross-built from Debian's source package (bookworm) -------------
# Built once per target into $(BUILD)/cross/check-<target>/{include,lib}.
CHECK_SRC := $(BUILD)/cross/check-src
$(CHECK_SRC).stamp: $(TOP)/test/product/cross/fetch-check.sh
	$(Q)$(TOP)/test/product/cross/fetch-check.sh $(BUILD) $(CHECK_SRC)
	$(Q)touch $@

$(BUILD)/cross/check-%/lib/libcheck.a: | $(CHECK_SRC).stamp
	$(Q)$(TOP)/test/product/cross/build-check.sh $(CHECK_SRC) $* $(BUILD)/cross/check-$*

# --- the tests on each target -----------------------------------------------
#   cross/TARGET/unit           lwIP's stock unit tests, run by
#                               test/product/cross/run-unit.sh against the target's
#                               expected failures (lwip-port/cross/TARGET.xfail)
#   cross/TARGET/fastsum        the differential test, every path it compiles
#   cross/TARGET/pktest-inline  the packet tests, captures equal to the host's
define cross_programs
PROGRAMS += cross/$t/unit cross/$t/fastsum cross/$t/pktest-inline
cross/$t/unit_LIKE := unit/$(LWIP_DEFAULT)-stock
cross/$t/unit_TARGET := $t
cross/$t/unit_TREE := $(CROSS_TREE)
cross/$t/unit_OPTIONS := qemu-user
cross/$t/unit_CFLAGS := $(UNITTEST_INCLUDES) $(CROSS_LWIP_CFLAGS) $(CROSS_CHECK_CFLAGS_$t)
cross/$t/unit_LIBS := $(CROSS_CHECK_LIBS_$t)

cross/$t/fastsum_LIKE := fastsum-test
cross/$t/fastsum_TARGET := $t
cross/$t/fastsum_CFLAGS := $(FASTSUM_TEST_CFLAGS) -DFASTSUM_TEST_CHECK $(CROSS_CHECK_CFLAGS_$t)
cross/$t/fastsum_LIBS := $(call lwip_algs,cross/$t/fastsum) $(CROSS_CHECK_LIBS_$t)

cross/$t/pktest-inline_LIKE := pktest/$(LWIP_DEFAULT)-inline
cross/$t/pktest-inline_TARGET := $t
cross/$t/pktest-inline_TREE := $(CROSS_TREE)
cross/$t/pktest-inline_OPTIONS := qemu-user
cross/$t/pktest-inline_CFLAGS := -I$(TOP)/test/product/pktest $(TEST_COMMON_CFLAGS) $(CROSS_LWIP_CFLAGS) $(CROSS_CHECK_CFLAGS_$t)
cross/$t/pktest-inline_LIBS := $(CROSS_CHECK_LIBS_$t)

.PHONY: cross-unit-$t
cross-unit-$t: $(BUILD)/cross/$t/unit/prog
	$(Q)env $(CROSS_CHECK_ENV) $(TOP)/test/product/cross/run-unit.sh $(TOP)/lwip-port/cross/$t.xfail \
	  $(BUILD)/cross/$t/unit $(TARGET_EMULATOR_$t)
CAPTURE_COMPARISONS += cross-pktest-$t
cross-pktest-$t_CAPTURES := pktest/$(LWIP_DEFAULT)-inline cross/$t/pktest-inline
CROSS_TESTS += cross-unit-$t run-cross/$t/fastsum cross-pktest-$t
endef
ifneq ($(CROSS_TREE),)
$(foreach t,$(CROSS_TARGETS),$(eval $(cross_programs)))
endif

.PHONY: cross-test
TEST_TARGETS += cross-test
cross-test: $$(CROSS_TESTS) ## cross-build for six CPUs and run every test under qemu-user
	@echo "cross-test: $(if $(CROSS_TREE),all passed on $(CROSS_TARGETS),not run: it needs lwIP 2.2.1 and the tree is $(LWIP_KEYS))"

# --- make size: code size on bare-metal cores ---------------------------------
# Every object at -Os and -O2 for each core, with the bare-metal port of
# lwip-port/baremetal/ (freestanding: no C library calls beyond memcpy/memset):
#   ip4, ip4_frag, icmp    pristine vs patched lwIP 2.2.1 (inline on)
#   inet_chksum alg2/alg3  lwIP's checksum file, LWIP_CHKSUM_ALGORITHM 2 or 3
#   fastsum                every src/ file, as one relocatable object
# and what LWIP_CHKSUM costs in a firmware: lwip_standard_chksum (alg 2, 3)
# or fastsum_chksum linked alone with --gc-sections.
PKGS_size := gcc-arm-none-eabi binutils-arm-none-eabi libnewlib-arm-none-eabi \
  gcc-riscv64-unknown-elf binutils-riscv64-unknown-elf gcc-xtensa-lx106 binutils-xtensa-lx106 \
  picolibc-xtensa-lx106-elf
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
	$(Q)mv $(BUILD)/size/size.md.tmp $(BUILD)/size/size.md && cat $(BUILD)/size/size.md
