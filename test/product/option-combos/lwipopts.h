/* SPDX-License-Identifier: BSD-3-Clause */
/* Options "option-combos": the base for compiling single files once per
 * combination of options given as -D flags (make option-combos); it
 * defines none of those, only what a bare-metal build needs, and turns on
 * what the checksum code has cases for (UDP-Lite in ip4_forward). */
#define NO_SYS          1
#define LWIP_NETCONN    0
#define LWIP_SOCKET     0
#define LWIP_UDP        1
#define LWIP_UDPLITE    1
#define LWIP_TCP        1
