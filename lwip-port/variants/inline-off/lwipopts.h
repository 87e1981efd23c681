/* Variant "inline-off": the base options with every IPv4 header checksum
 * computed by inet_chksum() (the function-call path); the finer options
 * LWIP_INLINE_IP_{FRAG,REASS,ECHO}_CHKSUM follow LWIP_INLINE_IP_CHKSUM. */
#include_next <lwipopts.h>

#undef LWIP_INLINE_IP_CHKSUM
#define LWIP_INLINE_IP_CHKSUM 0
