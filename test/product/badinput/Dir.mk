# SPDX-License-Identifier: BSD-3-Clause
# The bad-input table (badinput.c, Check, on the fuzz targets' router): per
# lwIP version the patched tree's inline build and function-call build, each
# run writing a transcript of counts and emitted packets that must be
# identical; and the pristine tree, to show the counts are stock lwIP's
# (without the rows of what the series fixes, listed and counted as skipped:
# on 2.2.x the forwarding rows, stock 2.2.x forwards with checksum 0; on
# 2.1.3 the TTL 0 row, stock forwards it with TTL 255).

# $(call badinput_program,NAME,TREE,OPTIONS): the table on the fuzz targets'
# router (FUZZ_ROUTER_SRC, mk/templates.mk)
define badinput_program
PROGRAMS += $1
$1_TREE := $2
$1_OPTIONS := $3
$1_SRCS := test/product/badinput/badinput.c $(FUZZ_ROUTER_SRC)
$1_CFLAGS = -I$(TOP)/test/product/fuzz/router -I$(TOP)/test/product/fuzz -I$(TOP)/test/product/common $$(CHECK_CFLAGS)
$1_LIBS = $$(CHECK_LIBS)
endef

define badinput_programs
$(call badinput_program,badinput/$k-inline,$k-patched)
$(call badinput_program,badinput/$k-call,$k-patched,inline-off)
BADINPUT_RUNS += $(BUILD)/badinput/$k-inline/transcript $(BUILD)/badinput/$k-call/transcript

.PHONY: badinput-compare-$k
badinput-compare-$k: $(BUILD)/badinput/$k-inline/transcript $(BUILD)/badinput/$k-call/transcript
	$$(Q)cmp -s $$^ || { diff $$^ | head -20; echo "error: bad-input behaviour differs between the inline and the function-call build of $k" >&2; exit 1; }
	@echo "badinput $k: inline and function-call builds identical"
endef

define badinput_stock_program
$(call badinput_program,badinput/$k-stock,$k)
badinput/$k-stock_ENV := BADINPUT_SKIP=$(if $(filter 2.2.%,$(LWIP_VERSION_$k)),forward,ttl-0)
BADINPUT_RUNS += $(BUILD)/badinput/$k-stock/transcript
endef

$(foreach k,$(LWIP_KEYS),$(eval $(badinput_programs)))
$(foreach k,$(filter lwip-%,$(LWIP_KEYS)),$(eval $(badinput_stock_program)))

$(BUILD)/badinput/%/transcript: $(BUILD)/badinput/%/prog
	@echo "== badinput $*"
	$(Q)rm -f $(BUILD)/badinput/$*/transcript.tmp && \
	  $(call program_run,badinput/$*,BADINPUT_TRANSCRIPT=transcript.tmp) && mv transcript.tmp transcript

.PHONY: badinput
badinput: $(addprefix badinput-compare-,$(LWIP_KEYS)) $$(BADINPUT_RUNS) ## run the bad-input table (patched inline and call builds, stock)
CHECK_TARGETS += badinput
