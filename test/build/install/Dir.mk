# SPDX-License-Identifier: BSD-3-Clause
# make install-test: installs into a temporary root (its own build folder:
# nothing of lwIP may be fetched), builds the consumer of this folder three
# ways (run.sh), uninstalls.

PKGS_install := cmake ninja-build pkg-config
GOAL_AREAS_install-test := host install

.PHONY: install-test
install-test: ## make install into a temporary root, build a consumer with pkg-config, find_package and Filelists.cmake, uninstall
	$(RECURSE)$(Q)MAKE="$(MAKE_COMMAND)" $(TOP)/test/build/install/run.sh $(TOP)/$(BUILD)/install-test
TEST_TARGETS += install-test
