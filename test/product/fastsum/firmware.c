/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A bare-metal firmware that calls only fastsum_chksum, linked from
 * libfastsum.a without --gc-sections: `make fastsum-one-path` checks with nm
 * that it holds exactly one checksum path (the table of every path,
 * fastsum_impls.c, stays out).
 */
#include "fastsum.h"

void reset_handler(void);

static const uint8_t ipv4_header[20] = {
  0x45, 0x00, 0x00, 0x54, 0x12, 0x34, 0x40, 0x00, 0x40, 0x01,
  0x00, 0x00, 0xc0, 0xa8, 0x00, 0x01, 0xc0, 0xa8, 0x00, 0x02
};

volatile uint16_t header_sum;

void
reset_handler(void)
{
  header_sum = fastsum_chksum(ipv4_header, (int)sizeof(ipv4_header));
  for (;;) {
  }
}
