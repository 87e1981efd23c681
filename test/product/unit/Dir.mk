# SPDX-License-Identifier: BSD-3-Clause
# lwIP's stock unit tests: the tree's test/unit (its lwipopts.h, sys_arch.c
# and Check suites) built against a tree, as program unit/NAME (mk/programs.mk),
# run by `make unit-NAME`:
#   unit/KEY-stock             the pristine tree
#   unit/KEY-patched-VARIANT   the patched tree, per option variant
#   unit/KEY-patched-fastsum   the patched tree, lwIP using fastsum_chksum and
#                              fastsum_chksum_copy (the stock options enable
#                              LWIP_CHECKSUM_ON_COPY and its sanity check):
#                              lwip-port/fastsum/lwipopts.h is how a port adds
#                              fastsum
#   unit/KEY-patched-asan      the patched tree under ASan and UBSan (alignment
#                              not checked: lwIP reads packed headers): the
#                              split sweeps' writes past a pbuf's memory fail
# `make unit-variants` runs them all.

# lwIP 2.1.2's test/unit is written for Check before 0.13 (Debian's is newer):
# check-0.12/check.h here gives it that API; and two of its files define
# net_test, which links only as a common symbol (GCC 10 on: -fno-common).
# 2.1.3 on need neither; esp-lwip's 2.1.2-esp (2.1.2-dev) keeps 2.1.2's.
UNITTEST_CFLAGS_2.1.2 := -I$(TOP)/test/product/unit/check-0.12 -fcommon
UNITTEST_CFLAGS_2.1.2-dev := $(UNITTEST_CFLAGS_2.1.2)
UNIT_SANITIZE := -fsanitize=address,undefined -fno-sanitize=alignment -fno-sanitize-recover=all

define unit_programs
PROGRAMS += unit/$k-stock unit/$k-patched-inline-on unit/$k-patched-inline-off unit/$k-patched-pernetif
unit/$k-stock_TREE := $k
unit/$k-stock_TREE_SRCS = $$(LWIP_TESTS_$k)
unit/$k-stock_TREE_INCLUDES := test/unit
unit/$k-stock_CFLAGS = $(strip $(UNITTEST_INCLUDES) $(UNITTEST_CFLAGS_$(LWIP_VERSION_$k))) $$(CHECK_CFLAGS)
unit/$k-stock_LIBS = $$(CHECK_LIBS)

unit/$k-patched-inline-on_LIKE := unit/$k-stock
unit/$k-patched-inline-on_TREE := $k-patched
unit/$k-patched-inline-on_OPTIONS := inline-on

unit/$k-patched-inline-off_LIKE := unit/$k-stock
unit/$k-patched-inline-off_TREE := $k-patched
unit/$k-patched-inline-off_OPTIONS := inline-off

unit/$k-patched-pernetif_LIKE := unit/$k-stock
unit/$k-patched-pernetif_TREE := $k-patched
unit/$k-patched-pernetif_OPTIONS := pernetif

PROGRAMS += unit/$k-patched-fastsum
unit/$k-patched-fastsum_LIKE := unit/$k-stock
unit/$k-patched-fastsum_TREE := $k-patched
unit/$k-patched-fastsum_SRCS := $(FASTSUM_SRC)
unit/$k-patched-fastsum_CFLAGS = -I$(TOP)/lwip-port/fastsum -I$(TOP)/src/include $$(unit/$k-stock_CFLAGS)

PROGRAMS += unit/$k-patched-asan
unit/$k-patched-asan_LIKE := unit/$k-stock
unit/$k-patched-asan_TREE := $k-patched
unit/$k-patched-asan_OPTIONS := inline-on
unit/$k-patched-asan_CFLAGS = $$(unit/$k-stock_CFLAGS) $(UNIT_SANITIZE)
unit/$k-patched-asan_LIBS = $$(CHECK_LIBS) $(UNIT_SANITIZE)
endef
$(foreach k,$(LWIP_KEYS),$(eval $(unit_programs)))

# A vendor's tree (mk/lwip.mk) may fail its own tests (NXP's
# mcux_release_2.13.0 fails 6 of them): the stock program's failures are
# listed, and each patched program may fail no other test.
define unit_vendor_runs
unit-$k-stock: $(BUILD)/unit/$k-stock/prog
	$$(Q)$$(LWIP_CHECK) unit unit-$k-stock $$<
unit-$k-patched-%: $(BUILD)/unit/$k-patched-%/prog | unit-$k-stock
	$$(Q)$$(LWIP_CHECK) unit unit-$k-patched-$$* $(BUILD)/unit/$k-stock/prog $$<
endef
$(foreach k,$(LWIP_KEYS),$(if $(LWIP_VENDOR_$k),$(eval $(unit_vendor_runs))))

# Every unit/ program, wherever declared, is a test of `make check`.
.PHONY: unit-variants
unit-variants: $$(UNIT_TESTS) ## lwIP's unit tests on every tree and option variant: stock, patched inline on and off, per-netif, with fastsum, under ASan
unit-%: run-unit/% ;
UNIT_TESTS = $(patsubst unit/%,unit-%,$(filter unit/%,$(PROGRAMS)))
CHECK_TARGETS += $(UNIT_TESTS)
ALL_TARGETS += $(foreach p,$(filter unit/%,$(PROGRAMS)),$(BUILD)/$p/prog)
