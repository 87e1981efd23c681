# fastsum sources for a port's Makefile, in the manner of lwIP's Filelists.mk.
# Set FASTSUMDIR to this folder (the one holding fastsum.c) before including:
#
#   FASTSUMDIR := path/to/lwip-fastsum/src
#   include $(FASTSUMDIR)/Filelists.mk
#   SRCS   += $(FASTSUMFILES)
#   CFLAGS += -I$(FASTSUMINCLUDE)
#
# Every file compiles on every target and is empty unless the compiler targets
# its CPU, so the list is the whole folder.

FASTSUMFILES := $(sort $(wildcard $(FASTSUMDIR)/fastsum*.c))
FASTSUMINCLUDE := $(FASTSUMDIR)/include
