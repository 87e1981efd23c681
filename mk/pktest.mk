# Packet tests: inline vs function-call builds give byte-identical packets.
#
# test/pktest/ is a Check program that drives lwIP (NO_SYS, IPv4, forwarding,
# fragmentation, reassembly, ICMP) between two capturing test netifs. Each
# test case writes what lwIP emitted to captures/<case>.pcap in its build
# directory and checks every header with its own RFC 1071 reference
# (docs/testing.md). `make pktest` builds it per lwIP version as
#   pktest/KEY-inline   patched tree, default options (inline, incremental)
#   pktest/KEY-call     patched tree, every header checksum by inet_chksum
#   pktest/KEY-pernetif patched tree, LWIP_CHECKSUM_CTRL_PER_NETIF=1, inline
#   pktest/KEY-stock    the pristine tree (Debian keys only)
# and compares the captures byte for byte (stock 2.2.x without forwarding,
# which is broken there; also 2.1.3 with 2.2.1), and proves the forwarding
# regression test fails on pristine 2.2.x.
#
# For other areas (cross builds under qemu-user):
#   $(call pktest_build,NAME,KEY,TREE,READY,INCLUDES,CC,EMULATOR,CHECK_CFLAGS,CHECK_LIBS,RUN_ENV)
#     NAME          build directory $(BUILD)/NAME, e.g. pktest/sparc64-inline
#     KEY,TREE,READY  as for lwip_program, e.g. lwip-2.2.1,
#                   $(LWIP_PATCHED_TREE_lwip-2.2.1),$(LWIP_PATCHED_READY_lwip-2.2.1)
#     INCLUDES      -I flags searched before the base options
#                   (lwip-port/variants/pktest): a variant such as
#                   $(PKTEST_CALL) and/or a port's lwipopts.h that
#                   #include_next's; MEM_ALIGNMENT may also come as -D
#     CC, EMULATOR  cross compiler and qemu-user command; empty: host
#     CHECK_CFLAGS, CHECK_LIBS  Check built for the target; empty: host's
#     RUN_ENV       environment of the run, e.g. CK_EXCLUDE_TAGS=forward
#   gives $(BUILD)/NAME/prog and $(BUILD)/NAME/captures.stamp (a run that
#   passed, captures in $(BUILD)/NAME/captures/), and
#   $(call pktest_compare,TARGET,NAME_A,NAME_B,PATTERNS)
#   a phony TARGET that fails unless both runs captured the same bytes
#   (files matching the shell PATTERNS left out), e.g.
#   $(call pktest_compare,cross-pktest-sparc64,pktest/lwip-2.2.1-inline,pktest/sparc64-inline)

PKTEST_SRC := test/pktest/main.c test/pktest/harness.c test/pktest/tests_local.c \
  test/pktest/tests_forward.c
PKTEST_BASE := -I$(TOP)/lwip-port/variants/pktest
PKTEST_CALL := -I$(TOP)/lwip-port/variants/pktest-call
PKTEST_PERNETIF := -I$(TOP)/lwip-port/variants/pktest-pernetif
PKTEST_COMPARE := $(TOP)/test/pktest/compare-captures.sh

define pktest_build
$(if $6,$1_CC := $6)
$1_EMULATOR := $7
$(call lwip_program,$1,$2,$3,$4,$5 $(PKTEST_BASE) $(if $8,$8,$$(CHECK_CFLAGS)),,$(PKTEST_SRC),,$(if $9,$9,$$(CHECK_LIBS)))
$(BUILD)/$1/captures.stamp: $(BUILD)/$1/prog
	@echo "== pktest $1"
	$$(Q)rm -rf $(BUILD)/$1/captures $$@ && mkdir $(BUILD)/$1/captures
	$$(Q)cd $(BUILD)/$1 && $(if $(10),env $(10)) $7 ./prog
	$$(Q)touch $$@
endef

define pktest_compare
.PHONY: $1
$1: $(BUILD)/$2/captures.stamp $(BUILD)/$3/captures.stamp
	$$(Q)$(PKTEST_COMPARE) $(BUILD)/$2/captures $(BUILD)/$3/captures $4
endef

