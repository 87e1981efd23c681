/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Fuzz target: the receive checksum state (LWIP_CHECKSUM_CHECK_PER_PBUF,
 * docs/drivers.md). Frames of arbitrary bytes (IPv4 or IPv6, any
 * protocol, fragments) are received twice by the patched lwIP of the
 * receive state tests (test/product/rxcsum: their lwipopts.h, driver and
 * MAC model, record): once with no receive state, so that lwIP verifies
 * every checksum in software, and once with what an honest driver says of
 * the bytes as received (driver.h: the frame's complete sum, the marks of a
 * MAC that checks what it can see, or both; the marks an STM32's or NXP
 * ENET's driver maps from its MAC's status, vendor_macs.c, with the sum or
 * without; or also marks on fragments, which lwIP must not take for the
 * datagram). Both runs must decide alike: the same deliveries, the same
 * frames sent, the same protocol and MIB-2 counters. Input layout:
 *   byte 0  bits 0-3: the driver's state in the second run (states[]);
 *           bit 4: received on netif B (IPv4 header unchecked), else A
 *   then frames, each:
 *   byte 0  bits 0-2: how the driver splits it into pbufs (mod RX_LAYOUTS);
 *           bit 3: the IP length field set to the datagram's length;
 *           bit 4: the checksums made right (IPv4 header; TCP, UDP,
 *           UDP-Lite, ICMP, ICMPv6 over the datagram);
 *           bit 5: sent in fragments (IPv4 with a 20-byte header, IPv6;
 *           IPv4 header checksums right);
 *           bit 6: the fragments last first;
 *           bit 7: lwIP's reassembly timers run once before it
 *   byte 1  the trailer: the last this-many bytes of the data follow the
 *           datagram (each fragment) on the link, as Ethernet padding or
 *           a frame check sequence do
 *   byte 2  fragments carry 8 * (value + 1) data bytes each
 *   bytes 3-4  length of the data (big endian, cut to what is left)
 *   the data: the datagram, then the trailer
 * A frame is received only from 20 bytes on: lwIP's ip4_input reads the
 * total length before it checks that the frame holds a header (an
 * Ethernet frame brings 46). Frames stop at RXFUZZ_FRAMES and RXFUZZ_BYTES:
 * a run's record (RX_LOG_MAX bytes) holds what lwIP does with them.
 * Crashes: the runs decide differently, a frame's marks mapped from either
 * vendor's MAC status are not the MAC model's less what that MAC does not
 * check (rx_vendor_marks_diff: lwIP ignores marks on fragments, so runs
 * alike do not show a vendor model marking one), the model's assertions (a
 * leak at the end of a run: rx_run_end), lwIP's (but the one below), any
 * sanitizer report.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "driver.h"

#include "lwip/init.h"
#include "lwip/ip4_frag.h"
#include "lwip/ip6_frag.h"

#define HOW_LAYOUT    0x07
#define HOW_FIX_LEN   0x08
#define HOW_FIX_SUMS  0x10
#define HOW_FRAGMENTS 0x20
#define HOW_REVERSED  0x40
#define HOW_TIMERS    0x80
#define FRAME_HDR 5
#define MIN_FRAME 20
#define RXFUZZ_FRAMES 128
#define RXFUZZ_BYTES 24576

/* The second run's state: an honest driver's, a vendor's MAC status mapped
 * to marks, or one that marks fragments too (RX_MARKS_FRAGMENTS*); each
 * twice but the two that mark fragments. */
#define STATE_BITS 0x0f
#define NETIF_B 0x10
static const int states[STATE_BITS + 1] = {
  RX_CHECKED_COMPLETE, RX_COMPLETE, RX_CHECKED, RX_MARKS_FRAGMENTS_COMPLETE,
  RX_MARKS_FRAGMENTS, RX_CHECKED_STM32, RX_CHECKED_STM32_COMPLETE, RX_CHECKED_NXP,
  RX_CHECKED_NXP_COMPLETE, RX_CHECKED_COMPLETE, RX_COMPLETE, RX_CHECKED,
  RX_CHECKED_STM32, RX_CHECKED_STM32_COMPLETE, RX_CHECKED_NXP, RX_CHECKED_NXP_COMPLETE
};

