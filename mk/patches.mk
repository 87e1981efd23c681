# SPDX-License-Identifier: BSD-3-Clause
# The lwIP patch series: make apply/revert, patched trees, test variants.
#
# patches/NAME/series lists a series (quilt format, git format-patch files,
# -p1 from the lwIP root); docs/patches.md says what each patch does.
# mk/apply-patches.sh applies or reverts the series that fits a tree best,
# all or nothing, on CRLF and LF trees alike.
#
# For each build key k this defines the trees (mk/lwip.mk) k-patched, a copy
# of tree k with the series applied, re-created when a patch or the series
# changes, and k-series-tests, a copy of tree k with k-patched's test/unit:
# the tests the series adds, on stock lwIP (test/product/series-tests).
# Neither adds files: their source lists are tree k's.

PKGS_patches := patch git
APPLY_PATCHES := $(TOP)/mk/apply-patches.sh
# Any series may be the one that fits a tree best.
PATCH_SERIES := $(wildcard $(TOP)/patches/*/series $(TOP)/patches/*/*.patch)

# Plain copies (fresh timestamps), so objects built from an older patched
# tree are rebuilt whatever file a new series touches.
define patched_tree
LWIP_TREE_$1-patched := $(TOP)/$(BUILD)/$1-patched
LWIP_READY_$1-patched := $(BUILD)/$1-patched.stamp
LWIP_VERSION_$1-patched := $(LWIP_VERSION_$1)
LWIP_SRC_$1-patched = $$(LWIP_SRC_$1)
LWIP_TESTS_$1-patched = $$(LWIP_TESTS_$1)
$(BUILD)/$1-patched.stamp: $(PATCH_SERIES) $(APPLY_PATCHES) | $(LWIP_READY_$1)
	$$(Q)rm -rf $(BUILD)/$1-patched $(BUILD)/$1-patched.tmp
	$$(Q)cp -R $(LWIP_TREE_$1) $(BUILD)/$1-patched.tmp
	$$(Q)$(APPLY_PATCHES) apply $(BUILD)/$1-patched.tmp >/dev/null
	$$(Q)mv $(BUILD)/$1-patched.tmp $(BUILD)/$1-patched
	$$(Q)touch $$@
	@echo "lwIP $(LWIP_VERSION_$1) patched in $(BUILD)/$1-patched"
# A clean checkout has no patched tree when make starts: its files come from
# the stamp (else "No rule to make target .../init.c").
$(TOP)/$(BUILD)/$1-patched/%.c: | $(BUILD)/$1-patched.stamp ;
endef
define series_tests_tree
LWIP_TREE_$1-series-tests := $(TOP)/$(BUILD)/$1-series-tests
LWIP_READY_$1-series-tests := $(BUILD)/$1-series-tests.stamp
LWIP_VERSION_$1-series-tests := $(LWIP_VERSION_$1)
LWIP_SRC_$1-series-tests = $$(LWIP_SRC_$1)
LWIP_TESTS_$1-series-tests = $$(LWIP_TESTS_$1)
$(BUILD)/$1-series-tests.stamp: $(LWIP_READY_$1-patched) | $(LWIP_READY_$1)
	$$(Q)test -d $(LWIP_TREE_$1-patched)/test/unit || { echo "error: $(LWIP_TREE_$1-patched) has no test/unit" >&2; exit 2; }
	$$(Q)rm -rf $(BUILD)/$1-series-tests $(BUILD)/$1-series-tests.tmp
	$$(Q)cp -R $(LWIP_TREE_$1) $(BUILD)/$1-series-tests.tmp
	$$(Q)rm -rf $(BUILD)/$1-series-tests.tmp/test/unit
	$$(Q)cp -R $(LWIP_TREE_$1-patched)/test/unit $(BUILD)/$1-series-tests.tmp/test/unit
	$$(Q)mv $(BUILD)/$1-series-tests.tmp $(BUILD)/$1-series-tests
	$$(Q)touch $$@
$(TOP)/$(BUILD)/$1-series-tests/%.c: | $(BUILD)/$1-series-tests.stamp ;
endef
$(foreach k,$(LWIP_KEYS),$(eval $(call patched_tree,$k)) $(eval $(call series_tests_tree,$k)))

