# SPDX-License-Identifier: BSD-3-Clause
# Packet tests: inline vs function-call builds give byte-identical packets.
#
# test/product/pktest/ is a Check program that drives lwIP (NO_SYS, IPv4, forwarding,
# fragmentation, reassembly, ICMP) between two capturing test netifs. Each
# test case writes what lwIP emitted to captures/<case>.pcap in its build
# directory and checks every header with its own RFC 1071 reference
# (docs/testing.md). `make pktest` builds it per lwIP version as programs
# (pktest_program, mk/templates.mk)
#   pktest/KEY-inline   patched tree, default options (inline, incremental)
#   pktest/KEY-call     patched tree, every header checksum by inet_chksum
#   pktest/KEY-pernetif patched tree, LWIP_CHECKSUM_CTRL_PER_NETIF=1, inline
#   pktest/KEY-offload  patched tree, every checksum left to the netif (the
#                       option variant offload), the tests tagged "offload"
#   pktest/KEY-stock    the pristine tree (Debian keys only); KEY-stock-offload
#                       with the offload variant
# and compares the captures byte for byte (capture comparisons,
# mk/programs.mk; stock 2.2.x without forwarding, which is broken there;
# also 2.1.3 with 2.2.1), and proves the tests of what the series fixes fail
# on the pristine trees.

define pktest_programs
$(call pktest_program,pktest/$k-inline,$k-patched)
$(call pktest_program,pktest/$k-call,$k-patched,inline-off)
$(call pktest_program,pktest/$k-pernetif,$k-patched,pernetif)
$(call pktest_program,pktest/$k-offload,$k-patched,offload)
pktest/$k-offload_ENV := CK_INCLUDE_TAGS=offload

CAPTURE_COMPARISONS += pktest-$k-call pktest-$k-pernetif
pktest-$k-call_CAPTURES := pktest/$k-inline pktest/$k-call
pktest-$k-pernetif_CAPTURES := pktest/$k-inline pktest/$k-pernetif
pktest-$k-pernetif_EXCEPT := 'test_pernetif_*' 'test_offload_*'
PKTEST_CHECKS += pktest-$k-call pktest-$k-pernetif pktest-$k-offload
.PHONY: pktest-$k-offload
pktest-$k-offload: $(BUILD)/pktest/$k-offload/captures.stamp
endef

# The pristine Debian trees, without what the series fixes (shown to fail
# there by pktest-KEY-WHAT-fails-unpatched): on 2.2.x forwarding (broken
# there), on 2.1.3 the TTL 0 test.
define pktest_stock_program
$(call pktest_program,pktest/$k-stock,$k)
$(call pktest_program,pktest/$k-stock-offload,$k,offload)
CAPTURE_COMPARISONS += pktest-$k-stock
pktest-$k-stock_CAPTURES := pktest/$k-inline pktest/$k-stock
PKTEST_CHECKS += pktest-$k-stock pktest-$k-ttl0-fails-unpatched \
  pktest-$k-offload-udp-fails-unpatched pktest-$k-offload-echo-fails-unpatched
ifneq ($(filter 2.2.%,$(LWIP_VERSION_$k)),)
pktest/$k-stock_ENV := CK_EXCLUDE_TAGS=forward
pktest/$k-stock-offload_ENV := CK_EXCLUDE_TAGS=forward
pktest-$k-stock_EXCEPT := 'test_forward_*'
PKTEST_CHECKS += pktest-$k-regression-fails-unpatched
else
pktest/$k-stock_ENV := CK_EXCLUDE_TAGS=ttl0
pktest/$k-stock-offload_ENV := CK_EXCLUDE_TAGS=ttl0
pktest-$k-stock_EXCEPT := 'test_forward_ttl0.pcap'
endif
endef

$(foreach k,$(LWIP_KEYS),$(eval $(pktest_programs)))
$(foreach k,$(filter lwip-%,$(LWIP_KEYS)),$(eval $(pktest_stock_program)))

# Both patched versions, fed the same, emit the same bytes.
ifeq ($(filter lwip-2.1.3 lwip-2.2.1,$(LWIP_KEYS)),lwip-2.1.3 lwip-2.2.1)
CAPTURE_COMPARISONS += pktest-versions
pktest-versions_CAPTURES := pktest/lwip-2.1.3-inline pktest/lwip-2.2.1-inline
PKTEST_CHECKS += pktest-versions
endif

