/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Receive checksum state tests (docs/testing.md): Check suites on the
 * driver model of driver.h.
 */
#ifndef RXCSUM_H
#define RXCSUM_H

#include <check.h>

#include "driver.h"

Suite *rx_suite_offload(void);
#if LWIP_CHECKSUM_CHECK_PER_PBUF
Suite *rx_suite_states(void);
Suite *rx_suite_netif_helper(void);
#endif

#endif /* RXCSUM_H */
