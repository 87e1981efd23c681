/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * mps2demo: lwIP bare metal on ARM's MPS2 boards (the AN385 and AN386
 * images, Cortex-M3 and M4; AN505, Cortex-M33) as qemu-system-arm emulates
 * them, on the boards' LAN9118 Ethernet controller: answers ping, echoes UDP
 * and TCP and discards TCP, as contrib/tapdemo does on a Linux TAP device.
 * NO_SYS main loop polling the controller, asleep (WFI) while nothing is
 * to be done; lwIP's clock is SysTick; picolibc's semihosting brings the
 * command line, prints and exits. See docs/interop.md.
 */
#include "echo_services.h"
#include "lan9118if.h"

#include "lwip/init.h"
#include "lwip/ip4_addr.h"
#include "lwip/netif.h"
#include "lwip/stats.h"
#include "lwip/timeouts.h"
#include "netif/ethernet.h"

#include <semihost.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Where each board has its Ethernet controller and the controller's
 * interrupt, and its CPU clock (which SysTick counts). The AN505 starts in
 * the secure state: the controller's secure alias, as its secure boot code
 * would use; its IRQs from the FPGA start at 32. */
#if defined(MPS2DEMO_AN505)
#define MPS2DEMO_LAN9118   0x52000000u
#define MPS2DEMO_LAN9118_IRQ 48
#define MPS2DEMO_CLOCK_HZ  20000000u
#elif defined(MPS2DEMO_AN385) || defined(MPS2DEMO_AN386)
#define MPS2DEMO_LAN9118   0x40200000u
#define MPS2DEMO_LAN9118_IRQ 13
#define MPS2DEMO_CLOCK_HZ  25000000u
#else
#error "mps2demo: name the board: -DMPS2DEMO_AN385, -DMPS2DEMO_AN386 or -DMPS2DEMO_AN505"
#endif

/* SysTick (ARMv7-M ARM B3.3, ARMv8-M ARM B11.1): a 24-bit down-counter */
#define SYST_CSR (*(volatile u32_t *)0xe000e010u)
#define SYST_RVR (*(volatile u32_t *)0xe000e014u)
#define SYST_CVR (*(volatile u32_t *)0xe000e018u)
#define SYST_CSR_ENABLE    (1u << 0)
#define SYST_CSR_CPUCLOCK  (1u << 2)
#define SYST_MAX           0xffffffu
/* NVIC interrupt set-enable and clear-pending registers */
#define NVIC_ISER(irq) (*(volatile u32_t *)(0xe000e100u + 4u * ((irq) / 32u)))
#define NVIC_ICPR(irq) (*(volatile u32_t *)(0xe000e280u + 4u * ((irq) / 32u)))
#define NVIC_BIT(irq)  (1u << ((irq) % 32u))

/* The stop file is looked at this often, in milliseconds; no sleep is
 * longer (nor as long as SysTick's wrap, 0.67 s at 25 MHz, which sys_now()
 * must see). */
#define MPS2DEMO_STOP_POLL 100

static const char usage[] =
  "usage: mps2demo --netif NAME,ADDR/PREFIX[,mtu=N] [options]\n"
  "lwIP " LWIP_VERSION_STRING " bare metal on an MPS2 board's LAN9118: answers ping,\n"
  "echoes UDP and TCP, discards TCP. The arguments come by semihosting\n"
  "(qemu-system-arm -append).\n"
  "\n"
  "  --netif SPEC        the controller's interface: NAME its name in the report\n"
  "                      (the link), lwIP's IPv4 address ADDR/PREFIX, IP MTU N\n"
  "                      (default 1500)\n"
  "  --duration SECONDS  stop by itself after SECONDS (default 0: no limit)\n"
  "  --stop-file PATH    stop once the host file PATH (opened by semihosting at\n"
  "                      the start, so it must exist) is no longer empty\n"
  "  --help              this text\n"
  "\n"
  "Stops cleanly and prints what it did; exit status (semihosting): 0 when\n"
  "stopped, 1 when the controller does not answer, 2 for bad options.\n";

static void bad_usage(const char *what, const char *arg) __attribute__((noreturn));

static void
bad_usage(const char *what, const char *arg)
{
  printf("mps2demo: %s '%s' (see --help)\n", what, arg);
  exit(2);
}

