/* SPDX-License-Identifier: BSD-3-Clause */
/* The driver and MAC model, the stack around the runs and their record.
 * Frames are read byte by byte (packets.h, rfc1071.h): it runs unchanged on
 * any byte order and alignment. */
#include "driver.h"

#include <stdio.h>
#include <string.h>

#include "fastsum_netif.h"
#include "lwip/ip.h"
#include "lwip/ip4_frag.h"
#include "lwip/ip6_frag.h"
#include "lwip/pbuf.h"
#include "lwip/tcp.h"
#include "lwip/timeouts.h"
#include "lwip/udp.h"
#include "lwip/priv/tcp_priv.h"

struct netif rx_netif[RX_NETIFS];

const char *const rx_state_name[] = {
  "none", "checked", "complete", "checked and complete", "checked, fragments too",
  "checked, fragments too, and complete", "STM32's marks", "STM32's marks and complete", "NXP ENET's marks",
  "NXP ENET's marks and complete", "complete off by one", "marked checked",
  "marked checked and complete", "IPv4 header marked checked"
};

/* ---- The MAC and the driver ---------------------------------------------- */

/* Split points: from the start (> 0) or the end (< 0) of the frame. */
static const struct {
  int misalign;
  int split[2];
} layouts[RX_LAYOUTS] = {
  {0, {0, 0}},
  {1, {61, 0}},
  {0, {67, 133}},
  {1, {-1, 0}},
  {0, {-7, 0}},
  {0, {20, 0}}
};
const char *const rx_layout_name[RX_LAYOUTS] = {
  "one pbuf", "split at 61, odd address", "split at 67 and 133", "last byte alone, odd address",
  "split 7 bytes before the end", "split at 20"
};

#if LWIP_CHECKSUM_CHECK_PER_PBUF
/* The checksums a MAC verifies and finds right in a frame: the IPv4 header;
 * the TCP, UDP (with a checksum), ICMP or ICMPv6 checksum of a datagram that
 * is not a fragment and fits the frame (IPv6: past its Hop-by-Hop, Routing
 * and Destination Options headers), whose IPv4 header is right. With
 * fragments_too, also the transport checksum of every fragment. */
static u8_t
mac_checks(const u8_t *f, size_t len, int fragments_too)
{
  u8_t checked = 0;
  size_t tot, off;
  u8_t proto;

  if (len >= 20 && (f[0] >> 4) == 4) {
    size_t hlen = (size_t)(f[0] & 0x0F) * 4;
    if (hlen < 20 || hlen > len || !pkt_ip_verifies(f)) {
      return 0;
    }
    checked = PBUF_CHKSUM_CHECKED_IP;
    tot = pkt_get16(f + 2);
    if (tot < hlen || tot > len) {
      return checked;
    }
    if ((pkt_get16(f + 6) & (PKT_MF | 0x1FFF)) != 0) {
      return (u8_t)(checked | (fragments_too ? PBUF_CHKSUM_CHECKED_TRANSPORT : 0));
    }
    proto = f[9];
    off = hlen;
    if ((proto == PKT_PROTO_TCP || proto == PKT_PROTO_ICMP ||
         (proto == PKT_PROTO_UDP && tot >= off + 8 && pkt_get16(f + off + 6) != 0)) &&
        pkt_transport_verifies(f, tot)) {
      checked |= PBUF_CHKSUM_CHECKED_TRANSPORT;
    }
  } else if (len >= PKT_IP6_HLEN && (f[0] >> 4) == 6) {
    tot = PKT_IP6_HLEN + pkt_get16(f + 4);
    if (tot > len || (off = pkt_ip6_upper(f, tot, &proto)) == 0) {
      return 0;
    }
    if (proto == PKT_NEXTH_FRAGMENT) {
      /* an atomic fragment (offset 0, M clear: RFC 6946) is no fragment:
         lwIP takes it whole, no reassembly verifies it */
      int atomic = off + 4 <= tot && (pkt_get16(f + off + 2) & 0xFFF9) == 0;
      return fragments_too && !atomic ? PBUF_CHKSUM_CHECKED_TRANSPORT : 0;
    }
    if ((proto == PKT_PROTO_TCP || proto == PKT_PROTO_ICMP6 ||
         (proto == PKT_PROTO_UDP && tot >= off + 8 && pkt_get16(f + off + 6) != 0)) &&
        pkt_transport_verifies6(f, tot)) {
      checked = PBUF_CHKSUM_CHECKED_TRANSPORT;
    }
  }
  return checked;
}

