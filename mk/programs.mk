# SPDX-License-Identifier: BSD-3-Clause
# How a program is declared, and its rules, written once for every program.
#
# A test folder's Dir.mk declares, and defines nothing another part uses:
#   PROGRAMS += NAME          its programs, each by the settings below, set
#                             by hand or by a template of mk/templates.mk:
#                             $(eval $(call pktest_program,NAME,TREE,...))
#   CHECK_TARGETS += T        T is part of make check (the quick tier);
#   TEST_TARGETS += T         of make test
#   ALL_TARGETS += FILE       FILE is built by make (all); ALL_REPORT is
#                             the command it runs last (the benchmarks')
#   CAPTURE_COMPARISONS += C  two programs' captures compared (below)
#   TIMED_PROGRAMS += FILE    FILE is timed by make bench: every timed run
#                             waits for all of them to be built, so that
#                             nothing compiles while one is timed
#   PKGS_<area>, GOAL_AREAS_<goal>  its Debian packages (mk/packages.mk)
# and the recipes of its own tests. A variant of a program is a second
# declaration (the same template, other arguments), never a reference to
# the first one's settings. docs/building.md walks through a new folder.
#
# Programs. A program NAME is built in $(BUILD)/NAME/ (NAME may contain
# slashes) as $(BUILD)/NAME/prog; `make run-NAME` runs it there. Its
# settings, each empty unless set:
#   NAME_SRCS       the project's sources, paths from the top
#   NAME_TREE       the lwIP tree it is built against (a build key, or
#                   KEY-patched, mk/lwip.mk): its stack is linked in as
#                   liblwip.a, its headers and lwip-port/ are searched;
#                   empty: no lwIP
#   NAME_TREE_SRCS  more sources from that tree, relative to it (test/unit/...)
#   NAME_TREE_INCLUDES  directories of that tree searched after NAME_CFLAGS'
#                   and before lwIP's own headers (test/unit: its lwipopts.h)
#   NAME_OPTIONS    lwIP option variants by name (LWIP_OPTIONS_<name>, mk/lwip.mk)
#   NAME_CFLAGS     more compile flags; -I here is searched before lwIP's own
#                   headers (the directory with the program's lwipopts.h first)
#   NAME_LIBS       link flags and files after the objects (a sanitizer's
#                   -fsanitize=, build/lib/libfastsum.a); files in $(BUILD)/
#                   are also prerequisites
#   NAME_LWIP_ALGS  a tree: lwIP's own checksum code of that tree linked in
#                   as references (below)
#   NAME_CC, NAME_AR  compiler and archiver ($(CC), $(AR) by default)
#   NAME_EMULATOR   what runs it (qemu-user for a cross build); NAME_ENV the
#                   environment of its runs
#   NAME_NEEDS      what must exist before it compiles (a cross-built Check)
#   NAME_TARGET     a cross target (mk/targets.mk): NAME_CC, _AR, _EMULATOR,
#                   _ENV and _NEEDS default to its TARGET_CC_<target>, ...
# Each build directory has a flags stamp: a change of compiler or flags
# rebuilds what it built.

# -Wno-format-extra-args: as lwIP's own check Makefile (fail_unless messages).
LWIP_CFLAGS := -Wno-format-extra-args -DLWIP_DEBUG -DLWIP_NOASSERT_ON_ERROR $(LWIP_CFLAGS_TREE)

# $(call program_cflags,NAME): every compile flag of NAME.
program_cflags = $(OPT_CFLAGS) $(WARN_CFLAGS) $(if $($1_TREE),$(LWIP_CFLAGS)) \
  $(foreach o,$($1_OPTIONS),$(LWIP_OPTIONS_$o)) $($1_CFLAGS) \
  $(if $($1_TREE),$(addprefix -I$(LWIP_TREE_$($1_TREE))/,$($1_TREE_INCLUDES) src/include) $(PORT_INCLUDES))
# $(call program_cc,NAME), $(call program_ar,NAME): its compiler, archiver
program_cc = $(or $($1_CC),$(CC))
program_ar = $(or $($1_AR),$(AR))

# $(call program_run,NAME[,ENV]): the command that runs NAME in its
# directory, with NAME_ENV and ENV in its environment.
program_run = cd $(BUILD)/$1 && $(if $($1_ENV)$2,env $($1_ENV) $2) $($1_EMULATOR) ./prog

# lwIP's checksum code as references (NAME_LWIP_ALGS := TREE): the tree's
# inet_chksum.c compiled three times (LWIP_CHKSUM_ALGORITHM 1, 2, 3) with
# every global symbol suffixed _algN (lwip_standard_chksum_algN,
# lwip_chksum_copy_algN = MEMCPY then algorithm N, ...) plus def.c
# (lwip_htons), against test/product/fastsum/lwipopts.h, with the program's
# compiler and flags; linked after the program's objects.
LWIP_ALGS_SYMBOLS := lwip_standard_chksum lwip_chksum_copy inet_chksum \
  inet_chksum_pbuf inet_chksum_pseudo inet_chksum_pseudo_partial \
  ip6_chksum_pseudo ip6_chksum_pseudo_partial ip_chksum_pseudo \
  ip_chksum_pseudo_partial
