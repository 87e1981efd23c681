/* Packet tests, per-netif checksum control with the inline paths on (the
 * combination upstream silently turned into the function-call path). The
 * test netifs enable every checksum, so the packets must be byte-identical
 * to the inline build's. */
#include_next <lwipopts.h>

#undef LWIP_CHECKSUM_CTRL_PER_NETIF
#define LWIP_CHECKSUM_CTRL_PER_NETIF    1
#undef LWIP_INLINE_IP_CHKSUM
#define LWIP_INLINE_IP_CHKSUM           1
