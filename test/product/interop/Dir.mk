# SPDX-License-Identifier: BSD-3-Clause
# Interop: patched lwIP on TAP devices in network namespaces, the Linux kernel
# as peer (docs/interop.md). contrib/tapdemo is the lwIP side, built per lwIP
# version against the patched tree (`make interop`, part of `make test`) and
# against the pristine one (`make interop-pristine`, shows what the patches fix).
# `make interop` runs iperf against lwiperf too (below).
# test/product/interop/run.sh is the kernel side; it needs root: without root (or
# without /dev/net/tun, network namespaces) it prints one line saying why and
# exits 77, which the target passes on as a skip (make itself would turn a
# failing recipe into status 2), so `make test` stays green for non-root users.

PKGS_interop := iproute2 tshark iputils-ping ethtool python3 procps nftables
GOAL_AREAS_interop := host patches interop
GOAL_AREAS_interop-pristine := host patches interop

TAPDEMO_SRC := contrib/tapdemo/tapdemo.c contrib/tapdemo/tapif.c contrib/tapdemo/iperf.c \
  $(TEST_COMMON_SERVICES_SRC) $(FASTSUM_NETIF_SRC)
# tapif.c gives lwIP each frame's sum (LWIP_CHECKSUM_CHECK_PER_PBUF 1,
# contrib/tapdemo/lwipopts.h); with this lwIP verifies in software, and on
# the pristine tree, which lacks the option, it must be set so.
TAPDEMO_SOFTWARE_CHECK := -DLWIP_CHECKSUM_CHECK_PER_PBUF=0
# lwIP's iperf 2 server (tapdemo --iperf, make interop-iperf)
TAPDEMO_TREE_SRC := src/apps/lwiperf/lwiperf.c

# Per lwIP version the programs (mk/programs.mk) interop/KEY on the patched
# tree, interop/KEY-pristine, interop/KEY-ipv6: the patched one with IPv6
# as well (contrib/tapdemo/lwipopts.h), and interop/KEY-software: the
# patched one verifying in software (make interop-corrupt).
# `make interop-NAME` runs test/product/interop/run.sh on interop/NAME,
# `make interop-KEY-ipv6` its IPv6 checks (run.sh -6) on interop/KEY-ipv6.
# fastsum is lwIP's checksum: the host library, linked after liblwip.a.
# $(call tapdemo_program,NAME,TREE,CFLAGS)
define tapdemo_program
PROGRAMS += $1
$1_TREE := $2
$1_SRCS := $(TAPDEMO_SRC)
$1_TREE_SRCS := $(TAPDEMO_TREE_SRC)
$1_CFLAGS := -I$(TOP)/contrib/tapdemo -I$(TOP)/test/product/common -I$(TOP)/src/include $3
$1_LIBS := $(FASTSUM_LIB)
endef
define interop_programs
$(call tapdemo_program,interop/$k,$k-patched)
$(call tapdemo_program,interop/$k-pristine,$k,$(TAPDEMO_SOFTWARE_CHECK))
$(call tapdemo_program,interop/$k-ipv6,$k-patched,-DTAPDEMO_IPV6)
$(call tapdemo_program,interop/$k-software,$k-patched,$(TAPDEMO_SOFTWARE_CHECK))
endef
$(foreach k,$(LWIP_KEYS),$(eval $(interop_programs)))
ALL_TARGETS += $(foreach k,$(LWIP_KEYS),$(foreach b,$k $k-ipv6 $k-software,$(BUILD)/interop/$b/prog))

interop-%: $(BUILD)/interop/%/prog
	$(Q)rc=0; $(TOP)/test/product/interop/run.sh $< $(BUILD)/interop/$*/run || rc=$$?; \
	  [ $$rc = 0 ] || [ $$rc = 77 ] || exit $$rc
# the shorter stem wins: interop-KEY-ipv6 runs this one
interop-%-ipv6: $(BUILD)/interop/%-ipv6/prog
	$(Q)rc=0; $(TOP)/test/product/interop/run.sh -6 $< $(BUILD)/interop/$*-ipv6/run || rc=$$?; \
	  [ $$rc = 0 ] || [ $$rc = 77 ] || exit $$rc

# interop-corrupt-KEY (corrupt.sh): the kernel corrupts some of the frames
# it sends, and interop/KEY must drop what interop/KEY-software drops, as
# many as tshark finds bad.
INTEROP_CORRUPT_RUNS := $(addprefix interop-corrupt-,$(LWIP_KEYS))
.PHONY: interop-corrupt $(INTEROP_CORRUPT_RUNS)
$(INTEROP_CORRUPT_RUNS): interop-corrupt-%: $(BUILD)/interop/%/prog $(BUILD)/interop/%-software/prog
	$(Q)rc=0; $(TOP)/test/product/interop/corrupt.sh $(BUILD)/interop/$*/corrupt $^ || rc=$$?; \
	  [ $$rc = 0 ] || [ $$rc = 77 ] || exit $$rc
interop-corrupt: $(INTEROP_CORRUPT_RUNS) ## the kernel corrupts ICMP and UDP on their way to lwIP: lwIP with the frames' sums drops what software verification drops, what tshark finds bad (root)

