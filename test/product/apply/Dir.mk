# SPDX-License-Identifier: BSD-3-Clause
# The tests of make apply and make revert (test-apply.sh) on copies of the
# pristine trees: refusals, all-or-nothing, byte-identical revert, CRLF and
# LF, read-only, bad input.

GOAL_AREAS_patches-apply-test := host patches

.PHONY: patches-apply-test
patches-apply-test: $(foreach k,$(LWIP_KEYS),$(LWIP_READY_$k)) ## test make apply/revert on copies of the lwIP trees
	$(Q)$(TOP)/test/product/apply/test-apply.sh $(BUILD)/apply-test $(foreach k,$(LWIP_KEYS),$(LWIP_TREE_$k))
CHECK_TARGETS += patches-apply-test