lwip_algs_obj = $(if $($1_LWIP_ALGS),$(foreach n,1 2 3,$(BUILD)/$1/lwip-algs/inet_chksum_alg$n.o) $(BUILD)/$1/lwip-algs/def.o)
lwip_algs_cc = $(call program_cc,$1) $(OPT_CFLAGS) $(WARN_CFLAGS) -I$(TOP)/test/product/fastsum $(PORT_INCLUDES) \
  -I$(LWIP_TREE_$($1_LWIP_ALGS))/src/include $($1_CFLAGS)
define lwip_algs_rules
$(BUILD)/$1/lwip-algs/inet_chksum_alg%.o: $(LWIP_READY_$($1_LWIP_ALGS)) $(BUILD)/$1/flags | $($1_NEEDS)
	@mkdir -p $$(@D)
	$$(Q)$$(call lwip_algs_cc,$1) -DLWIP_CHKSUM_ALGORITHM=$$* \
	  $$(foreach s,$(LWIP_ALGS_SYMBOLS),-D$$s=$$s_alg$$*) -c $(LWIP_TREE_$($1_LWIP_ALGS))/src/core/inet_chksum.c -o $$@
$(BUILD)/$1/lwip-algs/def.o: $(LWIP_READY_$($1_LWIP_ALGS)) $(BUILD)/$1/flags | $($1_NEEDS)
	@mkdir -p $$(@D)
	$$(Q)$$(call lwip_algs_cc,$1) -c $(LWIP_TREE_$($1_LWIP_ALGS))/src/core/def.c -o $$@
endef

# The Makefile expands this for every program, once all are declared.
define program_rules
$(if $($1_TARGET),$(foreach s,CC AR EMULATOR ENV NEEDS,$(if $(filter undefined,$(origin $1_$s)),$(eval $1_$s = $$(TARGET_$s_$($1_TARGET))))))
$(eval $1_OBJ := $(patsubst %.c,$(BUILD)/$1/project/%.o,$($1_SRCS)) \
  $(patsubst %.c,$(BUILD)/$1/lwip/%.o,$($1_TREE_SRCS)))
$(eval $1_LWIP_OBJ := $(if $($1_TREE),$(patsubst %.c,$(BUILD)/$1/lwip/%.o,$(LWIP_SRC_$($1_TREE)))))

$(BUILD)/$1/flags: FORCE
	$$(Q)$$(call flags_stamp,$$@,$$(call program_cc,$1) $$(call program_cflags,$1) -- $$(call program_ar,$1) -- $$($1_LIBS))
$(filter $(BUILD)/$1/lwip/%,$($1_OBJ) $($1_LWIP_OBJ)): $(BUILD)/$1/lwip/%.o: $(LWIP_TREE_$($1_TREE))/%.c $(BUILD)/$1/flags $(LWIP_READY_$($1_TREE)) | $($1_NEEDS)
	@mkdir -p $$(@D)
	$$(Q)$$(call program_cc,$1) $$(call program_cflags,$1) -MMD -MP -c $$< -o $$@
$(filter $(BUILD)/$1/project/%,$($1_OBJ)): $(BUILD)/$1/project/%.o: %.c $(BUILD)/$1/flags $(LWIP_READY_$($1_TREE)) | $($1_NEEDS)
	@mkdir -p $$(@D)
	$$(Q)$$(call program_cc,$1) $$(call program_cflags,$1) -MMD -MP -c $$< -o $$@
# lwIP is linked as a library, as its own Makefiles do: only what is used.
$(BUILD)/$1/liblwip.a: $($1_LWIP_OBJ)
	$$(Q)rm -f $$@ && $$(call program_ar,$1) rcs $$@ $$^
$(BUILD)/$1/prog: $($1_OBJ) $(call lwip_algs_obj,$1) $(if $($1_TREE),$(BUILD)/$1/liblwip.a) $(BUILD)/$1/flags $$$$(filter $(BUILD)/%,$$$$($1_LIBS))
	$$(Q)$$(call program_cc,$1) -o $$@ $($1_OBJ) $(call lwip_algs_obj,$1) $(if $($1_TREE),$(BUILD)/$1/liblwip.a) $$($1_LIBS)
$(if $($1_LWIP_ALGS),$(call lwip_algs_rules,$1))

.PHONY: run-$1
run-$1: $(BUILD)/$1/prog
	@echo "== $1"
	$$(Q)$$(call program_run,$1)

-include $(patsubst %.o,%.d,$($1_OBJ) $($1_LWIP_OBJ))
endef

# Captures. Any program's run can be captured: $(BUILD)/NAME/captures.stamp
# is a run of NAME that passed, its captures (the .pcap files it wrote to
# its directory's captures/) in $(BUILD)/NAME/captures/. A capture
# comparison C (in CAPTURE_COMPARISONS, `make C`) fails unless the two
# programs of C_CAPTURES captured the same bytes (mk/compare-captures.sh),
# files matching the shell patterns of C_EXCEPT left out.
$(BUILD)/%/captures.stamp: $(BUILD)/%/prog
	@echo "== $*, captured"
	$(Q)rm -rf $(BUILD)/$*/captures $@ && mkdir $(BUILD)/$*/captures
	$(Q)$(call program_run,$*)
	$(Q)touch $@

define capture_comparison_rules
.PHONY: $1
$1: $(foreach p,$($1_CAPTURES),$(BUILD)/$p/captures.stamp)
	$$(Q)$(TOP)/mk/compare-captures.sh $(foreach p,$($1_CAPTURES),$(BUILD)/$p/captures) $($1_EXCEPT)
endef
