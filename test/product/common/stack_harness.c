/* SPDX-License-Identifier: BSD-3-Clause */
#include "stack_harness.h"

#include <stdio.h>

#include "lwip/ip4.h"
#include "lwip/pbuf.h"
#include "lwip/stats.h"
#include "lwip/sys.h"

u32_t harness_now;

u32_t
sys_now(void)
{
  return harness_now;
}

static err_t
harness_output(struct netif *netif, struct pbuf *p, const ip4_addr_t *dest)
{
  static u8_t flat[0xFFFF];
  u16_t len = pbuf_copy_partial(p, flat, p->tot_len, 0);

  LWIP_UNUSED_ARG(dest);
  harness_emitted(netif, flat, len);
  return ERR_OK;
}

static err_t
harness_netif_init(struct netif *netif)
{
  netif->output = harness_output;
  netif->mtu = 1500;
  netif->flags = NETIF_FLAG_BROADCAST;
  return ERR_OK;
}

void
harness_ip4(ip4_addr_t *addr, u32_t host_order)
{
  IP4_ADDR(addr, (u8_t)(host_order >> 24), (u8_t)(host_order >> 16),
           (u8_t)(host_order >> 8), (u8_t)host_order);
}

struct netif *
harness_netif_add(struct netif *netif, u32_t addr, u32_t mask, u32_t gw)
{
  ip4_addr_t ip, netmask, gateway;

  harness_ip4(&ip, addr);
  harness_ip4(&netmask, mask);
  harness_ip4(&gateway, gw);
  if (netif_add(netif, &ip, &netmask, &gateway, NULL, harness_netif_init, ip4_input) == NULL) {
    return NULL;
  }
  netif_set_up(netif);
  netif_set_link_up(netif);
  return netif;
}

void
harness_usage_take(struct harness_usage *usage)
{
  int i;

  usage->mem = lwip_stats.mem.used;
  for (i = 0; i < MEMP_MAX; i++) {
    usage->memp[i] = lwip_stats.memp[i]->used;
  }
}

/* lwIP names its pools in debug builds and builds that print statistics. */
static const char *
pool_name(int i)
{
#if defined(LWIP_DEBUG) || LWIP_STATS_DISPLAY
  return lwip_stats.memp[i]->name;
#else
  LWIP_UNUSED_ARG(i);
  return "";
#endif
}

const char *
harness_leak(const struct harness_usage *before)
{
  static char message[96];
  int i;

  if (lwip_stats.mem.used != before->mem) {
    snprintf(message, sizeof(message), "%ld bytes of heap not freed",
             (long)lwip_stats.mem.used - (long)before->mem);
    return message;
  }
  for (i = 0; i < MEMP_MAX; i++) {
    if (lwip_stats.memp[i]->used != before->memp[i]) {
      snprintf(message, sizeof(message), "pool %d %s: %ld elements not freed", i, pool_name(i),
               (long)lwip_stats.memp[i]->used - (long)before->memp[i]);
      return message;
    }
  }
  return NULL;
}
