# Pristine lwIP trees. For each supported version V this defines
#   LWIP_KEYS            the build keys in use (lwip-2.1.3, lwip-2.2.1, or
#                        user-V for LWIP_DIR)
#   LWIP_TREE_key        the tree's root, LWIP_READY_key what makes it exist
#   LWIP_VERSION_key     its version
#   LWIP_SRC_key, LWIP_TESTS_key  its sources, from its own Filelists.mk
#
#   LWIP_DIR=DIR       use the tree at DIR, fetch nothing
#   LWIP_TARBALL=FILE  unpack FILE (must be a pinned Debian orig tarball)
#   otherwise          Debian's source packages, see mk/fetch-lwip.sh

LWIP_SUPPORTED := 2.1.3 2.2.1

ifneq ($(LWIP_DIR),)
  LWIP_DIR := $(abspath $(LWIP_DIR))
  LWIP_USER_VERSION := $(shell $(TOP)/mk/lwip-version.sh $(LWIP_DIR) 2>&1)
  ifneq ($(filter $(LWIP_SUPPORTED),$(LWIP_USER_VERSION)),$(LWIP_USER_VERSION))
    $(error $(LWIP_USER_VERSION))
  endif
  LWIP_KEYS := user-$(LWIP_USER_VERSION)
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

.PHONY: lwip
lwip: $(foreach k,$(LWIP_KEYS),$(LWIP_READY_$k)) ## fetch and verify the pristine lwIP trees

$(BUILD)/lwip-%.stamp:
	$(Q)$(TOP)/mk/fetch-lwip.sh $* $(BUILD)/lwip-$* $(LWIP_TARBALL)
	$(Q)touch $@
	@echo "lwIP $* ready in $(BUILD)/lwip-$*"

# The source lists come from each tree's Filelists.mk; Make reads them after
# (re)generating these files, so a fresh clone fetches first.
$(BUILD)/filelists-%.mk: $$(LWIP_READY_$$*) $(TOP)/mk/lwip-filelists.sh
	$(Q)mkdir -p $(@D)
	$(Q)$(TOP)/mk/lwip-filelists.sh $* $(LWIP_TREE_$*) > $@.tmp && mv $@.tmp $@

NEEDS_LWIP := $(if $(MAKECMDGOALS),$(filter-out $(NO_LWIP_GOALS),$(MAKECMDGOALS)),yes)
ifneq ($(NEEDS_LWIP),)
include $(foreach k,$(LWIP_KEYS),$(BUILD)/filelists-$k.mk)
endif
