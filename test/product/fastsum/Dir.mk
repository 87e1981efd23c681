# SPDX-License-Identifier: BSD-3-Clause
# fastsum's differential tests: every src/ file against lwIP's algorithms
# (NAME_LWIP_ALGS, mk/programs.mk) and the RFC 1071 reference. Under Check on
# the host (fastsum_test_program, mk/templates.mk); with ASan and UBSan
# (lwIP's algorithms left out: the sanitizers are about fastsum); cross
# builds in test/product/cross/Dir.mk, bare metal in
# test/product/baremetal/Dir.mk.

$(eval $(call fastsum_test_program,fastsum-test))

FASTSUM_SANITIZE := -fsanitize=address,undefined -fno-sanitize-recover=all
PROGRAMS += fastsum-test-sanitize
fastsum-test-sanitize_SRCS := $(FASTSUM_TEST_SRCS)
fastsum-test-sanitize_CFLAGS = $(FASTSUM_TEST_CFLAGS) $(CHECK_CFLAGS) $(FASTSUM_SANITIZE) -DFASTSUM_TEST_WITHOUT_LWIP
fastsum-test-sanitize_LIBS = $(FASTSUM_SANITIZE) $(CHECK_LIBS)

# Builds that keep off what the paths need: the library without vector
# registers (as kernels and unikernels build, so no SSE2 or AVX2 path), and
# with only the portable path. Built on test/product/common/nocheck
# (FASTSUM_TEST_NOCHECK_*, mk/templates.mk): libcheck's API passes doubles.
# Each names the paths it must have (FASTSUM_TEST_PATHS).
PROGRAMS += fastsum-test-no-vector fastsum-test-portable-only
fastsum-test-no-vector_SRCS := $(FASTSUM_TEST_NOCHECK_SRCS)
fastsum-test-no-vector_LWIP_ALGS := $(LWIP_DEFAULT)
fastsum-test-no-vector_CFLAGS = $(FASTSUM_TEST_NOCHECK_CFLAGS) \
  $(if $(filter x86_64-%,$(CC_MACHINE)),\
  -mgeneral-regs-only -DFASTSUM_TEST_PATHS='"portable (+copy) adc (+copy)"')

fastsum-test-portable-only_SRCS := $(FASTSUM_TEST_NOCHECK_SRCS)
fastsum-test-portable-only_LWIP_ALGS := $(LWIP_DEFAULT)
fastsum-test-portable-only_CFLAGS := $(FASTSUM_TEST_NOCHECK_CFLAGS) -DFASTSUM_PORTABLE_ONLY \
  -DFASTSUM_TEST_PATHS='"portable (+copy)"'

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