# Tests of what the series fixes must fail on the pristine trees, with their
# own message: proof that they can fail (they pass on the patched trees).
# A pattern rule pktest-KEY-WHAT-fails-unpatched runs its test case
# PKTEST_MUST_FAIL_CASE on build/pktest/KEY-stock (KEY-stock-offload for
# offload) and passes only if that fails with PKTEST_MUST_FAIL_MSG.
#   regression: the 2.2.x forwarding regression (forwarded with checksum 0)
#   ttl0:       2.1.3 and 2.2.x forward a TTL 0 datagram with TTL 255
#   offload-udp, offload-echo: 2.1.3 and 2.2.x send a fragmented UDP
#               datagram, a fragmented echo reply, with checksum 0 where the
#               netif computes those checksums
define pktest_must_fail
$(Q)cd $(BUILD)/pktest/$*-$(PKTEST_MUST_FAIL_BUILD) && rm -rf $(PKTEST_MUST_FAIL_CASE) && mkdir $(PKTEST_MUST_FAIL_CASE) && \
  if CK_RUN_CASE=$(PKTEST_MUST_FAIL_CASE) PKTEST_CAPTURE_DIR=$(PKTEST_MUST_FAIL_CASE) ./prog > $(PKTEST_MUST_FAIL_CASE).log 2>&1; then \
    cat $(PKTEST_MUST_FAIL_CASE).log; \
    echo "pktest: $(PKTEST_MUST_FAIL_CASE) passed on pristine $*; it must fail there" >&2; exit 1; \
  fi; \
  cat $(PKTEST_MUST_FAIL_CASE).log; \
  grep -q "$(PKTEST_MUST_FAIL_CASE).*$(PKTEST_MUST_FAIL_MSG)" $(PKTEST_MUST_FAIL_CASE).log || \
    { echo "pktest: $(PKTEST_MUST_FAIL_CASE) failed on pristine $*, but not as expected" >&2; exit 1; }
@echo "pktest: $(PKTEST_MUST_FAIL_CASE) fails on pristine $*, as it must"
endef
PKTEST_MUST_FAIL_BUILD := stock
pktest-%-regression-fails-unpatched: PKTEST_MUST_FAIL_CASE := forward_regression
pktest-%-regression-fails-unpatched: PKTEST_MUST_FAIL_MSG := forwarded UDP: IP header checksum 0x0000 does not verify
pktest-%-regression-fails-unpatched: $(BUILD)/pktest/%-stock/prog
	$(pktest_must_fail)
pktest-%-ttl0-fails-unpatched: PKTEST_MUST_FAIL_CASE := forward_ttl0
pktest-%-ttl0-fails-unpatched: PKTEST_MUST_FAIL_MSG := TTL 0 UDP: forwarded to B with TTL 255
pktest-%-ttl0-fails-unpatched: $(BUILD)/pktest/%-stock/prog
	$(pktest_must_fail)
pktest-%-offload-udp-fails-unpatched: PKTEST_MUST_FAIL_CASE := offload_udp
pktest-%-offload-udp-fails-unpatched: PKTEST_MUST_FAIL_BUILD := stock-offload
pktest-%-offload-udp-fails-unpatched: PKTEST_MUST_FAIL_MSG := UDP datagram of 549 bytes in 2 fragments on a netif that offloads it: checksum 0x0000
pktest-%-offload-udp-fails-unpatched: $(BUILD)/pktest/%-stock-offload/prog
	$(pktest_must_fail)
pktest-%-offload-echo-fails-unpatched: PKTEST_MUST_FAIL_CASE := offload_echo
pktest-%-offload-echo-fails-unpatched: PKTEST_MUST_FAIL_BUILD := stock-offload
pktest-%-offload-echo-fails-unpatched: PKTEST_MUST_FAIL_MSG := echo reply of 557 bytes in 2 fragments on a netif that offloads it: checksum 0x0000
pktest-%-offload-echo-fails-unpatched: $(BUILD)/pktest/%-stock-offload/prog
	$(pktest_must_fail)

.PHONY: pktest
pktest: $(PKTEST_CHECKS) ## packet tests: inline, call, per-netif and stock builds byte-identical, offload builds
	@echo "pktest: all passed: $(PKTEST_CHECKS)"

CHECK_TARGETS += pktest
ALL_TARGETS += $(foreach p,$(filter pktest/%,$(PROGRAMS)),$(BUILD)/$p/prog)
