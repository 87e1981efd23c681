/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * The complete sum of a received frame for lwIP's per-pbuf receive
 * checksum state (include/fastsum_netif.h), taken while the driver copies.
 */
#include "fastsum_private.h"
#include "fastsum_netif.h"

#include "lwip/def.h"
#include "lwip/inet_chksum.h"

/* Whether fastsum_netif_take() gives the complete sum. Not where fastsum's
 * copy is memcpy and then the sum: that reads the frame twice, as lwIP
 * checking the copied frame does, and taking the link header's sum out
 * would cost more than it saves (make count-packets). */
#if LWIP_CHECKSUM_CHECK_PER_PBUF && !defined(FASTSUM_COPY_THEN_SUM)
#define TAKE_SUMS 1
#else
#define TAKE_SUMS 0
#endif

#if LWIP_CHECKSUM_CHECK_PER_PBUF
/* One's complement sum of 32 bits of sums, folded to 16. */
static u16_t
fold(u32_t sum)
{
  sum = (sum & 0xffffUL) + (sum >> 16);
  sum = (sum & 0xffffUL) + (sum >> 16);
  return (u16_t)sum;
}

/* Whether every byte of the chain p from offset to end (offsets in the
 * chain) is 0. */
static int
zeros_between(const struct pbuf *p, u16_t offset, u16_t end)
{
  const struct pbuf *q;
  u16_t i, start = 0; /* of the chain, where q starts */

  for (q = p; q != NULL && start < end; start = (u16_t)(start + q->len), q = q->next) {
    for (i = (u16_t)LWIP_MAX(offset, start); i < LWIP_MIN(end, start + q->len); i++) {
      if (((const u8_t *)q->payload)[i - start] != 0) {
        return 0;
      }
    }
  }
  return 1;
}

/* Gives p the sum of its bytes from ip_offset to len, as LWIP_CHKSUM()
 * returns it, from sum, that of the frame from its first byte, and link,
 * that of the bytes before ip_offset (both as pairs of bytes from the
 * first). */
static void
set_complete_less_link(struct pbuf *p, u16_t len, u32_t sum, u16_t link, u16_t ip_offset)
{
  /* minus the link header's sum: plus its complement */
  u16_t rest = fold((u32_t)fold(sum) + (u16_t)~link);

  /* That is 0xffff where the rest sums to one's complement zero; LWIP_CHKSUM
   * gives 0 where its bytes are all 0. An IP header's first byte is not 0:
   * one byte read. */
  if (rest == 0xffff && zeros_between(p, ip_offset, len)) {
    rest = 0;
  }
  pbuf_chksum_set_complete(p, (ip_offset & 1) ? SWAP_BYTES_IN_WORD(rest) : rest);
}
#endif /* LWIP_CHECKSUM_CHECK_PER_PBUF */

err_t
fastsum_netif_take(struct pbuf *p, const void *frame, u16_t len, u16_t ip_offset)
{
  if (p == NULL || frame == NULL || p->tot_len < len) {
    return ERR_ARG;
  }
#if TAKE_SUMS
  if (ip_offset < len) {
    const u8_t *src = (const u8_t *)frame;
    u32_t sum = 0;
    u16_t off = 0; /* of the frame, where q starts */
    struct pbuf *q;

    /* The whole frame, link header too: the copy starts where the frame
     * and the pbuf do, word-aligned both, where a C library's memcpy
     * (fastsum_chksum_copy on cores without a fused copy) copies words,
     * not bytes as it would from the IP header on, 2 bytes past a word. */
    for (q = p; q != NULL && off < len; q = q->next) {
      u16_t n = (u16_t)LWIP_MIN(q->len, len - off);
      u16_t s = fastsum_chksum_copy(q->payload, src + off, n);
      /* a piece starting at an odd offset holds its words' bytes the
       * other way round */
      sum += (off & 1) ? SWAP_BYTES_IN_WORD(s) : s;
      off = (u16_t)(off + n);
    }
    set_complete_less_link(p, len, sum, fastsum_chksum(frame, ip_offset), ip_offset);
    return ERR_OK;
  }
#else
  LWIP_UNUSED_ARG(ip_offset);
#endif
  /* no state to give (the option off, the copy not summing, or nothing
   * after ip_offset): lwIP verifies the frame in software */
  return pbuf_take(p, frame, len);
}

void
fastsum_netif_set_complete(struct pbuf *p, u32_t sum, u16_t ip_offset)
{
#if LWIP_CHECKSUM_CHECK_PER_PBUF
  if (p == NULL || ip_offset >= p->tot_len) {
    /* nothing to sum (a runt frame): lwIP verifies it in software */
    return;
  }
  LWIP_ERROR("fastsum_netif_set_complete: link header beyond the first pbuf",
             ip_offset <= p->len, return;);
  set_complete_less_link(p, p->tot_len, sum, fastsum_chksum(p->payload, ip_offset), ip_offset);
#else
  LWIP_UNUSED_ARG(p);
  LWIP_UNUSED_ARG(sum);
  LWIP_UNUSED_ARG(ip_offset);
#endif
}
