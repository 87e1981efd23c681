/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * tapdemo: lwIP as a host and router on Linux TAP devices, for interop tests
 * with the kernel on the other side of each device. NO_SYS main loop: ppoll on
 * the TAP files, lwIP timers in between. See docs/interop.md.
 */
#define _GNU_SOURCE /* ppoll */
#include "echo_services.h"
#include "iperf.h"
#include "tapif.h"

#include "lwip/init.h"
#include "lwip/ip4_addr.h"
#include "lwip/ip6_addr.h"
#include "lwip/netif.h"
#include "lwip/stats.h"
#include "lwip/timeouts.h"
#include "netif/ethernet.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define TAPDEMO_MAX_NETIFS 4

#if LWIP_IPV6
#define TAPDEMO_FAMILIES "IPv4 and IPv6"
#define TAPDEMO_NETIF_ADDRS "ADDR/PREFIX[,ADDR/PREFIX]"
#else
#define TAPDEMO_FAMILIES "IPv4"
#define TAPDEMO_NETIF_ADDRS "ADDR/PREFIX"
#endif

static const char usage[] =
  "usage: tapdemo --netif TAP[@NETNS]," TAPDEMO_NETIF_ADDRS "[,mtu=N] [--netif ...] [options]\n"
  "lwIP " LWIP_VERSION_STRING " on Linux TAP devices: answers ping, echoes UDP and TCP,\n"
  "discards TCP, and forwards " TAPDEMO_FAMILIES " between its interfaces.\n"
  "\n"
  "  --netif SPEC        an interface on the existing TAP device TAP (opened in the\n"
  "                      network namespace /run/netns/NETNS if given), lwIP's\n"
#if LWIP_IPV6
  "                      addresses ADDR/PREFIX: an IPv4 one, an IPv6 one (/64) or\n"
  "                      both (IPv6: static, valid at once, and a link-local one\n"
  "                      from the MAC), IP MTU N (default 1500); up to 4\n"
#else
  "                      address ADDR/PREFIX, IP MTU N (default 1500); up to 4\n"
#endif
  "  --gateway ADDR      default route via ADDR (on the interface whose subnet has it)\n"
  "  --udp-echo PORT     UDP echo service port (default 7, 0: off)\n"
  "  --tcp-echo PORT     TCP echo service port (default 7, 0: off)\n"
  "  --tcp-discard PORT  TCP discard service port (default 9, 0: off)\n"
  "  --iperf             run lwIP's iperf 2 server (lwiperf) on TCP port 5001; each\n"
  "                      test's report says the CPU time tapdemo used so far\n"
  "  --duration SECONDS  stop by itself after SECONDS (default 0: run until a signal)\n"
  "  --help              this text\n"
  "\n"
  "Stops cleanly on SIGINT or SIGTERM and prints what it did. Exit status: 0 when\n"
  "stopped, 1 when a TAP device cannot be used, 2 for bad options.\n";

/* Long options only: values no short option can have. */
enum { OPT_NETIF = 256, OPT_GATEWAY, OPT_UDP_ECHO, OPT_TCP_ECHO, OPT_TCP_DISCARD, OPT_IPERF, OPT_DURATION, OPT_HELP };

struct netif_config {
  char tap[16];   /* IFNAMSIZ */
  char netns[64]; /* empty: the namespace tapdemo runs in */
  ip4_addr_t addr, mask; /* all zero: no IPv4 address */
#if LWIP_IPV6
  ip6_addr_t addr6;
  int has_addr6;
#endif
  u16_t mtu;
};

static volatile sig_atomic_t stop_signal;

static void
on_signal(int sig)
{
  stop_signal = sig;
}

/* One line on stderr, exit status 2: the checks before a use need not return. */
static void bad_usage(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));

static void
bad_usage(const char *fmt, ...)
{
  va_list ap;

  fputs("tapdemo: ", stderr);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputs(" (see --help)\n", stderr);
  exit(2);
}

static unsigned long
parse_number(const char *text, unsigned long max, const char *what)
{
  char *end;
  unsigned long value;

  errno = 0;
  value = strtoul(text, &end, 10);
  if (errno != 0 || end == text || *end != '\0' || text[0] == '-' || value > max) {
    bad_usage("bad %s '%s': expected a number 0..%lu", what, text, max);
  }
  return value;
}

