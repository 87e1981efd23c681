#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# lwip-filelists.sh KEY TREE: print Make assignments of the source lists of the
# lwIP tree at TREE (from its own Filelists.mk files), relative to TREE, for
# the build key KEY:
#   LWIP_SRC_KEY   the stack without apps, plus the apps the unit tests use
#                  (SNTP: NXP's DHCPv6 tests set its servers)
#   LWIP_TESTS_KEY the stock unit tests (test/unit)
# The 2.1.3 tarball has CRLF line endings, which Make cannot read: strip them.
set -eu
key=$1 tree=$(cd "$2" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tr -d '\r' < "$tree/src/Filelists.mk" > "$tmp/src.mk"
tr -d '\r' < "$tree/test/unit/Filelists.mk" > "$tmp/test.mk"
cat > "$tmp/print.mk" <<EOS
LWIPDIR := src
include $tmp/src.mk
include $tmp/test.mk
\$(info LWIP_SRC_$key := \$(LWIPNOAPPSFILES) \$(MDNSFILES) \$(MQTTFILES) \$(SNTPFILES))
\$(info LWIP_TESTS_$key := \$(patsubst src/../%,%,\$(TESTFILES)))
all: ;
EOS
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s --no-print-directory -f "$tmp/print.mk"
