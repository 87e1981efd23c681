# SPDX-License-Identifier: BSD-3-Clause
# make count-packets: what one packet costs lwIP on each core, stock and
# patched with fastsum (build/count/packets.md; docs/count.md says what is
# counted).
#
# test/measure/packets/rows.c: the rows (a TCP segment received and
# acknowledged, TCP and UDP sends, UDP receives, an echo request answered,
# a datagram forwarded and fragmented, one reassembled; a TCP segment and a
# UDP datagram copied by the driver out of its buffer, the copy counted),
# on lwIP with the options of test/measure/packets/lwipopts.h;
# count_packets.c runs them bare metal (x86_64: under qemu-user),
# count-cell.sh counts each row's calls in qemu's instruction log (one
# cell: one program on one core), packets.sh writes the tables and checks
# the limits. Per lwIP tree KEY, CORE and configuration, the program
# packets/KEY/CORE/CONFIG:
#   stock-alg2, stock-alg3  the pristine tree, LWIP_CHKSUM_ALGORITHM 2 or 3
#   fastsum                 the patched tree, fastsum hooked in by
#                           lwip-port/fastsum/lwipopts.h (fastsum_lwipopts.h)
# and CONFIG-copy, the same with LWIP_CHECKSUM_ON_COPY 1, for the TCP send
# row; for the copied rows only, fastsum with the receive checksum state
# (LWIP_CHECKSUM_CHECK_PER_PBUF 1):
#   fastsum-complete        the driver copies with fastsum_netif_take()
#   fastsum-checked         the driver marks IPv4 header and transport
#                           checked, as a MAC that verified them
# and fastsum-checks-off, fastsum with CHECKSUM_CHECK_* 0 (nothing verified;
# the ACK's checksums still computed). make count-limits (in make test)
# asserts the limits on PACKETS_LIMIT_KEYS; make bench times the rows on
# the host (bench_packets.c, the ticks table).

PKGS_packets := gcc-arm-none-eabi binutils-arm-none-eabi picolibc-arm-none-eabi \
  gcc-riscv64-unknown-elf binutils-riscv64-unknown-elf picolibc-riscv64-unknown-elf \
  gcc-xtensa-lx106 binutils-xtensa-lx106 picolibc-xtensa-lx106-elf qemu-system-arm qemu-system-misc \
  binutils-x86-64-linux-gnu qemu-user
GOAL_AREAS_count-packets := host patches baremetal packets
GOAL_AREAS_count-limits += packets
GOAL_AREAS_count += packets
GOAL_AREAS_bench-packets := host patches bench
PACKETS_DIR := $(BUILD)/count/packets

# The stack the rows run, from each tree: a view of the tree that builds
# only these files (lwip_tree_view, mk/lwip.mk).
PACKETS_LWIP_SRC := $(addprefix src/core/,init.c def.c inet_chksum.c ip.c mem.c memp.c netif.c \
  pbuf.c raw.c stats.c sys.c tcp.c tcp_in.c tcp_out.c timeouts.c udp.c) \
  $(addprefix src/core/ipv4/,etharp.c icmp.c ip4.c ip4_addr.c ip4_frag.c) src/netif/ethernet.c
$(foreach k,$(LWIP_KEYS),$(foreach t,$k $k-patched,$(eval $(call lwip_tree_view,$t-packets,$t,$(PACKETS_LWIP_SRC)))))

PACKETS_CONFIGS := stock-alg2 stock-alg3 fastsum
PACKETS_RX_CONFIGS := fastsum-complete fastsum-checked fastsum-checks-off
# the builds: every configuration, those of PACKETS_CONFIGS also as CONFIG-copy
PACKETS_BUILDS := $(PACKETS_CONFIGS) $(addsuffix -copy,$(PACKETS_CONFIGS)) $(PACKETS_RX_CONFIGS)
packets_config_of = $(patsubst %-copy,%,$1)
packets_variant_of = $(if $(filter %-copy,$1),-copy)
# $(call packets_tree_of,KEY,CONFIG): the view a configuration builds
packets_tree_of = $1$(if $(filter fastsum%,$2),-patched)-packets
PACKETS_CFLAGS_stock-alg2 := -DLWIP_CHKSUM_ALGORITHM=2
PACKETS_CFLAGS_stock-alg3 := -DLWIP_CHKSUM_ALGORITHM=3
PACKETS_CFLAGS_fastsum := -I$(TOP)/lwip-port/fastsum -I$(TOP)/src/include
PACKETS_SRCS_fastsum := $(FASTSUM_SRC)
PACKETS_CFLAGS_fastsum-complete := $(PACKETS_CFLAGS_fastsum) -DLWIP_CHECKSUM_CHECK_PER_PBUF=1 \
  -DPACKETS_RX=PACKETS_RX_COMPLETE
PACKETS_SRCS_fastsum-complete := $(FASTSUM_SRC) $(FASTSUM_NETIF_SRC)
PACKETS_CFLAGS_fastsum-checked := $(PACKETS_CFLAGS_fastsum) -DLWIP_CHECKSUM_CHECK_PER_PBUF=1 \
  -DPACKETS_RX=PACKETS_RX_CHECKED
