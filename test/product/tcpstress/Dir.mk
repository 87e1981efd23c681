# SPDX-License-Identifier: BSD-3-Clause
# The TCP stress test (test/product/tcpstress/tcpstress.c): one lwIP stack,
# two netifs, a client and a listener exchanging streams under loss,
# duplication, reordering, zero windows and timeouts, every frame checked on
# the wire by the RFC 1071 reference and both streams compared byte by byte.
# Programs (mk/programs.mk) per lwIP version KEY:
#   tcpstress/KEY-stock-alg2        pristine tree, lwIP's algorithm 2,
#                                   checksum on copy, TCP_OVERSIZE TCP_MSS
#   tcpstress/KEY-stock-alg3        pristine tree, algorithm 3, no checksum on
#                                   copy, no oversize, timestamps
#   tcpstress/KEY-patched           patched tree, algorithm 2, checksum on
#                                   copy, TCP_OVERSIZE 128, timestamps
#   tcpstress/KEY-fastsum           patched tree, fastsum (each connection on
#                                   one path of the table, or the public
#                                   functions), checksum on copy, TCP_MSS
#   tcpstress/KEY-fastsum-nocopy    the same without checksum on copy, with
#                                   timestamps
#   tcpstress/KEY-fastsum-oversize0 checksum on copy without oversize
# and cross/TARGET/tcpstress, the fastsum build on a big-endian (powerpc)
# and a big-endian strict-alignment CPU (sparc64) under qemu-user.
#
#   make tcp-stress                         every build, TCP_STRESS_SEGMENTS each
#   make tcp-stress-KEY-BUILD SEED=S SEGMENTS=N   one build from seed S
# A failing connection prints the second form with its own seed.

TCPSTRESS_SRC := test/product/tcpstress/tcpstress.c test/product/tcpstress/wire.c \
  $(TEST_COMMON_REFERENCE_SRC)
# lwIP's functions whose calls the test counts (tcpstress.c)
TCPSTRESS_WRAPPED := tcp_split_unsent_seg tcp_zero_window_probe tcp_keepalive \
  tcp_rexmit_rto_commit tcp_rexmit_fast
TCPSTRESS_LIBS := $(foreach f,$(TCPSTRESS_WRAPPED),-Xlinker --wrap=$f)
TCPSTRESS_CFLAGS := -I$(TOP)/test/product/tcpstress $(TEST_COMMON_CFLAGS)

TCPSTRESS_BUILDS := stock-alg2 stock-alg3 patched fastsum fastsum-nocopy fastsum-oversize0
TCPSTRESS_OPTS_stock-alg2 := -DLWIP_CHKSUM_ALGORITHM=2 -DLWIP_CHECKSUM_ON_COPY=1 -DTCP_OVERSIZE=TCP_MSS
TCPSTRESS_OPTS_stock-alg3 := -DLWIP_CHKSUM_ALGORITHM=3 -DLWIP_CHECKSUM_ON_COPY=0 -DTCP_OVERSIZE=0 \
  -DLWIP_TCP_TIMESTAMPS=1
TCPSTRESS_OPTS_patched := -DLWIP_CHKSUM_ALGORITHM=2 -DLWIP_CHECKSUM_ON_COPY=1 -DTCP_OVERSIZE=128 \
  -DLWIP_TCP_TIMESTAMPS=1
TCPSTRESS_OPTS_fastsum := -DTCPSTRESS_FASTSUM -DLWIP_CHECKSUM_ON_COPY=1 -DTCP_OVERSIZE=TCP_MSS
TCPSTRESS_OPTS_fastsum-nocopy := -DTCPSTRESS_FASTSUM -DLWIP_CHECKSUM_ON_COPY=0 -DTCP_OVERSIZE=TCP_MSS \
  -DLWIP_TCP_TIMESTAMPS=1
TCPSTRESS_OPTS_fastsum-oversize0 := -DTCPSTRESS_FASTSUM -DLWIP_CHECKSUM_ON_COPY=1 -DTCP_OVERSIZE=0

# Segments per build in make test: six million on the host in all.
TCP_STRESS_SEGMENTS ?= 500000
TCP_STRESS_CROSS_SEGMENTS ?= 50000
SEED ?= 1

# $(call tcpstress_run,NAME,PROGRAM,SEGMENTS): the target tcp-stress-NAME,
# PROGRAM's run from SEED for SEGMENTS (or the SEGMENTS given to make).
define tcpstress_run
TCPSTRESS_RUNS += tcp-stress-$1
tcp-stress-$1: $(BUILD)/$2/prog
	$$(Q)$$(call program_run,$2) -b $1 -s $$(SEED) -n $$(or $$(SEGMENTS),$3)
endef

# $(call tcpstress_program,NAME,TREE,BUILD,OPTIONS,CFLAGS): build BUILD of
# TCPSTRESS_BUILDS on TREE
define tcpstress_program
PROGRAMS += $1
$1_TREE := $2
$1_OPTIONS := $4
$1_SRCS := $(TCPSTRESS_SRC) $(if $(filter fastsum%,$3),$(FASTSUM_SRC) $(FASTSUM_IMPLS_SRC))
$1_CFLAGS := $(TCPSTRESS_CFLAGS) $(TCPSTRESS_OPTS_$3) $(if $(filter fastsum%,$3),$(FASTSUM_PRIVATE_CFLAGS)) $5
$1_LIBS := $(TCPSTRESS_LIBS)
endef
define tcpstress_host_program
$(call tcpstress_program,tcpstress/$k-$b,$(if $(filter stock-%,$b),$k,$k-patched),$b)
$(call tcpstress_run,$k-$b,tcpstress/$k-$b,$(TCP_STRESS_SEGMENTS))
endef
$(foreach k,$(LWIP_KEYS),$(foreach b,$(TCPSTRESS_BUILDS),$(eval $(tcpstress_host_program))))

# Big-endian, and strict alignment: the fastsum build on the tree of the
# cross tests (mk/targets.mk), its runs without Check's environment.
TCPSTRESS_CROSS_TARGETS := powerpc-linux-gnu sparc64-linux-gnu
define tcpstress_cross_program
$(call tcpstress_program,cross/$t/tcpstress,$(CROSS_TREE),fastsum,qemu-user,$(CROSS_LWIP_CFLAGS))
cross/$t/tcpstress_TARGET := $t
cross/$t/tcpstress_ENV :=
cross/$t/tcpstress_NEEDS :=
$(call tcpstress_run,cross-$t,cross/$t/tcpstress,$(TCP_STRESS_CROSS_SEGMENTS))
endef
ifneq ($(CROSS_TREE),)
$(foreach t,$(TCPSTRESS_CROSS_TARGETS),$(eval $(tcpstress_cross_program)))
endif

.PHONY: tcp-stress $(TCPSTRESS_RUNS)
tcp-stress: $(TCPSTRESS_RUNS) ## TCP stress: every build, under loss and zero windows, every frame's checksums and both streams checked
	@echo "tcp-stress: all passed: $(TCPSTRESS_RUNS)"
TEST_TARGETS += tcp-stress
GOAL_AREAS_tcp-stress := host patches cross
