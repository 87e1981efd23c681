# SPDX-License-Identifier: BSD-3-Clause
# The series' tests (docs/patches.md): the tests the series adds to lwIP's
# own unit tests fail on pristine lwIP, and the patched tree passes them
# with more checks than the pristine one.
#
# A run series-tests-KEY, for each build key, runs three unit-test programs
# of lwIP version SERIES_TESTS_VERSION_KEY:
#   SERIES_TESTS_STOCK_KEY    on the pristine tree
#   SERIES_TESTS_PATCHED_KEY  on the patched tree, the series' tests included
#   SERIES_TESTS_PROG_KEY     on the tree KEY-series-tests (mk/patches.mk):
#                             the pristine tree with the patched test/unit
# and fails unless the stock and patched programs pass, the patched one with
# more checks, and the last fails exactly the regression tests of the bug
# fixes, each shown failing.
#
# 2.2 on, the programs are lwIP's runner contrib/ports/unix/check, built by
# its own Makefile (as lwIP's CI does) in a copy of the tree,
# build/lwip-runner/TREE. 2.1 (its contrib/ is a repository of its own) and
# a vendor's tree (its contrib/ is the vendor's; mk/lwip.mk): test/unit
# built from the tree's Filelists as program unit/KEY-stock,
# unit/KEY-patched-inline-on (test/product/unit; the tree's test options,
# inline is their default) and series-tests/KEY. A vendor's tree may fail
# its own tests: those failures of the stock program are allowed, the
# patched one may fail no other (run.sh's BASELINE).

GOAL_AREAS_series-tests := host patches
SERIES_TESTS_RUN := $(TOP)/test/product/series-tests/run.sh
LWIP_RUNNER := contrib/ports/unix/check/lwip_unittests
SERIES_TESTS_REGRESSIONS_2.1 := test_ip4_frag_mf test_ip4_forward_ttl test_ip4_reass_end test_ip4_frag_udp_chksum \
  test_ip4_frag_echo_chksum test_ip6_frag_udp_chksum test_ip6_frag_echo_chksum test_tcp_persist_split_fin \
  test_ip4_echo_split_offload test_ip4_udp_split_offload
SERIES_TESTS_REGRESSIONS_2.2 := $(SERIES_TESTS_REGRESSIONS_2.1) test_ip4_forward_short_first_pbuf \
  test_ip4_forward_chksum test_ip4_forward_split_chksum

define series_tests_runner
SERIES_TESTS_STOCK_$k := $(BUILD)/lwip-runner/$k/$(LWIP_RUNNER)
SERIES_TESTS_PATCHED_$k := $(BUILD)/lwip-runner/$k-patched/$(LWIP_RUNNER)
SERIES_TESTS_PROG_$k := $(BUILD)/lwip-runner/$k-series-tests/$(LWIP_RUNNER)
endef

define series_tests_filelists
$(call lwip_unit_program,series-tests/$k,$k-series-tests)
SERIES_TESTS_STOCK_$k := $(BUILD)/unit/$k-stock/prog
SERIES_TESTS_PATCHED_$k := $(BUILD)/unit/$k-patched-inline-on/prog
SERIES_TESTS_PROG_$k := $(BUILD)/series-tests/$k/prog
endef

$(foreach k,$(LWIP_KEYS),\
  $(eval $(if $(filter 2.1.%,$(LWIP_VERSION_$k))$(LWIP_VENDOR_$k),$(series_tests_filelists),$(series_tests_runner))))

# lwIP's runner of tree TREE (a build key, or KEY-patched, KEY-series-tests).
$(BUILD)/lwip-runner/%/$(LWIP_RUNNER): $$(LWIP_READY_$$*)
	$(Q)$(SERIES_TESTS_RUN) build $(LWIP_TREE_$*) $(BUILD)/lwip-runner/$*

define series_tests_rules
.PHONY: series-tests-$k
series-tests-$k: $(SERIES_TESTS_STOCK_$k) $(SERIES_TESTS_PATCHED_$k) $(SERIES_TESTS_PROG_$k)
	$$(Q)$(if $(LWIP_VENDOR_$k),BASELINE=$(SERIES_TESTS_STOCK_$k)) $(SERIES_TESTS_RUN) counts "series-tests-$k" \
	  $(SERIES_TESTS_STOCK_$k) $(SERIES_TESTS_PATCHED_$k)
	$$(Q)$(if $(LWIP_VENDOR_$k),BASELINE=$(SERIES_TESTS_STOCK_$k)) $(SERIES_TESTS_RUN) regress "series-tests-$k" \
	  "pristine lwIP $(LWIP_VERSION_$k)" $(SERIES_TESTS_PROG_$k) \
	  $(SERIES_TESTS_REGRESSIONS_$(basename $(LWIP_VERSION_$k)))
endef
$(foreach k,$(LWIP_KEYS),$(eval $(series_tests_rules)))

.PHONY: series-tests
series-tests: $(addprefix series-tests-,$(LWIP_KEYS)) ## the tests the series adds to lwIP's: failing on pristine lwIP, passing patched with more checks (lwIP's own runner)
TEST_TARGETS += series-tests
