# SPDX-License-Identifier: BSD-3-Clause
# CBMC proofs (docs/proofs.md): properties proved for every input within
# the stated bounds, each harness shown failing on planted bugs.
#
#   make prove        every proof: property, bound, result, seconds
#   make prove-fails  every harness fails on each of its planted bugs and
#                     reaches every property it asserts
#   PROVE_FULL=1      the full bounds (longer than make test affords)
#
# Both are in make test, with the bounds of make prove.
#
# cbmc is in Debian trixie only: cbmc-root.sh unpacks it with mmdebstrap
# into build/proofs/trixie once; cbmc.sh runs it through that root's loader.
# The proofs over lwIP compile the patched tree's files (and plant the
# pristine tree's) of the default version.

PKGS_proofs := mmdebstrap
GOAL_AREAS_prove := host patches proofs
GOAL_AREAS_prove-fails := host patches proofs

# Longest first (a new proof goes in by its time): under make -j they start
# first, and in make test right after make check, so that no long proof is
# left running alone at the end.
PROOFS := copy output sum reass icmp forward fold
# frag (ip4_frag) by hand only, make prove/frag and make prove-fails/frag:
# minutes of CPU a run, beyond make test's share
TEST_TARGETS := prove prove-fails $(TEST_TARGETS)
PROOFS_ROOT := $(BUILD)/proofs/trixie
PROOFS_LWIP := $(LWIP_DEFAULT)-patched
PROOFS_ENV = TOP=$(TOP) CBMC_ROOT=$(TOP)/$(PROOFS_ROOT) OUT=$(TOP)/$(BUILD)/proofs/$1 FULL=$(PROVE_FULL) \
  LWIP=$(LWIP_TREE_$(PROOFS_LWIP)) PRISTINE=$(LWIP_TREE_$(LWIP_DEFAULT))

$(PROOFS_ROOT).stamp:
	$(Q)test/product/proofs/cbmc-root.sh $(PROOFS_ROOT)
	$(Q)touch $@

.PHONY: prove prove-fails
prove: $(addprefix prove/,$(PROOFS)) ## CBMC proofs of fastsum's portable C and lwIP's inline checksums (PROVE_FULL=1: full bounds)
	@echo "prove: all $(words $(PROOFS)) proofs hold"
prove/%: $(PROOFS_ROOT).stamp $(LWIP_READY_$(PROOFS_LWIP))
	$(Q)$(call PROOFS_ENV,prove) test/product/proofs/prove.sh prove $*

prove-fails: $(addprefix prove-fails/,$(PROOFS)) ## each CBMC harness fails on its planted bugs and reaches its assertions
	@echo "prove-fails: every harness fails on its planted bugs"
prove-fails/%: $(PROOFS_ROOT).stamp $(LWIP_READY_$(PROOFS_LWIP))
	$(Q)$(call PROOFS_ENV,fails) test/product/proofs/prove.sh fails $*
