# SPDX-License-Identifier: BSD-3-Clause
# make bench-peers: fastsum beside what a user would pick instead
# (test/measure/bench/bench_peers.c; docs/benchmarks.md says what is timed).
#
#   Linux's x86_64 csum_partial   arch/x86/lib/csum-partial_64.c, extracted
#                                 at build time from Debian's Linux source
#                                 package into build/, built against the
#                                 shim headers of test/measure/bench/peers/linux-shim
#   DPDK's rte_raw_cksum          Debian's libdpdk-dev headers,
#                                 test/measure/bench/peers/dpdk.c built -O2 and
#                                 -O3 -march=native
#   lwIP's algorithms 2 and 3, the load-only floor (peers/load_floor.c)
#
# No line of the peers is in the project: their sources stay under build/.
# Tables, CSV, targets and the plot go to build/bench/peers/; the report of
# `make` includes the targets of the last run. x86_64 hosts only (the Linux
# file is x86_64 code). Not part of `make test`.

PEERS_LINUX := linux-source-6.12
PKGS_bench-peers := $(PEERS_LINUX) libdpdk-dev gnuplot-nox
# only for the goals that name them (not make test)
ONLY_NAMED_AREAS += bench-peers
GOAL_AREAS_bench-peers := host bench-peers
PEERS_LINUX_TARBALL := /usr/src/$(PEERS_LINUX).tar.xz
PEERS_LINUX_CSUM := arch/x86/lib/csum-partial_64.c
PEERS_BUILD := $(BUILD)/bench-peers
PEERS_OUT := $(BUILD)/bench/peers
# Five runs, each a process of its own (its own addresses: cache sets and
# branch predictor entries of its own); the tables and targets are every
# cell's median across them.
PEERS_RUNS := 1 2 3 4 5
PEERS_SHIM := test/measure/bench/peers/linux-shim
# The peers' own code is compiled as its project compiles it, warnings
# silenced (not ours to fix); ours as the checksum benchmarks; both with the
# layout flags of everything timed (mk/config.mk).
PEERS_CFLAGS = -O2 -w $(BENCH_LAYOUT_CFLAGS)
PEERS_OWN_CFLAGS = $(OPT_CFLAGS) $(BENCH_LAYOUT_CFLAGS)
PEERS_DPDK_CFLAGS = $(filter-out -march=%,$(shell pkg-config --cflags libdpdk 2>/dev/null))

# Only the file needed comes out of the tarball.
$(PEERS_BUILD)/linux/$(PEERS_LINUX_CSUM): $(PEERS_LINUX_TARBALL)
	@mkdir -p $(PEERS_BUILD)/linux
	$(Q)tar -xJf $(PEERS_LINUX_TARBALL) -C $(PEERS_BUILD)/linux --strip-components=1 \
	  $(PEERS_LINUX)/$(PEERS_LINUX_CSUM)
	$(Q)touch $@

$(PEERS_BUILD)/linux-csum.o: $(PEERS_BUILD)/linux/$(PEERS_LINUX_CSUM) $(wildcard $(PEERS_SHIM)/*/*.h)
	$(Q)$(CC) $(PEERS_CFLAGS) -I$(PEERS_SHIM) -c $< -o $@
$(PEERS_BUILD)/linux.o: test/measure/bench/peers/linux.c $(wildcard $(PEERS_SHIM)/*/*.h)
	@mkdir -p $(@D)
	$(Q)$(CC) $(PEERS_OWN_CFLAGS) $(WARN_CFLAGS) -I$(PEERS_SHIM) -c $< -o $@
$(PEERS_BUILD)/dpdk-O2.o: PEERS_DPDK_OPT := -O2
$(PEERS_BUILD)/dpdk-O3-native.o: PEERS_DPDK_OPT := -O3 -march=native
$(PEERS_BUILD)/dpdk-%.o: test/measure/bench/peers/dpdk.c
	@mkdir -p $(@D)
	$(Q)$(CC) $(PEERS_CFLAGS) $(PEERS_DPDK_OPT) $(PEERS_DPDK_CFLAGS) \
	  -DPEER_DPDK_NAME=peer_dpdk_$(subst -,_,$*) -c $< -o $@
$(PEERS_BUILD)/load_floor.o: test/measure/bench/peers/load_floor.c
	@mkdir -p $(@D)
	$(Q)$(CC) $(PEERS_OWN_CFLAGS) $(WARN_CFLAGS) -c $< -o $@

PEERS_OBJ := $(addprefix $(PEERS_BUILD)/,linux-csum.o linux.o dpdk-O2.o dpdk-O3-native.o load_floor.o)
# The program: built as the checksum benchmarks are (bench/chksum), the
# peers linked in.
PROGRAMS += bench/peers-prog
bench/peers-prog_SRCS := test/measure/bench/bench_peers.c test/measure/bench/bench.c $(FASTSUM_SRC) $(FASTSUM_IMPLS_SRC)
bench/peers-prog_LWIP_ALGS := $(LWIP_DEFAULT)
bench/peers-prog_CFLAGS = $(BENCH_LAYOUT_CFLAGS) $(FASTSUM_PRIVATE_CFLAGS) -DBENCH_CFLAGS='"$(PEERS_OWN_CFLAGS)"'
bench/peers-prog_LIBS = $(PEERS_OBJ)

.PHONY: bench-peers
# (the machine's kind: the compiler may not be installed yet when make reads this)
ifneq ($(shell uname -m),x86_64)
bench-peers:
	@echo "error: make bench-peers needs an x86_64 machine (Linux's peer is x86_64 code); this is $(shell uname -m)" >&2
	@exit 1
else
bench-peers: $(BUILD)/bench/peers-prog/prog ## fastsum beside Linux, DPDK, lwIP and the load-only floor, five runs: tables, targets, CSV, plot in build/bench/peers/
	$(Q)for run in $(PEERS_RUNS); do \
	  mkdir -p $(PEERS_OUT)/run$$run && \
	  BENCH_DIR=$(PEERS_OUT)/run$$run $< >$(PEERS_OUT)/run$$run/peers.txt || \
	  { cat $(PEERS_OUT)/run$$run/peers.txt; exit 1; }; \
	done
	$(Q)BENCH_DIR=$(PEERS_OUT) $< --median-of $(PEERS_RUNS:%=$(PEERS_OUT)/run%/peers.csv) >$(PEERS_OUT)/peers.txt || \
	  { cat $(PEERS_OUT)/peers.txt; exit 1; }
	$(Q)cat $(PEERS_OUT)/peers.txt
	$(Q)gnuplot -e "data='$(PEERS_OUT)/peers-hot.dat'; out='$(PEERS_OUT)/peers-hot.png'" test/measure/bench/peers.gp
	@echo "files: $(PEERS_OUT)/{peers.txt,peers-targets.txt,peers-hot.png}; each run's tables and peers.csv in $(PEERS_OUT)/run*/"
endif
