/* SPDX-License-Identifier: BSD-3-Clause */
/* The drivers' helper on its own: fastsum_netif_take() and
 * fastsum_netif_set_complete() (src/include/fastsum_netif.h).
 *
 * Frames of 0 to 101 bytes and some longer than a pool pbuf, of random
 * bytes, zeros, 0xff bytes, 14 random bytes then zeros (an Ethernet header
 * and nothing but zeros behind it), and zeros then 0xff bytes (a sum of
 * one's complement zero after zeros), with every ip_offset up to and
 * past the frame's end, in chains split at every offset and of pieces of
 * many sizes, at odd and even addresses. The bytes copied must be the
 * frame's, the bytes around the pieces untouched (guard bytes), the sum
 * recorded the RFC 1071 reference's over the frame from ip_offset on (0
 * only where those bytes are all 0, as LWIP_CHKSUM), and nothing marked
 * where nothing follows ip_offset. A chain shorter than the frame is
 * refused with nothing written. */
#include "rxcsum.h"

#include <stdio.h>
#include <string.h>

#include "fastsum_netif.h"
#include "lwip/pbuf.h"

enum pattern { RANDOM, ZEROS, ONES, LINK_THEN_ZEROS, ZEROS_THEN_ONES, PATTERNS };
static const char *const pattern_name[PATTERNS] = {
  "random bytes", "zeros", "0xff bytes", "14 random bytes, then zeros", "50 zeros, then 0xff bytes"
};

#define SHORT_MAX 101   /* frames of 0 to SHORT_MAX bytes: every case */
#define FRAME_MAX 4096  /* the longest frame */
#define PIECES_MAX 64   /* PBUF_REF pbufs in a chain (MEMP_NUM_PBUF) */
#define GAP 8           /* guard bytes before, between and after the pieces */
#define GUARD 0xA5      /* a guard byte */
#define FILL 0x5A       /* a byte of a piece before anything is copied */

static u8_t frames[PATTERNS][FRAME_MAX];

/* The pieces of the chains made of PBUF_REF pbufs, apart by GAP bytes. */
static union {
  u32_t align;
  u8_t b[FRAME_MAX + (PIECES_MAX + 1) * GAP + 2];
} store;

/* One call of the helper: the frame, ip_offset and the chain. */
struct trial {
  enum pattern pattern;
  u16_t len;
  u16_t ip_offset;
  int pool;        /* a chain from the pbuf pool; else the pieces below */
  int misalign;    /* the first piece at an odd address */
  int n;
  u16_t piece[PIECES_MAX];
  struct pbuf *p;
  u8_t *end;       /* the end of the guard bytes after the last piece */
  int set_complete; /* fastsum_netif_set_complete() given `sum`, not take */
  u32_t sum;
};

/* The trial in words, for a failure's message. */
static const char *
describe(const struct trial *t)
{
  static char msg[256];
  size_t at;
  int i;

  if (t->set_complete) {
    at = (size_t)snprintf(msg, sizeof(msg), "fastsum_netif_set_complete(sum 0x%08lx), ", (unsigned long)t->sum);
  } else {
    at = (size_t)snprintf(msg, sizeof(msg), "fastsum_netif_take, ");
  }
  at += (size_t)snprintf(msg + at, sizeof(msg) - at, "frame of %u bytes (%s), ip_offset %u, ", (unsigned)t->len,
                         pattern_name[t->pattern], (unsigned)t->ip_offset);
  if (t->pool) {
    snprintf(msg + at, sizeof(msg) - at, "a chain of %u bytes from the pbuf pool",
             (unsigned)(t->p != NULL ? t->p->tot_len : 0));
    return msg;
  }
  at += (size_t)snprintf(msg + at, sizeof(msg) - at, "pbufs of ");
  for (i = 0; i < t->n && i < 8 && at < sizeof(msg); i++) {
    at += (size_t)snprintf(msg + at, sizeof(msg) - at, "%s%u", i > 0 ? "+" : "", (unsigned)t->piece[i]);
  }
  if (at < sizeof(msg)) {
    snprintf(msg + at, sizeof(msg) - at, "%s bytes%s", i < t->n ? "+..." : "",
             t->misalign ? ", the first at an odd address" : "");
  }
  return msg;
}

