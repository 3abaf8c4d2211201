# Included by the Makefile in every section folder (exercises/NN_name and
# solutions/NN_name), so the workbook's commands work from inside one:
#   cd exercises/03_two_bone && make check
# is the same as, from the top folder,
#   make check S=03_two_bone DIR=exercises
# Any target goes to the top-level Makefile with this folder's section and
# tree; plain `make` means `make check`.
.DEFAULT_GOAL := check

# Never try to rebuild the makefiles themselves with the rule below.
Makefile ../../checker/section.mk: ;

# HERE: the top Makefile runs the checker in this folder, so the paths it
# prints open from here; a failing check ends this make quietly too, still
# non-zero (checker/student.mk explains the 141, and why the check runs in
# a $(shell) that make expands when it starts the recipe: then this make
# has no job running when the top one's 141 is passed on to it, and make
# 4.4.1 prints nothing more, as 4.3 does). A $(shell) is not handed
# MAKEFLAGS: the command line's variables (LANG=en, ...) go on themselves.
section_to_top = here="$$(pwd -P)"; tree="$${here%/*}"; \
  $(MAKE) --no-print-directory -C ../.. $(1) S="$${here\#\#*/}" DIR="$${tree\#\#*/}" HERE="$${tree\#\#*/}/$${here\#\#*/}" $(2)
check:
	@$(shell exec 3>&1; if { true >>/proc/$$PPID/fd/1; } 2>/dev/null; then exec >>/proc/$$PPID/fd/1; else exec >&2; fi; \
	  $(call section_to_top,check,$(MAKEOVERRIDES)); rc=$$?; [ $$rc != 141 ] || kill -PIPE $$PPID 2>/dev/null; echo "exit $$rc" >&3)
%:
	@$(call section_to_top,$@)
