# SPDX-License-Identifier: BSD-3-Clause
# make install / make uninstall: libfastsum.a, the public headers
# (src/include/*.h), fastsum.pc for pkg-config and a CMake package
# (find_package(fastsum) gives fastsum::fastsum), in the GNU layout:
#
#   make install PREFIX=/usr DESTDIR=/tmp/root
#
# PREFIX (or prefix) defaults to /usr/local; exec_prefix, libdir, includedir,
# pkgconfigdir and cmakedir can each be set. Nothing here needs lwIP.
# fastsum.pc names its directories through ${prefix}, the CMake package
# relative to its own file: both work from a DESTDIR (pkg-config with
# PKG_CONFIG_SYSROOT_DIR, CMake with CMAKE_PREFIX_PATH).

GOAL_AREAS_install := host
GOAL_AREAS_uninstall :=

PREFIX ?= /usr/local
prefix ?= $(PREFIX)
exec_prefix ?= $(prefix)
libdir ?= $(exec_prefix)/lib
includedir ?= $(prefix)/include
pkgconfigdir ?= $(libdir)/pkgconfig
cmakedir ?= $(libdir)/cmake/fastsum
INSTALL ?= install
INSTALL_DATA ?= $(INSTALL) -m 644

FASTSUM_PUBLIC_HEADERS := $(wildcard src/include/*.h)
# The version is the newest release's in CHANGELOG.md (its heading
# "## [X.Y.Z] - DATE"): cutting a release there is the one edit that sets it.
changelog_release = $(shell sed -n 's/^\#\# \[\([0-9][0-9.]*\)\] - .*/\1/p' CHANGELOG.md | head -n 1)
FASTSUM_VERSION = $(or $(changelog_release),$(error CHANGELOG.md names no release: no heading [X.Y.Z] - DATE))
# a directory as the .pc file writes it: under ${prefix} where it is
pc_dir = $(patsubst $(prefix)/%,$${prefix}/%,$1)
cmake_rel = $(shell realpath -m --relative-to=$(cmakedir) $1)

.PHONY: install uninstall
install: $(FASTSUM_LIB) ## install libfastsum.a, the headers, fastsum.pc, the CMake package (PREFIX, DESTDIR)
	$(INSTALL) -d $(DESTDIR)$(libdir) $(DESTDIR)$(includedir) $(DESTDIR)$(pkgconfigdir) $(DESTDIR)$(cmakedir)
	$(INSTALL_DATA) $(FASTSUM_LIB) $(DESTDIR)$(libdir)/libfastsum.a
	$(INSTALL_DATA) $(FASTSUM_PUBLIC_HEADERS) $(DESTDIR)$(includedir)
	sed -e 's|@prefix@|$(prefix)|' -e 's|@libdir@|$(call pc_dir,$(libdir))|' \
	  -e 's|@includedir@|$(call pc_dir,$(includedir))|' -e 's|@version@|$(FASTSUM_VERSION)|' \
	  -e '/^# SPDX/d' pkg/fastsum.pc.in > $(DESTDIR)$(pkgconfigdir)/fastsum.pc
	sed -e 's|@libdir_rel@|$(call cmake_rel,$(libdir))|' -e 's|@includedir_rel@|$(call cmake_rel,$(includedir))|' \
	  pkg/fastsum-config.cmake.in > $(DESTDIR)$(cmakedir)/fastsum-config.cmake
	sed -e 's|@version@|$(FASTSUM_VERSION)|' \
	  pkg/fastsum-config-version.cmake.in > $(DESTDIR)$(cmakedir)/fastsum-config-version.cmake

uninstall: ## remove what make install installed (same PREFIX, DESTDIR)
	rm -f $(DESTDIR)$(libdir)/libfastsum.a $(addprefix $(DESTDIR)$(includedir)/,$(notdir $(FASTSUM_PUBLIC_HEADERS))) \
	  $(DESTDIR)$(pkgconfigdir)/fastsum.pc $(DESTDIR)$(cmakedir)/fastsum-config.cmake \
	  $(DESTDIR)$(cmakedir)/fastsum-config-version.cmake
	rmdir $(DESTDIR)$(cmakedir) 2>/dev/null || true