u8_t
rx_mac_checked(const u8_t *frame, size_t len)
{
  return mac_checks(frame, len, 0);
}

/* What the driver says of the frame f (len bytes) in state `state`, besides
 * the sum driver_copy() gave. */
static void
driver_state(struct pbuf *p, const u8_t *f, size_t len, int state)
{
  switch (state) {
    case RX_CHECKED:
    case RX_MARKS_FRAGMENTS:
      pbuf_chksum_set_checked(p, mac_checks(f, len, state == RX_MARKS_FRAGMENTS));
      break;
    case RX_CHECKED_COMPLETE:
    case RX_MARKS_FRAGMENTS_COMPLETE:
      pbuf_chksum_set_checked(p, mac_checks(f, len, state == RX_MARKS_FRAGMENTS_COMPLETE));
      break;
    case RX_CHECKED_STM32:
    case RX_CHECKED_STM32_COMPLETE:
      pbuf_chksum_set_checked(p, rx_vendor_checked(RX_MAC_STM32, f, len));
      break;
    case RX_CHECKED_NXP:
    case RX_CHECKED_NXP_COMPLETE:
      pbuf_chksum_set_checked(p, rx_vendor_checked(RX_MAC_NXP, f, len));
      break;
    case RX_WRONG_SUM:
      pbuf_chksum_set_complete(p, rfc1071_fold((u32_t)p->chksum + 1));
      break;
    case RX_MARKED:
    case RX_MARKED_COMPLETE:
      pbuf_chksum_set_checked(p, PBUF_CHKSUM_CHECKED_IP | PBUF_CHKSUM_CHECKED_TRANSPORT);
      break;
    case RX_MARKED_IP:
      pbuf_chksum_set_checked(p, PBUF_CHKSUM_CHECKED_IP);
      break;
    default:
      break;
  }
}
#else /* LWIP_CHECKSUM_CHECK_PER_PBUF */
/* A tree without the receive state: the driver has nothing to say. */
static void
driver_state(struct pbuf *p, const u8_t *f, size_t len, int state)
{
  LWIP_UNUSED_ARG(p);
  LWIP_UNUSED_ARG(f);
  LWIP_UNUSED_ARG(len);
  LWIP_UNUSED_ARG(state);
}
#endif /* LWIP_CHECKSUM_CHECK_PER_PBUF */

/* The driver copies the frame into p; in the states that give lwIP its sum
 * (from the IP header, the frame's first byte, on), summing as it copies. */
static err_t
driver_copy(struct pbuf *p, const u8_t *f, size_t len, int state)
{
  switch (state) {
    case RX_COMPLETE:
    case RX_CHECKED_COMPLETE:
    case RX_MARKS_FRAGMENTS_COMPLETE:
    case RX_CHECKED_STM32_COMPLETE:
    case RX_CHECKED_NXP_COMPLETE:
    case RX_WRONG_SUM:
    case RX_MARKED_COMPLETE:
      return fastsum_netif_take(p, f, (u16_t)len, 0);
    default:
      return pbuf_take(p, f, (u16_t)len);
  }
}

/* Each pbuf has room in front (as a driver leaves for the link header) and
 * its data at an odd address with layouts that say so. */
static struct pbuf *
piece(size_t n, int misalign)
{
  u16_t room = (u16_t)(16 + misalign);
  struct pbuf *q = pbuf_alloc(PBUF_RAW, (u16_t)(room + n), PBUF_RAM);
  RX_ASSERT(q != NULL, "no pbuf for %lu bytes of a frame", (unsigned long)n);
  RX_ASSERT(pbuf_remove_header(q, room) == 0, "no room in front of a pbuf");
  return q;
}

