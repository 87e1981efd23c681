# SPDX-License-Identifier: BSD-3-Clause
# lwIP trees, and the option variants a program sets over them.
#
# Trees. Each lwIP version in use has a build key: lwip-V for Debian's tree
# (or LWIP_TARBALL's), user-V for LWIP_DIR's; LWIP_KEYS lists them. A tree is
# named by its key (pristine) or KEY-patched (the series applied, mk/patches.mk):
#   LWIP_TREE_t      the tree's root
#   LWIP_READY_t     what makes it exist (nothing for LWIP_DIR's tree)
#   LWIP_VERSION_t   its version
#   LWIP_SRC_t, LWIP_TESTS_t  its sources (from its own Filelists.mk), relative to it
#
#   LWIP_DIR=DIR       use the tree at DIR, fetch nothing
#   LWIP_TARBALL=FILE  unpack FILE (must be a pinned Debian orig tarball)
#   otherwise          Debian's source packages, see mk/fetch-lwip.sh

LWIP_SUPPORTED := 2.1.3 2.2.1
# Through LWIP_DIR (not fetched): any lwIP 2.1 or 2.2 tree a series fits,
# releases, git and the SDK vendors' trees (mk/apply-patches.sh picks it).

# The version every area builds against unless it says otherwise; with
# LWIP_DIR or LWIP_TARBALL of another version, that tree.
LWIP_DEFAULT_VERSION := 2.2.1

ifneq ($(LWIP_DIR),)
  LWIP_DIR := $(abspath $(LWIP_DIR))
  LWIP_USER_VERSION := $(shell $(TOP)/mk/lwip-version.sh $(LWIP_DIR) 2>&1)
  ifneq ($(filter error:%,$(LWIP_USER_VERSION)),)
    $(error $(LWIP_USER_VERSION))
  endif
  LWIP_KEYS := user-$(LWIP_USER_VERSION)
  # lwIP's own tree (a release, lwIP's git) takes the series made for its
  # version; any other is a vendor's (LWIP_VENDOR_user-V): its contrib/ and
  # its tests are the vendor's (test/product/unit, series-tests, lwip-build-systems).
  LWIP_VENDOR_user-$(LWIP_USER_VERSION) := $(if $(filter lwip-$(LWIP_USER_VERSION),\
    $(shell $(TOP)/mk/apply-patches.sh which $(LWIP_DIR) 2>/dev/null)),,yes)
  # A vendor's tree is written for its SDK's options and 32-bit targets:
  # built here it may leave static functions or parameters unused (esp-lwip's
  # 2.1.x ip4_frag.c: ip_reass_timeout_cb, used only with ESP's on-demand
  # timers; NXP's lwiperf.c), print a u32_t with %lu (unsigned long there)
  # and compare an int with a u32_t: warnings, not errors. lwIP's own trees
  # keep -Werror whole.
  LWIP_CFLAGS_TREE := $(if $(LWIP_VENDOR_user-$(LWIP_USER_VERSION)),\
    -Wno-error=unused-function -Wno-error=unused-parameter -Wno-error=format -Wno-error=sign-compare)
  LWIP_VERSION_user-$(LWIP_USER_VERSION) := $(LWIP_USER_VERSION)
  LWIP_TREE_user-$(LWIP_USER_VERSION) := $(LWIP_DIR)
else
  ifneq ($(LWIP_TARBALL),)
    LWIP_TARBALL := $(abspath $(LWIP_TARBALL))
    LWIP_VERSIONS := $(shell $(TOP)/mk/fetch-lwip.sh --identify $(LWIP_TARBALL) 2>&1)
    ifneq ($(filter $(LWIP_SUPPORTED),$(LWIP_VERSIONS)),$(LWIP_VERSIONS))
      $(error $(LWIP_VERSIONS))
    endif
  else
    LWIP_VERSIONS := $(LWIP_SUPPORTED)
  endif
  LWIP_KEYS := $(addprefix lwip-,$(LWIP_VERSIONS))
  $(foreach v,$(LWIP_VERSIONS),\
    $(eval LWIP_VERSION_lwip-$v := $v)\
    $(eval LWIP_TREE_lwip-$v := $(TOP)/$(BUILD)/lwip-$v)\
    $(eval LWIP_READY_lwip-$v := $(BUILD)/lwip-$v.stamp))
endif

