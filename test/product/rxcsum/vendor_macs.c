/* SPDX-License-Identifier: BSD-3-Clause */
/* Two vendors' MACs that check received checksums, modelled from their
 * reference manuals, not from hardware: the status each reports for a
 * frame, and the mapping its driver makes of that status to the marks it
 * gives lwIP. The mappings are what docs/drivers.md shows driver writers.
 *
 * Where a manual leaves open what a MAC reports for a frame it does not
 * check (a fragment, ICMPv6 on NXP's ENET), the model reports no error:
 * the reading under which a careless mapping marks what nobody checked.
 * A UDP checksum of 0 (none) is reported as no error, as RFC 768 means it.
 * The frame starts with its IP header; the Ethernet type the MACs compare
 * the version with is taken to be the version's. rx_vendor_marks_diff()
 * holds the mapped marks to the MAC model's of driver.c. */
#include "driver.h"

#include <stdio.h>

#include "lwip/pbuf.h"

#if LWIP_CHECKSUM_CHECK_PER_PBUF

const char *const rx_mac_name[RX_MACS] = {"STM32", "NXP ENET"};

/* Whether a MAC that checks the upper-layer message of the datagram d
 * (tot bytes, the message of protocol proto at offset off) finds it right:
 * it is within the datagram and its checksum verifies or, UDP, is 0. */
static int
payload_right(const u8_t *d, size_t tot, size_t off, u8_t proto, int v6)
{
  if (off >= tot) {
    return 0;
  }
  if (proto == PKT_PROTO_UDP) {
    if (tot < off + 8) {
      return 0;
    }
    if (pkt_get16(d + off + 6) == 0) {
      return 1;
    }
  }
  return v6 ? pkt_transport_verifies6(d, tot) : pkt_transport_verifies(d, tot);
}

/* Whether the IPv4 header of the frame f (len bytes) is right as a MAC
 * checks it: its length and its checksum. */
static int
ip4_header_right(const u8_t *f, size_t len)
{
  size_t hlen = (size_t)(f[0] & 0x0F) * 4;
  return len >= 20 && hlen >= 20 && hlen <= len && pkt_ip_verifies(f);
}

static int
ip4_fragment(const u8_t *f)
{
  return (pkt_get16(f + 6) & (PKT_MF | 0x1FFF)) != 0;
}

/* ---- STM32 F4/F7: the Ethernet MAC's enhanced receive descriptor -------- */

/* RDES4, the extended status (valid where RDES0 has ESA set; the checksum
 * offload engine on, ETH_MACCR IPCO). STM32H7's RDES1 (write-back) has the
 * same fields: PT bits 0-2, IPHE 3, IPV4 4, IPV6 5, IPCB 6, IPCE (the
 * payload error) 7. */
#define STM32_IPPT      0x07u /* IP payload type: */
#define STM32_IPPT_NONE 0x00u /*   unknown, or the payload not processed */
#define STM32_IPPT_UDP  0x01u
#define STM32_IPPT_TCP  0x02u
#define STM32_IPPT_ICMP 0x03u /*   ICMP, or ICMPv6 */
#define STM32_IPHE      0x08u /* IP header error */
#define STM32_IPPE      0x10u /* IP payload error */
#define STM32_IPCB      0x20u /* IP checksum bypassed */
#define STM32_IPV4PR    0x40u /* IPv4 packet received */
#define STM32_IPV6PR    0x80u /* IPv6 packet received */

/* The engine checks TCP, UDP, ICMP and ICMPv6 past IPv4 options and IPv6
 * Hop-by-Hop and Destination Options headers; it bypasses fragments (IPv4
 * and IPv6), IPv6 Routing headers, AH and ESP (RM0090, "Receive checksum
 * offload"). */
