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
# non-zero (checker/student.mk explains the 141).
%:
	@here="$$(pwd -P)"; tree="$${here%/*}"; \
	$(MAKE) --no-print-directory -C ../.. $@ S="$${here##*/}" DIR="$${tree##*/}" HERE="$${tree##*/}/$${here##*/}"; \
	rc=$$?; [ $$rc != 141 ] || kill -PIPE $$PPID 2>/dev/null; exit $$rc
