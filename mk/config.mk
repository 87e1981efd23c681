# Paths, compilers, flags and the Debian packages the host builds need.

BUILD := build

.SECONDEXPANSION:
TOP := $(CURDIR)

# Two cores on CI: build in parallel, keep each target's output together.
ifeq ($(filter -j%,$(MAKEFLAGS)),)
MAKEFLAGS += -j$(shell nproc) --output-sync=target
endif

ifneq ($(V),1)
Q := @
endif

CC := $(if $(filter default,$(origin CC)),cc,$(CC))
OPT_CFLAGS ?= -O2 -g
WARN_CFLAGS := -Wall -Wextra -Werror
PORT_INCLUDES := -I$(TOP)/lwip-port/include -I$(TOP)/lwip-port/common
UNITTEST_INCLUDES := -I$(TOP)/lwip-port/unittest

# Check's flags are read when a recipe runs, after deps-host installed it.
CHECK_CFLAGS = $(shell pkg-config --cflags check)
CHECK_LIBS = $(shell pkg-config --libs check)

# Goals that need no lwIP tree (no fetch, no generated makefiles).
NO_LWIP_GOALS := clean help apply revert

# Debian packages per area: `deps-NAME` installs PKGS_NAME (as root) or
# stops with the apt-get command to run.
PKGS_host := check pkg-config make gcc xz-utils
deps-%:
	$(Q)$(TOP)/mk/need-pkgs.sh $(PKGS_$*)
