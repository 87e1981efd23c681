# Benchmarks: make bench (the seed measurements side by side), the report of make.
#
#   build/bench/bench-chksum          benchmarks 2 (size sweep), 3 (random
#                                     pieces), 4 (alignment): fastsum and
#                                     lwIP's algorithms, one program
#   build/bench/lwip-BUILD-LAYOUT/prog
#                                     benchmarks 1 (header) and 5 (end to
#                                     end): test/bench/bench_lwip.c linked
#                                     into each lwIP build below, each in
#                                     two code layouts
#   build/bench/bench-lwip-tables     their tables, from the samples of all
#                                     builds (run in alternating rounds)
#
# test/bench/run.sh runs them all; docs/benchmarks.md explains the numbers.
# Not part of `make test`: benchmarks measure, tests assert.

PKGS_bench := gnuplot-nox valgrind

BENCH_DIR := $(BUILD)/bench
# The lwIP version timed: 2.2.1, or the user's tree with LWIP_DIR.
BENCH_KEY := $(lastword $(LWIP_KEYS))

# Code layout: everything timed is compiled with functions and loops
# aligned alike, and on x86 with the assembler keeping every jump off a 32-byte
# boundary (Intel's jump-conditional-code erratum mitigation: a jump across
# one runs slower on Skylake-derived cores), so that two builds differ in
# their code, not in where a branch happened to fall. docs/benchmarks.md says
# why.
BENCH_JCC_CFLAGS := $(shell $(CC) -Wa,-mbranches-within-32B-boundaries -x c -c /dev/null \
  -o /dev/null 2>/dev/null && echo -Wa,-mbranches-within-32B-boundaries)
BENCH_LAYOUT_CFLAGS := -falign-functions=64 -falign-loops=32 $(BENCH_JCC_CFLAGS)
# The two layouts of each lwIP build: functions in source order, and the
# same code with every function in its own section, the linker placing them
# sorted by name.
BENCH_LAYOUTS := source sorted
BENCH_LAYOUT_sorted_CFLAGS := -ffunction-sections
BENCH_LAYOUT_sorted_LDFLAGS := -Wl,--sort-section=name

# lwIP's algorithms 1, 2, 3 and lwip_chksum_copy (mk/fastsum.mk's rule).
$(eval $(call fastsum_lwip_algorithms,bench/host,$(BENCH_KEY),$(CC),$(BENCH_LAYOUT_CFLAGS)))

BENCH_COMMON := test/bench/bench.c test/bench/bench.h
BENCH_CHKSUM_CFLAGS := $(OPT_CFLAGS) $(BENCH_LAYOUT_CFLAGS)

# The checksum benchmarks (bench-peers: mk/bench-peers.mk adds the peers):
# fastsum compiled in, with the layout flags (not libfastsum.a); with the
# table of paths and the private header where src/ has them apart.
$(BUILD)/bench/bench-chksum $(BUILD)/bench/bench-peers: $(BUILD)/bench/bench-%: test/bench/bench_%.c \
  $(BENCH_COMMON) $(FASTSUM_SRC) $(FASTSUM_IMPLS_SRC) $(FASTSUM_HEADERS) $(bench/host_LWIP_ALGS)
	@mkdir -p $(@D)
	$(Q)$(CC) $(BENCH_CHKSUM_CFLAGS) $(WARN_CFLAGS) -Isrc/include $(FASTSUM_PRIVATE_CFLAGS) \
	  -DBENCH_CFLAGS='"$(BENCH_CHKSUM_CFLAGS)"' \
	  -o $@ $(filter %.c %.o,$^)

# ---- the lwIP builds of benchmarks 1 and 5 ----
# Same driver and options (test/bench/lwipopts.h) in every build; without
# lwIP's debug output and assertions, as a product is built.
BENCH_LWIP_CFLAGS := -ULWIP_DEBUG -DLWIP_NOASSERT $(BENCH_LAYOUT_CFLAGS)
BENCH_LWIP_FLAGS_TEXT := $(LWIP_CFLAGS) $(BENCH_LWIP_CFLAGS)