static void
parse_addr(const char *text, ip4_addr_t *addr, const char *what)
{
  if (!ip4addr_aton(text, addr)) {
    bad_usage("bad %s '%s': expected a dotted IPv4 address", what, text);
  }
}

/* An IPv6 ADDR/64 of --netif SPEC */
static void
parse_addr6(const char *text, struct netif_config *cfg, const char *spec)
{
#if LWIP_IPV6
  char buf[64];
  char *slash;

  if (cfg->has_addr6) {
    bad_usage("more than one IPv6 address in --netif '%s'", spec);
  }
  if (strlen(text) >= sizeof(buf)) {
    bad_usage("bad IPv6 address '%s' in --netif '%s'", text, spec);
  }
  memcpy(buf, text, strlen(text) + 1);
  slash = strchr(buf, '/');
  if (slash == NULL) {
    bad_usage("bad --netif '%s': the IPv6 address needs /64", spec);
  }
  *slash = '\0';
  if (!ip6addr_aton(buf, &cfg->addr6) || ip6_addr_isany(&cfg->addr6) ||
      ip6_addr_ismulticast(&cfg->addr6) || ip6_addr_islinklocal(&cfg->addr6)) {
    bad_usage("bad --netif IPv6 address '%s': expected a global or unique local address", buf);
  }
  /* lwIP takes every address it has as a /64: its on-link test */
  if (parse_number(slash + 1, 128, "--netif IPv6 prefix length") != 64) {
    bad_usage("bad --netif IPv6 prefix length '%s' in '%s': lwIP's is 64", slash + 1, spec);
  }
  cfg->has_addr6 = 1;
#else
  LWIP_UNUSED_ARG(cfg);
  bad_usage("IPv6 address '%s' in --netif '%s': this tapdemo is built without IPv6", text, spec);
#endif
}

/* TAP[@NETNS],ADDR/PREFIX[,ADDR/PREFIX][,mtu=N]: one IPv4 address, one IPv6 one, or both */
static void
parse_netif(const char *spec, struct netif_config *cfg)
{
  char buf[256];
  char *tap, *addr, *opt, *slash, *at;
  unsigned long prefix;
  int have_addr4 = 0;

  if (strlen(spec) >= sizeof(buf)) {
    bad_usage("--netif '%s' is too long", spec);
  }
  strcpy(buf, spec);
  tap = strtok(buf, ",");
  addr = strtok(NULL, ",");
  if (tap == NULL || addr == NULL || strncmp(addr, "mtu=", 4) == 0) {
    bad_usage("bad --netif '%s': expected TAP[@NETNS]," TAPDEMO_NETIF_ADDRS "[,mtu=N]", spec);
  }
  at = strchr(tap, '@');
  if (at != NULL) {
    *at = '\0';
    if (at[1] == '\0' || strchr(at + 1, '/') != NULL || strlen(at + 1) >= sizeof(cfg->netns)) {
      bad_usage("bad network namespace in --netif '%s'", spec);
    }
    strcpy(cfg->netns, at + 1);
  }
  if (tap[0] == '\0' || strlen(tap) >= sizeof(cfg->tap)) {
    bad_usage("bad TAP device name in --netif '%s'", spec);
  }
  strcpy(cfg->tap, tap);
  cfg->mtu = 1500;
  for (opt = addr; opt != NULL; opt = strtok(NULL, ",")) {
    if (strncmp(opt, "mtu=", 4) == 0) {
      cfg->mtu = (u16_t)parse_number(opt + 4, 0xffff - SIZEOF_ETH_HDR, "MTU");
      continue;
    }
    if (strchr(opt, ':') != NULL) {
      parse_addr6(opt, cfg, spec);
      continue;
    }
    if (strchr(opt, '.') == NULL) {
      bad_usage("unknown --netif setting '%s'", opt);
    }
    if (have_addr4) {
      bad_usage("more than one IPv4 address in --netif '%s'", spec);
    }
    slash = strchr(opt, '/');
    if (slash == NULL) {
      bad_usage("bad --netif '%s': the address needs a /PREFIX", spec);
    }
    *slash = '\0';
    parse_addr(opt, &cfg->addr, "--netif address");
    prefix = parse_number(slash + 1, 32, "--netif prefix length");
    if (prefix == 0) {
      bad_usage("bad --netif prefix length '0' in '%s'", spec);
    }
    ip4_addr_set_u32(&cfg->mask, lwip_htonl(0xffffffffUL << (32 - prefix)));
    have_addr4 = 1;
  }
  if (cfg->mtu < 576) {
    bad_usage("MTU %u is below IPv4's minimum of 576", (unsigned)cfg->mtu);
  }
#if LWIP_IPV6
  if (cfg->has_addr6 && cfg->mtu < 1280) {
    bad_usage("MTU %u is below IPv6's minimum of 1280", (unsigned)cfg->mtu);
  }
#endif
}