static void
frames_make(void)
{
  u32_t x = 12345;
  size_t i;

  for (i = 0; i < FRAME_MAX; i++) {
    x = x * 1103515245UL + 12345;
    frames[RANDOM][i] = (u8_t)(x >> 16);
    frames[ZEROS][i] = 0;
    frames[ONES][i] = 0xFF;
    frames[LINK_THEN_ZEROS][i] = i < 14 ? frames[RANDOM][i] : 0;
    frames[ZEROS_THEN_ONES][i] = i < 50 ? 0 : 0xFF;
  }
}

/* t's chain: pbufs from the pool, or PBUF_REF pbufs of t->piece[] bytes on
 * store, every byte of them FILL and every other byte of store up to t->end
 * GUARD. */
static void
chain_make(struct trial *t, u16_t tot_len)
{
  u8_t *at = store.b + GAP + t->misalign;
  int i;

  if (t->pool) {
    struct pbuf *q;
    t->p = pbuf_alloc(PBUF_RAW, tot_len, PBUF_POOL);
    RX_ASSERT(t->p != NULL, "%s: no pool pbufs", describe(t));
    for (q = t->p; q != NULL; q = q->next) {
      memset(q->payload, FILL, q->len);
    }
    return;
  }
  t->p = NULL;
  for (i = 0; i < t->n; i++) {
    struct pbuf *q = pbuf_alloc(PBUF_RAW, t->piece[i], PBUF_REF);
    RX_ASSERT(q != NULL, "%s: no PBUF_REF pbuf", describe(t));
    q->payload = at;
    at += t->piece[i] + GAP;
    if (t->p == NULL) {
      t->p = q;
    } else {
      pbuf_cat(t->p, q);
    }
  }
  t->end = at;
  memset(store.b, GUARD, (size_t)(t->end - store.b));
  for (i = 0, at = store.b + GAP + t->misalign; i < t->n; at += t->piece[i] + GAP, i++) {
    memset(at, FILL, t->piece[i]);
  }
}

/* t's chain cut into pieces of `size` bytes (the last one shorter). */
static void
chain_pieces(struct trial *t, u16_t tot_len, u16_t size)
{
  u16_t left = tot_len;

  t->pool = 0;
  t->n = 0;
  do {
    RX_ASSERT(t->n < PIECES_MAX, "%s: too many pieces", describe(t));
    t->piece[t->n++] = LWIP_MIN(left, size);
    left = (u16_t)(left - t->piece[t->n - 1]);
  } while (left > 0);
  chain_make(t, tot_len);
}

/* t's chain of the frame's length: one pbuf (at 0), or split at `at`. */
static void
chain_split(struct trial *t, unsigned at)
{
  t->pool = 0;
  t->n = at == 0 ? 1 : 2;
  t->piece[0] = (u16_t)(at == 0 ? t->len : at);
  t->piece[1] = (u16_t)(t->len - at);
  chain_make(t, t->len);
}

/* The chain holds the frame's first `copied` bytes, FILL after them, and
 * every guard byte is intact. */
static void
check_bytes(const struct trial *t, u16_t copied)
{
  const u8_t *frame = frames[t->pattern];
  const struct pbuf *q;
  const u8_t *guard = store.b;
  u16_t off = 0, i;

  for (q = t->p; q != NULL; q = q->next) {
    const u8_t *data = (const u8_t *)q->payload;
    for (i = 0; i < q->len; i++, off++) {
      RX_ASSERT(data[i] == (off < copied ? frame[off] : FILL), "%s: byte %u of the chain 0x%02x, expected 0x%02x",
                describe(t), (unsigned)off, data[i], off < copied ? frame[off] : FILL);
    }
    if (!t->pool) {
      for (; guard < data; guard++) {
        RX_ASSERT(*guard == GUARD, "%s: the guard byte %ld bytes before the pbuf at byte %u of the chain written",
                  describe(t), (long)(data - guard), (unsigned)(off - q->len));
      }
      guard = data + q->len;
    }
  }
  for (; !t->pool && guard < t->end; guard++) {
    RX_ASSERT(*guard == GUARD, "%s: the guard byte %ld bytes after the chain written", describe(t),
              (long)(guard - (t->end - GAP)) + 1);
  }
}

