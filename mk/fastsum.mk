# fastsum: the checksum module (src/), libfastsum.a, its differential tests.
#
# Sources: src/Filelists.mk (the same file users include).
#
# lwIP's own checksum code as references, for any program (mk/lwip.mk) that
# sets NAME_LWIP_ALGS to a tree and links $(call lwip_algs,NAME): the tree's
# inet_chksum.c compiled three times (LWIP_CHKSUM_ALGORITHM 1, 2, 3) with
# every global symbol suffixed _algN (lwip_standard_chksum_algN,
# lwip_chksum_copy_algN = MEMCPY then algorithm N, ...) plus def.c
# (lwip_htons), against test/fastsum/lwipopts.h, with the program's compiler
# and flags.

FASTSUMDIR := src
include $(FASTSUMDIR)/Filelists.mk
FASTSUM_SRC := $(FASTSUMFILES)
FASTSUM_HEADERS := $(wildcard src/include/*.h)

# ---- make lib: the host library, every path the host CPU can run ----
FASTSUM_LIB := $(BUILD)/lib/libfastsum.a
FASTSUM_LIB_OBJ := $(patsubst src/%.c,$(BUILD)/lib/obj/%.o,$(FASTSUM_SRC))
FASTSUM_LIB_CFLAGS = $(OPT_CFLAGS) $(WARN_CFLAGS) -Isrc/include

$(BUILD)/lib/flags: FORCE
	$(Q)$(call flags_stamp,$@,$(CC) $(FASTSUM_LIB_CFLAGS) -- $(AR))
$(FASTSUM_LIB_OBJ): $(BUILD)/lib/obj/%.o: src/%.c $(BUILD)/lib/flags
	@mkdir -p $(@D)
	$(Q)$(CC) $(FASTSUM_LIB_CFLAGS) -MMD -MP -c $< -o $@
$(FASTSUM_LIB): $(FASTSUM_LIB_OBJ)
	$(Q)rm -f $@ && $(AR) rcs $@ $^
-include $(FASTSUM_LIB_OBJ:.o=.d)

.PHONY: lib
lib: $(FASTSUM_LIB) ## build build/lib/libfastsum.a (link with -Isrc/include)
ALL_TARGETS += $(FASTSUM_LIB)

# ---- lwIP's algorithms 1, 2, 3 as references ----
FASTSUM_LWIP_SYMBOLS := lwip_standard_chksum lwip_chksum_copy inet_chksum \
  inet_chksum_pbuf inet_chksum_pseudo inet_chksum_pseudo_partial \
  ip6_chksum_pseudo ip6_chksum_pseudo_partial ip_chksum_pseudo \
  ip_chksum_pseudo_partial
lwip_algs = $(foreach n,1 2 3,$(BUILD)/$1/lwip-algs/inet_chksum_alg$n.o) $(BUILD)/$1/lwip-algs/def.o
lwip_algs_cc = $($1_CC) $(OPT_CFLAGS) $(WARN_CFLAGS) -I$(TOP)/test/fastsum $(PORT_INCLUDES) \
  -I$(LWIP_TREE_$($1_LWIP_ALGS))/src/include $($1_CFLAGS)

PROGRAM_SETTINGS += LWIP_ALGS
PROGRAM_HOOKS += lwip_algs_rules
define lwip_algs_rules
$(if $($1_LWIP_ALGS),
$(BUILD)/$1/lwip-algs/inet_chksum_alg%.o: $(LWIP_READY_$($1_LWIP_ALGS)) $(BUILD)/$1/flags | $($1_NEEDS)
	@mkdir -p $$(@D)
	$$(Q)$$(call lwip_algs_cc,$1) -DLWIP_CHKSUM_ALGORITHM=$$* \
	  $$(foreach s,$(FASTSUM_LWIP_SYMBOLS),-D$$s=$$s_alg$$*) -c $(LWIP_TREE_$($1_LWIP_ALGS))/src/core/inet_chksum.c -o $$@
$(BUILD)/$1/lwip-algs/def.o: $(LWIP_READY_$($1_LWIP_ALGS)) $(BUILD)/$1/flags | $($1_NEEDS)
	@mkdir -p $$(@D)
	$$(Q)$$(call lwip_algs_cc,$1) -c $(LWIP_TREE_$($1_LWIP_ALGS))/src/core/def.c -o $$@
)
endef

# ---- the differential test: every src/ file against lwIP's algorithms ----
# Under Check on the host; with ASan and UBSan (lwIP's algorithms left out:
# the sanitizers are about fastsum); cross builds in mk/cross.mk.
PROGRAMS += fastsum-test fastsum-test-sanitize
fastsum-test_SRCS := $(FASTSUM_SRC) test/fastsum/test_fastsum.c
fastsum-test_LWIP_ALGS := $(LWIP_DEFAULT)
fastsum-test_CFLAGS = -Isrc/include -DFASTSUM_TEST_CHECK $(CHECK_CFLAGS)
fastsum-test_LIBS = $(call lwip_algs,fastsum-test) $(CHECK_LIBS)

FASTSUM_SANITIZE := -fsanitize=address,undefined -fno-sanitize-recover=all
fastsum-test-sanitize_SRCS := $(fastsum-test_SRCS)
fastsum-test-sanitize_CFLAGS = $(fastsum-test_CFLAGS) $(FASTSUM_SANITIZE) -DFASTSUM_TEST_WITHOUT_LWIP
fastsum-test-sanitize_LIBS = $(FASTSUM_SANITIZE) $(CHECK_LIBS)

.PHONY: fastsum-test fastsum-test-sanitize fastsum-tests
fastsum-test: run-fastsum-test
fastsum-test-sanitize: run-fastsum-test-sanitize
fastsum-tests: fastsum-test fastsum-test-sanitize ## fastsum's differential tests, plain and with ASan+UBSan
CHECK_TARGETS += fastsum-test fastsum-test-sanitize

# lwIP's stock unit tests (mk/unittest.mk) on the patched trees with lwIP
# using fastsum_chksum and fastsum_chksum_copy (the stock options enable
# LWIP_CHECKSUM_ON_COPY and its sanity check): lwip-port/fastsum/lwipopts.h
# is how a port adds fastsum.
define unit_fastsum_program
PROGRAMS += unit/$k-patched-fastsum
unit/$k-patched-fastsum_LIKE := unit/$k-stock
unit/$k-patched-fastsum_TREE := $k-patched
unit/$k-patched-fastsum_SRCS := $(FASTSUM_SRC)
unit/$k-patched-fastsum_CFLAGS = -I$(TOP)/lwip-port/fastsum -I$(TOP)/src/include $$(unit/$k-stock_CFLAGS)
endef
$(foreach k,$(LWIP_KEYS),$(eval $(unit_fastsum_program)))
