/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * make count: sends one IPv4 packet CALLS times through ip4_output_if() on
 * a netif whose output drops it, reusing one pbuf (the header is removed
 * again after each call). Built against the patched lwIP with the IPv4
 * header checksum inline (LWIP_INLINE_IP_CHKSUM 1) or through inet_chksum()
 * (0): the measurement patch #7060 was judged by, as executed instructions.
 *
 *   count_ip4 CALLS
 */
#include "lwip/init.h"
#include "lwip/ip4.h"
#include "lwip/netif.h"
#include "lwip/pbuf.h"
#include "lwip/prot/ip.h"
#include "lwip/prot/ip4.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* NO_SYS lwIP's clock; no timer runs here. */
u32_t
sys_now(void)
{
  return 0;
}

static err_t
drop_output(struct netif *netif, struct pbuf *p, const ip4_addr_t *ipaddr)
{
  LWIP_UNUSED_ARG(netif);
  LWIP_UNUSED_ARG(p);
  LWIP_UNUSED_ARG(ipaddr);
  return ERR_OK;
}

static err_t
drop_netif_init(struct netif *netif)
{
  netif->output = drop_output;
  netif->mtu = 1500;
  return ERR_OK;
}

int
main(int argc, char **argv)
{
  static struct netif nif;
  ip4_addr_t addr, mask, gw, dest;
  struct pbuf *p;
  char *end;
  long calls, i;
  int failures = 0;

  calls = argc == 2 ? strtol(argv[1], &end, 10) : -1;
  if (argc != 2 || *argv[1] == '\0' || *end != '\0' || calls < 0 ||
      calls > 1000000) {
    fprintf(stderr, "usage: count_ip4 CALLS (0..1000000)\n");
    return 2;
  }
  lwip_init();
  IP4_ADDR(&addr, 192, 168, 7, 1);
  IP4_ADDR(&mask, 255, 255, 255, 0);
  IP4_ADDR(&gw, 192, 168, 7, 254);
  IP4_ADDR(&dest, 192, 168, 7, 2);
  if (netif_add(&nif, &addr, &mask, &gw, NULL, drop_netif_init,
                ip4_input) == NULL) {
    fprintf(stderr, "error: netif_add failed\n");
    return 1;
  }
  netif_set_up(&nif);
  netif_set_link_up(&nif);
  p = pbuf_alloc(PBUF_IP, 32, PBUF_RAM);
  if (p == NULL) {
    fprintf(stderr, "error: pbuf_alloc failed\n");
    return 1;
  }
  memset(p->payload, 0x5a, p->len);
  for (i = 0; i < calls; i++) {
    failures += ip4_output_if(p, &addr, &dest, 64, 0, IP_PROTO_UDP,
                              &nif) != ERR_OK;
    failures += pbuf_remove_header(p, IP_HLEN) != 0;
  }
  pbuf_free(p);
  if (failures) {
    fprintf(stderr, "error: %d failed calls\n", failures);
    return 1;
  }
  return 0;
}
