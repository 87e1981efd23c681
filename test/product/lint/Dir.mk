# SPDX-License-Identifier: BSD-3-Clause
# Static and dynamic analysis of the project's own C code (src/, test/;
# not lwIP's): docs/robustness.md.
#
#   make lint       cppcheck, and clang-tidy with the checked-in .clang-tidy
#   make valgrind   the project's Check programs once under valgrind
#
# Every src/*.c and test/*/*/*.c is linted, whenever it appeared. clang-tidy
# compiles each file as its build does: its own directory first (its
# lwipopts.h), the patched lwIP 2.2.1 headers as system headers (not
# linted), Check's; a directory whose build passes more names it below, a
# file whose build searches other directories first names them too.

PKGS_lint := cppcheck clang-tidy valgrind
GOAL_AREAS_lint := host patches lint
GOAL_AREAS_valgrind := host patches lint

# test/product/baremetal/xtensa.c is the lx106 start-up file: it defines picolibc's
# stdout/stderr, which the host's C library declares otherwise; it is built
# -Wall -Wextra -Werror by gcc-xtensa-lx106 in make baremetal-test.
LINT_SRC := $(sort $(filter-out test/product/baremetal/xtensa.c,$(wildcard src/*.c test/*/*/*.c)))
LINT_CFLAGS = -std=gnu99 -DLWIP_DEBUG -DLWIP_NOASSERT_ON_ERROR -Isrc -Isrc/include \
  $(PORT_INCLUDES) -Itest/product/common -Itest/product/fuzz -Itest/product/fuzz/router \
  -isystem $(LWIP_TREE_$(LWIP_DEFAULT)-patched)/src/include $(CHECK_CFLAGS)
LINT_CFLAGS_test/measure/bench := -DBENCH_BUILD='"lint"' -DBENCH_LAYOUT='"lint"'
LINT_CFLAGS_test/measure/packets := -Itest/product/common -Itest/measure/bench -DPACKETS_BUILD='"lint"'
# the CBMC harnesses over lwIP include the patched tree's src/ files, as
# system headers here
LINT_CFLAGS_test/product/proofs = -isystem $(LWIP_TREE_$(LWIP_DEFAULT)-patched)/src
# the rxcsum fuzz target and its seeds: the rxcsum tests' headers (the
# target: its lwipopts.h, then theirs, not the router's)
LINT_CFLAGS_test/product/fuzz/fuzz_rxcsum.c := -Itest/product/fuzz/rxcsum -Itest/product/rxcsum
LINT_CFLAGS_test/product/fuzz/seeds.c := -Itest/product/rxcsum
# the receive helper for drivers: lwIP's headers, with the receive state on
LINT_CFLAGS_src/fastsum_netif.c := -Itest/product/rxcsum

.PHONY: lint lint-cppcheck
lint: lint-cppcheck $(addprefix lint-tidy/,$(LINT_SRC)) ## cppcheck and clang-tidy on src/ and test/
	@echo "lint: cppcheck and clang-tidy clean on $(words $(LINT_SRC)) files"

lint-cppcheck:
	$(Q)cppcheck --enable=warning,portability,performance --std=c99 --inline-suppr \
	  --suppress=toomanyconfigs --error-exitcode=1 --quiet --library=test/product/lint/lwip.cfg -Isrc -Isrc/include -Itest/product/common -Itest/product/fuzz src test

# One target per file, so that -j runs them side by side; the compiler's
# "N warnings generated" chatter is shown only when the file fails.
lint-tidy/%: | $(LWIP_READY_$(LWIP_DEFAULT)-patched)
	$(Q)clang-tidy --quiet $* -- -I$(dir $*) $(LINT_CFLAGS_$*) $(LINT_CFLAGS) $(LINT_CFLAGS_$(patsubst %/,%,$(dir $*))) \
	  2>$(BUILD)/lint-stderr.$(subst /,_,$*) || \
	  { cat $(BUILD)/lint-stderr.$(subst /,_,$*); echo "error: clang-tidy: $*" >&2; exit 1; }
	$(Q)rm -f $(BUILD)/lint-stderr.$(subst /,_,$*)

# Valgrind: the Check programs of the packet and bad-input tests (patched
# 2.2.1 inline builds), run in one process (CK_FORK=no) so that valgrind sees
# the work; any error or definite leak fails. Each runs in its own directory
# build/valgrind/NAME. Not test/product/fastsum: its differential test (every length
# and offset, 64 MiB of 0xff, on every path) takes tens of minutes under
# valgrind; fastsum runs under ASan+UBSan (fastsum-test-sanitize) and the
# fastsum fuzz target instead.
VALGRIND := valgrind --quiet --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite
VALGRIND_RUNS := pktest/$(LWIP_DEFAULT)-inline badinput/$(LWIP_DEFAULT)-inline

.PHONY: valgrind
valgrind: $(addprefix valgrind/,$(VALGRIND_RUNS)) ## run the packet and bad-input tests under valgrind
valgrind/%: $(BUILD)/%/prog
	@echo "== valgrind $*"
	$(Q)rm -rf $(BUILD)/valgrind/$* && mkdir -p $(BUILD)/valgrind/$*/captures
	$(Q)cd $(BUILD)/valgrind/$* && CK_FORK=no $(VALGRIND) $(TOP)/$< > log 2>&1 || \
	  { tail -40 log; echo "error: valgrind: $* failed, log in $(BUILD)/valgrind/$*/log" >&2; exit 1; }
	@grep -h "Checks:" $(BUILD)/valgrind/$*/log

TEST_TARGETS += lint valgrind
