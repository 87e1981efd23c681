# SPDX-License-Identifier: BSD-3-Clause
# Packages first: the Debian packages the requested goals need are installed
# while make reads its makefiles, before any rule runs (so no rule can race an
# install, and no rule has to name its packages); make -n installs nothing.
# Included last, once every fragment has named its packages in PKGS_<area>.
#
# As root mk/need-pkgs.sh installs what is missing (apt-get,
# --no-install-recommends: every package a build needs is named, recommends
# included); otherwise make stops at once with the one `apt-get install -y ...`
# line to run. `make deps-<area>` installs one area's packages by hand.

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

goal_areas = $(if $(filter undefined,$(origin GOAL_AREAS_$1)),$(PKGS_AREAS_DEFAULT),$(GOAL_AREAS_$1))
# The interop tests run only as root (they skip otherwise): their packages
# are needed only there.
PKGS_ROOT_ONLY := interop
PKGS_GOAL_AREAS := $(sort $(foreach g,$(or $(MAKECMDGOALS),$(.DEFAULT_GOAL)),$(call goal_areas,$g)))
PKGS_NEEDED := $(sort $(foreach a,$(if $(filter 0,$(shell id -u)),$(PKGS_GOAL_AREAS),$(filter-out $(PKGS_ROOT_ONLY),$(PKGS_GOAL_AREAS))),$(PKGS_$a)))

# Once per make run (not again when make restarts after generating the
# filelists), and never under make -n: install, or stop with need-pkgs.sh's
# one-line message. Its progress lines go to stderr; its error line becomes
# make's.
ifeq ($(MAKE_RESTARTS)$(DRY_RUN),)
ifneq ($(PKGS_NEEDED),)
PKGS_RESULT := $(shell $(TOP)/mk/need-pkgs.sh $(PKGS_NEEDED) 3>&2 2>&1 1>&3; echo " need-pkgs-exit=$$?")
ifneq ($(filter need-pkgs-exit=0,$(PKGS_RESULT)),need-pkgs-exit=0)
$(error $(or $(filter-out need-pkgs-exit=%,$(PKGS_RESULT)),mk/need-pkgs.sh failed))
endif
endif
endif

deps-%: ## install (root) or name the packages of one area: make deps-cross
	$(Q)$(TOP)/mk/need-pkgs.sh $(PKGS_$*)