void
rx_receive(int n, const u8_t *frame, size_t len, int layout, int state)
{
  size_t cut[3] = {0, 0, 0}, start = 0;
  int i, ncut = 0;
  struct pbuf *p = NULL;

  for (i = 0; i < 2; i++) {
    int s = layouts[layout].split[i];
    size_t at = s < 0 ? (size_t)((long)len + s) : (size_t)s;
    if (s != 0 && at > (ncut > 0 ? cut[ncut - 1] : 0) && at < len) {
      cut[ncut++] = at;
    }
  }
  cut[ncut++] = len;
  for (i = 0; i < ncut; i++) {
    struct pbuf *q = piece(cut[i] - start, layouts[layout].misalign);
    if (p == NULL) {
      p = q;
    } else {
      pbuf_cat(p, q);
    }
    start = cut[i];
  }
  RX_ASSERT(driver_copy(p, frame, len, state) == ERR_OK, "a frame of %lu bytes not copied", (unsigned long)len);
  driver_state(p, frame, len, state);
  RX_ASSERT(rx_netif[n].input(p, &rx_netif[n]) == ERR_OK, "netif %d refused a frame", n);
}

/* ---- The record ----------------------------------------------------------- */

static struct rx_record *rec;

static void
log_bytes(const void *data, size_t n)
{
  if (n == 0) {
    return;
  }
  RX_ASSERT(rec->len + n <= RX_LOG_MAX, "record of the run full");
  memcpy(rec->log + rec->len, data, n);
  rec->len += n;
}

/* An entry: its tag, two bytes of detail, the length and the data. */
static void
log_entry(u8_t tag, u16_t detail, const u8_t *data, u16_t n)
{
  u8_t head[5];
  head[0] = tag;
  pkt_put16(head + 1, detail);
  pkt_put16(head + 3, n);
  log_bytes(head, sizeof(head));
  log_bytes(data, n);
}

static void
log_pbuf(u8_t tag, u16_t detail, struct pbuf *p)
{
  static u8_t flat[0xFFFF];
  log_entry(tag, detail, flat, pbuf_copy_partial(p, flat, p->tot_len, 0));
}

void
harness_emitted(struct netif *netif, const u8_t *data, u16_t len)
{
  static u8_t frame[0xFFFF];

  memcpy(frame, data, len);
  if (len >= 20 && (frame[0] >> 4) == 4 && pkt_ip_verifies(frame)) {
    /* lwIP's IP ID counter goes on from run to run */
    pkt_put16(frame + 4, 0);
    pkt_put16(frame + 10, 0);
  } else if (len >= PKT_IP6_HLEN + 8 && (frame[0] >> 4) == 6 && frame[6] == PKT_NEXTH_FRAGMENT) {
    pkt_put32(frame + PKT_IP6_HLEN + 4, 0);
  }
  log_entry('E', (u16_t)(netif == &rx_netif[RX_A] ? RX_A : RX_B), frame, len);
}

static void
udp_app_recv(void *arg, struct udp_pcb *pcb, struct pbuf *p, const ip_addr_t *addr, u16_t port)
{
  LWIP_UNUSED_ARG(arg);
  LWIP_UNUSED_ARG(pcb);
  LWIP_UNUSED_ARG(addr);
  log_pbuf('U', port, p);
  pbuf_free(p);
}

static err_t
tcp_app_recv(void *arg, struct tcp_pcb *pcb, struct pbuf *p, err_t err)
{
  LWIP_UNUSED_ARG(arg);
  LWIP_UNUSED_ARG(err);
  if (p == NULL) {
    log_entry('F', pcb->remote_port, NULL, 0);
    return ERR_OK;
  }
  log_pbuf('T', pcb->remote_port, p);
  tcp_recved(pcb, p->tot_len);
  pbuf_free(p);
  return ERR_OK;
}

static err_t
tcp_app_accept(void *arg, struct tcp_pcb *pcb, err_t err)
{
  LWIP_UNUSED_ARG(arg);
  RX_ASSERT(err == ERR_OK, "connection accepted with error %d", (int)err);
  log_entry('A', pcb->remote_port, NULL, 0);
  tcp_recv(pcb, tcp_app_recv);
  return ERR_OK;
}

/* ---- A run ---------------------------------------------------------------- */

static struct harness_usage usage;
static struct udp_pcb *udp_app;
static struct tcp_pcb *tcp_app;

