# SPDX-License-Identifier: BSD-3-Clause
# Fuzzing with libFuzzer (clang, AddressSanitizer, UBSan incl. alignment):
# the patched lwIP 2.2.1 input path, its receive checksum state and the
# fastsum module; docs/robustness.md.
#
#   make fuzz FUZZ_SECONDS=N   run each target N seconds, keep its corpus
#   make fuzz-smoke            each target FUZZ_SMOKE_SECONDS (make test)
#   make fuzz-seeds            rewrite the seed corpus test/product/fuzz/corpus/
#
# A target's work is in build/fuzz/TARGET/: its growing corpus, log and any
# crash reproducer (crash-*, leak-*, timeout-*); a crash fails the run.

PKGS_fuzz := clang libclang-rt-14-dev
GOAL_AREAS_fuzz := host patches fuzz
GOAL_AREAS_fuzz-smoke := host patches fuzz
FUZZ_CC := clang
FUZZ_SECONDS ?= 60
FUZZ_SMOKE_SECONDS ?= 15
FUZZ_SANITIZE := -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
FUZZ_CFLAGS := -O1 -g -fno-omit-frame-pointer $(FUZZ_SANITIZE)

# The lwIP targets run on the patched 2.2.1 tree (LWIP_DIR: a 2.2.1 tree),
# with fastsum as LWIP_CHKSUM/LWIP_CHKSUM_COPY, as the project ships them,
# on the router of mk/templates.mk (FUZZ_ROUTER_SRC). They check IP header
# checksums (the harness makes them right unless the input says otherwise)
# but not transport ones, so inputs get through (the option variant
# ip-checks-only).
FUZZ_ROUTER_TARGETS := ip4_input ip4_reass
FUZZ_LWIP_TARGETS := $(if $(filter 2.2.1,$(LWIP_VERSION_$(LWIP_DEFAULT))),$(FUZZ_ROUTER_TARGETS) rxcsum)
FUZZ_TARGETS := fastsum $(FUZZ_LWIP_TARGETS)

define fuzz_lwip_program
PROGRAMS += fuzz/$t
fuzz/$t_TREE := $(LWIP_DEFAULT)-patched
fuzz/$t_SRCS := test/product/fuzz/fuzz_$t.c $(FUZZ_ROUTER_SRC) $(FASTSUM_SRC)
fuzz/$t_OPTIONS := ip-checks-only
fuzz/$t_CFLAGS := -I$(TOP)/lwip-port/fastsum -I$(TOP)/test/product/fuzz/router -I$(TOP)/test/product/fuzz \
  -I$(TOP)/test/product/common -I$(TOP)/src/include $(FUZZ_CFLAGS)
fuzz/$t_LIBS := $(FUZZ_SANITIZE)
fuzz/$t_CC := $(FUZZ_CC)
endef
$(foreach t,$(filter $(FUZZ_ROUTER_TARGETS),$(FUZZ_LWIP_TARGETS)),$(eval $(fuzz_lwip_program)))

# rxcsum: frames received twice, with and without the receive checksum
# state, on the driver model of test/product/rxcsum and its options
# (every checksum checked) as test/product/fuzz/rxcsum/lwipopts.h changes
# them, fastsum as LWIP_CHKSUM; each lwipopts.h includes the next one on
# the path. AddressSanitizer leaves out the lwIP functions of
# asan-ignore.txt (bugs of lwIP's own).
PROGRAMS += fuzz/rxcsum
fuzz/rxcsum_TREE := $(LWIP_DEFAULT)-patched
fuzz/rxcsum_SRCS := test/product/fuzz/fuzz_rxcsum.c $(RXCSUM_DRIVER_SRC)
fuzz/rxcsum_CFLAGS := -I$(TOP)/lwip-port/fastsum -I$(TOP)/test/product/fuzz/rxcsum \
  $(RXCSUM_DRIVER_CFLAGS) $(FUZZ_CFLAGS) -fsanitize-ignorelist=$(TOP)/test/product/fuzz/rxcsum/asan-ignore.txt
