# SPDX-License-Identifier: BSD-3-Clause
# lwIP's own builds with fastsum, as docs/fastsum.md says, on a copy of each
# patched tree that has them (2.2 on; lwIP 2.1 kept contrib/ in a repository
# of its own). test/product/lwip-builds/run.sh takes the recipe's blocks and commands
# from docs/fastsum.md.
#   make lwip-builds           lwIP's Make and CMake unit-test runners
#                              (contrib/ports/unix/check)
#   make lwip-builds-iteropts  lwIP's option CI, iteropts.sh over every
#                              test_configs/*.h, with fastsum and without
#                              (28 builds of lwIP's example app)
# Both are part of make test.

PKGS_lwip-builds := cmake ninja-build binutils bash
GOAL_AREAS_lwip-builds := host patches lwip-builds
GOAL_AREAS_lwip-builds-iteropts := host patches lwip-builds
# lwIP's trees from 2.2 on; not a vendor's (mk/lwip.mk), whose contrib/ is
# the vendor's and need not build with lwIP's flags (NXP's
# mcux_release_2.13.0 does not).
LWIP_BUILDS_KEYS := $(foreach k,$(LWIP_KEYS),$(if $(filter 2.1.%,$(LWIP_VERSION_$k))$(LWIP_VENDOR_$k),,$k))

# lwIP's own Makefiles share make's job slots ($(RECURSE), mk/config.mk).
define lwip_builds
.PHONY: lwip-builds-$1 lwip-builds-iteropts-$1
lwip-builds-$1: $(LWIP_READY_$1-patched)
	$(RECURSE)$(Q)$(TOP)/test/product/lwip-builds/run.sh $(LWIP_TREE_$1-patched) $(BUILD)/lwip-builds/$1 runners
lwip-builds-iteropts-$1: $(LWIP_READY_$1-patched)
	$(RECURSE)$(Q)$(TOP)/test/product/lwip-builds/run.sh $(LWIP_TREE_$1-patched) $(BUILD)/lwip-builds/$1-iteropts iteropts
endef
$(foreach k,$(LWIP_BUILDS_KEYS),$(eval $(call lwip_builds,$k)))

.PHONY: lwip-builds lwip-builds-iteropts
lwip-builds: $(addprefix lwip-builds-,$(LWIP_BUILDS_KEYS)) ## lwIP's own Make and CMake unit-test runners with fastsum, as docs/fastsum.md says
lwip-builds-iteropts: $(addprefix lwip-builds-iteropts-,$(LWIP_BUILDS_KEYS)) ## lwIP's iteropts.sh over every option configuration, with and without fastsum
TEST_TARGETS += lwip-builds lwip-builds-iteropts
