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
 * checking the copied frame does, at a cost (make count-packets). */
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

/* Whether every byte of the chain p from offset (in the first pbuf) on is
 * 0. */
static int
zeros_from(const struct pbuf *p, u16_t offset)
{
  const struct pbuf *q;
  u16_t i;

  for (q = p; q != NULL; q = q->next, offset = 0) {
    for (i = offset; i < q->len; i++) {
      if (((const u8_t *)q->payload)[i] != 0) {
        return 0;
      }
    }
  }
  return 1;
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

    for (q = p; q != NULL && off < len; q = q->next) {
      u8_t *dst = (u8_t *)q->payload;
      u16_t n = (u16_t)LWIP_MIN(q->len, len - off);
      u16_t plain = 0;

      if (off < ip_offset) {
        /* the link header, not in the sum */
        plain = (u16_t)LWIP_MIN(n, ip_offset - off);
        MEMCPY(dst, src + off, plain);
      }
      if (plain < n) {
        u16_t s = fastsum_chksum_copy(dst + plain, src + off + plain, (u16_t)(n - plain));
        /* a piece starting an odd number of bytes after the IP header holds
         * its words' bytes the other way round */
        sum += ((off + plain - ip_offset) & 1) ? SWAP_BYTES_IN_WORD(s) : s;
      }
      off = (u16_t)(off + n);
    }
    /* 0 only if every piece's sum is 0: all its bytes are */
    pbuf_chksum_set_complete(p, fold(sum));
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
  u16_t link, rest;

  if (p == NULL || ip_offset >= p->tot_len) {
    /* nothing to sum (a runt frame): lwIP verifies it in software */
    return;
  }
  LWIP_ERROR("fastsum_netif_set_complete: link header beyond the first pbuf",
             ip_offset <= p->len, return;);
  /* minus the link header's sum: plus its complement */
  link = fastsum_chksum(p->payload, ip_offset);
  rest = fold((u32_t)fold(sum) + (u16_t)~link);
  /* That is 0xffff where the rest sums to one's complement zero; LWIP_CHKSUM
   * gives 0 where its bytes are all 0. An IP header's first byte is not 0:
   * one byte read. */
  if (rest == 0xffff && zeros_from(p, ip_offset)) {
    rest = 0;
  }
  pbuf_chksum_set_complete(p, (ip_offset & 1) ? SWAP_BYTES_IN_WORD(rest) : rest);
#else
  LWIP_UNUSED_ARG(p);
  LWIP_UNUSED_ARG(sum);
  LWIP_UNUSED_ARG(ip_offset);
#endif
}
