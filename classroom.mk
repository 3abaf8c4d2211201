# classroom.mk - the student edition (included by the Makefile).
#
#   make classroom OUT=<dir>   a ready-to-push student repository in <dir>:
#                              exercises/, include/, the checker, hints, data,
#                              the book's student edition, a student README,
#                              .github/workflows/check.yml - and no solutions/,
#                              nothing built from them (docs/INSTRUCTORS.md)
#   make test-classroom        export, then prove it (checker/classroom/test_classroom.sh)
#
# The export's checker links replay shims (checker/sections/<slug>/shims.c) in
# place of the reference: the answers the reference gave on the visible
# seed, recorded here by a checker whose shims call the real reference.

CLASSROOM := $(BUILD)/classroom
CLASSROOM_DIR := checker/classroom
CLASSROOM_HDRS := $(CLASSROOM_DIR)/replay.h $(CLASSROOM_DIR)/shims.h $(CLASSROOM_DIR)/shims_begin.h $(CLASSROOM)/record/ref_names.h
# Each section's shims live in its own folder (checker/sections/<slug>/shims.c).
SHIM_SRC := $(wildcard checker/sections/*/shims.c)
RECORD_CHECKER := $(CLASSROOM)/record/checker
RECORD_REF_OBJS := $(foreach s,$(SECTIONS),$(CLASSROOM)/record/ref/$(s).o)
# The visible seed, the only one the student edition has answers for.
CLASSROOM_SEED := 1

# The reference with every public name renamed ref_<name>, so the shims
# can take the real names and call through; the names from the headers.
$(CLASSROOM)/record/ref_names.h: $(foreach s,$(SECTIONS),solutions/$(s)/$(call section_name,$(s)).h) $(CLASSROOM_DIR)/ref_names.sh
	@bash $(CLASSROOM_DIR)/ref_names.sh $(dir $@) $(filter %.h,$^)
$(CLASSROOM)/record/ref/%.o: solutions/%/$$(call section_name,$$*).c $(HEADERS) $(CLASSROOM_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -Iinclude -Isolutions/$* -include $(CLASSROOM)/record/ref_names.h -c $< -o $@

$(RECORD_CHECKER): $(TRUSTED_SRC) $(SUITE_SRC) $(SHIM_SRC) $(CLASSROOM_DIR)/replay.c $(RECORD_REF_OBJS) $(HEADERS) $(CLASSROOM_HDRS) | setup
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(SECTION_INCLUDES) -I$(CLASSROOM_DIR) -I$(CLASSROOM)/record -DREPLAY_RECORD $(TRUSTED_SRC) $(SUITE_SRC) \
	  $(SHIM_SRC) $(CLASSROOM_DIR)/replay.c $(COMMON_SRC) $(RECORD_REF_OBJS) -lcunit -lseccomp -lm -o $@

# What the reference answered on the visible seed, for every call the
# suites made grading: the reference itself (every lookup of a correct
# solution), the stubs (the paths of an unfinished section), every buggy
# proof and every alternative solution (the diagnoses' probes and the
# other allowed answers; each holds one section, graded beside the
# references' 02 and 03: checker/deps.c), figures included. Sorted and unique: the same
# tree exports the same table.
CLASSROOM_RECORD = WORKBOOK_REPLAY_RECORD=$(CLASSROOM)/visible.tsv.tmp $(RECORD_CHECKER) --root . --objdir $(OBJ) \
  --work $(CLASSROOM)/record/work --no-color --seed $(CLASSROOM_SEED) --plot-dir $(CLASSROOM)/record/plots --plot-defer
ALT_SED := $(wildcard checker/tests/alternative/*/*.sed)
$(CLASSROOM)/visible.tsv: $(RECORD_CHECKER) $(RUNNER_OBJS) $(BUGGY_SRC)
	@rm -rf $(CLASSROOM)/visible.tsv.tmp $(CLASSROOM)/record/work $(CLASSROOM)/record/alt && mkdir -p $(CLASSROOM)/record/plots
	@$(CLASSROOM_RECORD) --dir solutions >$(CLASSROOM)/record.log 2>&1 || { cat $(CLASSROOM)/record.log; echo "classroom: the reference did not pass while recording"; exit 1; }
	@$(CLASSROOM_RECORD) --dir exercises >>$(CLASSROOM)/record.log 2>&1; test $$? -le 1
	@for d in $(BUILD)/buggy/*/*/; do s=$$(basename $$d); \
	  IK_CHECKER_DEPS_FROM=$(CURDIR)/solutions $(CLASSROOM_RECORD) --dir $$(dirname $$d) --section $$s >>$(CLASSROOM)/record.log 2>&1; test $$? -le 1 || exit 1; done
	@for f in $(ALT_SED); do s=$$(basename $$f .sed); n=$$(basename $$(dirname $$f)); d=$(CLASSROOM)/record/alt/$$n; \
	  mkdir -p $$d/$$s && sed -f $$f solutions/$$s/$${s#*_}.c > $$d/$$s/$${s#*_}.c && \
	  { IK_CHECKER_DEPS_FROM=$(CURDIR)/solutions $(CLASSROOM_RECORD) --dir $$d --section $$s >>$(CLASSROOM)/record.log 2>&1; test $$? -le 1; } || exit 1; done
	@LC_ALL=C sort -u $(CLASSROOM)/visible.tsv.tmp > $@ && rm -f $(CLASSROOM)/visible.tsv.tmp
	@echo "classroom: recorded $$(grep -c '^E' $@) reference calls ($$(du -h $@ | cut -f1)) on seed $(CLASSROOM_SEED)"

# The book's figures, drawn for the edition in a folder of its own (make
# plots draws the same files into build/plots: make test runs the two side
# by side). The edition's book must have every figure (export.sh checks),
# so gnuplot is needed here.
CLASSROOM_PLOTS := $(CLASSROOM)/plots
.PHONY: classroom-figures
classroom-figures:
	@command -v gnuplot >/dev/null 2>&1 || { echo "classroom: the book's figures need gnuplot: make setup (as root) or sudo apt-get install -y gnuplot-nox"; exit 2; }
	@$(MAKE) --no-print-directory plots PLOTS=$(CLASSROOM_PLOTS) >$(CLASSROOM)/plots.log 2>&1 \
	  || { cat $(CLASSROOM)/plots.log; echo "classroom: make plots failed (the book's figures)"; exit 1; }

.PHONY: classroom test-classroom
classroom: $(CLASSROOM)/visible.tsv classroom-figures
	@test -n "$(OUT)" || { echo "usage: make classroom OUT=<folder for the student repository>"; exit 2; }
	@CC="$(CC)" PACKAGES_CHECK="$(PACKAGES_CHECK)" STRICT="$(STRICT)" CFLAGS_ALL="$(filter-out $(SAN_FLAGS),$(CFLAGS_ALL))" \
	  TRUSTED_SRC="$(TRUSTED_SRC)" WATCH_SRC="$(WATCH_SRC)" COMMON_SRC="$(COMMON_SRC)" SECTIONS="$(SECTIONS)" \
	  FIGURES="$(CLASSROOM_PLOTS)" bash $(CLASSROOM_DIR)/export.sh "$(OUT)" $(CLASSROOM)/visible.tsv $(CLASSROOM_SEED)

test-classroom: $(CHECKER) $(RUNNER_OBJS) $(BUGGY_SRC)
	@rm -rf $(CLASSROOM)/export && mkdir -p $(CLASSROOM)
	@$(MAKE) --no-print-directory classroom OUT=$(CLASSROOM)/export >$(CLASSROOM)/export.log 2>&1 \
	  || { cat $(CLASSROOM)/export.log; echo "test-classroom: make classroom failed"; exit 1; }
	@bash $(CLASSROOM_DIR)/test_classroom.sh $(CLASSROOM)/export $(BUILD) $(CHECKER) $(OBJ)