# Per build key: the patched builds, compared with each other; for the
# Debian trees also the pristine build (2.2.x: forwarding left out).
define pktest_key
$(call pktest_build,pktest/$1-inline,$1,$(LWIP_PATCHED_TREE_$1),$(LWIP_PATCHED_READY_$1))
$(call pktest_build,pktest/$1-call,$1,$(LWIP_PATCHED_TREE_$1),$(LWIP_PATCHED_READY_$1),$(PKTEST_CALL))
$(call pktest_build,pktest/$1-pernetif,$1,$(LWIP_PATCHED_TREE_$1),$(LWIP_PATCHED_READY_$1),$(PKTEST_PERNETIF))
$(call pktest_compare,pktest-$1-call,pktest/$1-inline,pktest/$1-call)
$(call pktest_compare,pktest-$1-pernetif,pktest/$1-inline,pktest/$1-pernetif,'test_pernetif_*')
PKTEST_CHECKS += pktest-$1-call pktest-$1-pernetif
PKTEST_PROGS += $(foreach b,inline call pernetif,$(BUILD)/pktest/$1-$b/prog)
ifneq ($(filter lwip-%,$1),)
$(call pktest_build,pktest/$1-stock,$1,$(LWIP_TREE_$1),$(LWIP_READY_$1),,,,,,CK_EXCLUDE_TAGS=$(if $(filter 2.2.%,$(LWIP_VERSION_$1)),forward,ttl0))
$(call pktest_compare,pktest-$1-stock,pktest/$1-inline,pktest/$1-stock,$(if $(filter 2.2.%,$(LWIP_VERSION_$1)),'test_forward_*','test_forward_ttl0.pcap'))
PKTEST_CHECKS += pktest-$1-stock pktest-$1-ttl0-fails-unpatched
PKTEST_PROGS += $(BUILD)/pktest/$1-stock/prog
endif
ifneq ($(and $(filter lwip-%,$1),$(filter 2.2.%,$(LWIP_VERSION_$1))),)
PKTEST_CHECKS += pktest-$1-regression-fails-unpatched
endif
endef

$(foreach k,$(LWIP_KEYS),$(eval $(call pktest_key,$k)))

# Both patched versions, fed the same, emit the same bytes.
ifeq ($(filter lwip-2.1.3 lwip-2.2.1,$(LWIP_KEYS)),lwip-2.1.3 lwip-2.2.1)
$(eval $(call pktest_compare,pktest-versions,pktest/lwip-2.1.3-inline,pktest/lwip-2.2.1-inline))
PKTEST_CHECKS += pktest-versions
endif

# Tests of what the series fixes must fail on the pristine trees, with their
# own message: proof that they can fail (they pass on the patched trees).
# A pattern rule pktest-KEY-WHAT-fails-unpatched runs its test case
# PKTEST_MUST_FAIL_CASE on build/pktest/KEY-stock and passes only if that
# fails with PKTEST_MUST_FAIL_MSG.
#   regression: the 2.2.x forwarding regression (forwarded with checksum 0)
#   ttl0:       2.1.3 and 2.2.x forward a TTL 0 datagram with TTL 255
define pktest_must_fail
$(Q)cd $(BUILD)/pktest/$*-stock && rm -rf $(PKTEST_MUST_FAIL_CASE) && mkdir $(PKTEST_MUST_FAIL_CASE) && \
  if CK_RUN_CASE=$(PKTEST_MUST_FAIL_CASE) PKTEST_CAPTURE_DIR=$(PKTEST_MUST_FAIL_CASE) ./prog > $(PKTEST_MUST_FAIL_CASE).log 2>&1; then \
    cat $(PKTEST_MUST_FAIL_CASE).log; \
    echo "pktest: $(PKTEST_MUST_FAIL_CASE) passed on pristine $*; it must fail there" >&2; exit 1; \
  fi; \
  cat $(PKTEST_MUST_FAIL_CASE).log; \
  grep -q "$(PKTEST_MUST_FAIL_CASE).*$(PKTEST_MUST_FAIL_MSG)" $(PKTEST_MUST_FAIL_CASE).log || \
    { echo "pktest: $(PKTEST_MUST_FAIL_CASE) failed on pristine $*, but not as expected" >&2; exit 1; }
@echo "pktest: $(PKTEST_MUST_FAIL_CASE) fails on pristine $*, as it must"
endef
pktest-%-regression-fails-unpatched: PKTEST_MUST_FAIL_CASE := forward_regression
pktest-%-regression-fails-unpatched: PKTEST_MUST_FAIL_MSG := forwarded UDP: IP header checksum 0x0000 does not verify
pktest-%-regression-fails-unpatched: $(BUILD)/pktest/%-stock/prog
	$(pktest_must_fail)
pktest-%-ttl0-fails-unpatched: PKTEST_MUST_FAIL_CASE := forward_ttl0
pktest-%-ttl0-fails-unpatched: PKTEST_MUST_FAIL_MSG := TTL 0 UDP: forwarded to B with TTL 255
pktest-%-ttl0-fails-unpatched: $(BUILD)/pktest/%-stock/prog
	$(pktest_must_fail)

.PHONY: pktest
pktest: $(PKTEST_CHECKS) ## packet tests: inline, call, per-netif and stock builds byte-identical
	@echo "pktest: all passed: $(PKTEST_CHECKS)"

TEST_TARGETS += pktest
ALL_TARGETS += $(PKTEST_PROGS)
