# SPDX-License-Identifier: BSD-3-Clause
# Paths, compilers, flags and the Debian packages the host builds need.

BUILD := build

.SECONDEXPANSION:
TOP := $(CURDIR)

# make -n (--dry-run) prints what would run and runs nothing: no package is
# installed (mk/packages.mk), no lwIP tree fetched (mk/lwip.mk). A recipe
# line that runs a make of its own (a test script) starts with $(RECURSE):
# `+`, so that it shares the job slots, and nothing under make -n, so that it
# is printed, not run; it names make as $(MAKE_COMMAND) (a line naming
# $(MAKE) would run under make -n).
DRY_RUN := $(findstring n,$(firstword -$(MAKEFLAGS)))
RECURSE := $(if $(DRY_RUN),,+)

# -j is yours to choose (make -j2 test on two cores); with it, each target's
# output is kept together (but make fresh-test's: one long recipe, its
# progress shown as it goes).
ifeq ($(filter fresh-test,$(MAKECMDGOALS)),)
MAKEFLAGS += --output-sync=target
endif

ifneq ($(V),1)
Q := @
endif

CC := $(if $(filter default,$(origin CC)),cc,$(CC))
OPT_CFLAGS ?= -O2 -g
WARN_CFLAGS := -Wall -Wextra -Werror
PORT_INCLUDES := -I$(TOP)/lwip-port/include -I$(TOP)/lwip-port/common

# Check times each forked test by the wall clock, 4 s by default, and a
# machine busy with other builds makes passing tests reach that (lwIP's
# TCP and MDNS tests on two cores). So every Check program that make or
# its scripts start, lwIP's own runners and qemu-user's included, runs
# without timeout: 0 is none, and the multiplier 0 turns off also what a
# test case sets with tcase_set_timeout (lwIP's, a vendor's tree's).
export CK_DEFAULT_TIMEOUT := 0
export CK_TIMEOUT_MULTIPLIER := 0

# What comes from a package is asked when a recipe needs it, never while
# make reads its makefiles: `make deps` installs the packages after that
# (mk/packages.mk). Check's flags are asked each time (make also expands a
# program's NAME_LIBS before deps runs, for the files among them); the
# compiler's target once, when a recipe first needs it.
CHECK_CFLAGS = $(shell pkg-config --cflags check 2>/dev/null)
CHECK_LIBS = $(shell pkg-config --libs check 2>/dev/null)
CC_MACHINE = $(eval CC_MACHINE := $(shell $(CC) -dumpmachine 2>/dev/null))$(CC_MACHINE)

# Code layout: everything timed (test/measure/bench/) is compiled with
# functions and loops aligned alike, and on x86 with the assembler keeping
# every jump off a 32-byte boundary (Intel's jump-conditional-code erratum
# mitigation: a jump across one runs slower on Skylake-derived cores), so
# that two builds differ in their code, not in where a branch happened to
# fall. docs/benchmarks.md says why.
BENCH_JCC_CFLAGS = $(eval BENCH_JCC_CFLAGS := $(shell $(CC) -Wa,-mbranches-within-32B-boundaries \
  -x c -c /dev/null -o /dev/null 2>/dev/null && echo -Wa,-mbranches-within-32B-boundaries))$(BENCH_JCC_CFLAGS)
BENCH_LAYOUT_CFLAGS = -falign-functions=64 -falign-loops=32 $(BENCH_JCC_CFLAGS)

# Goals that need no lwIP tree (no fetch, no generated makefiles).
NO_LWIP_GOALS := clean help deps deps-% apply revert lib fresh-test install uninstall install-test

# The Debian packages of the host builds (mk/packages.mk installs them).
PKGS_host := check pkg-config make gcc libc6-dev xz-utils

# Flags are part of the build: each build directory keeps the compiler and
# flags it was built with in a stamp that every object depends on.
# $(call flags_stamp,FILE,TEXT) writes TEXT to FILE only when it differs, so
# a change of CC or OPT_CFLAGS rebuilds, and nothing else does.
.PHONY: FORCE
flags_stamp = mkdir -p $(dir $1) && printf '%s\n' '$(subst ','\'',$2)' > $1.tmp && \
  if cmp -s $1.tmp $1; then rm -f $1.tmp; else mv $1.tmp $1; fi