/* The marks of the chain: the complete sum of frame[ip_offset..len) on the
 * first pbuf if `marked`, else nothing; nothing on the others. */
static void
check_marks(const struct trial *t, int marked)
{
  const struct pbuf *q;

  if (marked) {
    u16_t want = rfc1071_host_order(rfc1071_sum(frames[t->pattern] + t->ip_offset,
                                                (size_t)(t->len - t->ip_offset), 0));
    RX_ASSERT(t->p->chksum_flags == PBUF_CHKSUM_COMPLETE && t->p->chksum == want,
              "%s: marks 0x%02x and sum 0x%04x, expected the complete sum 0x%04x (bytes %u to %u)",
              describe(t), t->p->chksum_flags, t->p->chksum, want, (unsigned)t->ip_offset, (unsigned)t->len);
  } else {
    RX_ASSERT(t->p->chksum_flags == 0, "%s: marks 0x%02x, expected none", describe(t), t->p->chksum_flags);
  }
  for (q = t->p->next; q != NULL; q = q->next) {
    RX_ASSERT(q->chksum_flags == 0, "%s: a pbuf after the first marked 0x%02x", describe(t), q->chksum_flags);
  }
}

/* fastsum_netif_take() with t's chain made. */
static void
take(struct trial *t)
{
  err_t err;

  t->set_complete = 0;
  err = fastsum_netif_take(t->p, frames[t->pattern], t->len, t->ip_offset);
  RX_ASSERT(err == ERR_OK, "%s: returned %d", describe(t), (int)err);
  check_bytes(t, t->len);
  check_marks(t, t->ip_offset < t->len);
  pbuf_free(t->p);
}

/* A one's complement sum of the frame's 16-bit words as the host reads them
 * (pairs from offset 0), unfolded, as a driver adding up 32-bit words may
 * hand it on. */
static u32_t
host_words(const u8_t *f, u16_t len)
{
  u32_t sum = 0;
  u16_t i;

  for (i = 0; i < len; i += 2) {
    u8_t w[2];
    u16_t v;
    w[0] = f[i];
    w[1] = i + 1 < len ? f[i + 1] : 0;
    memcpy(&v, w, sizeof(v));
    sum += v;
  }
  return sum;
}

/* fastsum_netif_set_complete() on t's chain with the frame copied in, with
 * the frame's sum folded, unfolded, and plus 0xffff (one's complement -0):
 * marked where the link header lies in the first pbuf and something
 * follows it. */
static void
set_complete(struct trial *t)
{
  const u8_t *frame = frames[t->pattern];
  u32_t folded = rfc1071_host_order(rfc1071_sum(frame, t->len, 0));
  u32_t sums[3];
  int i;

  sums[0] = folded;
  sums[1] = host_words(frame, t->len);
  sums[2] = folded + 0xFFFFUL;
  t->set_complete = 1;
  RX_ASSERT(pbuf_take(t->p, frame, t->len) == ERR_OK, "%s: pbuf_take failed", describe(t));
  for (i = 0; i < 3; i++) {
    t->sum = sums[i];
    t->p->chksum_flags = 0;
    fastsum_netif_set_complete(t->p, t->sum, t->ip_offset);
    check_marks(t, t->ip_offset < t->len && t->ip_offset <= t->p->len);
  }
  check_bytes(t, t->len);
  pbuf_free(t->p);
}

