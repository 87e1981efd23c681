/* SPDX-License-Identifier: BSD-3-Clause */
/* config.h for lwIP's test/unit (lwip_check.h includes it).
 * Build with -DLWIP_UNITTESTS_NOFORK to run every test in one process,
 * which makes debugging (gdb, valgrind) simpler. */
