/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What the harnesses over lwIP share: reading a header's words as stored,
 * their RFC 1071 sum, and the checksum a netif that does not generate IP
 * checksums gets.
 */
#ifndef PROOFS_LWIP_H
#define PROOFS_LWIP_H

#include "proofs.h"
#include "lwip/netif.h"
#include "lwip/prot/ip4.h"
#include "rfc1071.h"
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

/* the RFC 1071 sum of a 20-byte header h as stored, its ten words taken
 * at the byte offsets in order: 0xffff if it verifies. The sum is the
 * same in every order (arithmetic, not part of a proof); SAT decides two
 * sums equal quickly only where they add the same words in the same
 * order. */
static u16_t
prove_header_sum_in(const u8_t *h, const u8_t *order)
{
  u32_t sum = 0;
  u16_t i;

  for (i = 0; i < IP_HLEN / 2; i++) {
    sum += prove_word_at(h, order[i]);
  }
  return rfc1071_fold(sum);
}

/* the sum of a 20-byte header h, its words in their order */
static u16_t
prove_header_sum(const u8_t *h)
{
  static const u8_t words[IP_HLEN / 2] = { 0, 2, 4, 6, 8, 10, 12, 14, 16, 18 };
  return prove_header_sum_in(h, words);
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