PACKETS_SRCS_fastsum-checked := $(FASTSUM_SRC)
PACKETS_CFLAGS_fastsum-checks-off := $(PACKETS_CFLAGS_fastsum) $(foreach p,IP UDP TCP ICMP,-DCHECKSUM_CHECK_$p=0)
PACKETS_SRCS_fastsum-checks-off := $(FASTSUM_SRC)
PACKETS_CFLAGS_copy := -DLWIP_CHECKSUM_ON_COPY=1
# Sections per function and data object, collected at link time: as the
# SDKs build.
PACKETS_CFLAGS = $(PACKETS_OPTIONS) $(TEST_COMMON_CFLAGS) \
  -ffunction-sections -fdata-sections -g0
PACKETS_OPTIONS := -I$(TOP)/test/measure/packets -ULWIP_DEBUG
PACKETS_SRCS := test/measure/packets/rows.c $(TEST_COMMON_PACKETS_SRC)

# The cores: the bare-metal compilers with picolibc's speed build
# (mk/targets.mk), with the compilers' defaults for
# unaligned accesses (ARMv7-M and ARMv8-M Mainline: allowed, as the SDKs
# build; nothing traps). Cortex-M0+ runs on the Cortex-M3 board (the
# microbit's 16 KB of RAM are too few), which executes ARMv6-M code alike;
# Cortex-M33 has no published cycle table: instructions only. x86_64: the
# host's gcc and glibc, a static Linux program under qemu-user (machine
# "user"), not position-independent: the traced addresses are objdump's.
PACKETS_CORES := cortex-m0plus cortex-m3 cortex-m4 cortex-m33 rv32imc lx106 x86_64
PACKETS_BOARD_cortex-m0plus := cortex-m3
PACKETS_CC_x86_64 := x86_64-linux-gnu-gcc -fno-pie
PACKETS_LDFLAGS_x86_64 := -static -no-pie
PACKETS_MACHINE_x86_64 := user
packets_board = $(or $(PACKETS_BOARD_$1),$1)
packets_cc = $(or $(PACKETS_CC_$1),$(filter-out -mno-unaligned-access,$(call baremetal_cc,$1)) $(BAREMETAL_PICOLIBC_SPEED))
packets_ldflags = $(or $(PACKETS_LDFLAGS_$1),$(if $(BAREMETAL_BOARD_$1),$(call baremetal_board,$1)) \
  $(call baremetal_ldflags,$(call packets_board,$1)))
packets_machine = $(or $(PACKETS_MACHINE_$1),$(BAREMETAL_MACHINE_$(call packets_board,$1)))

# $(call packets_program,KEY,CORE,CONFIG,VARIANT): packets/KEY/CORE/CONFIG[-copy]
define packets_program
PROGRAMS += packets/$1/$2/$3$4
packets/$1/$2/$3$4_TREE := $(call packets_tree_of,$1,$3)
packets/$1/$2/$3$4_SRCS := $(PACKETS_SRCS) test/measure/packets/count_packets.c $(PACKETS_SRCS_$3)
packets/$1/$2/$3$4_CFLAGS = $(PACKETS_CFLAGS_$3) $(PACKETS_CFLAGS_$(4:-%=%)) $$(PACKETS_CFLAGS)
packets/$1/$2/$3$4_CC := $(call packets_cc,$2)
packets/$1/$2/$3$4_AR := $(patsubst %-gcc,%-ar,$(firstword $(call packets_cc,$2)))
packets/$1/$2/$3$4_LIBS := $(call packets_ldflags,$2) -Wl,--gc-sections
endef
$(foreach k,$(LWIP_KEYS),$(foreach c,$(PACKETS_CORES),$(foreach b,$(PACKETS_BUILDS),\
  $(eval $(call packets_program,$k,$c,$(call packets_config_of,$b),$(call packets_variant_of,$b))))))

# The host's builds for make bench, packets-bench/KEY/BUILD: the same
# rows timed (bench_packets.c, test/measure/bench/bench.c's clock).
define packets_bench_program
PROGRAMS += packets-bench/$1/$2$3
packets-bench/$1/$2$3_TREE := $(call packets_tree_of,$1,$2)
packets-bench/$1/$2$3_SRCS := $(PACKETS_SRCS) test/measure/packets/bench_packets.c test/measure/bench/bench.c \
  $(PACKETS_SRCS_$2)
packets-bench/$1/$2$3_CFLAGS = $(PACKETS_CFLAGS_$2) $(PACKETS_CFLAGS_$(3:-%=%)) $$(PACKETS_CFLAGS) \
  -I$(TOP)/test/measure/bench $$(CHECK_CFLAGS) -DPACKETS_BUILD='"$2$3"' -DBENCH_CFLAGS='"$(OPT_CFLAGS)"'
