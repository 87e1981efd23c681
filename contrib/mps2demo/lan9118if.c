/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * lwIP netif on an SMSC LAN9118, written from the controller's datasheet
 * (SMSC LAN9118, revision 1.5: "Register Description" and "Transmit/Receive
 * Data FIFO" chapters). See lan9118if.h.
 *
 * The controller keeps frames in FIFOs that the CPU reads and writes a
 * 32-bit word at a time: a status word per received frame in the RX status
 * FIFO and the frame in the RX data FIFO; two command words and the frame
 * in the TX data FIFO, a status word per sent frame in the TX status FIFO.
 * Bytes go into a FIFO word little-endian first, so on a little-endian CPU
 * a word of the FIFO is a word of memory.
 *
 * The frame's first byte sits 2 bytes into the FIFO's first word
 * (RX_CFG.RXDOFF; TX command A's data start offset): with lwIP's
 * ETH_PAD_SIZE 2, those are the pbuf's padding bytes, the IP header that
 * follows the 14-byte Ethernet header lands on a word address, and a pbuf's
 * payload goes to and from the FIFO by aligned word accesses. A pbuf that
 * does not start on a word address (a PBUF_REF, a chain's later link) is
 * moved a byte at a time: nothing here makes an unaligned access.
 *
 * Every byte of a received frame passes through the CPU once, so the frame
 * is summed on its way into the pbufs and lwIP verifies its checksums from
 * that sum (fastsum_netif.h, LWIP_CHECKSUM_CHECK_PER_PBUF) instead of
 * reading the frame again.
 */
#include "lan9118if.h"

#include "fastsum_netif.h"
#include "lwip/etharp.h"
#include "lwip/pbuf.h"
#include "netif/ethernet.h"

#include <string.h>

#if BYTE_ORDER != LITTLE_ENDIAN
#error "lan9118if: FIFO words are moved as memory words, little-endian only"
#endif
#if ETH_PAD_SIZE != 2
#error "lan9118if: needs ETH_PAD_SIZE 2 (the FIFO offset of a frame)"
#endif

/* System control and status registers, byte offsets */
#define RX_DATA_FIFO      0x00
#define TX_DATA_FIFO      0x20
#define RX_STATUS_FIFO    0x40
#define TX_STATUS_FIFO    0x48
#define IRQ_CFG           0x54
#define INT_STS           0x58
#define INT_EN            0x5c
#define BYTE_TEST         0x64
#define FIFO_INT          0x68
#define RX_CFG            0x6c
#define TX_CFG            0x70
#define HW_CFG            0x74
#define RX_FIFO_INF       0x7c
#define TX_FIFO_INF       0x80
#define PMT_CTRL          0x84
#define GPT_CFG           0x8c
#define RX_DROP           0xa0
#define MAC_CSR_CMD       0xa4
#define MAC_CSR_DATA      0xa8
#define E2P_CMD           0xb0

#define BYTE_TEST_VALUE   0x87654321UL
#define IRQ_CFG_IRQ_EN    (1UL << 8)
#define IRQ_CFG_IRQ_POL   (1UL << 4)    /* active high */
#define IRQ_CFG_IRQ_TYPE  (1UL << 0)    /* push-pull */
#define INT_GPT           (1UL << 19)   /* the general-purpose timer ran out */
#define INT_RSFL          (1UL << 3)    /* RX status FIFO above its level */
#define GPT_CFG_TIMER_EN  (1UL << 29)
#define GPT_TICKS_PER_MS  10            /* the timer counts at 10 kHz */
#define HW_CFG_SRST       (1UL << 0)
#define HW_CFG_MBO        (1UL << 20)    /* must be written as one */
#define PMT_CTRL_READY    (1UL << 0)
#define E2P_CMD_BUSY      (1UL << 31)
#define RX_CFG_RXDOFF(n)  ((u32_t)(n) << 8)
#define TX_CFG_TX_ON      (1UL << 1)
#define FIFO_INF_USED(v)  (((v) >> 16) & 0xff) /* status words waiting */
#define TX_FIFO_INF_FREE(v) ((v) & 0xffff)    /* bytes free in the TX data FIFO */

/* RX status word */
#define RX_STS_FILTER_FAIL (1UL << 30)
#define RX_STS_LENGTH(s)  (((s) >> 16) & 0x3fff) /* with the 4-byte FCS */
#define RX_STS_ERROR      (1UL << 15)
/* TX command words and status */
#define TX_CMD_A_FIRST    (1UL << 13)
#define TX_CMD_A_LAST     (1UL << 12)
#define TX_CMD_A_OFFSET(n) ((u32_t)(n) << 16)
#define TX_CMD_B_TAG(t)   ((u32_t)(t) << 16)
#define TX_STS_ERROR      (1UL << 15)

/* MAC control and status registers, through MAC_CSR_CMD/MAC_CSR_DATA */
#define MAC_CSR_BUSY      (1UL << 31)
#define MAC_CSR_READ      (1UL << 30)
#define MAC_CR            1
#define MAC_ADDRH         2
#define MAC_ADDRL         3
#define MAC_MII_ACC       6
#define MAC_MII_DATA      7
#define MAC_CR_FDPX       (1UL << 20)
#define MAC_CR_TXEN       (1UL << 3)
#define MAC_CR_RXEN       (1UL << 2)
#define MII_ACC_BUSY      (1UL << 0)
#define MII_ACC_WRITE     (1UL << 1)
#define MII_ACC(phy, reg) (((u32_t)(phy) << 11) | ((u32_t)(reg) << 6))
/* the internal PHY */
#define PHY_ADDR          1
#define PHY_BCR           0
#define PHY_BSR           1
#define PHY_BCR_ANENABLE  (1U << 12)
#define PHY_BCR_ANRESTART (1U << 9)
#define PHY_BSR_LINK      (1U << 2)

/* Polls of a busy bit before the controller is taken for dead: far longer
 * than any operation of the datasheet takes (the EEPROM load at reset the
 * longest, milliseconds). */
#define LAN9118_POLLS     1000000UL

/* The largest frame: a 1514-byte Ethernet frame, the FCS and VLAN tag the
 * controller may pass; bigger ones are dropped. */
#define LAN9118_FRAME_MAX 1522

#define REG(lan, off) (*(volatile u32_t *)((lan)->base + (off)))

static int
wait_clear(struct lan9118if *lan, u32_t off, u32_t bit)
{
  unsigned long i;

  for (i = 0; i < LAN9118_POLLS; i++) {
    if ((REG(lan, off) & bit) == 0) {
      return 0;
    }
  }
  return -1;
}

static int
wait_set(struct lan9118if *lan, u32_t off, u32_t bit)
{
  unsigned long i;

  for (i = 0; i < LAN9118_POLLS; i++) {
    if ((REG(lan, off) & bit) != 0) {
      return 0;
    }
  }
  return -1;
}

static u32_t
mac_read(struct lan9118if *lan, u32_t reg)
{
  REG(lan, MAC_CSR_CMD) = MAC_CSR_BUSY | MAC_CSR_READ | reg;
  wait_clear(lan, MAC_CSR_CMD, MAC_CSR_BUSY);
  return REG(lan, MAC_CSR_DATA);
}

static void
mac_write(struct lan9118if *lan, u32_t reg, u32_t value)
{
  REG(lan, MAC_CSR_DATA) = value;
  REG(lan, MAC_CSR_CMD) = MAC_CSR_BUSY | reg;
  wait_clear(lan, MAC_CSR_CMD, MAC_CSR_BUSY);
}

static int
mii_wait(struct lan9118if *lan)
{
  unsigned long i;

  for (i = 0; i < LAN9118_POLLS; i++) {
    if ((mac_read(lan, MAC_MII_ACC) & MII_ACC_BUSY) == 0) {
      return 0;
    }
  }
  return -1;
}

static u16_t
phy_read(struct lan9118if *lan, u32_t reg)
{
  mii_wait(lan);
  mac_write(lan, MAC_MII_ACC, MII_ACC(PHY_ADDR, reg) | MII_ACC_BUSY);
  mii_wait(lan);
  return (u16_t)mac_read(lan, MAC_MII_DATA);
}

static void
phy_write(struct lan9118if *lan, u32_t reg, u16_t value)
{
  mii_wait(lan);
  mac_write(lan, MAC_MII_DATA, value);
  mac_write(lan, MAC_MII_ACC, MII_ACC(PHY_ADDR, reg) | MII_ACC_WRITE | MII_ACC_BUSY);
  mii_wait(lan);
}

/* The TX data FIFO takes the bytes of a chain as one stream of words. */
static void
tx_fifo_write(struct lan9118if *lan, const struct pbuf *p)
{
  const struct pbuf *q;
  u32_t word = 0;
  unsigned have = 0; /* bytes in word */

  for (q = p; q != NULL; q = q->next) {
    const u8_t *src = (const u8_t *)q->payload;
    u16_t left = q->len;

    while (left > 0) {
      if (have == 0 && ((uintptr_t)src & 3) == 0) {
        for (; left >= 4; left -= 4, src += 4) {
          REG(lan, TX_DATA_FIFO) = *(const u32_t *)src;
        }
        if (left == 0) {
          break;
        }
      }
      word |= (u32_t)*src++ << (8 * have);
      left--;
      if (++have == 4) {
        REG(lan, TX_DATA_FIFO) = word;
        word = 0;
        have = 0;
      }
    }
  }
  if (have > 0) {
    REG(lan, TX_DATA_FIFO) = word;
  }
}

/* Pops the TX status words of the frames sent so far. */
static void
tx_status_drain(struct lan9118if *lan)
{
  u32_t n = FIFO_INF_USED(REG(lan, TX_FIFO_INF));

  while (n-- > 0) {
    if (REG(lan, TX_STATUS_FIFO) & TX_STS_ERROR) {
      lan->tx_errors++;
    }
  }
}

static err_t
lan9118if_linkoutput(struct netif *netif, struct pbuf *p)
{
  struct lan9118if *lan = (struct lan9118if *)netif->state;
  /* the frame after the pad bytes, the FIFO's words from the pad on */
  u32_t len = (u32_t)p->tot_len - ETH_PAD_SIZE;
  u32_t fifo_bytes = 8 + (((u32_t)p->tot_len + 3) & ~3UL);
  unsigned long i;

  tx_status_drain(lan);
  if (p->tot_len <= ETH_PAD_SIZE || len > LAN9118_FRAME_MAX) {
    lan->tx_errors++;
    return ERR_ARG;
  }
  for (i = 0; TX_FIFO_INF_FREE(REG(lan, TX_FIFO_INF)) < fifo_bytes; i++) {
    if (i == LAN9118_POLLS) {
      lan->tx_errors++; /* the controller does not send: dropped, as a wire would */
      return ERR_IF;
    }
  }
  /* one buffer, first and last segment; the tag numbers the frames */
  REG(lan, TX_DATA_FIFO) = TX_CMD_A_FIRST | TX_CMD_A_LAST | TX_CMD_A_OFFSET(ETH_PAD_SIZE) | len;
  REG(lan, TX_DATA_FIFO) = TX_CMD_B_TAG(lan->tx_frames & 0xffff) | len;
  tx_fifo_write(lan, p);
  lan->tx_frames++;
  return ERR_OK;
}

/* Reads WORDS words of the RX data FIFO into the chain P (P->tot_len bytes,
 * the rest of the words dropped) and returns the sum of the bytes stored:
 * 32-bit words of memory (a FIFO word as it is stored, little-endian), the
 * carries kept in the upper half. Summed as 32-bit words, the bytes pair up
 * as they do in 16-bit words from P's first byte on (2^16 is 1 in one's
 * complement arithmetic), which is the sum fastsum_netif_set_complete()
 * takes. The bytes after P->tot_len (the FCS) are not in it. */
static u64_t
rx_fifo_read(struct lan9118if *lan, struct pbuf *p, u32_t words)
{
  struct pbuf *q;
  u64_t sum = 0;
  u32_t word = 0;
  u32_t rest = p->tot_len; /* bytes not stored yet */
  unsigned have = 0; /* bytes of word not stored yet */

  for (q = p; q != NULL; q = q->next) {
    u8_t *dst = (u8_t *)q->payload;
    u16_t left = q->len;

    while (left > 0) {
      if (have == 0 && ((uintptr_t)dst & 3) == 0) {
        for (; left >= 4; left -= 4, dst += 4, rest -= 4) {
          word = REG(lan, RX_DATA_FIFO);
          *(u32_t *)dst = word;
          sum += word;
          words--;
        }
        if (left == 0) {
          break;
        }
      }
      if (have == 0) {
        word = REG(lan, RX_DATA_FIFO);
        words--;
        have = 4;
        /* the bytes of this word that are stored: all, or the frame's last
         * ones (the FCS follows) */
        sum += rest >= 4 ? word : word & ((1UL << (8 * rest)) - 1);
      }
      *dst++ = (u8_t)word;
      word >>= 8;
      have--;
      left--;
      rest--;
    }
  }
  while (words-- > 0) {
    (void)REG(lan, RX_DATA_FIFO); /* the FCS */
  }
  return sum;
}

/* Drops the frame of WORDS words at the head of the RX data FIFO: read
 * and dropped (the datasheet's fast-forward saves little on a bad frame,
 * which is rare). */
static void
rx_fifo_skip(struct lan9118if *lan, u32_t words)
{
  while (words-- > 0) {
    (void)REG(lan, RX_DATA_FIFO);
  }
}

int
lan9118if_poll(struct netif *netif)
{
  struct lan9118if *lan = (struct lan9118if *)netif->state;
  int frames = 0;

  while (FIFO_INF_USED(REG(lan, RX_FIFO_INF)) > 0) {
    u32_t status = REG(lan, RX_STATUS_FIFO);
    u32_t length = RX_STS_LENGTH(status); /* frame and FCS */
    u32_t words = (ETH_PAD_SIZE + length + 3) / 4;
    struct pbuf *p = NULL;
    u64_t sum;

    lan->rx_frames++;
    frames++;
    if ((status & (RX_STS_ERROR | RX_STS_FILTER_FAIL)) == 0 &&
        length >= SIZEOF_ETH_HDR + 4 && length <= LAN9118_FRAME_MAX + 4) {
      p = pbuf_alloc(PBUF_RAW, (u16_t)(ETH_PAD_SIZE + length - 4), PBUF_POOL);
    }
    if (p == NULL) {
      /* a bad frame, or out of pool pbufs: dropped, as on the wire */
      lan->rx_drops++;
      rx_fifo_skip(lan, words);
      continue;
    }
    sum = rx_fifo_read(lan, p, words);
    /* to 32 bits, the carries added back in; the frame's sum from the IP
     * header on, the pad and the Ethernet header taken out */
    sum = (sum & 0xffffffffUL) + (sum >> 32);
    sum = (sum & 0xffffffffUL) + (sum >> 32);
    fastsum_netif_set_complete(p, (u32_t)sum, SIZEOF_ETH_HDR);
#if LWIP_CHECKSUM_CHECK_PER_PBUF
    if ((p->chksum_flags & PBUF_CHKSUM_COMPLETE) != 0) {
      lan->rx_complete++;
    }
#endif
    if (netif->input(p, netif) != ERR_OK) {
      pbuf_free(p);
    }
  }
  return frames;
}

int
lan9118if_arm(struct netif *netif, u32_t ms)
{
  struct lan9118if *lan = (struct lan9118if *)netif->state;
  u32_t ticks = ms * GPT_TICKS_PER_MS;

  REG(lan, INT_EN) = 0;
  REG(lan, GPT_CFG) = 0;
  REG(lan, INT_STS) = INT_RSFL | INT_GPT; /* write one to clear */
  if (FIFO_INF_USED(REG(lan, RX_FIFO_INF)) > 0) {
    return 0;
  }
  REG(lan, GPT_CFG) = GPT_CFG_TIMER_EN | LWIP_MIN(LWIP_MAX(ticks, 1), 0xffff);
  REG(lan, INT_EN) = INT_RSFL | INT_GPT;
  return 1;
}

int
lan9118if_link_up(struct netif *netif)
{
  struct lan9118if *lan = (struct lan9118if *)netif->state;

  return (phy_read(lan, PHY_BSR) & PHY_BSR_LINK) != 0;
}

/* RX_DROP clears when read. */
unsigned long
lan9118if_lost(struct netif *netif)
{
  struct lan9118if *lan = (struct lan9118if *)netif->state;

  return REG(lan, RX_DROP);
}

err_t
lan9118if_init(struct netif *netif)
{
  struct lan9118if *lan = (struct lan9118if *)netif->state;
  u32_t addrh, addrl;

  /* the byte order test register: a controller on a working 32-bit bus */
  if (REG(lan, BYTE_TEST) != BYTE_TEST_VALUE) {
    return ERR_IF;
  }
  REG(lan, HW_CFG) = HW_CFG_MBO | HW_CFG_SRST;
  if (wait_clear(lan, HW_CFG, HW_CFG_SRST) != 0 || wait_set(lan, PMT_CTRL, PMT_CTRL_READY) != 0 ||
      wait_clear(lan, E2P_CMD, E2P_CMD_BUSY) != 0) {
    return ERR_IF;
  }
  /* the interrupt line: active high, push-pull, raised by what
   * lan9118if_arm() enables; a received frame counts as soon as there is
   * one (FIFO_INT's RX status level 0) */
  REG(lan, INT_EN) = 0;
  REG(lan, FIFO_INT) = REG(lan, FIFO_INT) & ~0xffUL;
  REG(lan, IRQ_CFG) = IRQ_CFG_IRQ_EN | IRQ_CFG_IRQ_POL | IRQ_CFG_IRQ_TYPE;

  /* the MAC address the controller loaded from its EEPROM */
  addrh = mac_read(lan, MAC_ADDRH);
  addrl = mac_read(lan, MAC_ADDRL);
  netif->hwaddr_len = ETH_HWADDR_LEN;
  netif->hwaddr[0] = (u8_t)addrl;
  netif->hwaddr[1] = (u8_t)(addrl >> 8);
  netif->hwaddr[2] = (u8_t)(addrl >> 16);
  netif->hwaddr[3] = (u8_t)(addrl >> 24);
  netif->hwaddr[4] = (u8_t)addrh;
  netif->hwaddr[5] = (u8_t)(addrh >> 8);
  if (netif->hwaddr[0] & 1) {
    return ERR_IF; /* none loaded: a multicast or all-ones address */
  }

  /* the PHY negotiates; the MAC sends and receives, full duplex, its own
   * address and broadcasts only (no multicast, no promiscuous mode) */
  phy_write(lan, PHY_BCR, PHY_BCR_ANENABLE | PHY_BCR_ANRESTART);
  REG(lan, RX_CFG) = RX_CFG_RXDOFF(ETH_PAD_SIZE);
  REG(lan, TX_CFG) = TX_CFG_TX_ON;
  mac_write(lan, MAC_CR, MAC_CR_FDPX | MAC_CR_TXEN | MAC_CR_RXEN);

  netif->name[0] = 'e';
  netif->name[1] = 'n';
  netif->output = etharp_output;
  netif->linkoutput = lan9118if_linkoutput;
  netif->mtu = lan->mtu;
  netif->flags = NETIF_FLAG_BROADCAST | NETIF_FLAG_ETHARP | NETIF_FLAG_ETHERNET;
  return ERR_OK;
}
