# SPDX-License-Identifier: BSD-3-Clause
# lwip-fastsum: the only entry point, a table of contents. mk/ holds the
# build engine: the configuration, the lwIP trees, the library, the other
# CPUs' tools, how a program is declared and built, the programs several
# tests share, the packages; each folder of test/ holds a test's sources and
# its fragment, Dir.mk, which declares its programs and tests. `make help`
# lists the targets, README.md says what the project is.
#
#   make          fetch and build everything, print the report
#   make check    the quick tests: unit-variants, differential, packet, apply
#   make test     every test: make check, then cross, fuzz, lint, ...
#
# Useful variables: LWIP_DIR=/path/to/lwip (use your own tree, fetch nothing),
# LWIP_TARBALL=/path/to/lwip_X.Y.Z+dfsg1.orig.tar.xz, CC, OPT_CFLAGS,
# V=1 (show commands).

.DEFAULT_GOAL := all

include mk/config.mk                    # paths, compilers, flags, Debian packages
include mk/lwip.mk                      # lwIP trees, option variants
include mk/patches.mk                   # the patch series: apply, revert, patched trees
include mk/libfastsum.mk                # the checksum module: its sources, libfastsum.a
include mk/install.mk                   # make install/uninstall: library, headers, pkg-config, CMake package
include mk/targets.mk                   # the other CPUs: cross compilers, qemu, bare-metal cores
include mk/programs.mk                  # how a program is declared; its rules, written once; captures
include mk/templates.mk                 # what tests share: common sources, programs several folders build

# test/product/: what the project ships does what it should
include test/product/fastsum/Dir.mk     # fastsum's differential tests
include test/product/unit/Dir.mk        # unit-variants: lwIP's unit tests on every tree and option variant
include test/product/series-tests/Dir.mk # the series' tests: failing on pristine lwIP, more checks patched, lwIP's own runner
include test/product/pktest/Dir.mk      # inline vs function-call: byte-identical packets
include test/product/apply/Dir.mk       # make apply and make revert on copies of the lwIP trees
include test/product/option-combos/Dir.mk # the patched files in every option combination
include test/product/fuzz/Dir.mk        # hostile input: the fuzz targets
include test/product/badinput/Dir.mk    # hostile input: the bad-input table
include test/product/interop/Dir.mk     # the Linux kernel as a peer, over TAP devices; iperf against lwiperf
include test/product/lwip-build-systems/Dir.mk # lwIP's own Make/CMake builds and iteropts.sh with fastsum
include test/product/cross/Dir.mk       # big-endian, strict-alignment CPUs under qemu-user
include test/product/tcpstress/Dir.mk   # TCP under loss and zero windows: every checksum on the wire, both streams intact
include test/product/baremetal/Dir.mk   # microcontroller cores under qemu-system
include test/product/interop-mcu/Dir.mk # the interop run on MPS2 boards under qemu-system, LAN9118 on TAP
include test/product/lint/Dir.mk        # cppcheck, clang-tidy, valgrind on the project's code
include test/product/proofs/Dir.mk      # CBMC proofs of the checksum code, each shown failing on planted bugs
include test/product/rxcsum/Dir.mk      # the receive checksum state: every state as software verification

# test/measure/: numbers (make test asserts only the count limits)
include test/measure/bench/Dir.mk       # benchmarks and the report `make` prints
include test/measure/bench/peers/Dir.mk # fastsum beside Linux's and DPDK's checksums
include test/measure/count/Dir.mk       # executed instructions per checksum and per IPv4 header
include test/measure/packets/Dir.mk     # executed instructions per packet: lwIP stock and with fastsum
include test/measure/size/Dir.mk        # code size on Cortex-M, rv32imc and lx106

# test/build/: the build itself, make install, a bare machine
include test/build/flags/Dir.mk         # a change of flags reaches the compiler
include test/build/install/Dir.mk       # make install into a temporary root, three consumers
include test/build/fresh/Dir.mk         # make fresh-test: make and make test on a bare Debian root

include mk/packages.mk                  # last: make deps, the Debian packages the goals need, installed first

# The rules of every program and capture comparison declared above.
$(foreach p,$(PROGRAMS),$(eval $(call program_rules,$p)))
$(foreach c,$(CAPTURE_COMPARISONS),$(eval $(call capture_comparison_rules,$c)))

.PHONY: all check test help clean

all: deps $(ALL_TARGETS) ## build everything and print the report
	@echo "built: $(ALL_TARGETS)"
	$(Q)$(ALL_REPORT)

check: deps $(CHECK_TARGETS) ## the quick tests: lwIP's unit tests, differential, packet, bad-input and apply tests
	@echo "make check: all passed: $(CHECK_TARGETS)"

test: deps check $(TEST_TARGETS) ## run every test: make check, proofs, cross, bare metal, count limits, fuzz smoke, lint, valgrind, interop
	@echo "make test: all passed: $(CHECK_TARGETS) $(TEST_TARGETS)"

help: ## list the targets
	@grep -hE '^[a-zA-Z0-9_%-]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/' | \
	  awk -F'\t' '{ printf "  %-14s %s\n", $$1, $$2 }'

clean: ## remove build/ (fetched trees, objects, reports)
	rm -rf $(BUILD)