packets-bench/$1/$2$3_LIBS = -Wl,--gc-sections $$(CHECK_LIBS)
endef
$(foreach k,$(LWIP_KEYS),$(foreach b,$(PACKETS_BUILDS),\
  $(eval $(call packets_bench_program,$k,$(call packets_config_of,$b),$(call packets_variant_of,$b)))))

# The cells: each program's rows counted on its core
# (test/measure/packets/count-cell.sh), DIR/KEY/CORE/BUILD.counts; a cell is
# counted again only when its program or the counting changes.
PACKETS_ROWS := tcp-rx-1460 tcp-rx-536 tcp-tx-1460 udp-rx-64 udp-rx-1472 udp-tx-64 udp-tx-1472 \
  icmp-echo-56 forward-1500 forward-576 reass-4000
PACKETS_ROWS_copied := copied-tcp-rx-1460 copied-udp-rx-1472
PACKETS_ROWS_copy := tcp-tx-1460
# $(call packets_rows_of,BUILD): the rows a build counts
packets_rows_of = $(if $(filter %-copy,$1),$(PACKETS_ROWS_copy),\
  $(if $(filter $(PACKETS_CONFIGS),$1),$(PACKETS_ROWS)) $(PACKETS_ROWS_copied))
PACKETS_COUNTING := test/measure/packets/count-cell.sh test/measure/count/trace.sh test/measure/count/cycles.awk
define packets_cell
$(PACKETS_DIR)/$1/$2/$3.counts: $(BUILD)/packets/$1/$2/$3/prog $(PACKETS_COUNTING)
	@mkdir -p $$(@D)
	$$(Q)test/measure/packets/count-cell.sh $2 $(call packets_machine,$2) $$< \
	  $(call packets_rows_of,$3) >$$@.tmp && mv $$@.tmp $$@
endef
$(foreach k,$(LWIP_KEYS),$(foreach c,$(PACKETS_CORES),$(foreach b,$(PACKETS_BUILDS),\
  $(eval $(call packets_cell,$k,$c,$b)))))
packets_cells = $(foreach k,$1,$(foreach c,$(PACKETS_CORES),$(foreach b,$(PACKETS_BUILDS),$(PACKETS_DIR)/$k/$c/$b.counts)))

# The default tree first: the summary lines of make's report are its.
PACKETS_KEYS := $(LWIP_DEFAULT) $(filter-out $(LWIP_DEFAULT),$(LWIP_KEYS))
PACKETS_LIMIT_KEYS := $(LWIP_DEFAULT)
PACKETS_REPORT := $(TOP)/test/measure/packets/packets.sh

.PHONY: count-packets packets-limits
count-packets: $(call packets_cells,$(PACKETS_KEYS)) ## executed instructions per packet, stock lwIP and patched with fastsum, on Cortex-M0+/M3/M4/M33, rv32imc, lx106, x86_64 (build/count/packets.md)
	$(Q)$(PACKETS_REPORT) $(BUILD)/count/packets.md $(PACKETS_DIR) "$(PACKETS_KEYS)" "$(PACKETS_CORES)" $(BUILD)/bench/packets
count: count-packets

# In make test (through make count-limits): the limits on PACKETS_LIMIT_KEYS.
packets-limits: $(call packets_cells,$(PACKETS_LIMIT_KEYS))
	$(Q)$(PACKETS_REPORT) --limits $(BUILD)/count/packets-limits.md $(PACKETS_DIR) "$(PACKETS_LIMIT_KEYS)" "$(PACKETS_CORES)"
count-limits: packets-limits

# make bench: the host's column, after every benchmark is built (nothing
# compiles while it times: TIMED_PROGRAMS, mk/programs.mk), one build after
# another.
PACKETS_BENCH_DIR := $(BUILD)/bench/packets
PACKETS_BENCH_PROGS := $(foreach k,$(PACKETS_KEYS),$(foreach b,$(PACKETS_BUILDS),$(BUILD)/packets-bench/$k/$b/prog))
TIMED_PROGRAMS += $(PACKETS_BENCH_PROGS)
.PHONY: bench-packets
bench-packets: $$(TIMED_PROGRAMS)
	$(Q)mkdir -p $(PACKETS_BENCH_DIR)
	$(Q)$(firstword $(PACKETS_BENCH_PROGS)) --machine >$(PACKETS_BENCH_DIR)/machine.txt
	$(Q)$(foreach k,$(PACKETS_KEYS),: >$(PACKETS_BENCH_DIR)/$k.csv.tmp && \
	  $(foreach b,$(PACKETS_BUILDS),$(BUILD)/packets-bench/$k/$b/prog \
	    $(call packets_rows_of,$b) >>$(PACKETS_BENCH_DIR)/$k.csv.tmp &&) \
	  mv $(PACKETS_BENCH_DIR)/$k.csv.tmp $(PACKETS_BENCH_DIR)/$k.csv &&) true
	@echo "bench-packets: ticks per packet in $(PACKETS_BENCH_DIR); make count-packets puts them beside the counts"
bench: bench-packets