static void
counters_take(struct rx_counters *c)
{
  c->ip = lwip_stats.ip;
  c->ip_frag = lwip_stats.ip_frag;
  c->icmp = lwip_stats.icmp;
  c->udp = lwip_stats.udp;
  c->tcp = lwip_stats.tcp;
  c->ip6 = lwip_stats.ip6;
  c->ip6_frag = lwip_stats.ip6_frag;
  c->icmp6 = lwip_stats.icmp6;
  c->nd6 = lwip_stats.nd6;
  c->mib2 = lwip_stats.mib2;
}

static void
counters_zero(void)
{
  memset(&lwip_stats.ip, 0, sizeof(lwip_stats.ip));
  memset(&lwip_stats.ip_frag, 0, sizeof(lwip_stats.ip_frag));
  memset(&lwip_stats.icmp, 0, sizeof(lwip_stats.icmp));
  memset(&lwip_stats.udp, 0, sizeof(lwip_stats.udp));
  memset(&lwip_stats.tcp, 0, sizeof(lwip_stats.tcp));
  memset(&lwip_stats.ip6, 0, sizeof(lwip_stats.ip6));
  memset(&lwip_stats.ip6_frag, 0, sizeof(lwip_stats.ip6_frag));
  memset(&lwip_stats.icmp6, 0, sizeof(lwip_stats.icmp6));
  memset(&lwip_stats.nd6, 0, sizeof(lwip_stats.nd6));
  memset(&lwip_stats.mib2, 0, sizeof(lwip_stats.mib2));
}

static void
netif_up(int n, u32_t addr)
{
  RX_ASSERT(harness_netif_add(&rx_netif[n], addr, PKT_ADDR(255, 255, 255, 0), 0) != NULL, "netif %d not added", n);
  RX_ASSERT(harness_netif_ip6(&rx_netif[n], rx_addr6[n]), "netif %d has no room for an IPv6 address", n);
}

void
rx_run_begin(void)
{
  static struct rx_record scratch;
  struct tcp_pcb *pcb;

  harness_usage_take(&usage);
  rec = &scratch;
  rec->len = 0;
  netif_up(RX_A, RX_ADDR_A);
  netif_up(RX_B, RX_ADDR_B);
  NETIF_SET_CHECKSUM_CTRL(&rx_netif[RX_B], NETIF_CHECKSUM_ENABLE_ALL & ~NETIF_CHECKSUM_CHECK_IP);
  netif_set_default(&rx_netif[RX_A]);

  udp_app = udp_new_ip_type(IPADDR_TYPE_ANY);
  RX_ASSERT(udp_app != NULL, "no UDP socket");
  RX_ASSERT(udp_bind(udp_app, IP_ANY_TYPE, RX_PORT_UDP) == ERR_OK, "UDP port %d taken", RX_PORT_UDP);
  udp_recv(udp_app, udp_app_recv, NULL);
  pcb = tcp_new_ip_type(IPADDR_TYPE_ANY);
  RX_ASSERT(pcb != NULL, "no TCP socket");
  RX_ASSERT(tcp_bind(pcb, IP_ANY_TYPE, RX_PORT_TCP) == ERR_OK, "TCP port %d taken", RX_PORT_TCP);
  tcp_app = tcp_listen(pcb);
  RX_ASSERT(tcp_app != NULL, "TCP socket does not listen");
  tcp_accept(tcp_app, tcp_app_accept);
  counters_zero();
}

void
rx_run_end(struct rx_record *record)
{
  const char *leak;
  int i;

  for (i = 0; i <= IP_REASS_MAXAGE || i <= IPV6_REASS_MAXAGE; i++) {
    ip_reass_tmr();
    ip6_reass_tmr();
  }
  counters_take(&record->counters);
  memcpy(record->log, rec->log, rec->len);
  record->len = rec->len;
  while (tcp_active_pcbs != NULL) {
    tcp_abandon(tcp_active_pcbs, 0);
  }
  while (tcp_tw_pcbs != NULL) {
    tcp_abandon(tcp_tw_pcbs, 0);
  }
  RX_ASSERT(tcp_close(tcp_app) == ERR_OK, "listening TCP socket not closed");
  udp_remove(udp_app);
  netif_remove(&rx_netif[RX_A]);
  netif_remove(&rx_netif[RX_B]);
  /* the TCP timer, which a connection started, stops */
  harness_now += 1000;
  sys_check_timeouts();
  leak = harness_leak(&usage);
  RX_ASSERT(leak == NULL, "%s", leak);
}