/* lwIP's clock for NO_SYS: milliseconds, wrapping. */
u32_t
sys_now(void)
{
  struct timespec ts;

  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (u32_t)((unsigned long long)ts.tv_sec * 1000u + (unsigned long long)ts.tv_nsec / 1000000u);
}

/* lwIP's counters of what it received, on one line of NAME=VALUE: its
 * protocols' (struct stats_proto) and MIB-2's of IP, ICMP and UDP. run.sh
 * requires no checksum error among them, corrupt.sh as many as tshark
 * finds, the same in every build. */
static void
print_counters(void)
{
  static const struct {
    const char *name;
    const struct stats_proto *counters;
  } protos[] = {
    { "ip", &lwip_stats.ip }, { "ip_frag", &lwip_stats.ip_frag }, { "icmp", &lwip_stats.icmp },
    { "udp", &lwip_stats.udp }, { "tcp", &lwip_stats.tcp },
#if LWIP_IPV6
    { "ip6", &lwip_stats.ip6 }, { "ip6_frag", &lwip_stats.ip6_frag }, { "icmp6", &lwip_stats.icmp6 },
#endif
  };
  const struct stats_mib2 *m = &lwip_stats.mib2;
  size_t i;

  printf("tapdemo: counters");
  for (i = 0; i < sizeof(protos) / sizeof(protos[0]); i++) {
    const struct stats_proto *c = protos[i].counters;
    const char *n = protos[i].name;

    printf(" %s.recv=%lu %s.xmit=%lu %s.fw=%lu %s.drop=%lu %s.chkerr=%lu %s.lenerr=%lu %s.memerr=%lu"
           " %s.rterr=%lu %s.proterr=%lu %s.opterr=%lu %s.err=%lu",
           n, (unsigned long)c->recv, n, (unsigned long)c->xmit, n, (unsigned long)c->fw,
           n, (unsigned long)c->drop, n, (unsigned long)c->chkerr, n, (unsigned long)c->lenerr,
           n, (unsigned long)c->memerr, n, (unsigned long)c->rterr, n, (unsigned long)c->proterr,
           n, (unsigned long)c->opterr, n, (unsigned long)c->err);
  }
  printf(" mib2.ipinreceives=%lu mib2.ipinhdrerrors=%lu mib2.ipinaddrerrors=%lu mib2.ipindiscards=%lu"
         " mib2.ipindelivers=%lu mib2.ipreasmreqds=%lu mib2.ipreasmoks=%lu mib2.ipreasmfails=%lu"
         " mib2.icmpinmsgs=%lu mib2.icmpinerrors=%lu mib2.udpindatagrams=%lu mib2.udpnoports=%lu"
         " mib2.udpinerrors=%lu\n",
         (unsigned long)m->ipinreceives, (unsigned long)m->ipinhdrerrors, (unsigned long)m->ipinaddrerrors,
         (unsigned long)m->ipindiscards, (unsigned long)m->ipindelivers, (unsigned long)m->ipreasmreqds,
         (unsigned long)m->ipreasmoks, (unsigned long)m->ipreasmfails, (unsigned long)m->icmpinmsgs,
         (unsigned long)m->icmpinerrors, (unsigned long)m->udpindatagrams, (unsigned long)m->udpnoports,
         (unsigned long)m->udpinerrors);
}

