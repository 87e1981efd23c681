# SPDX-License-Identifier: BSD-3-Clause
# fastsum's differential tests, and lwIP's checksum code as their reference.
#
# lwIP's own checksum code as references, for any program (mk/programs.mk) that
# sets NAME_LWIP_ALGS to a tree and links $(call lwip_algs,NAME): the tree's
# inet_chksum.c compiled three times (LWIP_CHKSUM_ALGORITHM 1, 2, 3) with
# every global symbol suffixed _algN (lwip_standard_chksum_algN,
# lwip_chksum_copy_algN = MEMCPY then algorithm N, ...) plus def.c
# (lwip_htons), against test/product/fastsum/lwipopts.h, with the program's
# compiler and flags.

# ---- lwIP's algorithms 1, 2, 3 as references ----
FASTSUM_LWIP_SYMBOLS := lwip_standard_chksum lwip_chksum_copy inet_chksum \
  inet_chksum_pbuf inet_chksum_pseudo inet_chksum_pseudo_partial \
  ip6_chksum_pseudo ip6_chksum_pseudo_partial ip_chksum_pseudo \
  ip_chksum_pseudo_partial
lwip_algs = $(foreach n,1 2 3,$(BUILD)/$1/lwip-algs/inet_chksum_alg$n.o) $(BUILD)/$1/lwip-algs/def.o
lwip_algs_cc = $($1_CC) $(OPT_CFLAGS) $(WARN_CFLAGS) -I$(TOP)/test/product/fastsum $(PORT_INCLUDES) \
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
# the sanitizers are about fastsum); cross builds in test/product/cross/Dir.mk, bare metal
# in test/product/baremetal/Dir.mk. Every src/ file, the table of paths, the RFC 1071
# reference; FASTSUM_TEST_NOCHECK_* for builds without Check.
FASTSUM_TEST_SRCS := $(FASTSUM_SRC) $(FASTSUM_IMPLS_SRC) $(TEST_COMMON_REFERENCE_SRC) \
  $(TEST_COMMON_CHECK_SRC) test/product/fastsum/test_fastsum.c
FASTSUM_TEST_CFLAGS := $(FASTSUM_PRIVATE_CFLAGS) $(TEST_COMMON_CFLAGS)
FASTSUM_TEST_NOCHECK_SRCS := $(FASTSUM_TEST_SRCS) $(TEST_COMMON_NOCHECK_SRC)
FASTSUM_TEST_NOCHECK_CFLAGS := $(FASTSUM_TEST_CFLAGS) $(TEST_COMMON_NOCHECK_CFLAGS)

PROGRAMS += fastsum-test fastsum-test-sanitize
fastsum-test_SRCS := $(FASTSUM_TEST_SRCS)
fastsum-test_LWIP_ALGS := $(LWIP_DEFAULT)
fastsum-test_CFLAGS = $(FASTSUM_TEST_CFLAGS) $(CHECK_CFLAGS)
fastsum-test_LIBS = $(call lwip_algs,fastsum-test) $(CHECK_LIBS)

FASTSUM_SANITIZE := -fsanitize=address,undefined -fno-sanitize-recover=all
fastsum-test-sanitize_SRCS := $(fastsum-test_SRCS)
fastsum-test-sanitize_CFLAGS = $(fastsum-test_CFLAGS) $(FASTSUM_SANITIZE) -DFASTSUM_TEST_WITHOUT_LWIP
fastsum-test-sanitize_LIBS = $(FASTSUM_SANITIZE) $(CHECK_LIBS)

# Builds that keep off what the paths need: the library without vector
# registers (as kernels and unikernels build, so no SSE2 or AVX2 path), and
# with only the portable path. Built on test/product/common/nocheck: libcheck's
# API passes doubles. Each names the paths it must have (FASTSUM_TEST_PATHS).
PROGRAMS += fastsum-test-no-vector fastsum-test-portable-only
fastsum-test-no-vector_SRCS := $(FASTSUM_TEST_NOCHECK_SRCS)
fastsum-test-no-vector_LWIP_ALGS := $(LWIP_DEFAULT)
fastsum-test-no-vector_CFLAGS = $(FASTSUM_TEST_NOCHECK_CFLAGS) \
  $(if $(filter x86_64-%,$(CC_MACHINE)),\
  -mgeneral-regs-only -DFASTSUM_TEST_PATHS='"portable adc"')
fastsum-test-no-vector_LIBS = $(call lwip_algs,fastsum-test-no-vector)