# The build key of the default version (or of the only tree there is).
LWIP_DEFAULT := $(or $(firstword $(filter %-$(LWIP_DEFAULT_VERSION),$(LWIP_KEYS))),$(lastword $(LWIP_KEYS)))

.PHONY: lwip
lwip: $(foreach k,$(LWIP_KEYS),$(LWIP_READY_$k)) ## fetch and verify the pristine lwIP trees

# (make deps first: these run while make brings its makefiles up to date)
$(BUILD)/lwip-%.stamp: | deps
	$(Q)$(TOP)/mk/fetch-lwip.sh $* $(BUILD)/lwip-$* $(LWIP_TARBALL)
	$(Q)touch $@
	@echo "lwIP $* ready in $(BUILD)/lwip-$*"

# The source lists come from each tree's Filelists.mk; Make reads them after
# (re)generating these files, so a fresh clone fetches first. make -n reads
# the lists there are and makes none: make would fetch for them even then.
NEEDS_LWIP := $(if $(MAKECMDGOALS),$(filter-out $(NO_LWIP_GOALS),$(MAKECMDGOALS)),yes)
LWIP_FILELISTS := $(foreach k,$(LWIP_KEYS),$(BUILD)/filelists-$k.mk)
ifeq ($(DRY_RUN),)
$(BUILD)/filelists-%.mk: $$(LWIP_READY_$$*) $(TOP)/mk/lwip-filelists.sh | deps
	$(Q)mkdir -p $(@D)
	$(Q)$(TOP)/mk/lwip-filelists.sh $* $(LWIP_TREE_$*) > $@.tmp && mv $@.tmp $@
ifneq ($(NEEDS_LWIP),)
include $(LWIP_FILELISTS)
endif
else
include $(wildcard $(LWIP_FILELISTS))
endif

# A tree that is made (fetched, patched) has its files only once its stamp
# exists: a clean checkout would otherwise say "No rule to make target".
$(foreach k,$(LWIP_KEYS),$(if $(LWIP_READY_$k),$(eval $(LWIP_TREE_$k)/%.c: | $(LWIP_READY_$k) ;)))

# A view of a tree: the same tree, building only the sources a program
# names. $(call lwip_tree_view,NAME,TREE,SRC) defines tree NAME: TREE with
# LWIP_SRC_NAME SRC (paths relative to the tree).
define lwip_tree_view
LWIP_TREE_$1 = $$(LWIP_TREE_$2)
LWIP_READY_$1 = $$(LWIP_READY_$2)
LWIP_VERSION_$1 = $$(LWIP_VERSION_$2)
LWIP_SRC_$1 := $3
endef

# lwIP option variants, by name: the options of lwIP (and of the patch series)
# a program sets over its lwipopts.h as -D flags; an lwipopts.h leaves an
# option a variant sets to opt.h's default, or defines it under #ifndef.
#   inline-on   every inline IPv4 header checksum path (the finer options
#               the one option of the series)
#   inline-off  every IPv4 header checksum from inet_chksum() (function-call path)
#   pernetif    per-netif checksum control with the inline paths on, the
#               combination upstream silently turned into the function-call path
#   offload     every checksum left to the netif (CHECKSUM_GEN_*, CHECKSUM_CHECK_*
#               0), as vendors' lwipopts.h for MACs that insert checksums
#   qemu-user   what lwIP's test options need on every CPU qemu-user runs
#   ip-checks-only  IP header checksums checked, transport ones not (the
#               fuzz targets: inputs get through to lwIP)
LWIP_OPTIONS_inline-on := -DLWIP_INLINE_IP_CHKSUM=1
LWIP_OPTIONS_inline-off := -DLWIP_INLINE_IP_CHKSUM=0
LWIP_OPTIONS_pernetif := -DLWIP_CHECKSUM_CTRL_PER_NETIF=1 -DLWIP_INLINE_IP_CHKSUM=1
LWIP_OPTIONS_offload := $(foreach p,IP UDP TCP ICMP,-DCHECKSUM_GEN_$p=0 -DCHECKSUM_CHECK_$p=0)
LWIP_OPTIONS_qemu-user := -DMEM_ALIGNMENT=__SIZEOF_POINTER__ -DIPV6_FRAG_COPYHEADER=1
LWIP_OPTIONS_ip-checks-only := -DCHECKSUM_CHECK_UDP=0 -DCHECKSUM_CHECK_TCP=0 -DCHECKSUM_CHECK_ICMP=0
