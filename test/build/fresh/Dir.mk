# SPDX-License-Identifier: BSD-3-Clause
# make fresh-test: the README on a bare Debian machine. test/build/fresh/fresh-test.sh
# builds a minimal Debian bookworm root under build/fresh/ (mmdebstrap
# --variant=apt), puts a clean clone of HEAD in it and there asserts that
# `make` as a non-root user stops at once with the one apt-get line, that
# `make -n test` as root installs nothing, and that `make` and `make test` as
# root pass, with make fresh-test's own -j. Needs root; not part of `make
# test` (it runs `make test` itself); .ci/run runs it after `make test` when
# CI is set. docs/building.md has the details.

PKGS_fresh := mmdebstrap mount git procps
# only for the goals that name them (not make test)
ONLY_NAMED_AREAS += fresh
GOAL_AREAS_fresh-test := fresh
FRESH_DIR := $(BUILD)/fresh

.PHONY: fresh-test
fresh-test: ## make and make test on a bare Debian bookworm root, a clean clone of HEAD (root)
	$(Q)$(TOP)/test/build/fresh/fresh-test.sh $(FRESH_DIR) $(filter -j%,$(MAKEFLAGS))
