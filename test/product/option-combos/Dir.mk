# SPDX-License-Identifier: BSD-3-Clause
# The patched files in every option combination (option-combos.sh): every
# combination of the options each touched file depends on compiles, warnings
# as errors, lwIP's debug output off (the unit tests have it on). Per file
# only the options its code (patched or not) tests, to keep the 2 x 576
# compiles (syntax only) short. IP_OPTIONS_SEND is not an option of its own:
# ip4.h sets it to LWIP_IGMP. lwipopts.h here is the base every compile
# starts from.

OPTION_COMBOS_FILES := src/core/ipv4/ip4.c src/core/ipv4/ip4_frag.c src/core/ipv4/icmp.c src/core/udp.c \
  src/core/ipv6/icmp6.c
OPTION_COMBOS_ip4 := CHECKSUM_GEN_IP LWIP_CHECKSUM_CTRL_PER_NETIF LWIP_INLINE_IP_CHKSUM \
  LWIP_IGMP IP_FRAG IP_REASSEMBLY IP_FORWARD LWIP_ICMP
OPTION_COMBOS_ip4_frag := CHECKSUM_GEN_IP LWIP_CHECKSUM_CTRL_PER_NETIF LWIP_INLINE_IP_CHKSUM \
  IP_FRAG IP_REASSEMBLY LWIP_ICMP
OPTION_COMBOS_icmp := CHECKSUM_GEN_IP CHECKSUM_CHECK_IP CHECKSUM_GEN_ICMP LWIP_CHECKSUM_CTRL_PER_NETIF \
  LWIP_INLINE_IP_CHKSUM IP_FRAG LWIP_ICMP
OPTION_COMBOS_udp := CHECKSUM_GEN_UDP LWIP_CHECKSUM_CTRL_PER_NETIF LWIP_CHECKSUM_ON_COPY IP_FRAG LWIP_IPV6 \
  LWIP_IPV6_FRAG
OPTION_COMBOS_icmp6 := LWIP_IPV6 CHECKSUM_GEN_ICMP6 CHECKSUM_CHECK_ICMP6 LWIP_CHECKSUM_CTRL_PER_NETIF LWIP_IPV6_FRAG \
  LWIP_MULTICAST_PING
define option_combos
.PHONY: option-combos-$1
option-combos-$1: $(LWIP_READY_$1-patched)
	$$(Q)$$(foreach f,$(OPTION_COMBOS_FILES),$(TOP)/test/product/option-combos/option-combos.sh $(LWIP_TREE_$1-patched) \
	  $$f "$$(OPTION_COMBOS_$$(basename $$(notdir $$f)))" $$(CC) $$(call option_combos_cflags,$(LWIP_TREE_$1-patched)) &&) true
endef
$(foreach k,$(LWIP_KEYS),$(eval $(call option_combos,$k)))

.PHONY: option-combos
option-combos: $(addprefix option-combos-,$(LWIP_KEYS)) ## compile the patched files for every option combination
TEST_TARGETS += option-combos
