/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The bare-metal images' C library (picolibc) has no <sys/poll.h>, and
 * esp-lwip's 2.1.2-esp lwip/sockets.h includes it whatever LWIP_SOCKET says
 * (ESP-IDF's newlib has one). The socket API is off here: nothing of it is
 * used, so the header has nothing to declare.
 */
#ifndef LWIP_PORT_BAREMETAL_SYS_POLL_H
#define LWIP_PORT_BAREMETAL_SYS_POLL_H
#endif