static u32_t
stm32_rdes4(const u8_t *f, size_t len)
{
  size_t tot, off;
  u32_t st, ippt;
  u8_t proto;
  int v6 = len >= 1 && (f[0] >> 4) == 6;

  if (len >= 1 && (f[0] >> 4) == 4) {
    st = STM32_IPV4PR;
    if (!ip4_header_right(f, len)) {
      return st | STM32_IPHE;
    }
    if (ip4_fragment(f)) {
      return st;
    }
    tot = pkt_get16(f + 2);
    off = (size_t)(f[0] & 0x0F) * 4;
    proto = f[9];
    ippt = proto == PKT_PROTO_UDP ? STM32_IPPT_UDP : proto == PKT_PROTO_TCP ? STM32_IPPT_TCP :
           proto == PKT_PROTO_ICMP ? STM32_IPPT_ICMP : STM32_IPPT_NONE;
  } else if (v6) {
    st = STM32_IPV6PR;
    if (len < PKT_IP6_HLEN) {
      return st | STM32_IPHE;
    }
    tot = PKT_IP6_HLEN + pkt_get16(f + 4);
    off = PKT_IP6_HLEN;
    proto = f[6];
    while (proto == PKT_NEXTH_HOPBYHOP || proto == PKT_NEXTH_DESTOPTS) {
      if (off + 8 > len) {
        /* the frame ends within an extension header */
        return st | STM32_IPHE;
      }
      proto = f[off];
      off += 8 * ((size_t)f[off + 1] + 1);
    }
    ippt = proto == PKT_PROTO_UDP ? STM32_IPPT_UDP : proto == PKT_PROTO_TCP ? STM32_IPPT_TCP :
           proto == PKT_PROTO_ICMP6 ? STM32_IPPT_ICMP : STM32_IPPT_NONE;
  } else {
    return 0;
  }
  if (ippt == STM32_IPPT_NONE) {
    return st;
  }
  st |= ippt;
  if (tot > len || !payload_right(f, tot, off, proto, v6)) {
    st |= STM32_IPPE;
  }
  return st;
}

/* The driver: the IPv4 header checked unless IPHE; the payload if the
 * engine names its type and reports neither an error nor a bypass. */
static u8_t
stm32_checked(u32_t rdes4)
{
  u32_t ippt = rdes4 & STM32_IPPT;
  u8_t checked = 0;

  if ((rdes4 & STM32_IPHE) != 0) {
    return 0;
  }
  if ((rdes4 & STM32_IPV4PR) != 0) {
    checked |= PBUF_CHKSUM_CHECKED_IP;
  }
  if ((ippt == STM32_IPPT_UDP || ippt == STM32_IPPT_TCP || ippt == STM32_IPPT_ICMP) &&
      (rdes4 & (STM32_IPPE | STM32_IPCB)) == 0) {
    checked |= PBUF_CHKSUM_CHECKED_TRANSPORT;
  }
  return checked;
}

/* ---- NXP ENET: the enhanced receive buffer descriptor ------------------ */

/* Its controlExtend0 bits (fsl_enet.h: enet_rx_bd_struct_t; valid in the
 * last descriptor of a frame), and the protocol type byte beside them.
 * With ENET_RACC's IPDIS and PRODIS off, frames it finds wrong arrive too,
 * for lwIP to count. */
#define NXP_FRAG 0x0001u /* an IPv4 fragment */
#define NXP_IPV6 0x0002u /* an IPv6 frame */
#define NXP_PCR  0x0010u /* protocol checksum error, or a protocol it does not know */
#define NXP_ICE  0x0020u /* IP header checksum error, or not an IP frame */

struct nxp_bd {
  u16_t extend0;
  u8_t protocol; /* IPv4's protocol, IPv6's next header */
};

/* The accelerator checks TCP, UDP and ICMP over IPv4 and TCP and UDP right
 * after the IPv6 header; ICMPv6 it gets wrong (erratum ERR052152). */
static void
nxp_rx_bd(const u8_t *f, size_t len, struct nxp_bd *bd)
{
  size_t tot, off;
  int known, v6 = len >= PKT_IP6_HLEN && (f[0] >> 4) == 6;

  bd->extend0 = 0;
  bd->protocol = 0;
  if (len >= 1 && (f[0] >> 4) == 4 && ip4_header_right(f, len)) {
    bd->protocol = f[9];
    if (ip4_fragment(f)) {
      bd->extend0 = NXP_FRAG;
      return;
    }
    tot = pkt_get16(f + 2);
    off = (size_t)(f[0] & 0x0F) * 4;
    known = bd->protocol == PKT_PROTO_UDP || bd->protocol == PKT_PROTO_TCP || bd->protocol == PKT_PROTO_ICMP;
  } else if (v6) {
    bd->extend0 = NXP_IPV6;
    bd->protocol = f[6];
    if (bd->protocol == PKT_PROTO_ICMP6) {
      return;
    }
    tot = PKT_IP6_HLEN + pkt_get16(f + 4);
    off = PKT_IP6_HLEN;
    known = bd->protocol == PKT_PROTO_UDP || bd->protocol == PKT_PROTO_TCP;
  } else {
    bd->extend0 = NXP_ICE;
    return;
  }
  if (!known || tot > len || !payload_right(f, tot, off, bd->protocol, v6)) {
    bd->extend0 |= NXP_PCR;
  }
}

