# SPDX-License-Identifier: BSD-3-Clause
# fastsum sources for a port's Makefile, in the manner of lwIP's Filelists.mk.
# Set FASTSUMDIR to this folder (the one holding fastsum.c) before including:
#
#   FASTSUMDIR := path/to/lwip-fastsum/src
#   include $(FASTSUMDIR)/Filelists.mk
#   SRCS   += $(FASTSUMFILES)
#   CFLAGS += -I$(FASTSUMINCLUDE)
#
# Every file compiles on every target and is empty unless the compiler targets
# its CPU, so the list is the whole folder but for fastsum_impls.c: the table
# of every path, for tests and benchmarks (FASTSUMIMPLSFILES; they also add
# -I$(FASTSUMDIR) for fastsum_private.h).

FASTSUMIMPLSFILES := $(FASTSUMDIR)/fastsum_impls.c
FASTSUMFILES := $(filter-out $(FASTSUMIMPLSFILES),$(sort $(wildcard $(FASTSUMDIR)/fastsum*.c)))
FASTSUMINCLUDE := $(FASTSUMDIR)/include
