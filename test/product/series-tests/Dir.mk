# SPDX-License-Identifier: BSD-3-Clause
# The series' tests (docs/patches.md): the tests the series adds to lwIP's
# own unit tests fail on pristine lwIP, and the patched tree passes them
# with more checks than the pristine one.
#
# For each build key k, the tree k-series-tests (mk/lwip.mk): a copy of the
# pristine tree k with the patched tree's test/unit, the series' tests on
# stock lwIP.
#
# A run NAME (in SERIES_TESTS, `make NAME`) runs three unit-test
# programs of lwIP version NAME_VERSION:
#   NAME_STOCK         on the pristine tree
#   NAME_PATCHED       on the patched tree, the series' tests included
#   NAME_SERIES_TESTS  on the tree k-series-tests
# and fails unless the stock and patched programs pass, the patched one with
# more checks, and NAME_SERIES_TESTS fails exactly NAME_REGRESSIONS, the
# regression tests of the bug fixes, each shown failing.
#
# 2.2 on, the programs are lwIP's runner contrib/ports/unix/check, built by
# its own Makefile (as lwIP's CI does) in a copy of the tree, build/lwip-runner/TREE.
# 2.1 (its contrib/ is a repository of its own) and a vendor's tree (its
# contrib/ is the vendor's; mk/lwip.mk): test/unit built from the tree's
# Filelists as program unit/k-stock, unit/k-patched-inline-on (the tree's
# test options; inline is their default) and series-tests/k. A
# vendor's tree may fail its own tests: those failures of the stock program
# are allowed, the patched one may fail no other (run.sh's BASELINE).

GOAL_AREAS_series-tests := host patches
LWIP_CHECK := $(TOP)/test/product/series-tests/run.sh
LWIP_CHECK_RUNNER := contrib/ports/unix/check/lwip_unittests
LWIP_REGRESSIONS_2.1 := test_ip4_frag_mf test_ip4_forward_ttl test_ip4_reass_end test_ip4_frag_udp_chksum \
  test_ip4_frag_echo_chksum test_ip6_frag_udp_chksum test_ip6_frag_echo_chksum test_tcp_persist_split_fin \
  test_ip4_echo_split_offload test_ip4_udp_split_offload
LWIP_REGRESSIONS_2.2 := $(LWIP_REGRESSIONS_2.1) test_ip4_forward_short_first_pbuf test_ip4_forward_chksum \
  test_ip4_forward_split_chksum

define series_tests_tree
LWIP_TREE_$k-series-tests := $(TOP)/$(BUILD)/$k-series-tests
LWIP_READY_$k-series-tests := $(BUILD)/$k-series-tests.stamp
LWIP_VERSION_$k-series-tests := $(LWIP_VERSION_$k)
LWIP_SRC_$k-series-tests = $$(LWIP_SRC_$k)
LWIP_TESTS_$k-series-tests = $$(LWIP_TESTS_$k)
$(BUILD)/$k-series-tests.stamp: $(LWIP_READY_$k-patched) | $(LWIP_READY_$k)
	$$(Q)$(LWIP_CHECK) series-tests $(LWIP_TREE_$k) $(LWIP_TREE_$k-patched) $(BUILD)/$k-series-tests
	$$(Q)touch $$@
$(TOP)/$(BUILD)/$k-series-tests/%.c: | $(BUILD)/$k-series-tests.stamp ;

SERIES_TESTS += series-tests-$k
series-tests-$k_VERSION := $(LWIP_VERSION_$k)
series-tests-$k_VENDOR := $(LWIP_VENDOR_$k)
series-tests-$k_REGRESSIONS := $(LWIP_REGRESSIONS_$(basename $(LWIP_VERSION_$k)))
endef

define series_tests_runner
series-tests-$k_STOCK := $(BUILD)/lwip-runner/$k/$(LWIP_CHECK_RUNNER)
series-tests-$k_PATCHED := $(BUILD)/lwip-runner/$k-patched/$(LWIP_CHECK_RUNNER)
series-tests-$k_SERIES_TESTS := $(BUILD)/lwip-runner/$k-series-tests/$(LWIP_CHECK_RUNNER)
endef

define series_tests_filelists
PROGRAMS += series-tests/$k
series-tests/$k_LIKE := unit/$k-stock
series-tests/$k_TREE := $k-series-tests

series-tests-$k_STOCK := $(BUILD)/unit/$k-stock/prog
series-tests-$k_PATCHED := $(BUILD)/unit/$k-patched-inline-on/prog
series-tests-$k_SERIES_TESTS := $(BUILD)/series-tests/$k/prog
endef

$(foreach k,$(LWIP_KEYS),$(eval $(series_tests_tree)) \
  $(eval $(if $(filter 2.1.%,$(LWIP_VERSION_$k))$(LWIP_VENDOR_$k),$(series_tests_filelists),$(series_tests_runner))))

# lwIP's runner of tree TREE (a build key, or KEY-patched, KEY-series-tests).
$(BUILD)/lwip-runner/%/$(LWIP_CHECK_RUNNER): $$(LWIP_READY_$$*)
	$(Q)$(LWIP_CHECK) build $(LWIP_TREE_$*) $(BUILD)/lwip-runner/$*

define series_tests_rules
.PHONY: $1
$1: $($1_STOCK) $($1_PATCHED) $($1_SERIES_TESTS)
	$$(Q)$(if $($1_VENDOR),BASELINE=$($1_STOCK)) $(LWIP_CHECK) counts "$1" $($1_STOCK) $($1_PATCHED)
	$$(Q)$(if $($1_VENDOR),BASELINE=$($1_STOCK)) $(LWIP_CHECK) regress "$1" "pristine lwIP $($1_VERSION)" $($1_SERIES_TESTS) $($1_REGRESSIONS)
endef
$(foreach c,$(SERIES_TESTS),$(eval $(call series_tests_rules,$c)))

.PHONY: series-tests
series-tests: $(SERIES_TESTS) ## the tests the series adds to lwIP's: failing on pristine lwIP, passing patched with more checks (lwIP's own runner)
TEST_TARGETS += series-tests
