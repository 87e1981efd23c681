# SPDX-License-Identifier: BSD-3-Clause
# What the tests share: the one RFC 1071 reference, the Check runner and the
# echo services, for the test programs of every folder.

TEST_COMMON_REFERENCE_SRC := test/product/common/rfc1071.c
TEST_COMMON_CHECK_SRC := test/product/common/check_runner.c
TEST_COMMON_SERVICES_SRC := test/product/common/echo_services.c
TEST_COMMON_CFLAGS := -Itest/product/common