static unsigned long
parse_number(const char *text, unsigned long max, const char *what)
{
  char *end;
  unsigned long value = strtoul(text, &end, 10);

  if (end == text || *end != '\0' || text[0] == '-' || value > max) {
    bad_usage(what, text);
  }
  return value;
}

/* NAME,ADDR/PREFIX[,mtu=N] */
static void
parse_netif(char *spec, char *name, size_t name_size, ip4_addr_t *addr, ip4_addr_t *mask, u16_t *mtu)
{
  char *comma = strchr(spec, ',');
  char *slash, *opt;
  unsigned long prefix;

  if (comma == NULL || comma == spec || (size_t)(comma - spec) >= name_size) {
    bad_usage("bad --netif", spec);
  }
  memcpy(name, spec, (size_t)(comma - spec));
  name[comma - spec] = '\0';
  opt = strchr(comma + 1, ',');
  if (opt != NULL) {
    *opt++ = '\0';
    if (strncmp(opt, "mtu=", 4) != 0) {
      bad_usage("unknown --netif setting", opt);
    }
    *mtu = (u16_t)parse_number(opt + 4, 1500, "bad MTU");
    if (*mtu < 576) {
      bad_usage("MTU below IPv4's minimum of 576", opt + 4);
    }
  }
  slash = strchr(comma + 1, '/');
  if (slash == NULL) {
    bad_usage("--netif address without /PREFIX", comma + 1);
  }
  *slash = '\0';
  if (!ip4addr_aton(comma + 1, addr)) {
    bad_usage("bad --netif address", comma + 1);
  }
  prefix = parse_number(slash + 1, 32, "bad --netif prefix length");
  if (prefix == 0) {
    bad_usage("bad --netif prefix length", slash + 1);
  }
  ip4_addr_set_u32(mask, lwip_htonl(0xffffffffUL << (32 - prefix)));
}

/* lwIP's clock for NO_SYS: milliseconds, wrapping. SysTick wraps every
 * 0.67 s at 25 MHz; the main loop reads it far more often. */
static unsigned long long systick_ticks;
static u32_t systick_last;

static void
systick_start(void)
{
  SYST_RVR = SYST_MAX;
  SYST_CVR = 0;
  SYST_CSR = SYST_CSR_ENABLE | SYST_CSR_CPUCLOCK;
  systick_last = SYST_CVR;
}

u32_t
sys_now(void)
{
  u32_t now = SYST_CVR;

  systick_ticks += (systick_last - now) & SYST_MAX;
  systick_last = now;
  return (u32_t)(systick_ticks / (MPS2DEMO_CLOCK_HZ / 1000u));
}