fuzz/rxcsum_LIBS := $(FUZZ_SANITIZE)
fuzz/rxcsum_CC := $(FUZZ_CC)

# fastsum alone: every file of src/ with the RFC 1071 reference.
PROGRAMS += fuzz/fastsum
fuzz/fastsum_SRCS := test/product/fuzz/fuzz_fastsum.c $(TEST_COMMON_REFERENCE_SRC) $(FASTSUM_SRC) $(FASTSUM_IMPLS_SRC)
fuzz/fastsum_CFLAGS := $(FASTSUM_PRIVATE_CFLAGS) $(TEST_COMMON_CFLAGS) $(FUZZ_CFLAGS)
fuzz/fastsum_LIBS := $(FUZZ_SANITIZE)
fuzz/fastsum_CC := $(FUZZ_CC)

# $(call fuzz_run,TARGET,SECONDS): fuzz from the committed seeds plus what
# earlier runs found; one summary line; on a crash the log tail and the
# reproducer's name.
fuzz_run = \
  dir=$(BUILD)/fuzz/$1; mkdir -p $$dir/corpus; \
  if ! (cd $$dir && ./prog -max_total_time=$2 -timeout=10 -max_len=8192 \
        -print_final_stats=1 -artifact_prefix=$(TOP)/$$dir/ \
        corpus $(TOP)/test/product/fuzz/corpus/$1 > log 2>&1); then \
    tail -30 $$dir/log; \
    echo "error: fuzz target $1 failed; reproducer: $$(ls -t $$dir/crash-* $$dir/leak-* $$dir/timeout-* $$dir/oom-* 2>/dev/null | head -1)" >&2; \
    exit 1; \
  fi; \
  execs=$$(sed -n 's/^stat::number_of_executed_units: *//p' $$dir/log); \
  echo "$1 $2 s $$execs execs" >> $(BUILD)/fuzz/history; \
  echo "fuzz $1: $2 s, $$execs runs, no crash, corpus $$(ls $$dir/corpus | wc -l) inputs"

.PHONY: fuzz fuzz-smoke fuzz-seeds
fuzz: $(addprefix fuzz-long-,$(FUZZ_TARGETS)) ## run each fuzz target FUZZ_SECONDS seconds
fuzz-smoke: $(addprefix fuzz-smoke-,$(FUZZ_TARGETS)) ## run each fuzz target FUZZ_SMOKE_SECONDS seconds
fuzz-long-%: $(BUILD)/fuzz/%/prog
	$(Q)$(call fuzz_run,$*,$(FUZZ_SECONDS))
fuzz-smoke-%: $(BUILD)/fuzz/%/prog
	$(Q)$(call fuzz_run,$*,$(FUZZ_SMOKE_SECONDS))

# The seed corpus is generated, and committed; fuzz-seeds-sync checks
# that they agree.
PROGRAMS += fuzz/seeds
fuzz/seeds_SRCS := test/product/fuzz/seeds.c test/product/rxcsum/links.c $(TEST_COMMON_PACKETS_SRC)
fuzz/seeds_CFLAGS := $(RXCSUM_DRIVER_CFLAGS)
fuzz-seeds: $(BUILD)/fuzz/seeds/prog ## rewrite the committed seed corpus test/product/fuzz/corpus/
	$(Q)rm -rf test/product/fuzz/corpus && $< test/product/fuzz/corpus
.PHONY: fuzz-seeds-sync
fuzz-seeds-sync: $(BUILD)/fuzz/seeds/prog
	$(Q)rm -rf $(BUILD)/fuzz/seeds/corpus && $< $(BUILD)/fuzz/seeds/corpus
	$(Q)diff -r $(BUILD)/fuzz/seeds/corpus test/product/fuzz/corpus >/dev/null || \
	  { echo "error: test/product/fuzz/corpus differs from what test/product/fuzz/seeds.c writes; run make fuzz-seeds" >&2; exit 1; }
TEST_TARGETS += fuzz-seeds-sync fuzz-smoke