int
main(int argc, char **argv)
{
  static const struct option options[] = {
    { "netif", required_argument, NULL, OPT_NETIF },
    { "gateway", required_argument, NULL, OPT_GATEWAY },
    { "udp-echo", required_argument, NULL, OPT_UDP_ECHO },
    { "tcp-echo", required_argument, NULL, OPT_TCP_ECHO },
    { "tcp-discard", required_argument, NULL, OPT_TCP_DISCARD },
    { "iperf", no_argument, NULL, OPT_IPERF },
    { "duration", required_argument, NULL, OPT_DURATION },
    { "help", no_argument, NULL, OPT_HELP },
    { NULL, 0, NULL, 0 }
  };
  struct netif_config cfg[TAPDEMO_MAX_NETIFS];
  struct tapif taps[TAPDEMO_MAX_NETIFS];
  struct netif netifs[TAPDEMO_MAX_NETIFS];
  struct pollfd fds[TAPDEMO_MAX_NETIFS];
  ip4_addr_t gateway;
  int have_gateway = 0, iperf = 0, n_netifs = 0, i, opt;
  unsigned long udp_echo_port = 7, tcp_echo_port = 7, tcp_discard_port = 9, duration = 0;
  u32_t started;
  struct sigaction sa;
  sigset_t blocked, unblocked;

  memset(cfg, 0, sizeof(cfg));
  opterr = 0;
  while ((opt = getopt_long(argc, argv, "", options, NULL)) != -1) {
    switch (opt) {
    case OPT_NETIF:
      if (n_netifs == TAPDEMO_MAX_NETIFS) {
        bad_usage("at most %d --netif options", TAPDEMO_MAX_NETIFS);
      }
      parse_netif(optarg, &cfg[n_netifs++]);
      break;
    case OPT_GATEWAY:
      parse_addr(optarg, &gateway, "--gateway");
      have_gateway = 1;
      break;
    case OPT_UDP_ECHO:
      udp_echo_port = parse_number(optarg, 0xffff, "--udp-echo port");
      break;
    case OPT_TCP_ECHO:
      tcp_echo_port = parse_number(optarg, 0xffff, "--tcp-echo port");
      break;
    case OPT_TCP_DISCARD:
      tcp_discard_port = parse_number(optarg, 0xffff, "--tcp-discard port");
      break;
    case OPT_IPERF:
      iperf = 1;
      break;
    case OPT_DURATION:
      duration = parse_number(optarg, 24ul * 3600, "--duration");
      break;
    case OPT_HELP:
      fputs(usage, stdout);
      return 0;
    default:
      if (optopt >= OPT_NETIF) {
        bad_usage("option '%s' needs an argument", argv[optind - 1]);
      }
      bad_usage("unknown option '%s'", argv[optind - 1]);
    }
  }
  if (optind < argc) {
    bad_usage("unexpected argument '%s'", argv[optind]);
  }
  if (n_netifs == 0) {
    bad_usage("no --netif given");
  }
  if (tcp_echo_port != 0 && tcp_echo_port == tcp_discard_port) {
    bad_usage("TCP echo and discard cannot share port %lu", tcp_echo_port);
  }

  /* Signals are only let in while waiting in ppoll: no wakeup is lost. */
  memset(&sa, 0, sizeof(sa));
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGTERM, &sa, NULL);
  sigemptyset(&blocked);
  sigaddset(&blocked, SIGINT);
  sigaddset(&blocked, SIGTERM);
  sigprocmask(SIG_BLOCK, &blocked, &unblocked);
  sigdelset(&unblocked, SIGINT);
  sigdelset(&unblocked, SIGTERM);

  lwip_init();
  for (i = 0; i < n_netifs; i++) {
    memset(&taps[i], 0, sizeof(taps[i]));
    if (tapif_open(&taps[i], cfg[i].tap, cfg[i].netns[0] ? cfg[i].netns : NULL) != 0) {
      return 1;
    }
    taps[i].mtu = cfg[i].mtu;
    /* Locally administered, unique per interface. */
    taps[i].hwaddr[0] = 0x02;
    taps[i].hwaddr[5] = (u8_t)(i + 1);
    netif_add(&netifs[i], &cfg[i].addr, &cfg[i].mask, IP4_ADDR_ANY4, &taps[i], tapif_init, ethernet_input);
    if (have_gateway && !ip4_addr_isany_val(cfg[i].addr) && ip4_addr_netcmp(&gateway, &cfg[i].addr, &cfg[i].mask)) {
      netif_set_gw(&netifs[i], &gateway);
      netif_set_default(&netifs[i]);
      have_gateway = 0;
    }
#if LWIP_IPV6
    if (cfg[i].has_addr6) {
      s8_t idx;

      /* As the kernel's peers have theirs (nodad): no duplicate address
       * detection, usable at once. Preferred, each address joins its
       * solicited-node group (MLD), where the kernel's solicitations go. */
      netif_create_ip6_linklocal_address(&netifs[i], 1);
      netif_ip6_addr_set_state(&netifs[i], 0, IP6_ADDR_PREFERRED);
      if (netif_add_ip6_address(&netifs[i], &cfg[i].addr6, &idx) != ERR_OK) {
        fprintf(stderr, "tapdemo: cannot add IPv6 address to %s\n", cfg[i].tap);
        return 1;
      }
      netif_ip6_addr_set_state(&netifs[i], idx, IP6_ADDR_PREFERRED);
    }
#endif
    netif_set_up(&netifs[i]);
    netif_set_link_up(&netifs[i]);
    fds[i].fd = taps[i].fd;
    fds[i].events = POLLIN;
  }
  if (have_gateway) {
    bad_usage("--gateway is on none of the --netif subnets");
  }
  if ((udp_echo_port != 0 && udp_echo_start((u16_t)udp_echo_port) != 0) ||
      (tcp_echo_port != 0 && tcp_echo_start((u16_t)tcp_echo_port) != 0) ||
      (tcp_discard_port != 0 && tcp_discard_start((u16_t)tcp_discard_port) != 0) ||
      (iperf && iperf_start() != 0)) {
    fprintf(stderr, "tapdemo: cannot start the services\n");
    return 1;
  }
  printf("tapdemo: lwIP %s ready on %d interface%s\n", LWIP_VERSION_STRING, n_netifs,
         n_netifs == 1 ? "" : "s");
  fflush(stdout);

  started = sys_now();
  while (!stop_signal) {
    u32_t sleep_ms = sys_timeouts_sleeptime();
    struct timespec timeout;

    if (duration != 0) {
      u32_t elapsed = sys_now() - started;
      if (elapsed >= duration * 1000u) {
        break;
      }
      sleep_ms = LWIP_MIN(sleep_ms, duration * 1000u - elapsed);
    }
    timeout.tv_sec = sleep_ms / 1000u;
    timeout.tv_nsec = (long)(sleep_ms % 1000u) * 1000000L;
    if (ppoll(fds, (nfds_t)n_netifs, &timeout, &unblocked) < 0 && errno != EINTR) {
      perror("tapdemo: ppoll");
      return 1;
    }
    for (i = 0; i < n_netifs; i++) {
      if (fds[i].revents & POLLIN) {
        tapif_poll(&netifs[i]);
      }
    }
    sys_check_timeouts();
  }

  printf("tapdemo: stopped (%s)", stop_signal == SIGINT ? "SIGINT" :
         stop_signal == SIGTERM ? "SIGTERM" : "duration reached");
  for (i = 0; i < n_netifs; i++) {
    printf("; %s%s%s: rx %lu frames (%lu dropped), tx %lu (%lu errors)", cfg[i].tap,
           cfg[i].netns[0] ? "@" : "", cfg[i].netns,
           taps[i].rx_frames, taps[i].rx_drops, taps[i].tx_frames, taps[i].tx_errors);
    netif_remove(&netifs[i]);
    close(taps[i].fd);
  }
  printf("; udp echoed %lu datagrams, %lu bytes (%lu send errors); tcp %lu connections, echoed %lu bytes, discarded %lu bytes\n",
         service_counts.udp_datagrams, service_counts.udp_bytes, service_counts.udp_errors, service_counts.tcp_connections,
         service_counts.tcp_echoed, service_counts.tcp_discarded);
  print_counters();
  return 0;
}
