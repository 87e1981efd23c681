/* Variant "pernetif-inline": the base options with per-netif checksum
 * control (LWIP_CHECKSUM_CTRL_PER_NETIF) and the inline paths on, the
 * combination upstream lwIP silently turned into the function-call path. */
#include_next <lwipopts.h>

#undef LWIP_CHECKSUM_CTRL_PER_NETIF
#define LWIP_CHECKSUM_CTRL_PER_NETIF 1
#undef LWIP_INLINE_IP_CHKSUM
#define LWIP_INLINE_IP_CHKSUM 1