# One lwIP build in one of BENCH_LAYOUTS:
#   $(call bench_lwip_layout,BUILD,TREE,READY,CFLAGS,PROJECT_SRC,LAYOUT)
define bench_lwip_layout
$(call lwip_program,bench/lwip-$1-$6,$(BENCH_KEY),$2,$3,-I$(TOP)/test/bench -I$(TOP)/src/include,,\
  test/bench/bench.c test/bench/bench_lwip.c $5,\
  $(BENCH_LWIP_CFLAGS) -DBENCH_BUILD='"$1"' -DBENCH_LAYOUT='"$6"' $4 $(BENCH_LAYOUT_$6_CFLAGS),\
  $(BENCH_LAYOUT_$6_LDFLAGS))
BENCH_LWIP_PROGS += $(BUILD)/bench/lwip-$1-$6/prog

endef
# Both layouts of one build; the source layout is the one counted.
#   $(call bench_lwip_build,BUILD,TREE,READY,CFLAGS,PROJECT_SRC)
define bench_lwip_build
$(foreach l,$(BENCH_LAYOUTS),$(call bench_lwip_layout,$1,$2,$3,$4,$5,$l))
BENCH_COUNT_PROGS += $(BUILD)/bench/lwip-$1-source/prog
endef

$(eval $(call bench_lwip_build,stock,$(LWIP_TREE_$(BENCH_KEY)),$(LWIP_READY_$(BENCH_KEY)),,))
$(eval $(call bench_lwip_build,inline,$(LWIP_PATCHED_TREE_$(BENCH_KEY)),$(LWIP_PATCHED_READY_$(BENCH_KEY)),-DLWIP_INLINE_IP_CHKSUM=1,))
$(eval $(call bench_lwip_build,call,$(LWIP_PATCHED_TREE_$(BENCH_KEY)),$(LWIP_PATCHED_READY_$(BENCH_KEY)),-DLWIP_INLINE_IP_CHKSUM=0,))
# lwIP calls fastsum_chksum through LWIP_CHKSUM: fastsum compiled in, with
# the same flags and layout.
$(eval $(call bench_lwip_build,fastsum,$(LWIP_PATCHED_TREE_$(BENCH_KEY)),$(LWIP_PATCHED_READY_$(BENCH_KEY)),-DLWIP_INLINE_IP_CHKSUM=1 -DBENCH_FASTSUM,$(FASTSUM_SRC)))

$(BUILD)/bench/bench-lwip-tables: test/bench/bench_lwip_tables.c $(BENCH_COMMON)
	@mkdir -p $(@D)
	$(Q)$(CC) $(OPT_CFLAGS) $(WARN_CFLAGS) -DBENCH_CFLAGS='"$(BENCH_LWIP_FLAGS_TEXT)"' \
	  -DBENCH_LWIP_VERSION='"$(LWIP_VERSION_$(BENCH_KEY))"' -o $@ $(filter %.c,$^) -lm

BENCH_PROGS := $(BUILD)/bench/bench-chksum $(BUILD)/bench/bench-lwip-tables $(BENCH_LWIP_PROGS)
# run.sh: the programs counted under callgrind, `--`, the programs timed.
BENCH_ARGS = $(BENCH_DIR) $(BUILD)/bench/bench-chksum $(BUILD)/bench/bench-lwip-tables \
  $(BENCH_COUNT_PROGS) -- $(BENCH_LWIP_PROGS)

.PHONY: bench
bench: $(BENCH_PROGS) ## run the five benchmarks: tables, CSVs and plots in build/bench/
	$(Q)test/bench/run.sh $(BENCH_ARGS)

# `make` (all) builds the benchmarks and, once everything else is built,
# runs them (the whole run takes seconds) and prints only the short report:
# the Makefile's `all` recipe runs $(ALL_REPORT).
ALL_TARGETS += $(BENCH_PROGS)
ALL_REPORT = test/bench/run.sh --report-only $(BENCH_ARGS)

include mk/bench-peers.mk
