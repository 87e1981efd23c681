# SPDX-License-Identifier: BSD-3-Clause
# The receive checksum state (LWIP_CHECKSUM_CHECK_PER_PBUF, docs/drivers.md):
# every receive state gives what software verification gives, and a
# reassembled datagram is verified whatever its fragments were marked.
# `make rxcsum-test` (in make test) builds, per lwIP tree k, the
# Check programs (mk/programs.mk)
#   rxcsum/k              the patched tree, the option on, per-netif control
#                         (a netif leaves the IPv4 header unchecked)
#   rxcsum/k-ip-unchecked the same without per-netif control and with
#                         CHECKSUM_CHECK_IP 0 (no IPv4 header checked)
#   rxcsum/k-fastsum      rxcsum/k with fastsum as LWIP_CHKSUM
#   rxcsum/k-stock-offload  the pristine tree with the vendors' offload
#                         options: only the offload test, which must fail
#                         there (rxcsum-k-offload-fails-unpatched)
# and compiles the patched files the option touches in every combination of
# it and the options their code depends on (rxcsum-optcheck-k).

GOAL_AREAS_rxcsum-test := host patches
RXCSUM_SRC := test/product/rxcsum/main.c test/product/rxcsum/offload.c $(RXCSUM_DRIVER_SRC) \
  $(TEST_COMMON_CHECK_SRC)
# Where the option is on: the receive states (states.c) and fastsum's
# receive helper for drivers on its own (netif_helper.c).
RXCSUM_STATE_SRC := test/product/rxcsum/states.c test/product/rxcsum/netif_helper.c
# lwipopts.h turns the option on; the pristine tree has none.
LWIP_OPTIONS_ip-unchecked := -DLWIP_CHECKSUM_CTRL_PER_NETIF=0 -DCHECKSUM_CHECK_IP=0
LWIP_OPTIONS_pristine := -DLWIP_CHECKSUM_CHECK_PER_PBUF=0 -DLWIP_CHECKSUM_CTRL_PER_NETIF=0

# The failure the offload test must show on a pristine tree.
RXCSUM_UNPATCHED_FAILS := a reassembled IPv4 UDP datagram of 1800 bytes with a corrupted byte is delivered

# The patched files the option touches, each with the options its new code
# depends on.
RXCSUM_OPTCHECK_FILES := src/core/inet_chksum.c src/core/ipv4/ip4.c src/core/ipv4/ip4_frag.c \
  src/core/ipv6/ip6.c src/core/ipv6/ip6_frag.c src/core/tcp_in.c src/core/udp.c src/core/ipv4/icmp.c \
  src/core/ipv6/icmp6.c
RXCSUM_OPTCHECK_inet_chksum := LWIP_CHECKSUM_CHECK_PER_PBUF LWIP_IPV6
RXCSUM_OPTCHECK_ip4 := LWIP_CHECKSUM_CHECK_PER_PBUF CHECKSUM_CHECK_IP LWIP_CHECKSUM_CTRL_PER_NETIF IP_REASSEMBLY
RXCSUM_OPTCHECK_ip4_frag := LWIP_CHECKSUM_CHECK_PER_PBUF IP_REASSEMBLY IP_FRAG
RXCSUM_OPTCHECK_ip6 := LWIP_CHECKSUM_CHECK_PER_PBUF LWIP_IPV6 LWIP_IPV6_REASS
RXCSUM_OPTCHECK_ip6_frag := LWIP_CHECKSUM_CHECK_PER_PBUF LWIP_IPV6 LWIP_IPV6_REASS IPV6_FRAG_COPYHEADER
RXCSUM_OPTCHECK_tcp_in := LWIP_CHECKSUM_CHECK_PER_PBUF CHECKSUM_CHECK_TCP LWIP_CHECKSUM_CTRL_PER_NETIF LWIP_IPV6
RXCSUM_OPTCHECK_udp := LWIP_CHECKSUM_CHECK_PER_PBUF CHECKSUM_CHECK_UDP LWIP_CHECKSUM_CTRL_PER_NETIF LWIP_IPV6
RXCSUM_OPTCHECK_icmp := LWIP_CHECKSUM_CHECK_PER_PBUF CHECKSUM_CHECK_ICMP LWIP_CHECKSUM_CTRL_PER_NETIF
RXCSUM_OPTCHECK_icmp6 := LWIP_CHECKSUM_CHECK_PER_PBUF LWIP_IPV6 CHECKSUM_CHECK_ICMP6 LWIP_CHECKSUM_CTRL_PER_NETIF

# $(call rxcsum_program,NAME,TREE,OPTIONS,SRCS,CFLAGS); CFLAGS come first
# (lwip-port/fastsum's lwipopts.h includes the next one on the path).
define rxcsum_program
PROGRAMS += $1
$1_TREE := $2
$1_OPTIONS := $3
$1_SRCS := $(RXCSUM_SRC) $4
$1_CFLAGS = $(strip $5 $(RXCSUM_DRIVER_CFLAGS)) $(call check_cflags,)
$1_LIBS = $(call check_libs,)
endef

define rxcsum_programs
$(call rxcsum_program,rxcsum/$k,$k-patched,,$(RXCSUM_STATE_SRC),)
$(call rxcsum_program,rxcsum/$k-ip-unchecked,$k-patched,ip-unchecked,$(RXCSUM_STATE_SRC),)
$(call rxcsum_program,rxcsum/$k-fastsum,$k-patched,,$(RXCSUM_STATE_SRC),-I$(TOP)/lwip-port/fastsum)
$(call rxcsum_program,rxcsum/$k-stock-offload,$k,offload pristine,,)

RXCSUM_TESTS += run-rxcsum/$k run-rxcsum/$k-ip-unchecked run-rxcsum/$k-fastsum \
  rxcsum-$k-offload-fails-unpatched rxcsum-optcheck-$k
.PHONY: rxcsum-$k-offload-fails-unpatched rxcsum-optcheck-$k
rxcsum-$k-offload-fails-unpatched: $(BUILD)/rxcsum/$k-stock-offload/prog
	$$(Q)if $$(call program_run,rxcsum/$k-stock-offload) > $(TOP)/$$<.log 2>&1; then \
	  cat $$<.log; echo "rxcsum: the offload test passed on pristine $k; it must fail there" >&2; exit 1; fi
	$$(Q)grep -q "$(RXCSUM_UNPATCHED_FAILS)" $$<.log || \
	  { cat $$<.log; echo "rxcsum: the offload test failed on pristine $k, but not as expected" >&2; exit 1; }
	@echo "rxcsum: the offload test fails on pristine $k with the vendors' offload options, as it must:"
	$$(Q)grep -m 1 "$(RXCSUM_UNPATCHED_FAILS)" $$<.log | sed 's/^/  /'
rxcsum-optcheck-$k: $(LWIP_READY_$k-patched)
	$$(Q)$$(foreach f,$(RXCSUM_OPTCHECK_FILES),$(TOP)/test/product/option-combos/option-combos.sh \
	  $(LWIP_TREE_$k-patched) $$f "$$(RXCSUM_OPTCHECK_$$(basename $$(notdir $$f)))" $$(CC) \
	  $$(call option_combos_cflags,$(LWIP_TREE_$k-patched)) &&) true
endef
$(foreach k,$(LWIP_KEYS),$(eval $(rxcsum_programs)))

.PHONY: rxcsum-test
rxcsum-test: $(RXCSUM_TESTS) ## receive checksum state: every state as software verification, on every tree
	@echo "rxcsum-test: all passed: $(RXCSUM_TESTS)"
TEST_TARGETS += rxcsum-test
