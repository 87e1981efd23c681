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
# its CPU, so the list is the whole folder but for two files: fastsum_impls.c,
# the table of every path, for tests and benchmarks (FASTSUMIMPLSFILES; they
# also add -I$(FASTSUMDIR) for fastsum_private.h), and fastsum_netif.c, the
# receive helper for netif drivers (FASTSUMNETIFFILES), which needs lwIP's
# headers and the port's lwipopts.h:
#
#   SRCS += $(FASTSUMNETIFFILES)

FASTSUMIMPLSFILES := $(FASTSUMDIR)/fastsum_impls.c
FASTSUMNETIFFILES := $(FASTSUMDIR)/fastsum_netif.c
FASTSUMFILES := $(filter-out $(FASTSUMIMPLSFILES) $(FASTSUMNETIFFILES),$(sort $(wildcard $(FASTSUMDIR)/fastsum*.c)))
FASTSUMINCLUDE := $(FASTSUMDIR)/include
