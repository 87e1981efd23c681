/* SPDX-License-Identifier: BSD-3-Clause */
#include "stack_harness.h"

#include <stdio.h>
#include <string.h>

#include "lwip/ip.h"
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

static void
harness_emit(struct netif *netif, struct pbuf *p)
{
  static u8_t flat[0xFFFF];
  u16_t len = pbuf_copy_partial(p, flat, p->tot_len, 0);

  harness_emitted(netif, flat, len);
}

static err_t
harness_output(struct netif *netif, struct pbuf *p, const ip4_addr_t *dest)
{
  LWIP_UNUSED_ARG(dest);
  harness_emit(netif, p);
  return ERR_OK;
}

#if LWIP_IPV6
static err_t
harness_output_ip6(struct netif *netif, struct pbuf *p, const ip6_addr_t *dest)
{
  LWIP_UNUSED_ARG(dest);
  harness_emit(netif, p);
  return ERR_OK;
}

int
harness_netif_ip6(struct netif *netif, const u8_t addr[16])
{
  ip6_addr_t ip6;
  s8_t index;

  memcpy(ip6.addr, addr, sizeof(ip6.addr));
  ip6_addr_clear_zone(&ip6);
  if (netif_add_ip6_address(netif, &ip6, &index) != ERR_OK) {
    return 0;
  }
  netif_ip6_addr_set_state(netif, index, IP6_ADDR_PREFERRED);
  return 1;
}
#endif /* LWIP_IPV6 */

static err_t
harness_netif_init(struct netif *netif)
{
  netif->output = harness_output;
#if LWIP_IPV6
  netif->output_ip6 = harness_output_ip6;
#endif /* LWIP_IPV6 */
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
  if (netif_add(netif, &ip, &netmask, &gateway, NULL, harness_netif_init, ip_input) == NULL) {
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
