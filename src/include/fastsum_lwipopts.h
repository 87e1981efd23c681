/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * Makes lwIP use fastsum: include this at the end of a port's lwipopts.h.
 *
 *   #include "fastsum_lwipopts.h"
 *
 * LWIP_CHKSUM (every checksum lwIP computes) becomes fastsum_chksum.
 * LWIP_CHKSUM_COPY becomes fastsum_chksum_copy, which lwIP uses only when
 * the port enables LWIP_CHECKSUM_ON_COPY (TCP and pbuf copies then sum the
 * data while copying it); defining it also turns off lwIP's own
 * lwip_chksum_copy (LWIP_CHKSUM_COPY_ALGORITHM 0).
 */
#ifndef FASTSUM_LWIPOPTS_H
#define FASTSUM_LWIPOPTS_H

#include "fastsum.h"

#define LWIP_CHKSUM fastsum_chksum
#define LWIP_CHKSUM_COPY(dst, src, len) fastsum_chksum_copy(dst, src, len)

#endif /* FASTSUM_LWIPOPTS_H */