/* The ip_offsets of a frame of len bytes: 0 to 2 past its end (o from 0
 * to len + 2), then 0xffff (o = len + 3). */
#define IP_OFFSETS(len) ((unsigned)(len) + 4)
static u16_t
ip_offset_at(u16_t len, unsigned o)
{
  return o == (unsigned)len + 3 ? 0xFFFF : (u16_t)o;
}

/* Calls each(t) for every frame of pattern up to SHORT_MAX bytes, every
 * ip_offset, the pbufs' payloads at even and odd addresses. */
static void
sweep_short(enum pattern pattern, void (*each)(struct trial *t))
{
  struct trial t;
  unsigned o;

  memset(&t, 0, sizeof(t));
  t.pattern = pattern;
  for (t.len = 0; t.len <= SHORT_MAX; t.len++) {
    for (o = 0; o < IP_OFFSETS(t.len); o++) {
      t.ip_offset = ip_offset_at(t.len, o);
      for (t.misalign = 0; t.misalign <= 1; t.misalign++) {
        each(&t);
      }
    }
  }
}

static void
take_split(struct trial *t)
{
  unsigned s;

  /* one pbuf, then split in two at every offset */
  for (s = 0; s < t->len || s == 0; s++) {
    chain_split(t, s);
    take(t);
  }
  /* a chain longer than the frame: the rest left as it is */
  t->n = 1;
  t->piece[0] = (u16_t)(t->len + 3);
  chain_make(t, t->piece[0]);
  take(t);
}

START_TEST(test_take_split)
{
  sweep_short((enum pattern)_i, take_split);
}
END_TEST

static const u16_t piece_sizes[] = {1, 2, 3, 5, 8, 13, 64};

START_TEST(test_take_pieces)
{
  struct trial t;
  unsigned o;
  size_t k;

  memset(&t, 0, sizeof(t));
  t.pattern = (enum pattern)_i;
  for (k = 0; k < LWIP_ARRAYSIZE(piece_sizes); k++) {
    for (t.len = 0; t.len <= SHORT_MAX && t.len <= PIECES_MAX * piece_sizes[k]; t.len++) {
      for (o = 0; o < IP_OFFSETS(t.len); o++) {
      t.ip_offset = ip_offset_at(t.len, o);
        for (t.misalign = 0; t.misalign <= 1; t.misalign++) {
          chain_pieces(&t, t.len, piece_sizes[k]);
          take(&t);
        }
      }
    }
  }
}
END_TEST

/* Frames longer than a pool pbuf (1520 bytes here), and ip_offsets at the
 * start, around an Ethernet header, around the pieces' ends and the
 * frame's end. */
static const u16_t long_lens[] = {1519, 1520, 1521, 3041, 4096};
static const u16_t long_chains[] = {0 /* the pool */, 333, 1000, 1514};

static int
long_ip_offset(const struct trial *t, unsigned i)
{
  static const u16_t fixed[] = {0, 1, 2, 13, 14, 15, 16, 17, 18, 332, 333, 334, 999, 1513, 1514, 1519, 1520, 1521};
  if (i < LWIP_ARRAYSIZE(fixed)) {
    return fixed[i];
  }
  i -= (unsigned)LWIP_ARRAYSIZE(fixed);
  return i < 4 ? t->len - 2 + (int)i : (i == 4 ? 0xFFFF : -1);
}

/* t's chain: from the pool (pieces 0), or of pieces of that size. */
static void
long_chain(struct trial *t, u16_t pieces)
{
  t->pool = pieces == 0;
  if (t->pool) {
    chain_make(t, t->len);
  } else {
    chain_pieces(t, t->len, pieces);
  }
}

