/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The wire between the stress test's two netifs. Every frame lwIP outputs
 * is copied out of its pbuf chain, as a driver would, and checked with the
 * byte-wise RFC 1071 reference (test/product/common/rfc1071.c), which
 * shares no code with lwIP or fastsum: the IPv4 header checksum, and the
 * TCP, UDP, ICMP and ICMPv6 checksums with their pseudo headers. A checksum
 * must verify and, where the sum covers a pseudo header (so the data
 * before the field can never sum to zero), be the one a full computation
 * gives: 0xffff there is -0, never written by a correct sender. A bad frame
 * ends the connection with a line naming it.
 *
 * Frames that pass are queued and delivered later, lost, twice or out of
 * order as the connection's faults say, in one pbuf or split across a
 * chain at random points after the headers lwIP needs in the first.
 */
#include "tcpstress.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lwip/ip.h"

#include "rfc1071.h"

struct wire_counts wire_counts;

struct frame {
  struct netif *netif;
  size_t len;
  u8_t *data;
};

#define WIRE_MAX_FRAMES 1024
static struct frame queue[WIRE_MAX_FRAMES];
static size_t queued;
static struct wire_faults faults;
static const char *what = "setup";
/* the highest sequence number each direction has sent, for telling
 * retransmissions (and retransmissions that carry new data) */
static u32_t snd_max[2];
static int snd_max_known[2];
/* the right edge of the window each direction's receiver announced last */
static u32_t right_edge[2];
static int right_edge_known[2];
int wire_keep_overruns;
/* TCPSTRESS_TRACE set: a line for each TCP segment, to read a replay by */
static int trace;

static u32_t
get16(const u8_t *p)
{
  return ((u32_t)p[0] << 8) | p[1];
}

static u32_t
get32(const u8_t *p)
{
  return (get16(p) << 16) | get16(p + 2);
}

/* ---- the checks ---- */

struct transport {
  int version;        /* 4 or 6 */
  u8_t proto;         /* transport protocol (next header) */
  size_t off, len;    /* transport header and everything after it */
  u32_t pseudo;       /* pseudo header sum, 0 for ICMPv4 */
  int fragment;       /* a fragment: its transport sum covers others */
};

static void
report(u64_t frame, const char *msg, const char *more)
{
  wire_counts.bad++;
  printf("tcpstress: %s: frame %llu: %s%s\n", what, (unsigned long long)frame, msg, more);
}

/* Finds the transport part of an IP datagram; 0 if it is malformed. */
static int
parse(const u8_t *f, size_t len, struct transport *t, char *why, size_t whylen)
{
  memset(t, 0, sizeof(*t));
  if (len < 1) {
    snprintf(why, whylen, "empty frame");
    return 0;
  }
  t->version = f[0] >> 4;
  if (t->version == 4) {
    size_t hlen = (size_t)(f[0] & 0x0f) * 4;
    if (len < 20 || hlen < 20 || hlen > len || get16(f + 2) != len) {
      snprintf(why, whylen, "malformed IPv4 header (length %u, header %u, total %u)",
               (unsigned)len, (unsigned)hlen, len >= 4 ? (unsigned)get16(f + 2) : 0);
      return 0;
    }
    t->proto = f[9];
    t->off = hlen;
    t->len = len - hlen;
    t->fragment = (get16(f + 6) & 0x3fff) != 0;
    if (t->proto != IP_PROTO_ICMP) {
      t->pseudo = rfc1071_sum(f + 12, 8, 0) + t->proto + (u32_t)t->len;
    }
    return 1;
  }
  if (t->version == 6) {
    size_t off = 40;
    u8_t nh;
    if (len < 40 || get16(f + 4) + 40 != len) {
      snprintf(why, whylen, "malformed IPv6 header (length %u)", (unsigned)len);
      return 0;
    }
    nh = f[6];
    /* hop-by-hop, routing, destination options: walk past them */
    while (nh == 0 || nh == 43 || nh == 60) {
      if (off + 2 > len) {
        snprintf(why, whylen, "IPv6 extension header past the end");
        return 0;
      }
      nh = f[off];
      off += ((size_t)f[off + 1] + 1) * 8;
    }
    if (off > len) {
      snprintf(why, whylen, "IPv6 extension header past the end");
      return 0;
    }
    t->proto = nh;
    t->off = off;
    t->len = len - off;
    t->fragment = nh == 44;
    t->pseudo = rfc1071_sum(f + 8, 32, 0) + (u32_t)t->len + nh;
    return 1;
  }
  snprintf(why, whylen, "IP version %d", t->version);
  return 0;
}

