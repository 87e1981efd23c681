# SPDX-License-Identifier: BSD-3-Clause
# lwIP's own builds with fastsum, as docs/fastsum.md says: lwIP's Make and
# CMake unit-test runners (contrib/ports/unix/check) and its option CI
# (contrib/ports/unix/example_app/iteropts.sh over every test_configs/*.h,
# with and without fastsum), on copies of each patched tree that has them
# (2.2 on; lwIP 2.1 kept contrib/ in a repository of its own).
# test/lwip-builds/run.sh takes the recipe's blocks from docs/fastsum.md.

PKGS_lwip-builds := cmake ninja-build binutils bash
GOAL_AREAS_lwip-builds := host patches lwip-builds
LWIP_BUILDS_KEYS := $(foreach k,$(LWIP_KEYS),$(if $(filter 2.1.%,$(LWIP_VERSION_$k)),,$k))

# lwIP's own Makefiles use make's jobserver (`+`).
define lwip_builds
.PHONY: lwip-builds-$1
lwip-builds-$1: $(LWIP_PATCHED_READY_$1)
	+$(Q)$(TOP)/test/lwip-builds/run.sh $(LWIP_PATCHED_TREE_$1) $(BUILD)/lwip-builds/$1
endef
$(foreach k,$(LWIP_BUILDS_KEYS),$(eval $(call lwip_builds,$k)))

.PHONY: lwip-builds
lwip-builds: $(addprefix lwip-builds-,$(LWIP_BUILDS_KEYS)) ## lwIP's own Make/CMake unit-test runners and iteropts.sh with fastsum, as docs/fastsum.md says
TEST_TARGETS += lwip-builds
