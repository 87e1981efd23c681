# lwIP unit-test binaries. One helper builds every flavour:
#
#   $(call lwip_unittest,NAME,KEY,TREE,READY,OPTS_DIR,EXTRA_SRC,EXTRA_CFLAGS)
#
# builds $(BUILD)/unit/NAME/lwip_unittests from the lwIP sources of build key
# KEY found in TREE (READY makes TREE exist), the stock test/unit suites,
# EXTRA_SRC (project files, relative to the top), with OPTS_DIR searched for
# lwipopts.h before test/unit (a variant there #include_next's the stock one).
# `make unit-NAME` runs it; every NAME lands in UNIT_TESTS.

# -Wno-format-extra-args: as lwIP's own check Makefile (its fail_unless() messages).
LWIP_CFLAGS := $(OPT_CFLAGS) $(WARN_CFLAGS) -Wno-format-extra-args -DLWIP_DEBUG -DLWIP_NOASSERT_ON_ERROR

define lwip_unittest
$1_DIR := $(BUILD)/unit/$1
$1_LWIP_OBJ := $$(addprefix $(BUILD)/unit/$1/,$$(LWIP_SRC_$2:.c=.o))
$1_TEST_OBJ := $$(addprefix $(BUILD)/unit/$1/,$$(LWIP_TESTS_$2:.c=.o))
$1_PROJ_OBJ := $$(addprefix $(BUILD)/unit/$1/project/,$(6:.c=.o))
$1_CFLAGS = $(LWIP_CFLAGS) $(if $5,-I$(TOP)/$5) -I$3/test/unit -I$3/src/include \
  $(PORT_INCLUDES) $(UNITTEST_INCLUDES) $$(CHECK_CFLAGS) $7

$$($1_LWIP_OBJ) $$($1_TEST_OBJ): $(BUILD)/unit/$1/%.o: $3/%.c | $4 deps-host
	@mkdir -p $$(@D)
	$$(Q)$$(CC) $$($1_CFLAGS) -MMD -MP -c $$< -o $$@
$$($1_PROJ_OBJ): $(BUILD)/unit/$1/project/%.o: %.c | $4 deps-host
	@mkdir -p $$(@D)
	$$(Q)$$(CC) $$($1_CFLAGS) -MMD -MP -c $$< -o $$@
# lwIP is linked as a library, as its own Makefiles do: only what is used.
$(BUILD)/unit/$1/liblwip.a: $$($1_LWIP_OBJ)
	$$(Q)rm -f $$@ && $$(AR) rcs $$@ $$^
$(BUILD)/unit/$1/lwip_unittests: $$($1_TEST_OBJ) $$($1_PROJ_OBJ) $(BUILD)/unit/$1/liblwip.a
	$$(Q)$$(CC) -o $$@ $$^ $$(CHECK_LIBS)

.PHONY: unit-$1
unit-$1: $(BUILD)/unit/$1/lwip_unittests
	@echo "== lwIP unit tests: $1"
	$$(Q)cd $(BUILD)/unit/$1 && ./lwip_unittests

UNIT_TESTS += unit-$1
-include $$(patsubst %.o,%.d,$$($1_LWIP_OBJ) $$($1_TEST_OBJ) $$($1_PROJ_OBJ))
endef

# The stock tests on the pristine trees, with the stock test options.
$(foreach k,$(LWIP_KEYS),$(eval $(call lwip_unittest,$k-stock,$k,$(LWIP_TREE_$k),$(LWIP_READY_$k))))

TEST_TARGETS += $(UNIT_TESTS)
ALL_TARGETS += $(foreach t,$(UNIT_TESTS),$(BUILD)/unit/$(t:unit-%=%)/lwip_unittests)

.PHONY: unit
unit: $(UNIT_TESTS) ## run the lwIP unit tests (stock trees and every variant)