.PHONY: patched apply revert
patched: $(foreach k,$(LWIP_KEYS),$(LWIP_READY_$k-patched)) ## copy the lwIP trees and apply the series to the copies

apply: ## apply the series to your tree: make apply LWIP_DIR=/path/to/lwip
	$(Q)$(if $(LWIP_DIR),$(APPLY_PATCHES) apply $(LWIP_DIR),echo "error: make apply needs LWIP_DIR=/path/to/lwip" >&2; exit 2)

revert: ## revert the series in your tree: make revert LWIP_DIR=/path/to/lwip
	$(Q)$(if $(LWIP_DIR),$(APPLY_PATCHES) revert $(LWIP_DIR),echo "error: make revert needs LWIP_DIR=/path/to/lwip" >&2; exit 2)

# The series: one canonical series per lwIP line, made on Debian's tree
# (lwip-2.1.3, lwip-2.2.1), and the series generated from them
# (patches/NAME/derive: from which, onto what, the fixups), by mk/series.sh.
# Editing: `make patchwork` imports each canonical series as commits of a
# scratch git repository build/patchwork-lwip-X.Y.Z (edit, commit, rebase
# there), `make patches-export` writes them back to patches/, `make
# patches-derive LWIP_BASES="TREE..."` makes the generated series again on
# their base trees (lwIP's git tags, vendor trees). patches-sync (make check)
# proves them in sync: the canonical series are what git makes of them; the
# generated ones were made from them as they are, and change the same lines
# but in their fixups' files; those whose base is in LWIP_BASES are made
# again, byte for byte. test/product/apply/test-series.sh plants each kind of drift
# in a copy of patches/ and sees the proof fail.
SERIES := $(TOP)/mk/series.sh
SERIES_CANONICAL := $(addprefix lwip-,$(LWIP_SUPPORTED))
SERIES_CANONICAL_TREES := $(if $(LWIP_DIR),,$(foreach k,$(filter lwip-%,$(LWIP_KEYS)),$(LWIP_TREE_$k))) \
  $(if $(LWIP_BASES),$(addprefix $(TOP)/$(BUILD)/,$(filter-out $(LWIP_KEYS),$(SERIES_CANONICAL))))
.PHONY: patchwork patches-export patches-derive patches-sync
patchwork: $(foreach v,$(LWIP_SUPPORTED),$(LWIP_READY_lwip-$v)) ## import the canonical series into git repos build/patchwork-lwip-X.Y.Z
	$(Q)$(foreach s,$(SERIES_CANONICAL),$(SERIES) import $s $(LWIP_TREE_$s) $(BUILD)/patchwork-$s &&) true

patches-export: ## write build/patchwork-lwip-X.Y.Z's commits back to patches/
	$(Q)$(foreach s,$(SERIES_CANONICAL),$(SERIES) export $s $(BUILD)/patchwork-$s &&) true

patches-derive: $(addprefix $(BUILD)/,$(addsuffix .stamp,$(SERIES_CANONICAL))) ## make the generated series again: LWIP_BASES="their base trees"
	$(Q)$(if $(LWIP_BASES),$(SERIES) sync write $(BUILD)/series-sync $(addprefix $(TOP)/$(BUILD)/,$(SERIES_CANONICAL)) $(LWIP_BASES),echo "error: make patches-derive needs LWIP_BASES=\"TREE...\"" >&2; exit 2)

patches-sync: $(if $(LWIP_BASES),$(addprefix $(BUILD)/,$(addsuffix .stamp,$(SERIES_CANONICAL))),$(foreach k,$(LWIP_KEYS),$(LWIP_READY_$k))) ## prove the generated series in sync with the canonical ones
	$(Q)$(SERIES) sync check $(BUILD)/series-sync $(sort $(SERIES_CANONICAL_TREES)) $(LWIP_BASES)
	$(Q)$(TOP)/test/product/apply/test-series.sh $(BUILD)/series-test $(if $(LWIP_DIR),,$(foreach k,$(filter lwip-%,$(LWIP_KEYS)),$(LWIP_TREE_$k)))
CHECK_TARGETS += patches-sync