int
main(int argc, char **argv)
{
  static struct lan9118if lan;
  static struct netif netif;
  char name[64] = "";
  ip4_addr_t addr, mask;
  u16_t mtu = 1500;
  unsigned long duration = 0, lost = 0;
  const char *stop_path = NULL, *why;
  int stop_fd = -1, i;
  u32_t started, last_stop_poll;

  ip4_addr_set_zero(&addr);
  ip4_addr_set_zero(&mask);
  /* picolibc's argv[0] is a placeholder; the semihosting command line
   * starts with the image's name (qemu: -kernel's, then -append's words) */
  i = (argc > 1 && argv[1][0] != '-') ? 2 : 1;
  for (; i < argc; i++) {
    if (strcmp(argv[i], "--help") == 0) {
      fputs(usage, stdout);
      return 0;
    }
    if (i + 1 == argc) {
      bad_usage("unknown option or one without its argument", argv[i]);
    }
    if (strcmp(argv[i], "--netif") == 0) {
      parse_netif(argv[++i], name, sizeof(name), &addr, &mask, &mtu);
    } else if (strcmp(argv[i], "--duration") == 0) {
      duration = parse_number(argv[++i], 24ul * 3600, "bad --duration");
    } else if (strcmp(argv[i], "--stop-file") == 0) {
      stop_path = argv[++i];
    } else {
      bad_usage("unknown option", argv[i]);
    }
  }
  if (name[0] == '\0') {
    bad_usage("no --netif given", argc > 1 ? argv[1] : "");
  }
  if (stop_path != NULL) {
    stop_fd = sys_semihost_open(stop_path, 0); /* "r" */
    if (stop_fd < 0) {
      bad_usage("cannot open --stop-file", stop_path);
    }
  }

  systick_start();
  /* The controller's interrupt wakes the CPU from WFI; masked (PRIMASK),
   * it is never taken: no handler, the main loop does the work. */
  __asm__ volatile ("cpsid i" ::: "memory");
  NVIC_ISER(MPS2DEMO_LAN9118_IRQ) = NVIC_BIT(MPS2DEMO_LAN9118_IRQ);
  lwip_init();
  lan.base = MPS2DEMO_LAN9118;
  lan.mtu = mtu;
  if (netif_add(&netif, &addr, &mask, IP4_ADDR_ANY4, &lan, lan9118if_init, ethernet_input) == NULL) {
    printf("mps2demo: no LAN9118 at 0x%08lx\n", (unsigned long)lan.base);
    return 1;
  }
  netif_set_default(&netif);
  netif_set_up(&netif);
  if (lan9118if_link_up(&netif)) {
    netif_set_link_up(&netif);
  }
  if (udp_echo_start(7) != 0 || tcp_echo_start(7) != 0 || tcp_discard_start(9) != 0) {
    printf("mps2demo: cannot start the services\n");
    return 1;
  }
  printf("mps2demo: lwIP %s ready on %s, %s, MAC %02x:%02x:%02x:%02x:%02x:%02x, link %s\n",
         LWIP_VERSION_STRING, name, ip4addr_ntoa(&addr), netif.hwaddr[0], netif.hwaddr[1],
         netif.hwaddr[2], netif.hwaddr[3], netif.hwaddr[4], netif.hwaddr[5],
         netif_is_link_up(&netif) ? "up" : "down");
  fflush(stdout);

  started = last_stop_poll = sys_now();
  for (;;) {
    u32_t now;

    if (lan9118if_poll(&netif) == 0) {
      /* nothing came: asleep until a frame does or lwIP's next timeout.
       * Under qemu, polling on for a few milliseconds instead loses more
       * of the kernel's frames, not fewer (a busy emulated CPU takes host
       * time from qemu's thread that fills the receive FIFO). */
      NVIC_ICPR(MPS2DEMO_LAN9118_IRQ) = NVIC_BIT(MPS2DEMO_LAN9118_IRQ);
      if (lan9118if_arm(&netif, LWIP_MIN(sys_timeouts_sleeptime(), MPS2DEMO_STOP_POLL))) {
        __asm__ volatile ("wfi" ::: "memory");
      }
    }
    sys_check_timeouts();
    now = sys_now();
    if (duration != 0 && now - started >= duration * 1000u) {
      why = "duration reached";
      break;
    }
    if (stop_fd >= 0 && now - last_stop_poll >= MPS2DEMO_STOP_POLL) {
      last_stop_poll = now;
      if (sys_semihost_flen(stop_fd) > 0) {
        why = "stop file";
        break;
      }
    }
    if (!netif_is_link_up(&netif) && lan9118if_link_up(&netif)) {
      netif_set_link_up(&netif);
    }
  }

  /* lwIP's last frames (a reset for each connection still open) go out
   * as the netif goes: counted before the counters are printed */
  lost = lan9118if_lost(&netif);
  netif_remove(&netif);
  printf("mps2demo: stopped (%s); %s: rx %lu frames (%lu dropped), tx %lu (%lu errors); "
         "udp echoed %lu datagrams, %lu bytes (%lu send errors); tcp %lu connections, "
         "echoed %lu bytes, discarded %lu bytes; the controller counted %lu frames lost (RX_DROP); "
         "%lu frames with a complete sum; lwIP received %lu IPv4 packets, checksum errors: "
         "IP %lu, ICMP %lu, UDP %lu, TCP %lu\n",
         why, name, lan.rx_frames, lan.rx_drops, lan.tx_frames, lan.tx_errors,
         service_counts.udp_datagrams, service_counts.udp_bytes, service_counts.udp_errors,
         service_counts.tcp_connections, service_counts.tcp_echoed, service_counts.tcp_discarded, lost,
         lan.rx_complete, (unsigned long)lwip_stats.ip.recv, (unsigned long)lwip_stats.ip.chkerr,
         (unsigned long)lwip_stats.icmp.chkerr, (unsigned long)lwip_stats.udp.chkerr,
         (unsigned long)lwip_stats.tcp.chkerr);
  return 0;
}
