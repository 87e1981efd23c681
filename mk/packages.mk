# SPDX-License-Identifier: BSD-3-Clause
# Packages: `make deps` installs the Debian packages the requested goals need,
# before make builds anything. Included last, once every fragment has named
# its packages in PKGS_<area>.
#
# As root mk/need-pkgs.sh installs what is missing (apt-get,
# --no-install-recommends: every package a build needs is named, recommends
# included); otherwise make stops at once with the one `apt-get install -y ...`
# line to run. Under make -n deps installs nothing: it prints the line naming
# what is missing, if anything is, and make goes on. `make deps-<area>`
# installs one area's packages by hand.

PKGS_AREAS := $(sort $(patsubst PKGS_%,%,$(filter PKGS_%,$(.VARIABLES))))

# The areas each goal uses: GOAL_AREAS_<goal>, here for the goals of the
# Makefile and of mk/, in each test folder's Dir.mk for its goals. A goal
# with none (make test, file targets, per-test targets) uses every area but
# those a fragment adds to ONLY_NAMED_AREAS (the benchmarks, make
# fresh-test).
PKGS_AREAS_DEFAULT := $(filter-out $(ONLY_NAMED_AREAS),$(PKGS_AREAS))
GOAL_AREAS_clean :=
GOAL_AREAS_help :=
GOAL_AREAS_lib := host
GOAL_AREAS_lwip := host
GOAL_AREAS_apply := patches
GOAL_AREAS_revert := patches
GOAL_AREAS_patched := host patches
GOAL_AREAS_check := host patches
GOAL_AREAS_all := host patches bench

# (make deps-<area> installs what its recipe names, nothing else)
goal_areas = $(if $(filter deps-%,$1),,$(if $(filter undefined,$(origin GOAL_AREAS_$1)),$(PKGS_AREAS_DEFAULT),$(GOAL_AREAS_$1)))
# The interop tests run only as root (they skip otherwise): their packages
# are needed only there.
PKGS_ROOT_ONLY := interop
PKGS_GOAL_AREAS := $(sort $(foreach g,$(or $(MAKECMDGOALS),$(.DEFAULT_GOAL)),$(call goal_areas,$g)))
PKGS_AS_ROOT = $(filter 0,$(shell id -u))
PKGS_NEEDED = $(sort $(foreach a,$(if $(PKGS_AS_ROOT),$(PKGS_GOAL_AREAS),$(filter-out $(PKGS_ROOT_ONLY),$(PKGS_GOAL_AREAS))),$(PKGS_$a)))

# As root the recipe installs. Otherwise need-pkgs.sh's one line is make's
# error, asked when the recipe is about to run (a failing recipe would add
# make's own "Error 2" line). make -n runs this recipe (it brings a makefile
# up to date, below): it installs nothing then, and prints the one line
# naming what is missing.
.PHONY: deps
deps: ## install the Debian packages the goals need (as root), or name them
ifneq ($(DRY_RUN),)
	$(Q)$(TOP)/mk/need-pkgs.sh --dry-run $(PKGS_NEEDED)
else
	$(if $(PKGS_AS_ROOT),,$(if $(PKGS_STOP),$(error $(PKGS_STOP))))$(Q)$(TOP)/mk/need-pkgs.sh $(PKGS_NEEDED)
endif
PKGS_STOP = $(shell $(TOP)/mk/need-pkgs.sh $(PKGS_NEEDED) 2>&1)

# make deps runs before anything else: make brings every makefile it read
# up to date before it builds any goal, this one too, which waits for deps
# (as the lwIP trees and their file lists do, mk/lwip.mk); nothing makes it
# newer, so make does not start again.
mk/packages.mk: deps ;

deps-%: ## install (root) or name the packages of one area: make deps-cross
	$(Q)$(TOP)/mk/need-pkgs.sh $(PKGS_$*)