/* Walk the entries of a record. */
static int
count_tags(const struct rx_record *r, const char *tags)
{
  size_t at = 0;
  int n = 0;
  while (at + 5 <= r->len) {
    n += strchr(tags, r->log[at]) != NULL;
    at += 5 + pkt_get16(r->log + at + 3);
  }
  return n;
}

int
rx_record_deliveries(const struct rx_record *record)
{
  return count_tags(record, "UT");
}

int
rx_record_sent(const struct rx_record *record)
{
  return count_tags(record, "E");
}

unsigned
rx_transport_chkerr(const struct rx_counters *c)
{
  return (unsigned)c->tcp.chkerr + c->udp.chkerr + c->icmp.chkerr + c->icmp6.chkerr;
}

/* The fields of struct stats_proto, to name a counter that differs; the
 * checksum errors first, the likeliest cause of the others. */
#define PROTO_FIELD(f) {#f, offsetof(struct stats_proto, f)}
static const struct {
  const char *name;
  size_t offset;
} proto_fields[] = {
  PROTO_FIELD(chkerr), PROTO_FIELD(xmit), PROTO_FIELD(recv), PROTO_FIELD(fw), PROTO_FIELD(drop),
  PROTO_FIELD(lenerr), PROTO_FIELD(memerr), PROTO_FIELD(rterr), PROTO_FIELD(proterr),
  PROTO_FIELD(opterr), PROTO_FIELD(err), PROTO_FIELD(cachehit)
};
#define PROTO(f) {#f, offsetof(struct rx_counters, f)}
static const struct {
  const char *name;
  size_t offset;
} protos[] = {
  PROTO(ip), PROTO(ip_frag), PROTO(icmp), PROTO(udp), PROTO(tcp), PROTO(ip6), PROTO(ip6_frag),
  PROTO(icmp6), PROTO(nd6)
};

static STAT_COUNTER
proto_counter(const struct rx_counters *c, size_t proto, size_t field)
{
  STAT_COUNTER v;
  memcpy(&v, (const u8_t *)c + protos[proto].offset + proto_fields[field].offset, sizeof(v));
  return v;
}

const char *
rx_record_diff(const struct rx_record *a, const struct rx_record *b, const char *what)
{
  static char msg[256];
  size_t i, j;

  for (i = 0; i < LWIP_ARRAYSIZE(protos); i++) {
    for (j = 0; j < LWIP_ARRAYSIZE(proto_fields); j++) {
      if (proto_counter(&a->counters, i, j) != proto_counter(&b->counters, i, j)) {
        snprintf(msg, sizeof(msg), "counter %s.%s %lu, %lu with %s", protos[i].name, proto_fields[j].name,
                 (unsigned long)proto_counter(&b->counters, i, j), (unsigned long)proto_counter(&a->counters, i, j), what);
        return msg;
      }
    }
  }
  for (i = 0; i < sizeof(a->counters.mib2) / sizeof(u32_t); i++) {
    u32_t va, vb;
    memcpy(&va, (const u8_t *)&a->counters.mib2 + i * sizeof(u32_t), sizeof(va));
    memcpy(&vb, (const u8_t *)&b->counters.mib2 + i * sizeof(u32_t), sizeof(vb));
    if (va != vb) {
      snprintf(msg, sizeof(msg), "MIB-2 counter %u (of struct stats_mib2) %lu, %lu with %s",
               (unsigned)i, (unsigned long)vb, (unsigned long)va, what);
      return msg;
    }
  }
  if (a->len != b->len || memcmp(a->log, b->log, a->len) != 0) {
    snprintf(msg, sizeof(msg), "%d deliveries and %d frames sent (%lu bytes of record), %d and %d with %s, "
             "or other bytes", rx_record_deliveries(b), rx_record_sent(b), (unsigned long)b->len,
             rx_record_deliveries(a), rx_record_sent(a), what);
    return msg;
  }
  return NULL;
}
