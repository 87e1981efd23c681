# SPDX-License-Identifier: BSD-3-Clause
# Cross-architecture: every test on other CPUs under qemu-user.
#
# `make cross-test` cross-builds with Debian's cross compilers and runs under
# qemu-user (mk/targets.mk), on every target in CROSS_TARGETS, on the tree
# CROSS_TREE (the patched lwIP 2.2.1):
#   cross/TARGET/unit           lwIP's stock unit tests with the port
#                               options of the variant qemu-user (mk/lwip.mk),
#                               run by run-unit.sh against the target's
#                               expected failures, test/product/cross/TARGET.xfail;
#   cross/TARGET/fastsum        the fastsum differential test, every path
#                               the target compiles;
#   cross/TARGET/pktest-inline  the packet tests (inline), whose captures
#                               must equal the host's byte for byte.
# docs/cross.md has the details.

GOAL_AREAS_cross-test := host patches cross

define cross_programs
$(call lwip_unit_program,cross/$t/unit,$(CROSS_TREE),qemu-user,$(CROSS_LWIP_CFLAGS),,$t)
$(call fastsum_test_program,cross/$t/fastsum,$t)
$(call pktest_program,cross/$t/pktest-inline,$(CROSS_TREE),qemu-user,$(CROSS_LWIP_CFLAGS),$t)

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
