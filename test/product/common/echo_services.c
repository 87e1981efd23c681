/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * UDP echo, TCP echo and TCP discard on lwIP's raw API; see echo_services.h.
 */
#include "echo_services.h"

#include "lwip/tcp.h"
#include "lwip/udp.h"

#include <stdlib.h>

struct service_counts service_counts;

static void
udp_echo_recv(void *arg, struct udp_pcb *pcb, struct pbuf *p, const ip_addr_t *addr, u16_t port)
{
  ip_addr_t peer;
  u16_t len = p->tot_len;

  LWIP_UNUSED_ARG(arg);
  ip_addr_copy(peer, *addr);
  /* The datagram goes back in the pbufs it came in (reassembled if it came
   * in fragments): their header room takes the new headers. */
  if (udp_sendto(pcb, p, &peer, port) == ERR_OK) {
    service_counts.udp_datagrams++;
    service_counts.udp_bytes += len;
  } else {
    service_counts.udp_errors++;
  }
  pbuf_free(p);
}

/** Starts the UDP echo service on PORT; 0 on success. */
int
udp_echo_start(u16_t port)
{
  /* IPv4 and, where lwIP has it, IPv6 */
  struct udp_pcb *pcb = udp_new_ip_type(IPADDR_TYPE_ANY);

  if (pcb == NULL || udp_bind(pcb, IP_ANY_TYPE, port) != ERR_OK) {
    return -1;
  }
  udp_recv(pcb, udp_echo_recv, NULL);
  return 0;
}

/** One echo connection: what was received and is not yet in the send queue. */
struct tcp_echo {
  struct pbuf *pending;
  u8_t peer_closed;
};

static void
tcp_echo_free(struct tcp_echo *echo)
{
  if (echo->pending != NULL) {
    pbuf_free(echo->pending);
  }
  free(echo);
}

static err_t
tcp_echo_close(struct tcp_pcb *pcb, struct tcp_echo *echo)
{
  tcp_arg(pcb, NULL);
  tcp_recv(pcb, NULL);
  tcp_sent(pcb, NULL);
  tcp_err(pcb, NULL);
  tcp_echo_free(echo);
  if (tcp_close(pcb) != ERR_OK) {
    tcp_abort(pcb);
    return ERR_ABRT;
  }
  return ERR_OK;
}

/* Moves pending data into the send queue as far as it has room and only then
 * opens the receive window by as much: the peer never has more in flight than
 * lwIP can hold, so a long stream neither stalls nor runs out of pbufs. */
static err_t
tcp_echo_flush(struct tcp_pcb *pcb, struct tcp_echo *echo)
{
  while (echo->pending != NULL && echo->pending->tot_len > 0) {
    struct pbuf *q = echo->pending;
    u16_t n;
    err_t err;

    while (q->len == 0) { /* tcp_in may leave emptied pbufs in front */
      q = q->next;
    }
    n = (u16_t)LWIP_MIN(q->len, tcp_sndbuf(pcb));
    if (n == 0) {
      break; /* the sent callback comes back for the rest */
    }
    err = tcp_write(pcb, q->payload, n, TCP_WRITE_FLAG_COPY);
    if (err == ERR_MEM) {
      break; /* segment queue full: same */
    }
    if (err != ERR_OK) {
      /* Returning an error would make lwIP keep a pbuf we already own;
       * tcp_abort calls the error callback, which must not free echo again. */
      tcp_arg(pcb, NULL);
      tcp_err(pcb, NULL);
      tcp_echo_free(echo);
      tcp_abort(pcb);
      return ERR_ABRT;
    }
    echo->pending = pbuf_free_header(echo->pending, n);
    tcp_recved(pcb, n);
    service_counts.tcp_echoed += n;
  }
  if (echo->pending != NULL && echo->pending->tot_len == 0) {
    pbuf_free(echo->pending);
    echo->pending = NULL;
  }
  tcp_output(pcb);
  if (echo->peer_closed && echo->pending == NULL) {
    return tcp_echo_close(pcb, echo);
  }
  return ERR_OK;
}

static err_t
tcp_echo_recv(void *arg, struct tcp_pcb *pcb, struct pbuf *p, err_t err)
{
  struct tcp_echo *echo = (struct tcp_echo *)arg;

  LWIP_UNUSED_ARG(err);
  if (p == NULL) {
    echo->peer_closed = 1;
  } else if (echo->pending == NULL) {
    echo->pending = p;
  } else {
    pbuf_cat(echo->pending, p);
  }
  return tcp_echo_flush(pcb, echo);
}

static err_t
tcp_echo_sent(void *arg, struct tcp_pcb *pcb, u16_t len)
{
  LWIP_UNUSED_ARG(len);
  return tcp_echo_flush(pcb, (struct tcp_echo *)arg);
}

static void
tcp_echo_error(void *arg, err_t err)
{
  LWIP_UNUSED_ARG(err);
  tcp_echo_free((struct tcp_echo *)arg); /* lwIP has freed the pcb */
}

static err_t
tcp_echo_accept(void *arg, struct tcp_pcb *pcb, err_t err)
{
  struct tcp_echo *echo;

  LWIP_UNUSED_ARG(arg);
  if (err != ERR_OK || pcb == NULL) {
    return ERR_VAL;
  }
  echo = (struct tcp_echo *)calloc(1, sizeof(*echo));
  if (echo == NULL) {
    return ERR_MEM; /* lwIP aborts the connection */
  }
  service_counts.tcp_connections++;
  tcp_arg(pcb, echo);
  tcp_recv(pcb, tcp_echo_recv);
  tcp_sent(pcb, tcp_echo_sent);
  tcp_err(pcb, tcp_echo_error);
  return ERR_OK;
}

static err_t
tcp_discard_recv(void *arg, struct tcp_pcb *pcb, struct pbuf *p, err_t err)
{
  LWIP_UNUSED_ARG(arg);
  LWIP_UNUSED_ARG(err);
  if (p == NULL) {
    if (tcp_close(pcb) != ERR_OK) {
      tcp_abort(pcb);
      return ERR_ABRT;
    }
    return ERR_OK;
  }
  tcp_recved(pcb, p->tot_len);
  service_counts.tcp_discarded += p->tot_len;
  pbuf_free(p);
  return ERR_OK;
}

static err_t
tcp_discard_accept(void *arg, struct tcp_pcb *pcb, err_t err)
{
  LWIP_UNUSED_ARG(arg);
  if (err != ERR_OK || pcb == NULL) {
    return ERR_VAL;
  }
  service_counts.tcp_connections++;
  tcp_recv(pcb, tcp_discard_recv);
  return ERR_OK;
}

static int
tcp_serve(u16_t port, tcp_accept_fn accept)
{
  struct tcp_pcb *pcb = tcp_new_ip_type(IPADDR_TYPE_ANY); /* as UDP's */
  struct tcp_pcb *listener;

  if (pcb == NULL || tcp_bind(pcb, IP_ANY_TYPE, port) != ERR_OK) {
    return -1;
  }
  listener = tcp_listen(pcb);
  if (listener == NULL) {
    return -1;
  }
  tcp_accept(listener, accept);
  return 0;
}

/** Starts the TCP echo service on PORT; 0 on success. */
int
tcp_echo_start(u16_t port)
{
  return tcp_serve(port, tcp_echo_accept);
}

/** Starts the TCP discard service on PORT; 0 on success. */
int
tcp_discard_start(u16_t port)
{
  return tcp_serve(port, tcp_discard_accept);
}