fastsum-test-portable-only_LIKE := fastsum-test-no-vector
fastsum-test-portable-only_CFLAGS := $(FASTSUM_TEST_NOCHECK_CFLAGS) -DFASTSUM_PORTABLE_ONLY \
  -DFASTSUM_TEST_PATHS='"portable"'
fastsum-test-portable-only_LIBS = $(call lwip_algs,fastsum-test-portable-only)

FASTSUM_TESTS := fastsum-test fastsum-test-sanitize fastsum-test-no-vector fastsum-test-portable-only
.PHONY: $(FASTSUM_TESTS) fastsum-tests
$(foreach t,$(FASTSUM_TESTS),$(eval $t: run-$t))
fastsum-tests: $(FASTSUM_TESTS) ## fastsum's differential tests: plain, with ASan+UBSan, without vector registers, portable only
CHECK_TARGETS += $(FASTSUM_TESTS)

# A Cortex-M4 firmware calling only fastsum_chksum (test/product/fastsum/firmware.c),
# linked from the library built for it WITHOUT --gc-sections: it holds one
# path, not the table of every path.
FASTSUM_ONE_PATH_DIR := $(BUILD)/fastsum-one-path
FASTSUM_ONE_PATH_CC := arm-none-eabi-gcc -mcpu=cortex-m4 -mthumb -Os -ffreestanding
FASTSUM_ONE_PATH_OBJ := $(patsubst src/%.c,$(FASTSUM_ONE_PATH_DIR)/obj/%.o,$(FASTSUM_SRC) $(FASTSUM_IMPLS_SRC))

$(FASTSUM_ONE_PATH_OBJ): $(FASTSUM_ONE_PATH_DIR)/obj/%.o: src/%.c $(FASTSUM_HEADERS)
	@mkdir -p $(@D)
	$(Q)$(FASTSUM_ONE_PATH_CC) $(WARN_CFLAGS) $(FASTSUM_PRIVATE_CFLAGS) -c $< -o $@
$(FASTSUM_ONE_PATH_DIR)/libfastsum.a: $(FASTSUM_ONE_PATH_OBJ)
	$(Q)rm -f $@ && arm-none-eabi-ar rcs $@ $^
$(FASTSUM_ONE_PATH_DIR)/firmware.elf: test/product/fastsum/firmware.c $(FASTSUM_ONE_PATH_DIR)/libfastsum.a src/include/fastsum.h
	$(Q)$(FASTSUM_ONE_PATH_CC) -nostdlib $(WARN_CFLAGS) -Isrc/include -Wl,-e,reset_handler \
	  -o $@ $< $(FASTSUM_ONE_PATH_DIR)/libfastsum.a -lgcc

.PHONY: fastsum-one-path
fastsum-one-path: $(FASTSUM_ONE_PATH_DIR)/firmware.elf ## a Cortex-M4 firmware calling fastsum_chksum holds one path
	$(Q)paths=$$(arm-none-eabi-nm $< | awk '$$3 ~ /^fastsum_chksum_/ && $$3 != "fastsum_chksum_copy" \
	  { sub(/^fastsum_chksum_(copy_)?/, "", $$3); print $$3 }' | sort -u); \
	  set -- $$paths; \
	  if [ $$# -ne 1 ] || arm-none-eabi-nm $< | grep -q ' fastsum_impls$$'; then \
	    echo "error: the Cortex-M4 firmware holds the paths '$$paths' (expected one)" >&2; exit 1; fi; \
	  echo "fastsum-one-path: the Cortex-M4 firmware holds one path: $$paths"
TEST_TARGETS += fastsum-one-path

# docs/fastsum.md's recipe for adding an x86 path, followed on a scratch
# copy of src/ (add-path.sh): the dummy path of fastsum_dummy.c and its list
# entry; the table lists it, the public functions call it, test_fastsum
# passes it. Only where the compiler targets x86_64, which has the list.
.PHONY: fastsum-add-path
fastsum-add-path: ## adding an x86 path is one file and one list entry: a dummy path on a copy of src/
	$(if $(filter x86_64-%,$(CC_MACHINE)),$(Q)test/product/fastsum/add-path.sh $(BUILD)/fastsum-add-path \
	  "$(CC)" "$(OPT_CFLAGS) $(WARN_CFLAGS)",@echo "fastsum-add-path: $(CC) does not target x86_64: no list to add to")
TEST_TARGETS += fastsum-add-path
