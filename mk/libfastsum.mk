# SPDX-License-Identifier: BSD-3-Clause
# fastsum, the checksum module (src/): its sources and the host library.
#
# Sources: src/Filelists.mk (the same file users include).

FASTSUMDIR := src
include $(FASTSUMDIR)/Filelists.mk
FASTSUM_SRC := $(FASTSUMFILES)
# the table of every path, and the private header's folder: for tests and
# benchmarks
FASTSUM_IMPLS_SRC := $(FASTSUMIMPLSFILES)
# the receive helper for netif drivers: built against lwIP
FASTSUM_NETIF_SRC := $(FASTSUMNETIFFILES)
FASTSUM_PRIVATE_CFLAGS := -Isrc -Isrc/include
FASTSUM_HEADERS := $(wildcard src/include/*.h src/*.h)

# ---- make lib: the host library, every path the host CPU can run ----
FASTSUM_LIB := $(BUILD)/lib/libfastsum.a
# fastsum_impls.o too: a program takes it from the archive only if it calls
# fastsum_impls
FASTSUM_LIB_OBJ := $(patsubst src/%.c,$(BUILD)/lib/obj/%.o,$(FASTSUM_SRC) $(FASTSUM_IMPLS_SRC))
FASTSUM_LIB_CFLAGS = $(OPT_CFLAGS) $(WARN_CFLAGS) $(FASTSUM_PRIVATE_CFLAGS)

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
