# SPDX-License-Identifier: BSD-3-Clause
# Tests of the build itself.
#
# Flags are part of the build: a change of OPT_CFLAGS or CC must reach the
# compiler command of every object built before (mk/config.mk's flags
# stamps), and unchanged flags must rebuild nothing. The test builds in a
# directory of its own, against the default lwIP tree.

GOAL_AREAS_build-flags-test := host

.PHONY: build-flags-test
build-flags-test: $(LWIP_READY_$(LWIP_DEFAULT)) ## check that a change of OPT_CFLAGS or CC rebuilds with the new flags
	$(RECURSE)$(Q)MAKE="$(MAKE_COMMAND)" $(TOP)/test/build/flags/flags-test.sh $(BUILD)/flags-test $(LWIP_TREE_$(LWIP_DEFAULT))
TEST_TARGETS += build-flags-test
