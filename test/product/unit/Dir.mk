# SPDX-License-Identifier: BSD-3-Clause
# lwIP's stock unit tests on every tree and option variant: the tree's
# test/unit built against a tree (lwip_unit_program, mk/templates.mk), as
# program unit/NAME, run by `make unit-NAME`:
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

UNIT_SANITIZE := -fsanitize=address,undefined -fno-sanitize=alignment -fno-sanitize-recover=all

define unit_programs
$(call lwip_unit_program,unit/$k-stock,$k)
$(call lwip_unit_program,unit/$k-patched-inline-on,$k-patched,inline-on)
$(call lwip_unit_program,unit/$k-patched-inline-off,$k-patched,inline-off)
$(call lwip_unit_program,unit/$k-patched-pernetif,$k-patched,pernetif)
$(call lwip_unit_program,unit/$k-patched-fastsum,$k-patched,,-I$(TOP)/lwip-port/fastsum -I$(TOP)/src/include)
unit/$k-patched-fastsum_SRCS := $(FASTSUM_SRC)
$(call lwip_unit_program,unit/$k-patched-asan,$k-patched,inline-on,$(UNIT_SANITIZE),$(UNIT_SANITIZE))
endef
$(foreach k,$(LWIP_KEYS),$(eval $(unit_programs)))

# A vendor's tree (mk/lwip.mk) may fail its own tests (NXP's
# mcux_release_2.13.0 fails 6 of them): the stock program's failures are
# listed, and each patched program may fail no other test.
UNIT_VENDOR_RUN := $(TOP)/test/product/series-tests/run.sh unit
define unit_vendor_runs
unit-$k-stock: $(BUILD)/unit/$k-stock/prog
	$$(Q)$(UNIT_VENDOR_RUN) unit-$k-stock $$<
unit-$k-patched-%: $(BUILD)/unit/$k-patched-%/prog | unit-$k-stock
	$$(Q)$(UNIT_VENDOR_RUN) unit-$k-patched-$$* $(BUILD)/unit/$k-stock/prog $$<
endef
$(foreach k,$(LWIP_KEYS),$(if $(LWIP_VENDOR_$k),$(eval $(unit_vendor_runs))))

# Every unit/ program is a test of `make check`.
.PHONY: unit-variants
unit-variants: $$(UNIT_TESTS) ## lwIP's unit tests on every tree and option variant: stock, patched inline on and off, per-netif, with fastsum, under ASan
unit-%: run-unit/% ;
UNIT_TESTS = $(patsubst unit/%,unit-%,$(filter unit/%,$(PROGRAMS)))
CHECK_TARGETS += $(UNIT_TESTS)
ALL_TARGETS += $(foreach p,$(filter unit/%,$(PROGRAMS)),$(BUILD)/$p/prog)