/* The frames of an input, as both runs receive them. */
static struct {
  size_t off, len;
  int layout, timers;
} frame[RXFUZZ_FRAMES];
static int nframes;
static u8_t bytes[RXFUZZ_BYTES];
static size_t used;

void
rx_fail(const char *file, int line, const char *fmt, ...)
{
  va_list ap;

  fprintf(stderr, "rxcsum: %s:%d: ", file, line);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fprintf(stderr, "\n");
  abort();
}

/* lwIP's assertions (rxcsum/lwipopts.h). One is lwIP's own bug, not the
 * receive state's: udp_input() hands inet_cksum_pseudo_partial_base() a
 * UDP-Lite datagram's coverage as it is, and a coverage 0x7fff bytes or
 * more past the datagram's end trips its leftover LWIP_ASSERT("delete me")
 * (stock lwIP 2.1 and 2.2, in software verification as well; RFC 3828
 * has such a datagram discarded). lwIP goes on past it, as a build
 * without assertions does, and the runs are compared as any others. */
void
rxfuzz_lwip_assert(const char *message, int line, const char *file)
{
  if (strcmp(message, "delete me") == 0 && strstr(file, "inet_chksum.c") != NULL) {
    return;
  }
  fprintf(stderr, "rxcsum: lwIP's assertion \"%s\" failed at line %d in %s\n", message, line, file);
  abort();
}

/* Room for a frame of up to n bytes at bytes + used; NULL if there is
 * none (the input's frames stop). */
static u8_t *
frame_room(size_t n)
{
  if (nframes == RXFUZZ_FRAMES || n > sizeof(bytes) - used) {
    return NULL;
  }
  return bytes + used;
}

/* The frame of len bytes written at frame_room(): how it is received. */
static void
frame_add(size_t len, int layout, int timers)
{
  if (len >= MIN_FRAME) {
    frame[nframes].off = used;
    frame[nframes].len = len;
    frame[nframes].layout = layout;
    frame[nframes].timers = timers;
    nframes++;
    used += len;
  }
}

/* The length fields and checksums of the datagram d (len bytes) as the
 * frame's header says. */
static void
fix(u8_t *d, size_t len, u8_t how)
{
  if (len >= MIN_FRAME && (d[0] >> 4) == 4) {
    size_t hlen = (size_t)(d[0] & 0x0f) * 4;
    if (how & HOW_FIX_LEN) {
      pkt_put16(d + 2, (u16_t)len);
    }
    if (how & HOW_FIX_SUMS) {
      pkt_fix_transport_checksum(d, len);
      if (hlen >= 20 && hlen <= len) {
        pkt_fix_ip_checksum(d);
      }
    }
  } else if (len >= PKT_IP6_HLEN && (d[0] >> 4) == 6) {
    if (how & HOW_FIX_LEN) {
      pkt_put16(d + 4, (u16_t)(len - PKT_IP6_HLEN));
    }
    if (how & HOW_FIX_SUMS) {
      pkt_fix_transport_checksum6(d, len);
    }
  }
}

/* The datagram d (len bytes) in fragments of size data bytes, each
 * followed by the trailer; 0 if it is no IPv4 datagram with a 20-byte
 * header nor an IPv6 one. */
