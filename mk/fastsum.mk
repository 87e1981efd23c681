# fastsum: the checksum module (src/), libfastsum.a, its differential tests.
#
# Reusable by other fragments (both announced here for bench and cross):
#
#   $(call fastsum_lwip_algorithms,NAME,KEY,CC,CFLAGS)
#     lwIP's own checksum code from tree KEY as references: inet_chksum.c
#     compiled three times (LWIP_CHKSUM_ALGORITHM 1, 2, 3) with every global
#     symbol suffixed _algN (lwip_standard_chksum_algN, lwip_chksum_copy_algN
#     = MEMCPY then algorithm N, ...) plus def.c (lwip_htons), against
#     test/fastsum/lwipopts.h. Objects in $(BUILD)/NAME/lwip-algs/, listed in
#     $(NAME_LWIP_ALGS) (NAME with / as is, e.g. $(bench/host_LWIP_ALGS)).
#
#   $(call fastsum_test_program,NAME,KEY,CC,CFLAGS,LIBS,EMULATOR)
#     the differential test (test/fastsum/test_fastsum.c + every src/ file +
#     the lwIP algorithms of KEY) as $(BUILD)/NAME/test_fastsum; `make NAME`
#     runs it (under EMULATOR if set). CFLAGS -DFASTSUM_TEST_CHECK with
#     $(CHECK_CFLAGS)/$(CHECK_LIBS) runs it under Check; without, it is a
#     plain program (targets without Check). -DFASTSUM_NO_<PATH> etc. apply.
#
# Sources: src/Filelists.mk (the same file users include).

FASTSUMDIR := src
include $(FASTSUMDIR)/Filelists.mk
FASTSUM_SRC := $(FASTSUMFILES)
FASTSUM_HEADERS := $(wildcard src/include/*.h)

# ---- make lib: the host library, every path the host CPU can run ----
FASTSUM_LIB := $(BUILD)/lib/libfastsum.a
FASTSUM_LIB_OBJ := $(patsubst src/%.c,$(BUILD)/lib/obj/%.o,$(FASTSUM_SRC))

$(FASTSUM_LIB_OBJ): $(BUILD)/lib/obj/%.o: src/%.c
	@mkdir -p $(@D)
	$(Q)$(CC) $(OPT_CFLAGS) $(WARN_CFLAGS) -Isrc/include -MMD -MP -c $< -o $@
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
FASTSUM_LWIP_CFLAGS := $(OPT_CFLAGS) $(WARN_CFLAGS) -I$(TOP)/test/fastsum $(PORT_INCLUDES)

define fastsum_lwip_algorithms
$1_LWIP_ALGS := $(foreach n,1 2 3,$(BUILD)/$1/lwip-algs/inet_chksum_alg$n.o) $(BUILD)/$1/lwip-algs/def.o
$(BUILD)/$1/lwip-algs/inet_chksum_alg%.o: $$(LWIP_READY_$2)
	@mkdir -p $$(@D)
	$$(Q)$3 $(FASTSUM_LWIP_CFLAGS) -I$(LWIP_TREE_$2)/src/include $4 -DLWIP_CHKSUM_ALGORITHM=$$* \
	  $$(foreach s,$(FASTSUM_LWIP_SYMBOLS),-D$$s=$$s_alg$$*) -c $(LWIP_TREE_$2)/src/core/inet_chksum.c -o $$@
$(BUILD)/$1/lwip-algs/def.o: $$(LWIP_READY_$2)
	@mkdir -p $$(@D)
	$$(Q)$3 $(FASTSUM_LWIP_CFLAGS) -I$(LWIP_TREE_$2)/src/include $4 -c $(LWIP_TREE_$2)/src/core/def.c -o $$@
endef

# ---- the differential test program ----
define fastsum_test_program
$(call fastsum_lwip_algorithms,$1,$2,$3,$4)
$1_TEST_OBJ := $(patsubst %.c,$(BUILD)/$1/%.o,$(FASTSUM_SRC) test/fastsum/test_fastsum.c)
$$($1_TEST_OBJ): $(BUILD)/$1/%.o: %.c
	@mkdir -p $$(@D)
	$$(Q)$3 $(OPT_CFLAGS) $(WARN_CFLAGS) -Isrc/include $4 -MMD -MP -c $$< -o $$@
$(BUILD)/$1/test_fastsum: $$($1_TEST_OBJ) $$($1_LWIP_ALGS)
	$$(Q)$3 $4 -o $$@ $$^ $5
-include $$($1_TEST_OBJ:.o=.d)
.PHONY: $1
$1: $(BUILD)/$1/test_fastsum
	@echo "== $1"
	$$(Q)$6 $(BUILD)/$1/test_fastsum
endef

FASTSUM_TEST_KEY := $(firstword $(LWIP_KEYS))
FASTSUM_CHECK := -DFASTSUM_TEST_CHECK $$(CHECK_CFLAGS)

$(eval $(call fastsum_test_program,fastsum-test,$(FASTSUM_TEST_KEY),$(CC),$(FASTSUM_CHECK),$$(CHECK_LIBS)))
FASTSUM_SANITIZE := -fsanitize=address,undefined -fno-sanitize-recover=all -DFASTSUM_TEST_WITHOUT_LWIP
$(eval $(call fastsum_test_program,fastsum-test-sanitize,$(FASTSUM_TEST_KEY),$(CC),$(FASTSUM_CHECK) $(FASTSUM_SANITIZE),$$(CHECK_LIBS)))

TEST_TARGETS += fastsum-test fastsum-test-sanitize

.PHONY: fastsum-tests
fastsum-tests: fastsum-test fastsum-test-sanitize ## fastsum's differential tests, plain and with ASan+UBSan

# lwIP's stock unit tests with lwIP using fastsum_chksum and
# fastsum_chksum_copy (the stock options enable LWIP_CHECKSUM_ON_COPY and its
# sanity check), on the patched trees.
$(foreach k,$(LWIP_KEYS),$(eval $(call lwip_unittest,$k-patched-fastsum,$k,$(LWIP_PATCHED_TREE_$k),$(LWIP_PATCHED_READY_$k),-I$(TOP)/lwip-port/variants/fastsum -I$(TOP)/src/include,$(FASTSUM_SRC))))
