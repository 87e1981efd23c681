/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A two-netif IPv4 router built from lwIP for the robustness tests; see
 * router.h.
 */
#include "router.h"
#include "echo_services.h"
#include "packets.h"
#include "stack_harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lwip/init.h"
#include "lwip/ip4.h"
#include "lwip/timeouts.h"
#include "lwip/tcp.h"
#include "lwip/priv/tcp_priv.h"
#include "lwip/ip4_frag.h"

static struct netif netifs[2];
static struct router_packet kept[ROUTER_KEEP];
static unsigned kept_next;
unsigned router_emitted;
unsigned router_bad_headers;

/* The heap and pool counts right after start-up: what "no leak" means. */
static struct harness_usage base_usage;

/* Is this a well-formed IPv4 packet whose header verifies and that fits
 * the MTU? (Forwarded packets may be as odd as the input otherwise.) */
static int
ip_packet_ok(const u8_t *pkt, u16_t len, u16_t mtu)
{
  u16_t hlen;

  if (len < IP_HLEN || (pkt[0] >> 4) != 4) {
    return 0;
  }
  hlen = (u16_t)((pkt[0] & 0x0f) * 4);
  if (hlen < IP_HLEN || hlen > len || pkt_get16(pkt + 2) != len) {
    return 0;
  }
  if (mtu != 0 && len > mtu) {
    return 0;
  }
  return pkt_ip_verifies(pkt);
}

void
harness_emitted(struct netif *netif, const u8_t *data, u16_t len)
{
  struct router_packet *keep = &kept[kept_next];
  unsigned i;

  router_emitted++;
  if (!ip_packet_ok(data, len, netif->mtu)) {
    router_bad_headers++;
    fprintf(stderr, "router: bad IPv4 packet emitted on netif %c (%u bytes, MTU %u):",
            netif == &netifs[ROUTER_A] ? 'A' : 'B', (unsigned)len, (unsigned)netif->mtu);
    for (i = 0; i < LWIP_MIN(len, 24); i++) {
      fprintf(stderr, " %02x", data[i]);
    }
    fprintf(stderr, "\n");
  }
  kept_next = (kept_next + 1) % ROUTER_KEEP;
  keep->side = netif == &netifs[ROUTER_A] ? ROUTER_A : ROUTER_B;
  keep->len = (u16_t)LWIP_MIN(len, sizeof(keep->data));
  memcpy(keep->data, data, keep->len);
}

const struct router_packet *
router_packet_at(unsigned age)
{
  return &kept[(kept_next + ROUTER_KEEP - 1 - (age % ROUTER_KEEP)) % ROUTER_KEEP];
}

static void
counts_reset(void)
{
  router_emitted = 0;
  router_bad_headers = 0;
  kept_next = 0;
  memset(kept, 0, sizeof(kept));
}

void
router_init(void)
{
  static int started;
  int i;

  counts_reset();
  if (started) {
    return;
  }
  started = 1;
  lwip_init();
  for (i = ROUTER_A; i <= ROUTER_B; i++) {
    if (harness_netif_add(&netifs[i], PKT_ADDR(10, 0, i, 1), PKT_ADDR(255, 255, 255, 0),
                          PKT_ADDR(10, 0, i, 254)) == NULL) {
      fprintf(stderr, "router: cannot add netif %c\n", i == ROUTER_A ? 'A' : 'B');
      abort();
    }
  }
  netif_set_default(&netifs[ROUTER_B]);

  if (udp_echo_start(7) != 0 || tcp_echo_start(80) != 0) {
    fprintf(stderr, "router: cannot start the echo services\n");
    abort();
  }
  harness_usage_take(&base_usage);
}

struct netif *
router_netif(enum router_side side)
{
  return &netifs[side];
}

/* Append a pbuf holding n bytes of data to the chain head. */
static int
chain_append(struct pbuf *head, const u8_t *data, u16_t n)
{
  struct pbuf *piece = pbuf_alloc(PBUF_RAW, n, PBUF_RAM);

  if (piece == NULL) {
    return 0;
  }
  memcpy(piece->payload, data, n);
  pbuf_cat(head, piece);
  return 1;
}

struct pbuf *
router_chain(const u8_t *data, u16_t len, u16_t first_len, u16_t piece_len,
             u16_t headroom)
{
  struct pbuf *head;
  u16_t done = LWIP_MIN(first_len, len);

  head = pbuf_alloc(PBUF_RAW, (u16_t)(headroom + done), PBUF_RAM);
  if (head == NULL) {
    return NULL;
  }
  pbuf_remove_header(head, headroom);
  memcpy(head->payload, data, done);
  if (piece_len == 0) {
    if (!chain_append(head, data, 0)) {
      goto fail;
    }
    piece_len = (u16_t)(len - done);
  }
  while (done < len) {
    u16_t n = LWIP_MIN(piece_len, (u16_t)(len - done));
    if (!chain_append(head, data + done, n)) {
      goto fail;
    }
    done = (u16_t)(done + n);
  }
  return head;
fail:
  pbuf_free(head);
  return NULL;
}

void
router_input(enum router_side side, struct pbuf *p)
{
  netifs[side].input(p, &netifs[side]);
}

void
router_receive(enum router_side side, const u8_t *pkt, u16_t len,
               u16_t first_len, u16_t piece_len, int odd_start, int fix_chksum)
{
  struct pbuf *p = router_chain(pkt, len, first_len, piece_len, odd_start ? 1 : 0);
  u8_t *hdr;

  if (p == NULL) {
    return;
  }
  hdr = (u8_t *)p->payload;
  if (fix_chksum && p->len >= IP_HLEN && (hdr[0] & 0x0f) * 4 >= IP_HLEN &&
      (hdr[0] & 0x0f) * 4 <= p->len) {
    pkt_fix_ip_checksum(hdr);
  }
  router_input(side, p);
}

void
router_advance(u32_t ms)
{
  /* one timer tick at a time, as a running system would see them; the
   * clock wraps around (after some 270000 fuzz runs), as lwIP allows */
  while (ms > 0) {
    u32_t step = LWIP_MIN(ms, TCP_TMR_INTERVAL);

    harness_now += step;
    ms -= step;
    sys_check_timeouts();
  }
}

void
router_clock_set(u32_t ms)
{
  harness_now = ms;
  sys_check_timeouts();
}

int
router_settle(void)
{
  const char *leak;

  while (tcp_active_pcbs != NULL) {
    tcp_abort(tcp_active_pcbs);
  }
  while (tcp_tw_pcbs != NULL) {
    tcp_abort(tcp_tw_pcbs);
  }
  /* every reassembly in progress times out */
  router_advance((IP_REASS_MAXAGE + 1) * IP_TMR_INTERVAL);
  leak = harness_leak(&base_usage);
  if (leak != NULL) {
    fprintf(stderr, "router: leak: %s since start-up\n", leak);
    return 1;
  }
  return 0;
}
