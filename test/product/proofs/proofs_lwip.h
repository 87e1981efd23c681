/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What the harnesses over lwIP share: reading a header's words as stored,
 * and the checksum a netif that does not generate IP checksums gets.
 */
#ifndef PROOFS_LWIP_H
#define PROOFS_LWIP_H

#include "proofs.h"
#include "lwip/netif.h"
#include "lwip/prot/ip4.h"
#include <string.h>

/* the 16-bit word at byte off of header h, as stored (memcpy: h may be
 * odd) */
static u32_t
prove_word_at(const u8_t *h, u16_t off)
{
  u16_t w;
  memcpy(&w, h + off, sizeof(w));
  return w;
}

/* Does netif generate IP header checksums in software? With
 * LWIP_CHECKSUM_CTRL_PER_NETIF a netif that does not (a symbolic flag)
 * gets header h with checksum 0, proved here. */
static int
prove_gen_ip(const struct netif *netif, const struct ip_hdr *h)
{
#if LWIP_CHECKSUM_CTRL_PER_NETIF
  if (!NETIF_CHECKSUM_ENABLED(netif, NETIF_CHECKSUM_GEN_IP)) {
    PROVE(IPH_CHKSUM(h) == 0);
    return 0;
  }
#endif
  LWIP_UNUSED_ARG(netif);
  LWIP_UNUSED_ARG(h);
  return 1;
}

#endif /* PROOFS_LWIP_H */
