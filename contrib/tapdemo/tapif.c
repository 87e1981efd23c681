/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * A minimal lwIP netif on a Linux TAP device. The device already exists
 * (created with `ip tuntap add`), possibly in another network namespace: the
 * kernel side of the TAP device is the peer lwIP talks to.
 */
#define _GNU_SOURCE /* setns */
#include "tapif.h"

#include "fastsum_netif.h"
#include "lwip/etharp.h"
#include "lwip/ethip6.h"
#include "lwip/pbuf.h"
#include "netif/ethernet.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/if.h>
#include <linux/if_tun.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <unistd.h>

/* Largest frame: the biggest MTU we accept plus the Ethernet header. */
#define TAPIF_FRAME_MAX (0xffff + SIZEOF_ETH_HDR)

/* A frame is read as it came, its IP header SIZEOF_ETH_HDR bytes in: with
 * ETH_PAD_SIZE the pad would have to be left free before the copy and the
 * IP header would start after it. */
#if ETH_PAD_SIZE != 0
#error "tapif copies frames without ETH_PAD_SIZE's pad: set it to 0"
#endif

/* A TUN/TAP file is bound to the network namespace it was opened in, so the
 * open happens inside NETNS (a name under /run/netns, as `ip netns` makes).
 * Returns the file, or -1 after a one-line message. */
static int
open_tun_in(const char *netns)
{
  char path[256];
  int home, target, fd, err;

  if (netns == NULL) {
    fd = open("/dev/net/tun", O_RDWR | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
      fprintf(stderr, "tapdemo: cannot open /dev/net/tun: %s\n", strerror(errno));
    }
    return fd;
  }
  snprintf(path, sizeof(path), "/run/netns/%s", netns);
  home = open("/proc/self/ns/net", O_RDONLY | O_CLOEXEC);
  target = open(path, O_RDONLY | O_CLOEXEC);
  if (home < 0 || target < 0 || setns(target, CLONE_NEWNET) < 0) {
    fprintf(stderr, "tapdemo: cannot enter network namespace %s (%s): %s\n",
            netns, path, strerror(errno));
    return -1;
  }
  fd = open("/dev/net/tun", O_RDWR | O_NONBLOCK | O_CLOEXEC);
  err = errno;
  if (setns(home, CLONE_NEWNET) < 0) {
    fprintf(stderr, "tapdemo: cannot return to the original network namespace: %s\n", strerror(errno));
    exit(1);
  }
  close(target);
  close(home);
  if (fd < 0) {
    fprintf(stderr, "tapdemo: cannot open /dev/net/tun in network namespace %s: %s\n",
            netns, strerror(err));
  }
  return fd;
}

/** Attaches tap->fd to the existing TAP device IFNAME in NETNS (NULL: ours).
 * Returns 0, or -1 with a one-line message on stderr. */
int
tapif_open(struct tapif *tap, const char *ifname, const char *netns)
{
  struct ifreq ifr;

  if (strlen(ifname) >= IFNAMSIZ) {
    fprintf(stderr, "tapdemo: interface name too long: %s\n", ifname);
    return -1;
  }
  tap->fd = open_tun_in(netns);
  if (tap->fd < 0) {
    return -1;
  }
  memset(&ifr, 0, sizeof(ifr));
  ifr.ifr_flags = IFF_TAP | IFF_NO_PI;
  strcpy(ifr.ifr_name, ifname);
  if (ioctl(tap->fd, TUNSETIFF, &ifr) < 0) {
    fprintf(stderr, "tapdemo: cannot attach to TAP device %s: %s\n", ifname, strerror(errno));
    close(tap->fd);
    tap->fd = -1;
    return -1;
  }
  return 0;
}

static err_t
tapif_linkoutput(struct netif *netif, struct pbuf *p)
{
  struct tapif *tap = (struct tapif *)netif->state;
  static u8_t frame[TAPIF_FRAME_MAX]; /* holds any u16_t tot_len */
  ssize_t written;

  pbuf_copy_partial(p, frame, p->tot_len, 0);
  written = write(tap->fd, frame, p->tot_len);
  if (written != (ssize_t)p->tot_len) {
    /* A full kernel queue drops the frame, as a wire would. */
    tap->tx_errors++;
    return ERR_IF;
  }
  tap->tx_frames++;
  return ERR_OK;
}

/** netif_add() init callback; netif->state is an opened struct tapif. */
err_t
tapif_init(struct netif *netif)
{
  struct tapif *tap = (struct tapif *)netif->state;

  netif->name[0] = 't';
  netif->name[1] = 'p';
  netif->output = etharp_output;
#if LWIP_IPV6
  netif->output_ip6 = ethip6_output;
#endif
  netif->linkoutput = tapif_linkoutput;
  netif->mtu = tap->mtu;
  netif->hwaddr_len = ETH_HWADDR_LEN;
  memcpy(netif->hwaddr, tap->hwaddr, ETH_HWADDR_LEN);
  netif->flags = NETIF_FLAG_BROADCAST | NETIF_FLAG_ETHARP | NETIF_FLAG_ETHERNET;
#if LWIP_IPV6_MLD
  /* Every frame of the device is read, multicast too: no MAC filter to set. */
  netif->flags |= NETIF_FLAG_MLD6;
#endif
  return ERR_OK;
}

/** Feeds every frame waiting on the TAP device to lwIP, each with its sum
 * from the IP header on, taken while it is copied (LWIP_CHECKSUM_CHECK_PER_PBUF:
 * lwIP verifies its checksums from that sum). */
void
tapif_poll(struct netif *netif)
{
  struct tapif *tap = (struct tapif *)netif->state;
  static u8_t frame[TAPIF_FRAME_MAX];
  struct pbuf *p;
  ssize_t len;

  for (;;) {
    len = read(tap->fd, frame, sizeof(frame));
    if (len <= 0) {
      return; /* EAGAIN: drained */
    }
    tap->rx_frames++;
    p = pbuf_alloc(PBUF_RAW, (u16_t)len, PBUF_POOL);
    if (p == NULL) {
      tap->rx_drops++; /* out of pool pbufs: dropped, as a NIC would */
      continue;
    }
    fastsum_netif_take(p, frame, (u16_t)len, SIZEOF_ETH_HDR);
    if (netif->input(p, netif) != ERR_OK) {
      pbuf_free(p);
    }
  }
}
