# SPDX-License-Identifier: BSD-3-Clause
# What the test folders share: the sources of test/product/common/ and of the
# fuzz router, and the programs that more than one folder builds (a host
# test and its builds for other CPUs), as templates.
#
# $(call TEMPLATE,NAME,...) is the declaration of program NAME
# (mk/programs.mk), every setting written out; a Dir.mk evaluates it,
# $(eval $(call pktest_program,...)), or puts it in a define of its own
# that it evaluates. TARGET, where a template takes one, is a cross target
# of mk/targets.mk; empty: the host.

# test/product/common/: the one RFC 1071 reference, the packet builder, the
# harness around lwIP (fake clock, capture netifs, leak check), the Check
# runner, Check's API where there is no Check (nocheck/check.h), the echo
# services.
TEST_COMMON_REFERENCE_SRC := test/product/common/rfc1071.c
TEST_COMMON_PACKETS_SRC := test/product/common/packets.c $(TEST_COMMON_REFERENCE_SRC)
TEST_COMMON_HARNESS_SRC := test/product/common/stack_harness.c
TEST_COMMON_CHECK_SRC := test/product/common/check_runner.c
TEST_COMMON_NOCHECK_SRC := test/product/common/nocheck/check.c
TEST_COMMON_NOCHECK_CFLAGS := -I$(TOP)/test/product/common/nocheck
TEST_COMMON_SERVICES_SRC := test/product/common/echo_services.c
TEST_COMMON_CFLAGS := -Itest/product/common

# The router of the fuzz targets and of the bad-input table
# (test/product/fuzz/router.c: lwIP between two netifs).
FUZZ_ROUTER_SRC := test/product/fuzz/router.c $(TEST_COMMON_PACKETS_SRC) $(TEST_COMMON_HARNESS_SRC) \
  $(TEST_COMMON_SERVICES_SRC)

# The driver and MAC model of the receive checksum state tests
# (test/product/rxcsum/driver.h): the Check tests of that folder and the
# rxcsum fuzz target run on it, against test/product/rxcsum/lwipopts.h. Its
# driver takes the frame's sum with fastsum's receive helper.
RXCSUM_DRIVER_SRC := test/product/rxcsum/driver.c test/product/rxcsum/vendor_macs.c test/product/rxcsum/links.c \
  $(TEST_COMMON_PACKETS_SRC) $(TEST_COMMON_HARNESS_SRC) $(FASTSUMNETIFFILES) $(FASTSUM_SRC)
RXCSUM_DRIVER_CFLAGS := -I$(TOP)/test/product/rxcsum $(TEST_COMMON_CFLAGS) -I$(TOP)/$(FASTSUMINCLUDE)

# lwIP's stock unit tests: the tree's test/unit (its lwipopts.h, sys_arch.c
# and Check suites) with test/product/unit/config.h, the config.h they
# include. lwIP 2.1.2's test/unit is written for Check before 0.13 (Debian's
# is newer): test/product/unit/check-0.12/check.h gives it that API; and two
# of its files define net_test, which links only as a common symbol (GCC 10
# on: -fno-common). 2.1.3 on need neither; esp-lwip's 2.1.2-esp (2.1.2-dev)
# keeps 2.1.2's.
# $(call lwip_unit_program,NAME,TREE,OPTIONS,CFLAGS,LIBS,TARGET)
UNITTEST_CFLAGS := -I$(TOP)/test/product/unit
UNITTEST_CFLAGS_2.1.2 := -I$(TOP)/test/product/unit/check-0.12 -fcommon
UNITTEST_CFLAGS_2.1.2-dev := $(UNITTEST_CFLAGS_2.1.2)
define lwip_unit_program
PROGRAMS += $1
$1_TREE := $2
$1_TREE_SRCS = $$(LWIP_TESTS_$2)
$1_TREE_INCLUDES := test/unit
$1_OPTIONS := $3
$1_CFLAGS = $(strip $4 $(UNITTEST_CFLAGS) $(UNITTEST_CFLAGS_$(LWIP_VERSION_$2))) $(call check_cflags,$6)
$1_LIBS = $(strip $5 $(call check_libs,$6))
$1_TARGET := $6
endef

# fastsum's differential test (test/product/fastsum/): every src/ file, the
# table of paths, the RFC 1071 reference, lwIP's algorithms; under Check
# ($(call fastsum_test_program,NAME,TARGET)), or on Check's API without Check
# from FASTSUM_TEST_NOCHECK_SRCS and FASTSUM_TEST_NOCHECK_CFLAGS (bare metal,
# the builds without vector registers).
FASTSUM_TEST_SRCS := $(FASTSUM_SRC) $(FASTSUM_IMPLS_SRC) $(TEST_COMMON_REFERENCE_SRC) \
  $(TEST_COMMON_CHECK_SRC) test/product/fastsum/test_fastsum.c
FASTSUM_TEST_CFLAGS := $(FASTSUM_PRIVATE_CFLAGS) $(TEST_COMMON_CFLAGS)
FASTSUM_TEST_NOCHECK_SRCS := $(FASTSUM_TEST_SRCS) $(TEST_COMMON_NOCHECK_SRC)
FASTSUM_TEST_NOCHECK_CFLAGS := $(FASTSUM_TEST_CFLAGS) $(TEST_COMMON_NOCHECK_CFLAGS)
define fastsum_test_program
PROGRAMS += $1
$1_SRCS := $(FASTSUM_TEST_SRCS)
$1_LWIP_ALGS := $(LWIP_DEFAULT)
$1_CFLAGS = $(FASTSUM_TEST_CFLAGS) $(call check_cflags,$2)
$1_LIBS = $(call check_libs,$2)
$1_TARGET := $2
endef

# The packet tests (test/product/pktest/): lwIP between two capturing test
# netifs, its captures compared byte for byte (CAPTURE_COMPARISONS).
# $(call pktest_program,NAME,TREE,OPTIONS,CFLAGS,TARGET); PKTEST_SRC for a
# build without Check (bare metal).
PKTEST_SRC := test/product/pktest/main.c test/product/pktest/harness.c test/product/pktest/tests_local.c \
  test/product/pktest/tests_forward.c $(TEST_COMMON_PACKETS_SRC) $(TEST_COMMON_HARNESS_SRC) $(TEST_COMMON_CHECK_SRC)
define pktest_program
PROGRAMS += $1
$1_TREE := $2
$1_OPTIONS := $3
$1_SRCS := $(PKTEST_SRC)
$1_CFLAGS = $(strip -I$(TOP)/test/product/pktest $(TEST_COMMON_CFLAGS) $4) $(call check_cflags,$5)
$1_LIBS = $(call check_libs,$5)
$1_TARGET := $5
endef

# The compiles of test/product/option-combos/option-combos.sh (option-combos,
# rxcsum-optcheck): lwIP's port and the base lwipopts.h of option-combos/.
# $(call option_combos_cflags,TREE)
option_combos_cflags = $(WARN_CFLAGS) -I$(TOP)/test/product/option-combos -I$1/src/include $(PORT_INCLUDES)