.PHONY: interop interop-pristine
interop: $(addprefix interop-,$(LWIP_KEYS)) $(addprefix interop-,$(addsuffix -ipv6,$(LWIP_KEYS))) interop-corrupt interop-iperf ## the Linux kernel as peer over TAP: ping, UDP, TCP, forwarding, IPv4 and IPv6, corrupted frames, iperf against lwiperf, checksums by tshark (root)
interop-pristine: $(addprefix interop-,$(addsuffix -pristine,$(LWIP_KEYS))) ## the same on the unpatched trees (2.2.1 forwarding fails)

# As root this is the real run; otherwise each version prints its skip line.
TEST_TARGETS += interop

# checksums.awk judges every capture; checksums-test.sh shows it each verdict
# it must give, on made-up frames (no root needed). badframes-test.sh shows
# the list of bad checksums a failed run prints (badframes.sh) the line each
# must give; its part through tshark runs where tshark is installed.
GOAL_AREAS_interop-checksums-awk :=
.PHONY: interop-checksums-awk
interop-checksums-awk: ## checksums.awk and the bad-frame list on made-up frames: good, bad and forwarded checksums judged right
	$(Q)$(TOP)/test/product/interop/checksums-test.sh && $(TOP)/test/product/interop/badframes-test.sh
TEST_TARGETS += interop-checksums-awk

# iperf against lwiperf (iperf.sh, docs/interop.md): tapdemo
# with lwIP's iperf 2 server, built the same way three times for the default
# lwIP version: stock (the pristine tree, lwIP's checksum), patched
# (the patched tree, lwIP's checksum, verifying in software) and fastsum
# (the patched tree with fastsum, which also takes the frames' sums). The
# kernel's `iperf -c` is the client. Root only, like interop; part of
# `make interop`.
#
#   make interop-iperf                   timed runs of 3 s each way
#   make interop-iperf IPERF_SECONDS=10  longer timed runs, a steadier table

# iperf with interop's packages, installed as root only (mk/packages.mk)
PKGS_interop += iperf
GOAL_AREAS_interop-iperf := host patches interop
# Per build and MTU, IPERF_RUNS timed runs of IPERF_SECONDS each way.
IPERF_RUNS ?= 3
IPERF_SECONDS ?= 3
# The programs iperf/BUILD (mk/programs.mk): interop's tapdemo on the default
# lwIP version.
$(eval $(call tapdemo_program,iperf/stock,$(LWIP_DEFAULT),-DTAPDEMO_LWIP_CHKSUM $(TAPDEMO_SOFTWARE_CHECK)))
$(eval $(call tapdemo_program,iperf/patched,$(LWIP_DEFAULT)-patched,-DTAPDEMO_LWIP_CHKSUM $(TAPDEMO_SOFTWARE_CHECK)))
$(eval $(call tapdemo_program,iperf/fastsum,$(LWIP_DEFAULT)-patched))
IPERF_BUILDS := stock patched fastsum
# iperf.sh checks lwIP's lwiperf: the bytes it reports and how. NXP's fork
# of it (a 64-bit byte count) counts the iperf header as data and reports
# other test types; on such a tree the iperf runs are not made.
IPERF_LWIPERF_NXP := $(if $(LWIP_VENDOR_$(LWIP_DEFAULT)),$(shell grep -ls 'u64_t bytes_transferred' \
  $(LWIP_TREE_$(LWIP_DEFAULT))/src/include/lwip/apps/lwiperf.h))

.PHONY: interop-iperf
ifeq ($(IPERF_LWIPERF_NXP),)
interop-iperf: $(foreach b,$(IPERF_BUILDS),$(BUILD)/iperf/$b/prog) ## iperf -c (kernel) against lwiperf: stock, patched, fastsum at MTU 1500 and 1280, checksums by tshark, throughput table (root)
	$(Q)rc=0; RUNS=$(IPERF_RUNS) SECONDS_EACH=$(IPERF_SECONDS) \
	  $(TOP)/test/product/interop/iperf.sh $(BUILD)/iperf/run $(foreach b,$(IPERF_BUILDS),$b=$(BUILD)/iperf/$b/prog) || rc=$$?; \
	  [ $$rc = 0 ] || [ $$rc = 77 ] || exit $$rc
else
interop-iperf:
	@echo "interop-iperf: not run: $(IPERF_LWIPERF_NXP) is NXP's lwiperf, iperf.sh checks lwIP's"
endif

# The soak (soak.sh, docs/interop.md): the kernel's TCP echo against the
# patched lwIP of the default version with fastsum, RUNS times (default 10),
# over IPv4 (interop/KEY, the interop run's first link) and IPv6
# (interop/KEY-ipv6), each run captured and every checksum checked by
# tshark; at the end the TCP segments from lwIP and the bad checksums among
# them. Root only; not part of make test (4 to 5 s a run).
#
#   make interop-soak RUNS=200
GOAL_AREAS_interop-soak := host patches interop
.PHONY: interop-soak
interop-soak: $(BUILD)/interop/$(LWIP_DEFAULT)/prog $(BUILD)/interop/$(LWIP_DEFAULT)-ipv6/prog ## the kernel's TCP echo against lwIP RUNS=N times (default 10), IPv4 and IPv6, every checksum by tshark; bad ones per million segments (root)
	$(Q)rc=0; $(TOP)/test/product/interop/soak.sh $(or $(RUNS),10) $(BUILD)/interop/soak $^ || rc=$$?; \
	  [ $$rc = 0 ] || [ $$rc = 77 ] || exit $$rc
