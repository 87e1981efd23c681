# Fuzzing with libFuzzer (clang, AddressSanitizer, UBSan incl. alignment):
# the patched lwIP 2.2.1 input path and the fastsum module; docs/robustness.md.
#
#   make fuzz FUZZ_SECONDS=N   run each target N seconds, keep its corpus
#   make fuzz-smoke            each target FUZZ_SMOKE_SECONDS (make test)
#   make fuzz-seeds            rewrite the seed corpus test/fuzz/corpus/
#
# A target's work is in build/fuzz/TARGET/: its growing corpus, log and any
# crash reproducer (crash-*, leak-*, timeout-*); a crash fails the run.

PKGS_fuzz := clang libclang-rt-14-dev
FUZZ_CC := clang
FUZZ_SECONDS ?= 60
FUZZ_SMOKE_SECONDS ?= 15
FUZZ_SANITIZE := -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
FUZZ_CFLAGS := -O1 -g -fno-omit-frame-pointer $(FUZZ_SANITIZE)
FUZZ_ROUTER_SRC := test/fuzz/router.c test/fuzz/packets.c test/fuzz/rfc1071.c

# The lwIP targets run on the patched 2.2.1 tree (LWIP_DIR: a 2.2.1 tree),
# with fastsum as LWIP_CHKSUM/LWIP_CHKSUM_COPY, as the project ships them.
# They check IP header checksums (the harness makes them right unless the
# input says otherwise) but not transport ones, so inputs get through.
FUZZ_LWIP_CFLAGS := $(FUZZ_CFLAGS) \
  -DCHECKSUM_CHECK_UDP=0 -DCHECKSUM_CHECK_TCP=0 -DCHECKSUM_CHECK_ICMP=0
FUZZ_LWIP_INCLUDES := -I$(TOP)/lwip-port/variants/fastsum -I$(TOP)/test/fuzz/router \
  -I$(TOP)/test/fuzz -I$(TOP)/src/include
FUZZ_KEY := $(firstword $(foreach k,$(LWIP_KEYS),$(if $(filter 2.2.1,$(LWIP_VERSION_$k)),$k)))
FUZZ_LWIP_TARGETS := $(if $(FUZZ_KEY),ip4_input ip4_reass)
FUZZ_TARGETS := fastsum $(FUZZ_LWIP_TARGETS)

define fuzz_lwip_target
fuzz/$1_CC := $(FUZZ_CC)
$(call lwip_program,fuzz/$1,$(FUZZ_KEY),$(LWIP_PATCHED_TREE_$(FUZZ_KEY)),$(LWIP_PATCHED_READY_$(FUZZ_KEY)),\
  $(FUZZ_LWIP_INCLUDES),,test/fuzz/fuzz_$1.c $(FUZZ_ROUTER_SRC) $(FASTSUM_SRC),$(FUZZ_LWIP_CFLAGS),$(FUZZ_SANITIZE))
endef
$(foreach t,$(FUZZ_LWIP_TARGETS),$(eval $(call fuzz_lwip_target,$t)))

# fastsum alone: every file of src/ with the RFC 1071 reference.
FUZZ_FASTSUM_SRC := test/fuzz/fuzz_fastsum.c test/fuzz/rfc1071.c $(FASTSUM_SRC)
$(BUILD)/fuzz/fastsum/prog: $(FUZZ_FASTSUM_SRC) $(FASTSUM_HEADERS) test/fuzz/rfc1071.h
	@mkdir -p $(@D)
	$(Q)$(FUZZ_CC) $(WARN_CFLAGS) $(FUZZ_CFLAGS) -Isrc/include -Itest/fuzz -o $@ $(filter %.c,$^)

# $(call fuzz_run,TARGET,SECONDS): fuzz from the committed seeds plus what
# earlier runs found; one summary line; on a crash the log tail and the
# reproducer's name.
fuzz_run = \
  dir=$(BUILD)/fuzz/$1; mkdir -p $$dir/corpus; \
  if ! (cd $$dir && ./prog -max_total_time=$2 -timeout=10 -max_len=8192 \
        -print_final_stats=1 -artifact_prefix=$(TOP)/$$dir/ \
        corpus $(TOP)/test/fuzz/corpus/$1 > log 2>&1); then \
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

