# Programs built against an lwIP tree. One helper builds every flavour:
#
#   $(call lwip_program,NAME,KEY,TREE,READY,INCLUDES,TREE_SRC,PROJECT_SRC,CFLAGS,LIBS)
#
#   NAME         builds go to $(BUILD)/NAME/ (may contain slashes); the program
#                is $(BUILD)/NAME/prog, `make run-NAME` runs it there
#   KEY          build key of the tree (lwip-2.2.1, user-2.1.3, ...): the lwIP
#                stack compiled is LWIP_SRC_KEY, as $(BUILD)/NAME/liblwip.a
#   TREE, READY  the tree's root, and what makes it exist (order-only)
#   INCLUDES     -I flags searched before lwIP's own headers: where lwipopts.h
#                is found (a variant may #include_next the stock one)
#   TREE_SRC     more sources from the tree, relative to it (test/unit/...)
#   PROJECT_SRC  sources of this project, relative to the top
#   CFLAGS, LIBS extra compile flags, extra link flags
#
# Set NAME_CC, NAME_AR, NAME_EMULATOR before the call to cross-build and to
# run under qemu-user; they default to $(CC), $(AR) and nothing.

# -Wno-format-extra-args: as lwIP's own check Makefile (fail_unless messages).
LWIP_CFLAGS := $(OPT_CFLAGS) $(WARN_CFLAGS) -Wno-format-extra-args -DLWIP_DEBUG -DLWIP_NOASSERT_ON_ERROR

define lwip_program
$1_CC ?= $$(CC)
$1_AR ?= $$(AR)
$1_LWIP_OBJ := $$(addprefix $(BUILD)/$1/lwip/,$$(LWIP_SRC_$2:.c=.o))
$1_OBJ := $$(addprefix $(BUILD)/$1/lwip/,$$(patsubst %.c,%.o,$6)) \
  $$(addprefix $(BUILD)/$1/project/,$$(patsubst %.c,%.o,$7))
$1_CFLAGS = $(LWIP_CFLAGS) $5 -I$3/src/include $(PORT_INCLUDES) $8

# A re-made tree (its .stamp in READY) rebuilds every object: make may have
# looked at a source's time before the tree was re-created.
$$($1_LWIP_OBJ) $$(filter $(BUILD)/$1/lwip/%,$$($1_OBJ)): $(BUILD)/$1/lwip/%.o: $3/%.c $(filter %.stamp,$4) | $4
	@mkdir -p $$(@D)
	$$(Q)$$($1_CC) $$($1_CFLAGS) -MMD -MP -c $$< -o $$@
$$(filter $(BUILD)/$1/project/%,$$($1_OBJ)): $(BUILD)/$1/project/%.o: %.c $(filter %.stamp,$4) | $4
	@mkdir -p $$(@D)
	$$(Q)$$($1_CC) $$($1_CFLAGS) -MMD -MP -c $$< -o $$@
# The tree's sources exist once READY has run (a fetched or patched tree).
$3/%.c: | $(filter %.stamp,$4) ;
# lwIP is linked as a library, as its own Makefiles do: only what is used.
$(BUILD)/$1/liblwip.a: $$($1_LWIP_OBJ)
	$$(Q)rm -f $$@ && $$($1_AR) rcs $$@ $$^
$(BUILD)/$1/prog: $$($1_OBJ) $(BUILD)/$1/liblwip.a
	$$(Q)$$($1_CC) -o $$@ $$^ $9

.PHONY: run-$1
run-$1: $(BUILD)/$1/prog
	@echo "== $1"
	$$(Q)cd $(BUILD)/$1 && $$($1_EMULATOR) ./prog

-include $$(patsubst %.o,%.d,$$($1_LWIP_OBJ) $$($1_OBJ))
endef

# lwIP's stock unit tests (test/unit with its own lwipopts.h and sys_arch.c)
# against build key KEY in TREE, with INCLUDES searched first and PROJECT_SRC
# linked in:
#   $(call lwip_unittest,NAME,KEY,TREE,READY,INCLUDES,PROJECT_SRC,CFLAGS)
# The run is `make unit-NAME`; every NAME lands in UNIT_TESTS.
define lwip_unittest
$(call lwip_program,unit/$1,$2,$3,$4,$5 -I$3/test/unit $(UNITTEST_INCLUDES) $$(CHECK_CFLAGS),$$(LWIP_TESTS_$2),$6,$7,$$(CHECK_LIBS))
.PHONY: unit-$1
unit-$1: run-unit/$1
UNIT_TESTS += unit-$1
ALL_TARGETS += $(BUILD)/unit/$1/prog
endef

# The stock tests on the pristine trees, with the stock test options.
$(foreach k,$(LWIP_KEYS),$(eval $(call lwip_unittest,$k-stock,$k,$(LWIP_TREE_$k),$(LWIP_READY_$k))))

TEST_TARGETS += $(UNIT_TESTS)

.PHONY: unit
unit: $$(UNIT_TESTS) ## run the lwIP unit tests (stock trees and every variant)
