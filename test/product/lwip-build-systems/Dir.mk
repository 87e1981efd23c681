# SPDX-License-Identifier: BSD-3-Clause
# lwIP's own build systems with fastsum, as docs/fastsum.md says, on a copy
# of each patched tree that has them (2.2 on; lwIP 2.1 kept contrib/ in a
# repository of its own). test/product/lwip-build-systems/run.sh takes the
# recipe's blocks and commands from docs/fastsum.md.
#   make lwip-build-systems  lwIP's Make and CMake unit-test runners
#                            (contrib/ports/unix/check)
#   make lwip-iteropts       lwIP's option CI, iteropts.sh over every
#                            test_configs/*.h, with fastsum and without
#                            (28 builds of lwIP's example app)
# Both are part of make test.

PKGS_lwip-build-systems := cmake ninja-build binutils bash
GOAL_AREAS_lwip-build-systems := host patches lwip-build-systems
GOAL_AREAS_lwip-iteropts := host patches lwip-build-systems
# lwIP's trees from 2.2 on; not a vendor's (mk/lwip.mk), whose contrib/ is
# the vendor's and need not build with lwIP's flags (NXP's
# mcux_release_2.13.0 does not).
LWIP_BUILD_SYSTEMS_KEYS := $(foreach k,$(LWIP_KEYS),$(if $(filter 2.1.%,$(LWIP_VERSION_$k))$(LWIP_VENDOR_$k),,$k))

# lwIP's own Makefiles share make's job slots ($(RECURSE), mk/config.mk).
define lwip_build_systems
.PHONY: lwip-build-systems-$1 lwip-iteropts-$1
lwip-build-systems-$1: $(LWIP_READY_$1-patched)
	$(RECURSE)$(Q)$(TOP)/test/product/lwip-build-systems/run.sh $(LWIP_TREE_$1-patched) $(BUILD)/lwip-build-systems/$1 runners
lwip-iteropts-$1: $(LWIP_READY_$1-patched)
	$(RECURSE)$(Q)$(TOP)/test/product/lwip-build-systems/run.sh $(LWIP_TREE_$1-patched) $(BUILD)/lwip-build-systems/$1-iteropts iteropts
endef
$(foreach k,$(LWIP_BUILD_SYSTEMS_KEYS),$(eval $(call lwip_build_systems,$k)))

.PHONY: lwip-build-systems lwip-iteropts
lwip-build-systems: $(addprefix lwip-build-systems-,$(LWIP_BUILD_SYSTEMS_KEYS)) ## lwIP's own Make and CMake unit-test runners with fastsum, as docs/fastsum.md says
lwip-iteropts: $(addprefix lwip-iteropts-,$(LWIP_BUILD_SYSTEMS_KEYS)) ## lwIP's iteropts.sh over every option configuration, with and without fastsum
TEST_TARGETS += lwip-build-systems lwip-iteropts
