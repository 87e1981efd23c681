/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Start-up for the bare-metal test programs (make baremetal-test), run
 * before main by picolibc's crt0: on ARMv7-M and ARMv8-M Mainline, every
 * unaligned word or halfword access traps from here on (CCR.UNALIGN_TRP),
 * as on ARMv6-M (Cortex-M0/M0+) and ARMv8-M Baseline, where it always
 * does. A trap ends the run through picolibc's fault handler (it prints the
 * registers and exits with a failure).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#if defined(__ARM_ARCH_PROFILE) && __ARM_ARCH_PROFILE == 'M'
/* System Control Block, Configuration and Control Register (ARMv7-M ARM
 * B3.2.8, ARMv8-M ARM D1.2.17; on ARMv6-M, B3.2.8 of its ARM, read-only
 * with UNALIGN_TRP set) */
#define SCB_CCR (*(volatile uint32_t *)0xe000ed14u)
#define SCB_CCR_UNALIGN_TRP (1u << 3)
#endif

static void __attribute__((constructor))
board_init(void)
{
#ifdef SCB_CCR
  /* also for ARMv6-M code: it may run on an ARMv7-M core (the packet
   * test's Cortex-M0 build, test/product/baremetal/Dir.mk), where it traps only so */
  SCB_CCR |= SCB_CCR_UNALIGN_TRP;
  if (!(SCB_CCR & SCB_CCR_UNALIGN_TRP)) {
    printf("error: CCR.UNALIGN_TRP does not stay set\n");
    exit(1);
  }
  printf("unaligned accesses trap: CCR.UNALIGN_TRP set\n");
#else
  printf("unaligned accesses: no trap on this core\n");
#endif
}
