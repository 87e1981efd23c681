# SPDX-License-Identifier: BSD-3-Clause
# Cross-architecture: every test on other CPUs under qemu-user.
#
# `make cross-test` cross-builds with Debian's cross compilers and runs under
# qemu-user, on every target in CROSS_TARGETS:
#   - lwIP's stock unit tests (patched trees), with the port options of the
#     qemu-user variant (mk/lwip.mk) and the target's list of expected
#     failures test/product/cross/<target>.xfail;
#   - the fastsum differential test, every path the target compiles;
#   - the packet tests (patched 2.2.1, inline), whose captures must equal
#     the host's byte for byte.
# docs/cross.md has the details.

PKGS_cross := gcc-sparc64-linux-gnu gcc-powerpc-linux-gnu gcc-s390x-linux-gnu \
  gcc-arm-linux-gnueabihf gcc-aarch64-linux-gnu gcc-riscv64-linux-gnu qemu-user \
  libc6-dev-sparc64-cross libc6-dev-powerpc-cross libc6-dev-s390x-cross \
  libc6-dev-armhf-cross libc6-dev-arm64-cross libc6-dev-riscv64-cross
GOAL_AREAS_cross-test := host patches cross

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
#                               expected failures (test/product/cross/TARGET.xfail)
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
cross/$t/fastsum_CFLAGS := $(FASTSUM_TEST_CFLAGS) $(CROSS_CHECK_CFLAGS_$t)
cross/$t/fastsum_LIBS := $(call lwip_algs,cross/$t/fastsum) $(CROSS_CHECK_LIBS_$t)

cross/$t/pktest-inline_LIKE := pktest/$(LWIP_DEFAULT)-inline
cross/$t/pktest-inline_TARGET := $t
cross/$t/pktest-inline_TREE := $(CROSS_TREE)
cross/$t/pktest-inline_OPTIONS := qemu-user
cross/$t/pktest-inline_CFLAGS := -I$(TOP)/test/product/pktest $(TEST_COMMON_CFLAGS) $(CROSS_LWIP_CFLAGS) $(CROSS_CHECK_CFLAGS_$t)
cross/$t/pktest-inline_LIBS := $(CROSS_CHECK_LIBS_$t)

.PHONY: cross-unit-$t
cross-unit-$t: $(BUILD)/cross/$t/unit/prog
	$(Q)env $(CROSS_CHECK_ENV) $(TOP)/test/product/cross/run-unit.sh $(TOP)/test/product/cross/$t.xfail \
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
