# SPDX-License-Identifier: BSD-3-Clause
# iperf against lwiperf (test/interop/iperf.sh, docs/interop.md): tapdemo
# with lwIP's iperf 2 server, built the same way three times for the newest
# lwIP version in use: stock (the pristine tree, lwIP's checksum), patched
# (the patched tree, lwIP's checksum) and fastsum (the patched tree with
# fastsum). The kernel's `iperf -c` is the client. Root only, like interop;
# not part of `make interop` or `make test` (about 10 min on 2 idle cores).

# iperf with interop's packages, installed as root only (mk/packages.mk)
PKGS_interop += iperf
GOAL_AREAS_interop-iperf := host patches interop
IPERF_KEY := $(lastword $(LWIP_KEYS))

# $(call iperf_demo,NAME,TREE,READY,CFLAGS): build/iperf/NAME/prog
define iperf_demo
$(call lwip_program,iperf/$1,$(IPERF_KEY),$2,$3,-I$(TOP)/contrib/tapdemo -I$(TOP)/src/include,$(TAPDEMO_TREE_SRC),$(TAPDEMO_SRC),$4,)
$(BUILD)/iperf/$1/prog: $(FASTSUM_LIB)
endef
$(eval $(call iperf_demo,stock,$(LWIP_TREE_$(IPERF_KEY)),$(LWIP_READY_$(IPERF_KEY)),-DTAPDEMO_LWIP_CHKSUM))
$(eval $(call iperf_demo,patched,$(LWIP_PATCHED_TREE_$(IPERF_KEY)),$(LWIP_PATCHED_READY_$(IPERF_KEY)),-DTAPDEMO_LWIP_CHKSUM))
$(eval $(call iperf_demo,fastsum,$(LWIP_PATCHED_TREE_$(IPERF_KEY)),$(LWIP_PATCHED_READY_$(IPERF_KEY)),))
IPERF_BUILDS := stock patched fastsum

.PHONY: interop-iperf
interop-iperf: $(foreach b,$(IPERF_BUILDS),$(BUILD)/iperf/$b/prog) ## iperf -c (kernel) against lwiperf: stock, patched, fastsum at MTU 1500 and 1280, checksums by tshark, throughput table (root)
	$(Q)rc=0; $(TOP)/test/interop/iperf.sh $(BUILD)/iperf/run $(foreach b,$(IPERF_BUILDS),$b=$(BUILD)/iperf/$b/prog) || rc=$$?; \
	  [ $$rc = 0 ] || [ $$rc = 77 ] || exit $$rc