/* Checks the 16-bit checksum at f[field] over f[from, from + n) plus
 * pseudo; strict: -0 (0xffff where the full computation gives 0) is
 * wrong too. Writes stored and expected, returns whether it is right. */
static int
checksum_ok(u8_t *f, size_t from, size_t n, size_t field, u32_t pseudo, int strict,
            u32_t *stored, u32_t *expected)
{
  u8_t hi = f[field], lo = f[field + 1];
  *stored = ((u32_t)hi << 8) | lo;
  f[field] = f[field + 1] = 0;
  *expected = (u16_t)~rfc1071_sum(f + from, n, pseudo);
  f[field] = hi;
  f[field + 1] = lo;
  if (*stored == *expected) {
    return 1;
  }
  /* both -0 and +0 verify; only a sum that cannot be zero makes -0 wrong */
  return !strict && rfc1071_sum(f + from, n, pseudo) == 0xffff;
}

static const char *
tcp_flags(u8_t flags, char *buf)
{
  static const char names[] = "FSRPAU";
  int i, n = 0;
  for (i = 0; i < 6; i++) {
    if (flags & (1 << i)) {
      buf[n++] = names[i];
    }
  }
  buf[n] = 0;
  return buf;
}

#define SEGMENT_REXMIT 1
#define SEGMENT_OVERRUN 2

/* Counts what a TCP segment tells of the sender: a retransmission, one
 * that carries data never sent before (data appended to a segment being
 * retransmitted), a zero window; returns SEGMENT_REXMIT for a
 * retransmission, SEGMENT_OVERRUN for data that starts inside the window
 * the receiver announced and ends past it. dir: the number of the netif
 * the segment leaves by (one per direction). */
static int
tcp_observe(const u8_t *t, size_t tlen, int dir)
{
  u32_t seq = get32(t + 4);
  u8_t flags = t[13];
  size_t doff = (size_t)(t[12] >> 4) * 4;
  u32_t seglen = (u32_t)(tlen - doff) + ((flags & 0x02) ? 1 : 0) + ((flags & 0x01) ? 1 : 0);
  u32_t end = seq + seglen;
  int rexmit = 0, overrun = 0;

  if (get16(t + 14) == 0 && !(flags & 0x04)) {
    wire_counts.zero_windows++;
  }
  if ((flags & 0x10) && !(flags & 0x04)) {
    u32_t edge = get32(t + 8) + get16(t + 14);
    if (!right_edge_known[dir] || (s32_t)(edge - right_edge[dir]) > 0) {
      right_edge[dir] = edge;
    }
    right_edge_known[dir] = 1;
  }
  if (seglen > 0 && right_edge_known[1 - dir] && (s32_t)(seq - right_edge[1 - dir]) < 0 &&
      (s32_t)(end - right_edge[1 - dir]) > 0) {
    overrun = SEGMENT_OVERRUN;
  }
  if (flags & 0x02) {
    snd_max[dir] = end;
    snd_max_known[dir] = 1;
    return 0;
  }
  if (seglen == 0 || !snd_max_known[dir]) {
    return overrun;
  }
  if ((s32_t)(seq - snd_max[dir]) < 0) {
    rexmit = 1;
    wire_counts.retransmissions++;
    if ((s32_t)(end - snd_max[dir]) > 0) {
      wire_counts.retransmissions_grown++;
    }
  }
  if ((s32_t)(end - snd_max[dir]) > 0) {
    snd_max[dir] = end;
  }
  return rexmit | overrun;
}

/* Checks one frame; 0 if it is bad, else 1, or SEGMENT_OVERRUN | 1 for a
 * TCP segment past the receiver's window. */
