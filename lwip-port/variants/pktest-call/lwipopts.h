/* Packet tests, function-call build: every IPv4 header checksum comes from
 * a full inet_chksum() over the header; none is computed inline or updated
 * incrementally (docs/patches.md). The packets must be byte-identical to
 * the inline build's. */
#include_next <lwipopts.h>

#undef LWIP_INLINE_IP_CHKSUM
#define LWIP_INLINE_IP_CHKSUM           0
#undef LWIP_INLINE_IP_FRAG_CHKSUM
#define LWIP_INLINE_IP_FRAG_CHKSUM      0
#undef LWIP_INLINE_IP_REASS_CHKSUM
#define LWIP_INLINE_IP_REASS_CHKSUM     0
#undef LWIP_INLINE_IP_ECHO_CHKSUM
#define LWIP_INLINE_IP_ECHO_CHKSUM      0
