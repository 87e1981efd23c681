# SPDX-License-Identifier: BSD-3-Clause
# lwIP's own unit tests with the tests the series adds (docs/patches.md):
#   lwip-check-KEY    the stock and the patched tree pass, the patched one
#                     with more checks; the pristine tree with the series'
#                     test/unit fails exactly the bug fixes' regression tests
# 2.2 on: lwIP's runner contrib/ports/unix/check, built as lwIP's CI does.
# 2.1 (its contrib/ is a repository of its own): test/unit built from the
# tree's Filelists (mk/unittest.mk), the patched tree with its own test
# options (variant pernetif-inline is the same) and the pristine tree.
# Not yet in make test: run it as `make lwip-check` (with LWIP_DIR= too).

LWIP_CHECK := $(TOP)/test/lwip-check/run.sh
LWIP_REGRESSION_TESTS_2.1 := test_ip4_frag_mf test_ip4_forward_ttl
LWIP_REGRESSION_TESTS_2.2 := $(LWIP_REGRESSION_TESTS_2.1) test_ip4_forward_short_first_pbuf test_ip4_forward_chksum
lwip_regression_tests = $(LWIP_REGRESSION_TESTS_$(basename $(LWIP_VERSION_$1)))
LWIP_CHECK_RUNNER := contrib/ports/unix/check/lwip_unittests

# The pristine tree with the patched tree's test/unit (the series' tests).
define lwip_check_regress_tree
$(BUILD)/lwip-check/$1-regress.stamp: $(LWIP_PATCHED_READY_$1) | $(LWIP_READY_$1)
	$$(Q)rm -rf $(BUILD)/lwip-check/$1-regress $(BUILD)/lwip-check/$1-regress.tmp
	$$(Q)mkdir -p $(BUILD)/lwip-check
	$$(Q)cp -R $(LWIP_TREE_$1) $(BUILD)/lwip-check/$1-regress.tmp
	$$(Q)cp -R $(LWIP_PATCHED_TREE_$1)/test/unit/. $(BUILD)/lwip-check/$1-regress.tmp/test/unit/
	$$(Q)mv $(BUILD)/lwip-check/$1-regress.tmp $(BUILD)/lwip-check/$1-regress
	$$(Q)touch $$@
endef

define lwip_check_contrib
$(call lwip_check_regress_tree,$1)
$(BUILD)/lwip-check/$1-stock/$(LWIP_CHECK_RUNNER): | $(LWIP_READY_$1)
	$$(Q)$(LWIP_CHECK) build $(LWIP_TREE_$1) $(BUILD)/lwip-check/$1-stock
$(BUILD)/lwip-check/$1-patched/$(LWIP_CHECK_RUNNER): $(LWIP_PATCHED_READY_$1)
	$$(Q)$(LWIP_CHECK) build $(LWIP_PATCHED_TREE_$1) $(BUILD)/lwip-check/$1-patched
$(BUILD)/lwip-check/$1-pristine/$(LWIP_CHECK_RUNNER): $(BUILD)/lwip-check/$1-regress.stamp
	$$(Q)$(LWIP_CHECK) build $(BUILD)/lwip-check/$1-regress $(BUILD)/lwip-check/$1-pristine
.PHONY: lwip-check-$1
lwip-check-$1: $(addprefix $(BUILD)/lwip-check/$1-,$(addsuffix /$(LWIP_CHECK_RUNNER),stock patched pristine))
	$$(Q)$(LWIP_CHECK) counts "lwIP $(LWIP_VERSION_$1) ($(LWIP_CHECK_RUNNER))" $$(wordlist 1,2,$$^)
	$$(Q)$(LWIP_CHECK) regress "lwIP $(LWIP_VERSION_$1)" $$(word 3,$$^) $(call lwip_regression_tests,$1)
endef

define lwip_check_filelists
$(call lwip_check_regress_tree,$1)
$(call lwip_program,unit/$1-pristine-series-tests,$1,$(TOP)/$(BUILD)/lwip-check/$1-regress,$(BUILD)/lwip-check/$1-regress.stamp,\
  -I$(TOP)/$(BUILD)/lwip-check/$1-regress/test/unit $(UNITTEST_INCLUDES) $$(CHECK_CFLAGS),$$(LWIP_TESTS_$1),,,$$(CHECK_LIBS))
.PHONY: lwip-check-$1
lwip-check-$1: $(BUILD)/unit/$1-stock/prog $(BUILD)/unit/$1-patched-pernetif-inline/prog $(BUILD)/unit/$1-pristine-series-tests/prog
	$$(Q)$(LWIP_CHECK) counts "lwIP $(LWIP_VERSION_$1) (test/unit from its Filelists)" $$(wordlist 1,2,$$^)
	$$(Q)$(LWIP_CHECK) regress "lwIP $(LWIP_VERSION_$1)" $$(word 3,$$^) $(call lwip_regression_tests,$1)
endef

$(foreach k,$(LWIP_KEYS),$(eval $(call $(if $(filter 2.1.%,$(LWIP_VERSION_$k)),lwip_check_filelists,lwip_check_contrib),$k)))

.PHONY: lwip-check
lwip-check: $(addprefix lwip-check-,$(LWIP_KEYS)) ## lwIP's own unit tests: patched vs stock check counts, regression tests failing on the pristine trees
