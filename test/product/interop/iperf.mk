# SPDX-License-Identifier: BSD-3-Clause
# iperf against lwiperf (test/product/interop/iperf.sh, docs/interop.md): tapdemo
# with lwIP's iperf 2 server, built the same way three times for the newest
# lwIP version in use: stock (the pristine tree, lwIP's checksum), patched
# (the patched tree, lwIP's checksum) and fastsum (the patched tree with
# fastsum). The kernel's `iperf -c` is the client. Root only, like interop;
# part of `make interop`.
#
#   make interop-iperf                   timed runs of 3 s each way
#   make interop-iperf IPERF_SECONDS=10  the table of docs/interop.md

# iperf with interop's packages, installed as root only (mk/packages.mk)
PKGS_interop += iperf
GOAL_AREAS_interop-iperf := host patches interop
# Per build and MTU, IPERF_RUNS timed runs of IPERF_SECONDS each way.
IPERF_RUNS ?= 3
IPERF_SECONDS ?= 3
# The programs iperf/BUILD (mk/programs.mk): interop's tapdemo on the default
# lwIP version.
PROGRAMS += iperf/stock iperf/patched iperf/fastsum
iperf/fastsum_LIKE := interop/$(LWIP_DEFAULT)
iperf/patched_LIKE := iperf/fastsum
iperf/patched_CFLAGS := $(interop/$(LWIP_DEFAULT)_CFLAGS) -DTAPDEMO_LWIP_CHKSUM
iperf/stock_LIKE := iperf/patched
iperf/stock_TREE := $(LWIP_DEFAULT)
IPERF_BUILDS := stock patched fastsum

.PHONY: interop-iperf
interop-iperf: $(foreach b,$(IPERF_BUILDS),$(BUILD)/iperf/$b/prog) ## iperf -c (kernel) against lwiperf: stock, patched, fastsum at MTU 1500 and 1280, checksums by tshark, throughput table (root)
	$(Q)rc=0; RUNS=$(IPERF_RUNS) SECONDS_EACH=$(IPERF_SECONDS) \
	  $(TOP)/test/product/interop/iperf.sh $(BUILD)/iperf/run $(foreach b,$(IPERF_BUILDS),$b=$(BUILD)/iperf/$b/prog) || rc=$$?; \
	  [ $$rc = 0 ] || [ $$rc = 77 ] || exit $$rc