/* The driver: no ICE on a frame that is not IPv6 is a right IPv4 header;
 * no PCR, not a fragment and not ICMPv6 is a right transport checksum. */
static u8_t
nxp_checked(const struct nxp_bd *bd)
{
  u8_t checked = 0;

  if ((bd->extend0 & NXP_ICE) != 0) {
    return 0;
  }
  if ((bd->extend0 & NXP_IPV6) == 0) {
    checked |= PBUF_CHKSUM_CHECKED_IP;
  }
  if ((bd->extend0 & (NXP_PCR | NXP_FRAG)) == 0 &&
      !((bd->extend0 & NXP_IPV6) != 0 && bd->protocol == PKT_PROTO_ICMP6)) {
    checked |= PBUF_CHKSUM_CHECKED_TRANSPORT;
  }
  return checked;
}

u8_t
rx_vendor_checked(int mac, const u8_t *frame, size_t len)
{
  struct nxp_bd bd;

  if (mac == RX_MAC_STM32) {
    return stm32_checked(stm32_rdes4(frame, len));
  }
  nxp_rx_bd(frame, len, &bd);
  return nxp_checked(&bd);
}

/* ---- What the mapped marks must be -------------------------------------- */

/* Whether an IPv6 datagram (the frame f of len bytes) has a Routing header
 * before its upper-layer message. */
static int
ip6_routed(const u8_t *f, size_t len)
{
  size_t off = PKT_IP6_HLEN;
  u8_t nexth = f[6];
  while ((nexth == PKT_NEXTH_HOPBYHOP || nexth == PKT_NEXTH_DESTOPTS) && off + 8 <= len) {
    nexth = f[off];
    off += 8 * ((size_t)f[off + 1] + 1);
  }
  return nexth == PKT_NEXTH_ROUTING;
}

/* Whether the frame f (len bytes) carries a UDP datagram with checksum 0
 * (none): lwIP verifies nothing there, a MAC may call it checked or not. */
static int
udp_unchecksummed(const u8_t *f, size_t len)
{
  size_t off = 0;
  u8_t proto = 0;
  if (len >= 20 && (f[0] >> 4) == 4) {
    off = (size_t)(f[0] & 0x0F) * 4;
    proto = f[9];
  } else if (len >= PKT_IP6_HLEN && (f[0] >> 4) == 6) {
    off = pkt_ip6_upper(f, len, &proto);
  }
  return proto == PKT_PROTO_UDP && off >= 20 && off + 8 <= len && pkt_get16(f + off + 6) == 0;
}

/* The marks are those rx_mac_checked() gives, but for what the MAC does
 * not check: an STM32's, IPv6 datagrams with a Routing header; NXP's
 * ENET, in IPv6 all but TCP and UDP right after the IPv6 header (ICMPv6,
 * extension headers). */
const char *
rx_vendor_marks_diff(int mac, const u8_t *frame, size_t len)
{
  static char msg[64];
  u8_t want = rx_mac_checked(frame, len), got = rx_vendor_checked(mac, frame, len);
  u8_t mask = udp_unchecksummed(frame, len) ? (u8_t)~PBUF_CHKSUM_CHECKED_TRANSPORT : 0xFF;
  int v6 = len >= PKT_IP6_HLEN && (frame[0] >> 4) == 6;

  if (v6 && ((mac == RX_MAC_STM32 && ip6_routed(frame, len)) ||
             (mac == RX_MAC_NXP && frame[6] != PKT_PROTO_TCP && frame[6] != PKT_PROTO_UDP))) {
    want &= (u8_t)~PBUF_CHKSUM_CHECKED_TRANSPORT;
  }
  if ((got & mask) == (want & mask)) {
    return NULL;
  }
  snprintf(msg, sizeof(msg), "the %s driver marks 0x%02x, not 0x%02x", rx_mac_name[mac], got, want);
  return msg;
}

#endif /* LWIP_CHECKSUM_CHECK_PER_PBUF */