START_TEST(test_take_long)
{
  struct trial t;
  size_t l, c;
  unsigned i;
  int o;

  memset(&t, 0, sizeof(t));
  t.pattern = (enum pattern)_i;
  for (l = 0; l < LWIP_ARRAYSIZE(long_lens); l++) {
    t.len = long_lens[l];
    for (i = 0; (o = long_ip_offset(&t, i)) >= 0; i++) {
      t.ip_offset = (u16_t)o;
      for (c = 0; c < LWIP_ARRAYSIZE(long_chains); c++) {
        /* the pool's pbufs where they are; the pieces at both parities */
        int misaligns = long_chains[c] == 0 ? 1 : 2;
        for (t.misalign = 0; t.misalign < misaligns; t.misalign++) {
          long_chain(&t, long_chains[c]);
          take(&t);
          long_chain(&t, long_chains[c]);
          set_complete(&t);
        }
      }
    }
  }
}
END_TEST

/* A chain shorter than the frame: ERR_ARG, nothing written, nothing
 * marked. */
START_TEST(test_take_short_chain)
{
  static const u16_t shorter[] = {1, 2, 7};
  struct trial t;
  size_t d;
  unsigned o;
  err_t err;

  memset(&t, 0, sizeof(t));
  t.pattern = RANDOM;
  for (t.len = 1; t.len <= SHORT_MAX; t.len++) {
    for (o = 0; o < IP_OFFSETS(t.len); o++) {
      t.ip_offset = ip_offset_at(t.len, o);
      for (d = 0; d < LWIP_ARRAYSIZE(shorter) && shorter[d] <= t.len; d++) {
        for (t.misalign = 0; t.misalign <= 1; t.misalign++) {
          u16_t tot = (u16_t)(t.len - shorter[d]);
          chain_pieces(&t, tot, (u16_t)(tot > 1 ? tot / 2 + 1 : 1));
          err = fastsum_netif_take(t.p, frames[t.pattern], t.len, t.ip_offset);
          RX_ASSERT(err == ERR_ARG, "%s, a chain of %u bytes: returned %d, not ERR_ARG",
                    describe(&t), (unsigned)tot, (int)err);
          check_bytes(&t, 0);
          check_marks(&t, 0);
          pbuf_free(t.p);
        }
      }
    }
  }
  /* longer than a pool pbuf, in one */
  t.len = 1600;
  t.ip_offset = 14;
  t.pool = 1;
  chain_make(&t, 1520);
  RX_ASSERT(t.p->next == NULL, "%s: more than one pool pbuf", describe(&t));
  err = fastsum_netif_take(t.p, frames[t.pattern], t.len, t.ip_offset);
  RX_ASSERT(err == ERR_ARG, "%s: returned %d, not ERR_ARG", describe(&t), (int)err);
  check_bytes(&t, 0);
  check_marks(&t, 0);
  pbuf_free(t.p);
  RX_ASSERT(fastsum_netif_take(NULL, frames[RANDOM], 10, 0) == ERR_ARG, "no chain: not ERR_ARG");
}
END_TEST

static void
set_complete_split(struct trial *t)
{
  unsigned s;

  for (s = 0; s < t->len || s == 0; s++) {
    chain_split(t, s);
    set_complete(t);
  }
}

START_TEST(test_set_complete)
{
  sweep_short((enum pattern)_i, set_complete_split);
  fastsum_netif_set_complete(NULL, 0, 0);
}
END_TEST

static struct harness_usage usage;

static void
setup(void)
{
  frames_make();
  harness_usage_take(&usage);
}

static void
teardown(void)
{
  const char *leak = harness_leak(&usage);
  RX_ASSERT(leak == NULL, "%s", leak);
}

Suite *
rx_suite_netif_helper(void)
{
  Suite *s = suite_create("netif helper");
  TCase *tc = tcase_create("netif_helper");

  tcase_add_checked_fixture(tc, setup, teardown);
  tcase_add_loop_test(tc, test_take_split, 0, PATTERNS);
  tcase_add_loop_test(tc, test_take_pieces, 0, PATTERNS);
  tcase_add_loop_test(tc, test_take_long, 0, PATTERNS);
  tcase_add_test(tc, test_take_short_chain);
  tcase_add_loop_test(tc, test_set_complete, 0, PATTERNS);
  suite_add_tcase(s, tc);
  return s;
}