static int
check(u8_t *f, size_t len, struct netif *netif)
{
  struct transport t;
  char why[160];
  u32_t stored, expected;
  u64_t n = wire_counts.frames;
  const char *proto;
  size_t field;
  int strict = 1;

  if (!parse(f, len, &t, why, sizeof(why))) {
    report(n, why, "");
    return 0;
  }
  if (t.version == 4 && !checksum_ok(f, 0, t.off, 10, 0, 1, &stored, &expected)) {
    snprintf(why, sizeof(why), "IPv4 header checksum 0x%04x, expected 0x%04x", (unsigned)stored,
             (unsigned)expected);
    report(n, why, "");
    return 0;
  }
  if (t.fragment) {
    wire_counts.other++;
    return 1;
  }
  switch (t.proto) {
    case IP_PROTO_TCP:
      proto = "TCP";
      field = 16;
      if (t.len < 20) {
        report(n, "TCP segment shorter than its header", "");
        return 0;
      }
      if (t.version == 4) {
        wire_counts.tcp4++;
      } else {
        wire_counts.tcp6++;
      }
      break;
    case IP_PROTO_UDP:
      proto = "UDP";
      field = 6;
      if (t.len < 8 || get16(f + t.off + 4) != t.len) {
        report(n, "UDP length does not match the datagram", "");
        return 0;
      }
      wire_counts.other++;
      if (t.version == 4 && get16(f + t.off + 6) == 0) {
        return 1; /* sent without a checksum */
      }
      break;
    case IP_PROTO_ICMP:
      proto = "ICMP";
      field = 2;
      strict = 0; /* no pseudo header: an all-zero message sums to 0 */
      wire_counts.other++;
      break;
    case 58:
      proto = "ICMPv6";
      field = 2;
      wire_counts.other++;
      break;
    default:
      wire_counts.other++;
      return 1;
  }
  if (t.len < field + 2) {
    report(n, proto, " message shorter than its checksum field");
    return 0;
  }
  {
    int dir = netif->num;
    int seen = t.proto == IP_PROTO_TCP ? tcp_observe(f + t.off, t.len, dir) : 0;
    if (!checksum_ok(f + t.off, 0, t.len, field, t.pseudo, strict, &stored, &expected)) {
      if (t.proto == IP_PROTO_TCP) {
        const u8_t *h = f + t.off;
        char flags[8];
        snprintf(why, sizeof(why),
                 "IPv%d TCP checksum 0x%04x, expected 0x%04x: seq %lu, %u bytes of data, "
                 "flags %s, %s", t.version, (unsigned)stored, (unsigned)expected,
                 (unsigned long)get32(h + 4), (unsigned)(t.len - (size_t)(h[12] >> 4) * 4),
                 tcp_flags(h[13], flags), (seen & SEGMENT_REXMIT) ? "a retransmission" : "first sent");
      } else {
        snprintf(why, sizeof(why), "IPv%d %s checksum 0x%04x, expected 0x%04x (%u bytes)",
                 t.version, proto, (unsigned)stored, (unsigned)expected, (unsigned)t.len);
      }
      report(n, why, "");
      return 0;
    }
    return 1 | (seen & SEGMENT_OVERRUN);
  }
}

/* ---- the queue ---- */

static void
enqueue(struct netif *netif, const u8_t *data, size_t len, size_t at)
{
  u8_t *copy;
  if (queued == WIRE_MAX_FRAMES) {
    wire_counts.lost++;
    return;
  }
  copy = (u8_t *)malloc(len);
  if (copy == NULL) {
    printf("tcpstress: %s: out of memory\n", what);
    exit(EXIT_FAILURE);
  }
  memcpy(copy, data, len);
  memmove(&queue[at + 1], &queue[at], (queued - at) * sizeof(queue[0]));
  queue[at].netif = netif;
  queue[at].len = len;
  queue[at].data = copy;
  queued++;
}

static void
trace_frame(const struct netif *netif, const u8_t *f, size_t len, const char *fate)
{
  struct transport t;
  char why[160], flags[8];
  const u8_t *h;
  if (!trace || !parse(f, len, &t, why, sizeof(why)) || t.proto != IP_PROTO_TCP || t.fragment) {
    return;
  }
  h = f + t.off;
  printf("%8lu ms %c%c %5u > %5u seq %10lu ack %10lu len %4u win %5u %-5s %s\n",
         (unsigned long)tcpstress_now, netif->name[0], netif->name[1], (unsigned)get16(h),
         (unsigned)get16(h + 2), (unsigned long)get32(h + 4), (unsigned long)get32(h + 8),
         (unsigned)(t.len - (size_t)(h[12] >> 4) * 4), (unsigned)get16(h + 14),
         tcp_flags(h[13], flags), fate);
}