# The seed corpus is generated, and committed; the test checks they agree.
$(BUILD)/fuzz/seeds/prog: test/fuzz/seeds.c test/fuzz/packets.c test/fuzz/rfc1071.c test/fuzz/packets.h test/fuzz/rfc1071.h
	@mkdir -p $(@D)
	$(Q)$(CC) $(OPT_CFLAGS) $(WARN_CFLAGS) -o $@ $(filter %.c,$^)
fuzz-seeds: $(BUILD)/fuzz/seeds/prog ## rewrite the committed seed corpus test/fuzz/corpus/
	$(Q)rm -rf test/fuzz/corpus && $< test/fuzz/corpus
.PHONY: fuzz-seeds-check
fuzz-seeds-check: $(BUILD)/fuzz/seeds/prog
	$(Q)rm -rf $(BUILD)/fuzz/seeds/corpus && $< $(BUILD)/fuzz/seeds/corpus
	$(Q)diff -r $(BUILD)/fuzz/seeds/corpus test/fuzz/corpus >/dev/null || \
	  { echo "error: test/fuzz/corpus differs from what test/fuzz/seeds.c writes; run make fuzz-seeds" >&2; exit 1; }

# The bad-input table (test/badinput/, Check): per lwIP version the patched
# tree's inline build and function-call build (lwip-port/variants/inline-off),
# each run writing a transcript of counts and emitted packets that must be
# identical; and the pristine tree, to show the counts are stock lwIP's
# (without the rows of what the series fixes, listed and counted as skipped:
# on 2.2.x the forwarding rows, stock 2.2.x forwards with checksum 0; on
# 2.1.3 the TTL 0 row, stock forwards it with TTL 255).
BADINPUT_SRC := test/badinput/badinput.c $(FUZZ_ROUTER_SRC)
BADINPUT_INCLUDES := -I$(TOP)/test/fuzz/router -I$(TOP)/test/fuzz
BADINPUT_RUNS :=

# $(call badinput_build,NAME,KEY,TREE,READY,VARIANT_INCLUDES,RUN_ENV)
define badinput_build
$(call lwip_program,badinput/$1,$2,$3,$4,$5 $(BADINPUT_INCLUDES) $$(CHECK_CFLAGS),,$(BADINPUT_SRC),,$$(CHECK_LIBS))
$(BUILD)/badinput/$1/transcript: $(BUILD)/badinput/$1/prog
	@echo "== badinput $1"
	$$(Q)cd $(BUILD)/badinput/$1 && rm -f transcript.tmp && \
	  env BADINPUT_TRANSCRIPT=transcript.tmp $6 ./prog && mv transcript.tmp transcript
BADINPUT_RUNS += $(BUILD)/badinput/$1/transcript
endef

define badinput_key
$(call badinput_build,$1-inline,$1,$(LWIP_PATCHED_TREE_$1),$(LWIP_PATCHED_READY_$1),,)
$(call badinput_build,$1-call,$1,$(LWIP_PATCHED_TREE_$1),$(LWIP_PATCHED_READY_$1),-I$(TOP)/lwip-port/variants/inline-off,)
$(if $(LWIP_READY_$1),$(call badinput_build,$1-stock,$1,$(LWIP_TREE_$1),$(LWIP_READY_$1),,BADINPUT_SKIP=$(if $(filter 2.2.%,$(LWIP_VERSION_$1)),forward,ttl-0)))
.PHONY: badinput-compare-$1
badinput-compare-$1: $(BUILD)/badinput/$1-inline/transcript $(BUILD)/badinput/$1-call/transcript
	$$(Q)cmp -s $$^ || { diff $$^ | head -20; echo "error: bad-input behaviour differs between the inline and the function-call build of $1" >&2; exit 1; }
	@echo "badinput $1: inline and function-call builds identical"
endef
$(foreach k,$(LWIP_KEYS),$(eval $(call badinput_key,$k)))

.PHONY: badinput
badinput: $(addprefix badinput-compare-,$(LWIP_KEYS)) $$(BADINPUT_RUNS) ## run the bad-input table (patched inline and call builds, stock)
TEST_TARGETS += badinput fuzz-seeds-check fuzz-smoke
