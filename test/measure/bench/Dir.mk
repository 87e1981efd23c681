# SPDX-License-Identifier: BSD-3-Clause
# Benchmarks: make bench (the seed measurements side by side), the report of make.
#
#   bench/chksum        benchmarks 2 (size sweep), 3 (random pieces), 4
#                       (alignment): fastsum and lwIP's algorithms
#   bench/lwip-BUILD-LAYOUT
#                       benchmarks 1 (header) and 5 (end to end):
#                       test/measure/bench/bench_lwip.c linked into each lwIP build
#                       below, each in two code layouts
#   bench/tables        their tables, from the samples of all builds (run in
#                       alternating rounds)
# (programs, mk/programs.mk) on lwIP 2.2.1, or the user's tree with LWIP_DIR.
#
# test/measure/bench/run.sh runs them all; docs/benchmarks.md explains the numbers.
# Not part of `make test`: benchmarks measure, tests assert.

PKGS_bench := gnuplot-nox valgrind
# only for the goals that name them (not make test)
ONLY_NAMED_AREAS += bench
GOAL_AREAS_bench := host patches bench

BENCH_DIR := $(BUILD)/bench

# Everything timed is compiled with the code layout of BENCH_LAYOUT_CFLAGS
# (mk/config.mk); each lwIP build in two layouts: functions in source order,
# and the same code with every function in its own section, the linker
# placing them sorted by name.
BENCH_LAYOUTS := source sorted
BENCH_LAYOUT_sorted_CFLAGS := -ffunction-sections
BENCH_LAYOUT_sorted_LDFLAGS := -Wl,--sort-section=name

BENCH_CHKSUM_CFLAGS = $(OPT_CFLAGS) $(BENCH_LAYOUT_CFLAGS)

# The checksum benchmarks (bench-peers: test/measure/bench/peers/Dir.mk adds the peers):
# fastsum compiled in, with the layout flags (not libfastsum.a); with the
# table of paths and the private header where src/ has them apart; lwIP's
# algorithms 1, 2, 3 and lwip_chksum_copy (NAME_LWIP_ALGS, mk/programs.mk).
PROGRAMS += bench/chksum
bench/chksum_SRCS := test/measure/bench/bench_chksum.c test/measure/bench/bench.c $(FASTSUM_SRC) $(FASTSUM_IMPLS_SRC)
bench/chksum_LWIP_ALGS := $(LWIP_DEFAULT)
bench/chksum_CFLAGS = $(BENCH_LAYOUT_CFLAGS) $(FASTSUM_PRIVATE_CFLAGS) \
  -DBENCH_CFLAGS='"$(BENCH_CHKSUM_CFLAGS)"'

# ---- the lwIP builds of benchmarks 1 and 5 ----
# Same driver and options (test/measure/bench/lwipopts.h) in every build; without
# lwIP's debug output and assertions, as a product is built. Each build in
# each of BENCH_LAYOUTS; the source layout is the one counted.
BENCH_LWIP_CFLAGS = -ULWIP_DEBUG -DLWIP_NOASSERT $(BENCH_LAYOUT_CFLAGS)
BENCH_LWIP_FLAGS_TEXT = $(OPT_CFLAGS) $(WARN_CFLAGS) $(LWIP_CFLAGS) $(BENCH_LWIP_CFLAGS)
BENCH_BUILDS := stock inline call fastsum
BENCH_TREE_stock := $(LWIP_DEFAULT)
BENCH_TREE_inline := $(LWIP_DEFAULT)-patched
BENCH_OPTIONS_inline := inline-on
BENCH_TREE_call := $(LWIP_DEFAULT)-patched
BENCH_OPTIONS_call := inline-off
# lwIP calls fastsum_chksum through LWIP_CHKSUM: fastsum compiled in, with
# the same flags and layout.
BENCH_TREE_fastsum := $(LWIP_DEFAULT)-patched
BENCH_OPTIONS_fastsum := inline-on
BENCH_PORT_fastsum := -I$(TOP)/lwip-port/fastsum
BENCH_SRCS_fastsum := $(FASTSUM_SRC)

define bench_lwip_program
PROGRAMS += bench/lwip-$b-$l
bench/lwip-$b-$l_TREE := $(BENCH_TREE_$b)
bench/lwip-$b-$l_OPTIONS := $(BENCH_OPTIONS_$b)
bench/lwip-$b-$l_SRCS := test/measure/bench/bench.c test/measure/bench/bench_lwip.c $(BENCH_SRCS_$b)
bench/lwip-$b-$l_CFLAGS = $(BENCH_PORT_$b) -I$(TOP)/test/measure/bench -I$(TOP)/src/include $$(BENCH_LWIP_CFLAGS) \
  -DBENCH_BUILD='"$b"' -DBENCH_LAYOUT='"$l"' $(BENCH_LAYOUT_$l_CFLAGS)
bench/lwip-$b-$l_LIBS := $(BENCH_LAYOUT_$l_LDFLAGS)
BENCH_LWIP_PROGS += $(BUILD)/bench/lwip-$b-$l/prog
endef
$(foreach b,$(BENCH_BUILDS),$(foreach l,$(BENCH_LAYOUTS),$(eval $(bench_lwip_program))))
BENCH_COUNT_PROGS := $(foreach b,$(BENCH_BUILDS),$(BUILD)/bench/lwip-$b-source/prog)

PROGRAMS += bench/tables
bench/tables_SRCS := test/measure/bench/bench_lwip_tables.c test/measure/bench/bench.c
bench/tables_CFLAGS = -DBENCH_CFLAGS='"$(BENCH_LWIP_FLAGS_TEXT)"' \
  -DBENCH_LWIP_VERSION='"$(LWIP_VERSION_$(LWIP_DEFAULT))"'
bench/tables_LIBS := -lm

BENCH_PROGS := $(BUILD)/bench/chksum/prog $(BUILD)/bench/tables/prog $(BENCH_LWIP_PROGS)
TIMED_PROGRAMS += $(BENCH_PROGS)
# run.sh: the programs counted under callgrind, `--`, the programs timed.
BENCH_ARGS = $(BENCH_DIR) $(BUILD)/bench/chksum/prog $(BUILD)/bench/tables/prog \
  $(BENCH_COUNT_PROGS) -- $(BENCH_LWIP_PROGS)

.PHONY: bench
bench: $(BENCH_PROGS) ## run the five benchmarks: tables, CSVs and plots in build/bench/
	$(Q)test/measure/bench/run.sh $(BENCH_ARGS)

# `make` (all) builds the benchmarks and, once everything else is built,
# runs them (the whole run takes seconds) and prints only the short report:
# the Makefile's `all` recipe runs $(ALL_REPORT).
ALL_TARGETS += $(BENCH_PROGS)
ALL_REPORT = test/measure/bench/run.sh --report-only $(BENCH_ARGS)