void
wire_send(struct netif *netif, struct pbuf *p)
{
  u8_t *f = (u8_t *)malloc(p->tot_len ? p->tot_len : 1);
  size_t len = p->tot_len;
  int ok;

  if (f == NULL || pbuf_copy_partial(p, f, p->tot_len, 0) != p->tot_len) {
    printf("tcpstress: %s: cannot copy a frame\n", what);
    exit(EXIT_FAILURE);
  }
  ok = check(f, len, netif);
  wire_counts.frames++;
  if (!ok) {
    free(f);
    return;
  }
  if (f[0] >> 4 == 4 ? f[9] == IP_PROTO_TCP : f[6] == IP_PROTO_TCP) {
    const u8_t *t = f + (f[0] >> 4 == 4 ? (size_t)(f[0] & 0x0f) * 4 : 40);
    if (t[13] & 0x04) {
      wire_counts.rst++;
    }
    if (t[13] & 0x01) {
      wire_counts.fin++;
    }
  }
  /* lwIP's sender may use a window size it learnt before an ACK that
   * moved the window's left edge, and so send past the right edge its
   * peer announced; lwIP's receiver may then queue that segment out of
   * order untrimmed, which overruns its window later ("tcp_receive:
   * ooseq tcplen > rcv_wnd"). A wire that drops such segments keeps the
   * test on the checksums; -o keeps them, to show the failure. */
  if ((ok & SEGMENT_OVERRUN) && !wire_keep_overruns) {
    wire_counts.overruns++;
    trace_frame(netif, f, len, "past the window: dropped");
  } else if ((tcpstress_now >= faults.blackout_from && tcpstress_now < faults.blackout_until) ||
      rng_chance(faults.loss)) {
    wire_counts.lost++;
    trace_frame(netif, f, len, "lost");
  } else {
    trace_frame(netif, f, len, "");
    size_t at = queued;
    if (queued > 0 && rng_chance(faults.reorder)) {
      at = queued - 1 - rng_below((u32_t)(queued < 8 ? queued : 8));
      wire_counts.reordered++;
    }
    enqueue(netif, f, len, at);
    if (rng_chance(faults.duplicate)) {
      enqueue(netif, f, len, queued);
      wire_counts.duplicated++;
    }
  }
  free(f);
}

/* The bytes lwIP needs in a frame's first pbuf: IP header, extension
 * headers and, for TCP, its fixed header (options may continue in the
 * next pbuf); other protocols get the whole datagram in one pbuf. */
static size_t
first_pbuf_min(const u8_t *f, size_t len)
{
  if (f[0] >> 4 == 4 && f[9] == IP_PROTO_TCP && (get16(f + 6) & 0x3fff) == 0) {
    return (size_t)(f[0] & 0x0f) * 4 + 20;
  }
  if (f[0] >> 4 == 6 && f[6] == IP_PROTO_TCP) {
    return 40 + 20;
  }
  return len;
}

static struct pbuf *
to_pbufs(const struct frame *fr)
{
  size_t min = first_pbuf_min(fr->data, fr->len), at = 0;
  int pieces = 1, chain;
  struct pbuf *head = NULL;

  if (min < fr->len && rng_chance(400)) {
    pieces = 2 + (int)rng_below(3);
    wire_counts.chained++;
  }
  chain = pieces > 1;
  while (at < fr->len) {
    size_t piece = fr->len - at;
    struct pbuf *q;
    if (pieces > 1) {
      size_t lo = at == 0 ? min : 1;
      if (piece > lo) {
        piece = lo + rng_below((u32_t)(piece - lo));
      }
      pieces--;
    }
    q = pbuf_alloc(PBUF_RAW, (u16_t)piece, chain ? PBUF_RAM : PBUF_POOL);
    if (q == NULL) {
      /* out of pbufs: the frame is lost, as a driver would lose it */
      if (head != NULL) {
        pbuf_free(head);
      }
      wire_counts.lost++;
      return NULL;
    }
    if (pbuf_take(q, fr->data + at, (u16_t)piece) != ERR_OK) {
      printf("tcpstress: %s: pbuf_take failed\n", what);
      exit(EXIT_FAILURE);
    }
    if (head == NULL) {
      head = q;
    } else {
      pbuf_cat(head, q);
    }
    at += piece;
  }
  return head;
}

size_t
wire_deliver(size_t n)
{
  size_t done = 0;
  while (done < n && queued > 0) {
    struct frame fr = queue[0];
    struct pbuf *p;
    memmove(&queue[0], &queue[1], (queued - 1) * sizeof(queue[0]));
    queued--;
    p = to_pbufs(&fr);
    free(fr.data);
    if (p != NULL && fr.netif->input(p, fr.netif) != ERR_OK) {
      pbuf_free(p);
    }
    done++;
  }
  return done;
}

size_t
wire_queued(void)
{
  return queued;
}

void
wire_clear(void)
{
  while (queued > 0) {
    free(queue[--queued].data);
  }
}

void
wire_start(const struct wire_faults *f, const char *name)
{
  faults = *f;
  what = name;
  trace = getenv("TCPSTRESS_TRACE") != NULL;
  snd_max_known[0] = snd_max_known[1] = 0;
  right_edge_known[0] = right_edge_known[1] = 0;
}
