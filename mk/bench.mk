# Benchmarks: make bench (the seed measurements side by side), the report of make.
#
#   build/bench/bench-chksum          benchmarks 2 (size sweep), 3 (random
#                                     pieces), 4 (alignment): fastsum and
#                                     lwIP's algorithms, one program
#   build/bench/lwip-BUILD/prog       benchmarks 1 (header) and 5 (end to
#                                     end): test/bench/bench_lwip.c linked
#                                     into each lwIP build below
#   build/bench/bench-lwip-tables     their tables, from the samples of all
#                                     builds (run in alternating rounds)
#
# test/bench/run.sh runs them all; docs/benchmarks.md explains the numbers.
# Not part of `make test`: benchmarks measure, tests assert.

PKGS_bench := gnuplot-nox

BENCH_DIR := $(BUILD)/bench
# The lwIP version timed: 2.2.1, or the user's tree with LWIP_DIR.
BENCH_KEY := $(lastword $(LWIP_KEYS))

# lwIP's algorithms 1, 2, 3 and lwip_chksum_copy (mk/fastsum.mk's rule).
$(eval $(call fastsum_lwip_algorithms,bench/host,$(BENCH_KEY),$(CC),))

BENCH_COMMON := test/bench/bench.c test/bench/bench.h

$(BUILD)/bench/bench-chksum: test/bench/bench_chksum.c $(BENCH_COMMON) $(FASTSUM_LIB) $(bench/host_LWIP_ALGS)
	@mkdir -p $(@D)
	$(Q)$(CC) $(OPT_CFLAGS) $(WARN_CFLAGS) -Isrc/include -DBENCH_CFLAGS='"$(OPT_CFLAGS)"' \
	  -o $@ $(filter %.c %.o %.a,$^)

# ---- the lwIP builds of benchmarks 1 and 5 ----
# Same driver and options (test/bench/lwipopts.h) in every build; without
# lwIP's debug output and assertions, as a product is built.
BENCH_LWIP_CFLAGS := -ULWIP_DEBUG -DLWIP_NOASSERT
BENCH_LWIP_FLAGS_TEXT := $(LWIP_CFLAGS) $(BENCH_LWIP_CFLAGS)

#   $(call bench_lwip_build,BUILD,TREE,READY,CFLAGS)
define bench_lwip_build
$(call lwip_program,bench/lwip-$1,$(BENCH_KEY),$2,$3,-I$(TOP)/test/bench -I$(TOP)/src/include,,test/bench/bench.c test/bench/bench_lwip.c,$(BENCH_LWIP_CFLAGS) -DBENCH_BUILD='"$1"' $4)
BENCH_LWIP_PROGS += $(BUILD)/bench/lwip-$1/prog
endef

$(eval $(call bench_lwip_build,stock,$(LWIP_TREE_$(BENCH_KEY)),$(LWIP_READY_$(BENCH_KEY)),))
$(eval $(call bench_lwip_build,inline,$(LWIP_PATCHED_TREE_$(BENCH_KEY)),$(LWIP_PATCHED_READY_$(BENCH_KEY)),-DLWIP_INLINE_IP_CHKSUM=1))
$(eval $(call bench_lwip_build,call,$(LWIP_PATCHED_TREE_$(BENCH_KEY)),$(LWIP_PATCHED_READY_$(BENCH_KEY)),-DLWIP_INLINE_IP_CHKSUM=0))
$(eval $(call bench_lwip_build,fastsum,$(LWIP_PATCHED_TREE_$(BENCH_KEY)),$(LWIP_PATCHED_READY_$(BENCH_KEY)),-DLWIP_INLINE_IP_CHKSUM=1 -DBENCH_FASTSUM))
# lwIP calls fastsum_chksum through LWIP_CHKSUM: the library follows liblwip.a.
$(BUILD)/bench/lwip-fastsum/prog: $(FASTSUM_LIB)

$(BUILD)/bench/bench-lwip-tables: test/bench/bench_lwip_tables.c $(BENCH_COMMON)
	@mkdir -p $(@D)
	$(Q)$(CC) $(OPT_CFLAGS) $(WARN_CFLAGS) -DBENCH_CFLAGS='"$(BENCH_LWIP_FLAGS_TEXT)"' \
	  -DBENCH_LWIP_VERSION='"$(LWIP_VERSION_$(BENCH_KEY))"' -o $@ $(filter %.c,$^)

BENCH_PROGS := $(BUILD)/bench/bench-chksum $(BUILD)/bench/bench-lwip-tables $(BENCH_LWIP_PROGS)
BENCH_ARGS = $(BENCH_DIR) $(BENCH_PROGS)

.PHONY: bench
bench: $(BENCH_PROGS) ## run the five benchmarks: tables, CSVs and plots in build/bench/
	$(Q)test/bench/run.sh $(BENCH_ARGS)

# `make` (all) builds the benchmarks and, once everything else is built,
# runs them (the whole run takes seconds) and prints only the short report:
# the Makefile's `all` recipe runs $(ALL_REPORT).
ALL_TARGETS += $(BENCH_PROGS)
ALL_REPORT = test/bench/run.sh --report-only $(BENCH_ARGS)