static int
add_fragments(const u8_t *d, size_t len, const u8_t *trailer, size_t tlen, size_t size, u8_t how)
{
  int v6 = len >= PKT_IP6_HLEN && (d[0] >> 4) == 6;
  size_t hlen = v6 ? PKT_IP6_HLEN : 20, data, n, i, pieces;
  /* IPv6: an identification of the datagram's own (IPv4: its header's) */
  u32_t id = 0x51525354UL + (u32_t)nframes;

  if (!v6 && (len < 20 || d[0] != 0x45)) {
    return 0;
  }
  data = len - hlen;
  pieces = data == 0 ? 1 : (data + size - 1) / size;
  for (n = 0; n < pieces; n++) {
    size_t at = ((how & HOW_REVERSED) ? pieces - 1 - n : n) * size;
    size_t piece = data - at < size ? data - at : size;
    int more = at + piece < data;
    u8_t *out = frame_room(hlen + 8 + piece + tlen);
    size_t flen;

    if (out == NULL) {
      break;
    }
    flen = v6 ? pkt_fragment6(out, d, at, piece, more, id)
              : pkt_fragment(out, d, at, piece, more);
    for (i = 0; i < tlen; i++) {
      out[flen + i] = trailer[i];
    }
    frame_add(flen + tlen, how & HOW_LAYOUT, (how & HOW_TIMERS) && n == 0);
  }
  return 1;
}

/* The frames of the input. */
static void
build(const u8_t *in, size_t size)
{
  static u8_t d[0x10000];
  size_t at, i;

  nframes = 0;
  used = 0;
  for (at = 0; at + FRAME_HDR <= size; ) {
    const u8_t *h = in + at;
    size_t n = LWIP_MIN((size_t)((h[3] << 8) | h[4]), size - at - FRAME_HDR);
    size_t tlen = LWIP_MIN((size_t)h[1], n);
    size_t len = n - tlen;
    const u8_t *trailer = h + FRAME_HDR + len;
    u8_t how = h[0];
    u8_t *out;

    at += FRAME_HDR + n;
    for (i = 0; i < len; i++) {
      d[i] = h[FRAME_HDR + i];
    }
    fix(d, len, how);
    if ((how & HOW_FRAGMENTS) && add_fragments(d, len, trailer, tlen, 8 * ((size_t)h[2] + 1), how)) {
      continue;
    }
    out = frame_room(n);
    if (out == NULL) {
      break;
    }
    for (i = 0; i < len; i++) {
      out[i] = d[i];
    }
    for (i = 0; i < tlen; i++) {
      out[len + i] = trailer[i];
    }
    frame_add(n, how & HOW_LAYOUT, (how & HOW_TIMERS) != 0);
  }
}

/* Each frame's marks from both vendors' models, whatever the state: a
 * wrong one that lwIP ignores (on a fragment) shows here, not in the runs. */
static void
check_vendor_marks(void)
{
  int i, mac;

  for (i = 0; i < nframes; i++) {
    for (mac = 0; mac < RX_MACS; mac++) {
      const char *diff = rx_vendor_marks_diff(mac, bytes + frame[i].off, frame[i].len);
      RX_ASSERT(diff == NULL, "frame %d of %d: %s", i + 1, nframes, diff);
    }
  }
}

static void
run(int n, int state, struct rx_record *record)
{
  int i;

  rx_run_begin();
  for (i = 0; i < nframes; i++) {
    if (frame[i].timers) {
      ip_reass_tmr();
      ip6_reass_tmr();
    }
    rx_receive(n, bytes + frame[i].off, frame[i].len, frame[i].layout % RX_LAYOUTS, state);
  }
  rx_run_end(record);
}

int LLVMFuzzerTestOneInput(const u8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const u8_t *data, size_t size)
{
  static struct rx_record reference, record;
  static int started;
  const char *diff;
  int state, n;

  if (size < 1) {
    return 0;
  }
  if (!started) {
    lwip_init();
    started = 1;
  }
  state = states[data[0] & STATE_BITS];
  n = (data[0] & NETIF_B) ? RX_B : RX_A;
  build(data + 1, size - 1);
  check_vendor_marks();
  run(n, RX_NONE, &reference);
  run(n, state, &record);
  diff = rx_record_diff(&reference, &record, "software verification");
  if (diff != NULL) {
    fprintf(stderr, "rxcsum: %d frames on netif %c, the driver's state '%s': %s\n", nframes,
            n == RX_A ? 'A' : 'B', rx_state_name[state], diff);
    abort();
  }
  return 0;
}
