/* Variant "inline-on": the base options (the stock test/unit lwipopts.h
 * for the unit tests) with every inline IPv4 header checksum path of the
 * patch series on: output, fragments, reassembly, echo replies. */
#include_next <lwipopts.h>

#undef LWIP_INLINE_IP_CHKSUM
#define LWIP_INLINE_IP_CHKSUM 1
