#include_next <lwipopts.h>
#undef MEM_ALIGNMENT
#define MEM_ALIGNMENT __SIZEOF_POINTER__
#undef IPV6_FRAG_COPYHEADER
#define IPV6_FRAG_COPYHEADER 1
