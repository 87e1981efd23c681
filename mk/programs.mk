# SPDX-License-Identifier: BSD-3-Clause
# How a program is declared, and its rules, written once for every program.
#
# Programs. A program NAME is built in $(BUILD)/NAME/ (NAME may contain
# slashes) as $(BUILD)/NAME/prog; `make run-NAME` runs it there. Declare it
# by adding NAME to PROGRAMS and setting what it needs of
#   NAME_SRCS       the project's sources, paths from the top
#   NAME_TREE       the lwIP tree it is built against (a build key, or
#                   KEY-patched): its stack is linked in as liblwip.a, its
#                   headers and lwip-port/ are searched; empty: no lwIP
#   NAME_TREE_SRCS  more sources from that tree, relative to it (test/unit/...)
#   NAME_TREE_INCLUDES  directories of that tree searched after NAME_CFLAGS'
#                   and before lwIP's own headers (test/unit: its lwipopts.h)
#   NAME_OPTIONS    lwIP option variants by name (LWIP_OPTIONS_<name> above)
#   NAME_CFLAGS     more compile flags; -I here is searched before lwIP's own
#                   headers (the directory with the program's lwipopts.h first)
#   NAME_LIBS       link flags and files after the objects (a sanitizer's
#                   -fsanitize=, build/lib/libfastsum.a); files in $(BUILD)/
#                   are also prerequisites
#   NAME_CC, NAME_AR  compiler and archiver ($(CC), $(AR) by default)
#   NAME_EMULATOR   what runs it (qemu-user for a cross build); NAME_ENV the
#                   environment of its runs
#   NAME_NEEDS      what must exist before it compiles (a cross-built Check)
#   NAME_TARGET     a cross target (test/product/cross/Dir.mk): NAME_CC, _AR, _EMULATOR,
#                   _ENV and _NEEDS default to its TARGET_CC_<target>, ...
#   NAME_LIKE       another program whose settings NAME takes where it sets
#                   none (a cross build of a host program)
# docs/building.md walks through adding one. Each build directory has a
# flags stamp: a change of compiler or flags rebuilds what it built.
PROGRAM_SETTINGS := SRCS TREE TREE_SRCS TREE_INCLUDES OPTIONS CFLAGS LIBS CC AR EMULATOR ENV NEEDS

# -Wno-format-extra-args: as lwIP's own check Makefile (fail_unless messages).
LWIP_CFLAGS := -Wno-format-extra-args -DLWIP_DEBUG -DLWIP_NOASSERT_ON_ERROR $(LWIP_CFLAGS_TREE)

# $(call program_setting,NAME,SETTING): NAME_SETTING, or its NAME_LIKE's.
program_setting = $(if $(filter undefined,$(origin $1_$2)),$(if $($1_LIKE),$(call program_setting,$($1_LIKE),$2)),$($1_$2))

# $(call program_cflags,NAME): every compile flag of NAME.
program_cflags = $(OPT_CFLAGS) $(WARN_CFLAGS) $(if $($1_TREE),$(LWIP_CFLAGS)) \
  $(foreach o,$($1_OPTIONS),$(LWIP_OPTIONS_$o)) $($1_CFLAGS) \
  $(if $($1_TREE),$(addprefix -I$(LWIP_TREE_$($1_TREE))/,$($1_TREE_INCLUDES) src/include) $(PORT_INCLUDES))

# $(call program_run,NAME[,ENV]): the command that runs NAME in its
# directory, with NAME_ENV and ENV in its environment.
program_run = cd $(BUILD)/$1 && $(if $($1_ENV)$2,env $($1_ENV) $2) $($1_EMULATOR) ./prog

define program_rules
$(if $($1_TARGET),$(foreach s,CC AR EMULATOR ENV NEEDS,$(if $(filter undefined,$(origin $1_$s)),$(eval $1_$s = $$(TARGET_$s_$($1_TARGET))))))
$(if $($1_LIKE),$(foreach s,$(PROGRAM_SETTINGS),$(if $(filter undefined,$(origin $1_$s)),$(eval $1_$s = $$(call program_setting,$($1_LIKE),$s)))))
$(eval $1_CC := $(or $($1_CC),$(CC)))
$(eval $1_AR := $(or $($1_AR),$(AR)))
$(eval $1_OBJ := $(patsubst %.c,$(BUILD)/$1/project/%.o,$($1_SRCS)) \
  $(patsubst %.c,$(BUILD)/$1/lwip/%.o,$($1_TREE_SRCS)))
$(eval $1_LWIP_OBJ := $(if $($1_TREE),$(patsubst %.c,$(BUILD)/$1/lwip/%.o,$(LWIP_SRC_$($1_TREE)))))

$(BUILD)/$1/flags: FORCE
	$$(Q)$$(call flags_stamp,$$@,$$($1_CC) $$(call program_cflags,$1) -- $$($1_AR) -- $$($1_LIBS))
$(filter $(BUILD)/$1/lwip/%,$($1_OBJ) $($1_LWIP_OBJ)): $(BUILD)/$1/lwip/%.o: $(LWIP_TREE_$($1_TREE))/%.c $(BUILD)/$1/flags $(LWIP_READY_$($1_TREE)) | $($1_NEEDS)
	@mkdir -p $$(@D)
	$$(Q)$$($1_CC) $$(call program_cflags,$1) -MMD -MP -c $$< -o $$@
$(filter $(BUILD)/$1/project/%,$($1_OBJ)): $(BUILD)/$1/project/%.o: %.c $(BUILD)/$1/flags $(LWIP_READY_$($1_TREE)) | $($1_NEEDS)
	@mkdir -p $$(@D)
	$$(Q)$$($1_CC) $$(call program_cflags,$1) -MMD -MP -c $$< -o $$@
# lwIP is linked as a library, as its own Makefiles do: only what is used.
$(BUILD)/$1/liblwip.a: $($1_LWIP_OBJ)
	$$(Q)rm -f $$@ && $$($1_AR) rcs $$@ $$^
$(BUILD)/$1/prog: $($1_OBJ) $(if $($1_TREE),$(BUILD)/$1/liblwip.a) $(BUILD)/$1/flags $$$$(filter $(BUILD)/%,$$$$($1_LIBS))
	$$(Q)$$($1_CC) -o $$@ $($1_OBJ) $(if $($1_TREE),$(BUILD)/$1/liblwip.a) $$($1_LIBS)

.PHONY: run-$1
run-$1: $(BUILD)/$1/prog
	@echo "== $1"
	$$(Q)$$(call program_run,$1)

-include $(patsubst %.o,%.d,$($1_OBJ) $($1_LWIP_OBJ))
$(foreach h,$(PROGRAM_HOOKS),$(call $h,$1))
endef
