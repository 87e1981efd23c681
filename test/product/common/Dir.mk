# SPDX-License-Identifier: BSD-3-Clause
# What the tests share: the one RFC 1071 reference, the packet builder, the
# harness around lwIP (fake clock, capture netifs, leak check), the Check
# runner, Check's API where there is no Check, and the echo services, for
# the test programs of every folder.

TEST_COMMON_REFERENCE_SRC := test/product/common/rfc1071.c
TEST_COMMON_PACKETS_SRC := test/product/common/packets.c $(TEST_COMMON_REFERENCE_SRC)
TEST_COMMON_HARNESS_SRC := test/product/common/stack_harness.c
TEST_COMMON_CHECK_SRC := test/product/common/check_runner.c
# Check's API for programs built without Check (nocheck/check.h)
TEST_COMMON_NOCHECK_SRC := test/product/common/nocheck/check.c
TEST_COMMON_NOCHECK_CFLAGS := -I$(TOP)/test/product/common/nocheck
TEST_COMMON_SERVICES_SRC := test/product/common/echo_services.c
TEST_COMMON_CFLAGS := -Itest/product/common
