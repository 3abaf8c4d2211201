# IK & Root Motion workbook - one Makefile for students, instructors and CI.
#
#   make check [S=03_two_bone] [DIR=exercises] [SEED=1]   grade a folder
#   make test                                              the project's own tests
#   make run S=03_two_bone [DIR=solutions]                 run a section's program
#   make setup                                             install what is missing
#
# Everything built goes to build/ (or build/asan/ with SANITIZE=1).

# Debian packages the workbook needs - the one place they are named: what
# make check needs, and what the project's tests, the book and the figures
# need on top (make check does not pull in Chromium and pandoc for students).
PACKAGES_CHECK := make gcc libc6-dev libcunit1-dev libseccomp-dev musl-tools
PACKAGES_MORE := clang libclang-rt-14-dev lld-14 wasi-libc libclang-rt-14-dev-wasm32 gnuplot-nox libxml2-utils jq python3 zip unzip tmux procps pandoc fonts-thai-tlwg fontconfig fonts-dejavu-extra chromium zlib1g-dev similarity-tester git
FULL_SETUP_GOALS := setup test test-% book live plots bench bench-live scene gradescope bench-grade fuzz soak classroom
DEBIAN_PACKAGES = $(PACKAGES_CHECK) $(if $(filter $(FULL_SETUP_GOALS),$(MAKECMDGOALS)),$(PACKAGES_MORE))

SHELL := /bin/bash
CC ?= cc
DIR ?= exercises
S ?=
SEED ?= 1

SECTIONS := $(notdir $(wildcard solutions/[0-9][0-9]_*))
# 03_two_bone -> two_bone (the graded file is <name>.c, its header <name>.h)
section_name = $(patsubst $(firstword $(subst _, ,$(1)))_%,%,$(1))

ifeq ($(SANITIZE),1)
  SAN_FLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
  BUILD ?= build/asan
else
  SAN_FLAGS :=
  BUILD ?= build
endif

STRICT := -std=c11 -Wall -Wextra -Werror
# -fno-math-errno: sqrtf and friends may skip setting errno (nothing here
# reads it); every result stays bit-identical, unlike -ffast-math. Without
# it gcc 12 turns each sqrtf in the two-bone solve into a libm call that
# spills every live register: 28.5 against 24.7 ns a solve (make bench).
CFLAGS_ALL := $(STRICT) -fno-math-errno -O2 -g $(SAN_FLAGS)
SECTION_INCLUDES := -Iinclude -Ichecker $(addprefix -Isolutions/,$(SECTIONS))
# Given (complete) helper sources beside the shared headers, e.g. a loader.
COMMON_SRC := $(wildcard include/*.c)

OBJ := $(BUILD)/obj
CHECKER := $(BUILD)/checker
SELFTEST := $(BUILD)/selftest
GRADE_ALL := $(BUILD)/grade_all
WATCH := $(BUILD)/watch
# The checker program itself, one job a file (checker/driver.h has the map),
# and the trusted library it shares with the fuzz harness (fuzz.mk).
CHECKER_DRIVER_SRC := $(addprefix checker/,checker.c progress.c options.c compile.c compile_guard.c cache.c deps.c run_checks.c report.c points.c outputs.c catalog.c)
TRUSTED_SRC := $(CHECKER_DRIVER_SRC) $(addprefix checker/,os.c sha256.c check.c spawn.c sandbox.c runner_elf.c diagnosis.c messages.c sections.c sections/ik_chain_checks.c text.c)
# The pictures of failing cases (issue 17): recorded by the suites, drawn by the driver.
TRUSTED_SRC += checker/picture.c
SUITE_SRC := $(wildcard checker/sections/*/suite.c)
REF_SRC := $(foreach s,$(SECTIONS),solutions/$(s)/$(call section_name,$(s)).c)
RUNNER_OBJS := $(OBJ)/runner_main.o $(OBJ)/libcommon.a $(foreach s,$(SECTIONS),$(OBJ)/ops/$(s).o) $(OBJ)/musl/stamp
HEADERS := $(wildcard include/*.h include/*.c checker/*.h checker/*.def checker/sections/*.h checker/sections/*.def checker/sections/*/*.h checker/sections/*/*.def solutions/*/*.h)

.PHONY: all check list watch hint test test-plain test-sanitized test-robust test-batch run setup programs clean help
.DEFAULT_GOAL := help

help:
	@echo "make check [S=<section>] [DIR=<folder>] [SEED=<n>]  ตรวจแบบฝึกหัด (grade your exercises)"
	@echo "make test                                          ทดสอบตัว workbook เอง (project tests)"
	@echo "make run S=<section> [DIR=solutions]               รันโปรแกรมตัวอย่างของ section"
	@echo "make list | make watch | make hint S=<section>      ความคืบหน้า, ตรวจทุกครั้งที่บันทึก, คำใบ้"
	@echo "make check MEMCHECK=1 | LANG=en                     AddressSanitizer/UBSan, ข้อความภาษาอังกฤษ"
	@echo "cd exercises/03_two_bone && make                    ตรวจเฉพาะ section นั้น (inside a section: no S= needed)"
	@echo "make book | make plots | make bench | make grade SUB=<dir> | make grade-all SUBS=<dir>"
	@echo "make scene [DIR=exercises]                         ฉากปิดบทด้วยโค้ดของคุณ (07/09/10 ที่ผ่านแล้ว; the closing scene on your code)"
	@echo "make fuzz | make soak SEEDS=10000                  fuzz the judge, sweep the references over seeds"
	@echo "make mutants [S=<section>] [MUTANTS=all]           mutation test: wrong solutions the checker catches"
	@echo "make test-mutants | make test-alternatives   the fixed mutant sample; correct solutions written another way"
	@echo "sections: $(SECTIONS)"

all: $(CHECKER) $(RUNNER_OBJS) $(SELFTEST) $(GRADE_ALL) $(WATCH)

# ---- setup: install missing Debian packages (root), or say how ------------
# (NO_SETUP=1: a sub-make of make check, which ran it already; checker/student.mk)
ifeq ($(NO_SETUP),1)
setup: ;
else
setup:
	@if ! command -v dpkg-query >/dev/null 2>&1; then \
	  echo "setup: not a Debian system; make sure a C11 compiler and CUnit (libcunit1-dev) are installed"; exit 0; fi; \
	missing=""; \
	for p in $(DEBIAN_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	if [ "$$(id -u)" = 0 ]; then \
	  echo "setup: installing$$missing"; \
	  export DEBIAN_FRONTEND=noninteractive; \
	  apt-get update -qq && apt-get install -y -qq --no-install-recommends $$missing >/dev/null \
	    || { echo "setup: apt-get install$$missing failed"; exit 1; }; \
	else \
	  echo "ต้องติดตั้งแพ็กเกจก่อน (missing packages) — run:"; \
	  echo "  sudo apt-get install -y$$missing"; exit 1; \
	fi
endif

# ---- the trusted checker and the glue linked into every runner ----------
$(CHECKER): $(TRUSTED_SRC) $(SUITE_SRC) $(REF_SRC) $(HEADERS) | setup
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(SECTION_INCLUDES) $(TRUSTED_SRC) $(SUITE_SRC) $(REF_SRC) $(COMMON_SRC) -lcunit -lseccomp -lm -o $@

$(OBJ)/runner_main.o: checker/runner_main.c checker/protocol.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -Ichecker -c $< -o $@

# The given helper sources (include/*.c), linked into every runner too, so a
# student's section may call them. An empty archive when there are none.
$(OBJ)/libcommon.a: $(COMMON_SRC) $(HEADERS)
	@mkdir -p $(OBJ)/common
	@rm -f $@ $(OBJ)/common/*.o
	@for f in $(COMMON_SRC); do $(CC) $(CFLAGS_ALL) -Iinclude -c $$f -o $(OBJ)/common/$$(basename $$f .c).o || exit 1; done
	@ar rcs $@ $(foreach f,$(COMMON_SRC),$(OBJ)/common/$(basename $(notdir $(f))).o)

$(OBJ)/ops/%.o: checker/sections/%/ops.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -Iinclude -Ichecker -Isolutions/$* -c $< -o $@

.SECONDEXPANSION:

# The same runner glue built against musl as well. A static runner is the
# only kind the seccomp cage can start, and glibc's static baseline makes
# every one 780 KB: linking it is a fifth of the CPU of grading a class
# (perf over make bench-grade). With musl the runner is 30 KB, and one
# section's compile and link takes 54 ms of CPU against 75 with glibc
# (checker/bench/README.md). The checker uses these objects (through
# the specs file named in musl/specs) when they exist and the compiler is the
# default gcc; otherwise, and for MEMCHECK or another compiler, glibc's.
# Also the given headers' static inline helpers compiled once, for the
# students' compiles (checker/fast_headers.sh says why); -fno-builtin-sinf
# and the rest keep each libm call a call, as in the -O0 copies the student's
# file would hold (no sinf + cosf merged into sincosf, no constant folded in).
# And link.specs, whose "*linker:" has gcc's driver run gold itself rather
# than collect2 (one process less a section; compile.c, direct_link_specs).
$(OBJ)/musl/stamp: checker/runner_main.c checker/protocol.h $(wildcard checker/sections/*/ops.c) $(COMMON_SRC) $(HEADERS) checker/fast_headers.sh | setup
	@rm -rf $(OBJ)/musl && mkdir -p $(OBJ)/musl/ops $(OBJ)/musl/common
	@musl=$$(command -v musl-gcc 2>/dev/null); \
	specs=$$( [ -n "$$musl" ] && sed -n 's/.*-specs "\([^"]*\)".*/\1/p' "$$musl"); \
	if [ "$(SANITIZE)" = 1 ] || [ -z "$$specs" ] || [ ! -f "$$specs" ]; then \
	  echo "(musl-gcc not found: runners are linked against glibc, grading is slower)"; touch $@; exit 0; fi; \
	cc="gcc -specs=$$specs $(STRICT) -fno-math-errno -O2"; \
	$$cc -Ichecker -c checker/runner_main.c -o $(OBJ)/musl/runner_main.o || exit 1; \
	for f in $(COMMON_SRC); do $$cc -Iinclude -c $$f -o $(OBJ)/musl/common/$$(basename $$f .c).o || exit 1; done; \
	bash checker/fast_headers.sh $(OBJ)/musl/fast $$cc -fno-builtin-sinf -fno-builtin-cosf -fno-builtin-acosf -fno-builtin-atan2f \
	  && cp $(OBJ)/musl/fast/helpers.o $(OBJ)/musl/common/ik_helpers.o \
	  || { rm -rf $(OBJ)/musl/fast; echo "(checker/fast_headers.sh failed: student files get include/ as it is, grading is slower)"; }; \
	ar rcs $(OBJ)/musl/libcommon.a $(OBJ)/musl/common/*.o; \
	for s in $(SECTIONS); do \
	  $$cc -Iinclude -Ichecker -Isolutions/$$s -c checker/sections/$$s/ops.c -o $(OBJ)/musl/ops/$$s.o || exit 1; \
	done; \
	if [ -x /usr/bin/ld.gold ]; then printf '*linker:\n/usr/bin/ld.gold\n' > $(OBJ)/musl/link.specs; fi; \
	echo "$$specs" > $(OBJ)/musl/specs; touch $@

# ---- make check: grade a folder laid out like exercises/ -----------------
# MEMCHECK=1 builds the student's code with AddressSanitizer and UBSan (and
# without the sandbox, which sanitizers cannot run in); LANG=en for English.
MEMCHECK_FLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -g
# "Not started" is the graded file byte for byte the stub (checker/progress.h);
# graded in place, exercises/ is the student's work, so the stubs compared
# are this commit's (git), or else the ones found at the first make check.
STUBS := $(BUILD)/stubs
define stubs_snapshot
mkdir -p $(STUBS); for s in $(SECTIONS); do f=$$s/$${s#*_}.c; mkdir -p $(STUBS)/$$s; \
  if git show HEAD:./exercises/$$f > $(STUBS)/$$f.tmp 2>/dev/null; then mv -f $(STUBS)/$$f.tmp $(STUBS)/$$f; \
  else rm -f $(STUBS)/$$f.tmp; [ -f $(STUBS)/$$f ] || cp exercises/$$f $(STUBS)/$$f 2>/dev/null || true; fi; done
endef
CHECK_FLAGS = --root $(TOP) --dir $(CHECK_DIR) --objdir $(UP)$(OBJ) --work $(UP)$(BUILD)/check/$(subst /,_,$(DIR)) --stubs $(UP)$(STUBS) \
  $(if $(filter en%,$(LANG)),--lang en) \
  $(if $(or $(SAN_FLAGS),$(filter 1,$(MEMCHECK))),--cflags "$(if $(SAN_FLAGS),$(SAN_FLAGS),$(MEMCHECK_FLAGS))")
# With gnuplot, 05 and 06 also draw the student's convergence curve over
# the reference's into build/plots/.
# The build is one progress line and a failing check ends make without its
# "Error 1" line, still non-zero (checker/student.mk).
# (check-build first: the check itself runs while make has no job running,
# the same on make 4.3 and 4.4, see student.mk)
.PHONY: check-build
check-build: setup
	@$(call student_build,$(CHECKER) $(RUNNER_OBJS))
	@$(stubs_snapshot)
check: check-build
	@$(call student_check,$(if $(HAVE_GNUPLOT),mkdir -p $(BUILD)/plots;) $(IN_HERE) $(UP)$(CHECKER) $(CHECK_FLAGS) --seed $(SEED) \
	  $(if $(S),--section $(S)) $(if $(HAVE_GNUPLOT),--plot-dir $(UP)$(BUILD)/plots))

# The table and progress only (every section is still really checked).
list: setup
	@$(call student_build,$(CHECKER) $(RUNNER_OBJS))
	@$(stubs_snapshot)
	@# 1 only means some section still fails; 2 is a real error (no such folder)
	@$(IN_HERE) $(UP)$(CHECKER) $(CHECK_FLAGS) --list; rc=$$?; [ $$rc -le 1 ] || exit $$rc

# ---- the student's companions: watch mode and hints ---------------------
WATCH_SRC := checker/watch.c checker/hints.c checker/spawn.c checker/sandbox.c checker/messages.c checker/os.c
$(WATCH): $(WATCH_SRC) $(HEADERS) | setup
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -Iinclude -Ichecker $(WATCH_SRC) -lseccomp -o $@

watch: setup
	@$(call student_build,$(CHECKER) $(RUNNER_OBJS) $(WATCH))
	@$(stubs_snapshot)
	@$(IN_HERE) $(if $(filter en%,$(LANG)),WORKBOOK_LANG=en) $(UP)$(WATCH) --checker $(UP)$(CHECKER) --root $(TOP) --dir $(CHECK_DIR) \
	  --objdir $(UP)$(OBJ) --work $(UP)$(BUILD)/check/$(subst /,_,$(DIR)) --stubs $(UP)$(STUBS) $(if $(S),--section $(S)) \
	  $(if $(filter 1,$(POLL)),--poll) $(LIVE_ON_SAVE)

hint:
	@$(call student_build,$(WATCH))
	@test -n "$(S)" || { echo "usage: make hint S=<section>   (each call shows one stronger hint)"; exit 2; }
	@$(IN_HERE) $(if $(filter en%,$(LANG)),WORKBOOK_LANG=en) $(UP)$(WATCH) --root $(TOP) --hint $(S) \
	  --results $(UP)$(BUILD)/check/$(subst /,_,$(DIR))/results.tsv

# ---- editors: clangd, ccls and friends read compile_commands.json -------
compile_commands.json: $(wildcard exercises/*/*.c solutions/*/*.c checker/*.c checker/sections/*/*.c checker/sections/*.c include/*.c)
	@{ echo "["; first=1; \
	  for f in $^; do \
	    case $$f in exercises/*|solutions/*) inc="-I$(CURDIR)/include -I$(CURDIR)/$$(dirname $$f)";; \
	      *) inc="-I$(CURDIR)/include -I$(CURDIR)/checker $(addprefix -I$(CURDIR)/solutions/,$(SECTIONS))";; esac; \
	    [ $$first = 1 ] || echo ","; first=0; \
	    printf '  {"directory": "%s", "file": "%s", "command": "cc -std=c11 -Wall -Wextra %s -c %s"}' "$(CURDIR)" "$$f" "$$inc" "$$f"; \
	  done; echo; echo "]"; } > $@
	@echo "wrote $@ ($(words $^) files)"

# ---- programs: each section's small main() ------------------------------
# A program links its section from the chosen tree (exercises/ or
# solutions/) with the reference versions of the earlier sections it builds
# on, as the checker grades it: 03's demo shows 03's work even while 02 is
# unfinished or does not compile.
sections_before = $(shell printf '%s\n' $(SECTIONS) | awk '$$0 < "$(1)"')
program_sources = $(wildcard $(1)/$(2)/*.c) $(COMMON_SRC) \
  $(foreach d,$(call sections_before,$(2)),solutions/$(d)/$(call section_name,$(d)).c)
# make test builds every program with -Werror; make run lets a student's
# warning through (make check shows it does not fail a check either).
PROGRAM_CFLAGS ?= $(CFLAGS_ALL)

# Each source is compiled once to an object that every program linking it
# shares (05's program links the reference 01-04, and so do 06-10's): the
# twenty programs are 42 compiles, not about 170, in each of make test's
# three builds (gcc, ASan, clang).
program_objects = $(patsubst %.c,$(BUILD)/progobj/%.o,$(call program_sources,$(1),$(2)))
# (kept, not removed as make's intermediates: the next build reuses them)
.PRECIOUS: $(BUILD)/progobj/%.o
$(BUILD)/progobj/%.o: %.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(PROGRAM_CFLAGS) -Iinclude -c $< -o $@

$(BUILD)/programs/%: $$(call program_objects,$$(firstword $$(subst __, ,$$*)),$$(lastword $$(subst __, ,$$*)))
	@mkdir -p $(dir $@)
	$(CC) $(PROGRAM_CFLAGS) $^ -lm -o $@

PROGRAMS := $(foreach t,exercises solutions,$(foreach s,$(SECTIONS),$(BUILD)/programs/$(t)__$(s)))
programs: $(PROGRAMS)

# S=03 or S=03_two_bone (or 3), like make check; DIR=exercises or solutions,
# also written ./solutions or with a trailing slash.
RUN_SECTION = $(or $(filter $(S),$(SECTIONS)),$(firstword $(filter $(S)_%,$(SECTIONS))),$(firstword $(filter 0$(S)_%,$(SECTIONS))))
RUN_TREE = $(notdir $(patsubst %/,%,$(DIR)))
run: setup
	@test -n "$(S)" || { echo "ระบุ section: make run S=03_two_bone"; exit 2; }
	@test -n "$(RUN_SECTION)" || { echo "ไม่มี section '$(S)' (no such section); sections: $(SECTIONS)"; exit 2; }
	@case "$(RUN_TREE)" in exercises|solutions) ;; *) echo "make run: DIR must be exercises or solutions (got '$(DIR)')"; exit 2;; esac
	@$(MAKE) --no-print-directory $(BUILD)/programs/$(RUN_TREE)__$(RUN_SECTION) \
	  $(if $(filter exercises,$(RUN_TREE)),PROGRAM_CFLAGS="$(filter-out -Werror,$(CFLAGS_ALL))")
	@$(BUILD)/programs/$(RUN_TREE)__$(RUN_SECTION)

# ---- make test: the project's own tests ---------------------------------
SELFTEST_SRC := checker/tests/selftest.c checker/tests/test_ikmath.c checker/tests/test_bvh.c checker/tests/test_text.c checker/tests/test_sandbox.c checker/spawn.c checker/sandbox.c checker/diagnosis.c checker/messages.c checker/text.c checker/os.c $(COMMON_SRC)
$(SELFTEST): $(SELFTEST_SRC) $(HEADERS) | setup
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -Iinclude -Ichecker $(SELFTEST_SRC) -lcunit -lseccomp -lm -o $@

# make test runs what test-sanitized and test-plain run, TEST_JOBS targets
# at a time (checker/tests/run_tests.py: each target's output printed whole
# when it ends, a failure stops the start of new ones and makes make test
# fail): first the tree they share is built, TEST_JOBS jobs at once
# (test-tree), so that no two targets build the same file; then the test
# targets, longest first (TEST_ORDER, the rest after them). TEST_APART
# names the pairs that must not run together: test-plots and test-book both
# draw build/plots, and test-student's make check writes its curves there
# while test-book copies the SVGs from it.
# Seconds per target: $(BUILD)/test-logs/times.tsv. TEST_JOBS=1 runs them
# one by one, as test-plain does.
TEST_JOBS ?= 2
TEST_ORDER := test-classroom test-sanitized test-other-cc test-grade test-selftest test-fuzz test-book \
  test-live test-alternatives test-student test-cage test-scale test-prairielearn test-pictures test-new-section test-robust test-plots \
  test-mutants test-seeds
TEST_APART := test-plots:test-book test-student:test-book test-live:test-book
test: setup
	@bash checker/tests/need_commands.sh --lists "$(PACKAGES_CHECK)" "$(PACKAGES_MORE)"
	@$(MAKE) --no-print-directory -j$(TEST_JOBS) -Otarget test-tree
	@python3 checker/tests/run_tests.py --make "$(MAKE)" --jobs $(TEST_JOBS) --logs $(BUILD)/test-logs \
	  $(addprefix --apart ,$(TEST_APART)) $(filter $(TEST_ALL),$(TEST_ORDER)) $(filter-out $(TEST_ORDER),$(TEST_ALL))

# The same checker, runners and programs built with AddressSanitizer and
# UBSan: solutions must pass clean, stubs must fail clean (exit 1, not 2).
test-sanitized:
	@$(MAKE) --no-print-directory SANITIZE=1 all programs >/dev/null
	@for p in $(foreach s,$(SECTIONS),build/asan/programs/solutions__$(s)); do \
	  $$p >/dev/null || { echo "sanitized program $$p failed"; exit 1; }; done
	@build/asan/checker --root . --dir solutions --objdir build/asan/obj --work build/asan/check/solutions \
	  --no-color --cflags "-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" >build/asan/solutions.log 2>&1 \
	  || { cat build/asan/solutions.log; echo "sanitized: solutions did not pass"; exit 1; }
	@build/asan/checker --root . --dir exercises --objdir build/asan/obj --work build/asan/check/exercises \
	  --no-color --cflags "-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" >build/asan/exercises.log 2>&1; \
	  test $$? = 1 || { cat build/asan/exercises.log; echo "sanitized: stubs did not fail cleanly"; exit 1; }
	@$(MAKE) --no-print-directory SANITIZE=1 ROBUST_CASES=5000 test-robust
	@$(MAKE) --no-print-directory SANITIZE=1 BATCH_CASES=20000 test-batch
	@echo "sanitized (ASan+UBSan): solutions pass, stubs fail cleanly, programs run, robust, batch"

# Buggy solutions that prove each diagnosis are kept as sed scripts over the
# reference (checker/tests/buggy/<id>/<slug>.sed), so they never drift from
# it; a script that no longer changes the file is an error.
BUGGY_SED := $(wildcard checker/tests/buggy/*/*.sed)
BUGGY_SRC := $(foreach f,$(BUGGY_SED),$(BUILD)/buggy/$(notdir $(patsubst %/,%,$(dir $(f))))/$(basename $(notdir $(f)))/$(call section_name,$(basename $(notdir $(f)))).c)
$(BUILD)/buggy/%.c: $$(wordlist 1,1,$$(wildcard checker/tests/buggy/$$(firstword $$(subst /, ,$$*))/$$(word 2,$$(subst /, ,$$*)).sed)) $(REF_SRC)
	@mkdir -p $(dir $@)
	@sed -f $< solutions/$(word 2,$(subst /, ,$*))/$(notdir $@) > $@
	@! cmp -s solutions/$(word 2,$(subst /, ,$*))/$(notdir $@) $@ || { echo "$< no longer changes the reference"; rm -f $@; exit 1; }

# Hostile submissions (checker/tests/hostile/<case>.sed over a reference,
# 02 unless a "# Section: NN_slug" line names another): each must be scored
# like a wrong answer, with the outcome named on the script's second line,
# while the run goes on.
HOSTILE_SED := $(wildcard checker/tests/hostile/*.sed)
# every script's section read once (one grep, not a sed per script per use:
# they made each make's start take seconds on a loaded machine)
HOSTILE_SECTIONS := $(if $(HOSTILE_SED),$(shell grep -H '^\# Section: [0-9][0-9]_[a-z_]*' $(HOSTILE_SED) | \
  sed 's/^\([^:]*\):\# Section: \([0-9][0-9]_[a-z_]*\).*/\1=\2/'))
hostile_section = $(or $(patsubst $(1)=%,%,$(filter $(1)=%,$(HOSTILE_SECTIONS))),02_law_of_cosines)
hostile_file = $(BUILD)/hostile/$(basename $(notdir $(1)))/$(call hostile_section,$(1))/$(call section_name,$(call hostile_section,$(1))).c
HOSTILE_SRC := $(foreach f,$(HOSTILE_SED),$(call hostile_file,$(f)))
define HOSTILE_RULE
$(call hostile_file,$(1)): $(1) solutions/$(call hostile_section,$(1))/$(call section_name,$(call hostile_section,$(1))).c
	@mkdir -p $$(dir $$@)
	@sed -f $$< $$(word 2,$$^) | sed -e 's|@ROOT@|$$(CURDIR)|g' -e 's|@BUILD@|$$(BUILD)|g' > $$@
	@! cmp -s $$(word 2,$$^) $$@ || { echo "$$< no longer changes the reference"; rm -f $$@; exit 1; }
endef
$(foreach f,$(HOSTILE_SED),$(eval $(call HOSTILE_RULE,$(f))))

# The reference solutions under hostile input (checker/tests/robust.c): the
# header's promises for bad input, finite output otherwise, no hang. With
# SANITIZE=1 also UBSan's float-to-int overflow check, which -fsanitize=
# undefined leaves out in gcc.
ROBUST := $(BUILD)/robust
$(ROBUST): checker/tests/robust.c $(REF_SRC) $(COMMON_SRC) $(HEADERS) | setup
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(if $(SAN_FLAGS),-fsanitize=float-cast-overflow) -Iinclude $(addprefix -Isolutions/,$(SECTIONS)) \
	  checker/tests/robust.c $(REF_SRC) $(COMMON_SRC) -lm -o $@

test-robust: $(ROBUST)
	@for seed in 1 2; do $(ROBUST) 0 $$seed $(ROBUST_CASES) > $(BUILD)/robust-$$seed.log 2>&1 \
	  || { cat $(BUILD)/robust-$$seed.log; echo "robust: the reference solutions broke a promise (seed $$seed)"; exit 1; }; done
	@echo "robust: 10 sections x 2 seeds x $(ROBUST_CASES) hostile cases, every promise kept"
ROBUST_CASES ?= 20000

# The bench's batched two-bone pose (checker/bench/limb_batch.c) against
# the one-at-a-time reference, limb for limb (checker/tests/test_limb_batch.c).
LIMB_BATCH_TEST := $(BUILD)/test_limb_batch
$(LIMB_BATCH_TEST): checker/tests/test_limb_batch.c checker/bench/limb_batch.c checker/bench/limb_batch.h $(REF_SRC) $(COMMON_SRC) $(HEADERS) | setup
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -Iinclude -Ichecker/bench $(addprefix -Isolutions/,$(SECTIONS)) \
	  checker/tests/test_limb_batch.c checker/bench/limb_batch.c $(REF_SRC) $(COMMON_SRC) -lm -o $@

test-batch: $(LIMB_BATCH_TEST)
	@for seed in 1 2; do $(LIMB_BATCH_TEST) $$seed $(BATCH_CASES) > $(BUILD)/limb-batch-$$seed.log 2>&1 \
	  || { cat $(BUILD)/limb-batch-$$seed.log; echo "limb_batch: the batched pose differs from the reference (seed $$seed)"; exit 1; }; done
	@tail -n 1 $(BUILD)/limb-batch-2.log
BATCH_CASES ?= 200000

# Every message's Thai and English texts take the same printf conversions
# (checker/tests/test_message_formats.py: messages.c and the sections'
# messages.def). First it proves it can fail: its own cases, then a copy of
# the message files with one pair made to differ.
.PHONY: test-messages
test-messages:
	@python3 checker/tests/test_message_formats.py --prove .
	@python3 checker/tests/test_message_formats.py .

# What every test target of make test shares, built once. The record
# checker is here for test-other-cc and test-classroom, which both make it.
.PHONY: test-tree test-selftest
test-tree: $(CHECKER) $(RUNNER_OBJS) $(SELFTEST) $(GRADE_ALL) $(WATCH) programs $(BUGGY_SRC) $(HOSTILE_SRC) $$(RECORD_CHECKER)

# The tests of test-plain; checker/tests/sections.mk and plots/failing/failing.mk
# add theirs (+=), and make test runs every one of them (test-selftest last here).
TEST_PLAIN_TESTS := test-function-length test-messages test-robust test-batch test-plots test-grade test-scale test-student test-cage test-other-cc test-book test-seeds test-fuzz test-mutants test-alternatives test-classroom test-prairielearn test-live
test-plain: test-tree $$(TEST_PLAIN_TESTS) test-selftest
TEST_ALL = test-sanitized $(TEST_PLAIN_TESTS) test-selftest

# The assembler's reads, the reference programs, and the selftest: each
# diagnosis by its buggy proof, each hostile submission by its outcome.
test-selftest: $(CHECKER) $(RUNNER_OBJS) $(SELFTEST) programs $(BUGGY_SRC) $(HOSTILE_SRC)
	@bash checker/tests/test_asm_reads.sh $(CHECKER) $(OBJ) $(BUILD)/asm-reads $(firstword $(CC)) $(BUILD)/hostile
	@for p in $(filter $(BUILD)/programs/solutions__%,$(PROGRAMS)); do \
	  $$p >/dev/null || { echo "program $$p failed"; exit 1; }; done
	@$(SELFTEST) --checker $(CHECKER) --root . --objdir $(OBJ) --work $(BUILD)/selftest-runs --buggy $(BUILD)/buggy --hostile $(BUILD)/hostile \
	  $(if $(SAN_FLAGS),--cflags "$(SAN_FLAGS)")

# The four command lines (getopt_long: the checker, grade_all, watch, the
# selftest) refuse an unknown option, a missing value and a stray argument
# with the usage line and exit 2; --opt=value is read as --opt value.
TEST_PLAIN_TESTS += test-options
.PHONY: test-options
test-options: $(CHECKER) $(GRADE_ALL) $(WATCH) $(SELFTEST)
	@bash checker/tests/test_options.sh $(BUILD) $(CHECKER) $(GRADE_ALL) $(WATCH) $(SELFTEST)


# ---- grading for classes (instructors) -----------------------------------
#   make grade SUB=<dir> [RESULTS=<file>] [SEED=<n>] [PRAIRIELEARN=<file>]
#   make grade-all SUBS=<dir> [CSV=<file>] [JOBS=<n>] [SEED=<n>]
#   make gradescope [SEED=<n>]         -> build/gradescope/autograder.zip
# SEED is the hidden seed: it reaches the trusted checker on its stdin only.
# Without one, a random seed is drawn and printed for you to keep.
RESULTS ?= $(BUILD)/grade/results.json
CSV ?= $(BUILD)/grade/gradebook.csv
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
hidden_seed = $(if $(filter command line environment,$(origin SEED)),$(SEED),$$(od -An -N4 -tu4 /dev/urandom | tr -d ' '))

GRADE_ALL_SRC := checker/grade_all.c checker/grade_layout.c checker/grade_figures.c checker/text.c checker/sha256.c checker/os.c checker/svg_small.c
$(GRADE_ALL): $(GRADE_ALL_SRC) checker/grade_layout.h checker/grade_figures.h checker/text.h checker/sha256.h checker/os.h checker/svg_small.h checker/sections.h checker/sections.def | setup
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -Ichecker $(GRADE_ALL_SRC) -o $@

.PHONY: grade grade-all gradescope bench-grade test-grade test-student test-other-cc similarity test-scale
grade: setup $(CHECKER) $(RUNNER_OBJS)
	@test -n "$(SUB)" || { echo "usage: make grade SUB=<submission folder> [RESULTS=<file>] [SEED=<n>]"; exit 2; }
	@test -d "$(SUB)" || { echo "make grade: '$(SUB)' is not a folder (a submission is a folder laid out like exercises/)"; exit 2; }
	@# the shell, not make, handles SUB: student folder names have spaces
	@sub=$$(cd "$(SUB)" && pwd -P); res=$$(realpath -m "$(RESULTS)"); \
	case "$$res/" in "$$sub"/*) echo "RESULTS must not be inside the submission"; exit 2;; esac
	@mkdir -p "$$(dirname "$(RESULTS)")"
	@seed=$(hidden_seed); echo "hidden seed: $$seed"; \
	leaf=$$(basename "$$(cd "$(SUB)" && pwd)" | tr -c 'A-Za-z0-9._\n-' '_'); \
	source checker/submission.sh; find_submission "$(SUB)" "$(BUILD)/grade/upload/$$leaf" . || { echo "$$SUB_ERROR"; exit 2; }; \
	echo "layout: $$SUB_LAYOUT"; note=$$(version_note "$$SUB_VERSION" "$$(git rev-parse HEAD 2>/dev/null)"); [ -z "$$note" ] || echo "$$note"; dir=$$SUB_DIR; \
	echo "$$seed" | $(CHECKER) --root . --dir "$$dir" --objdir $(OBJ) --work "$(BUILD)/grade/work/$$leaf" \
	  --shown-dir "$$SUB_SHOWN" --shown-loose "$$SUB_LOOSE" \
	  --gradescope "$(RESULTS)" --junit "$(if $(JUNIT),$(JUNIT),$(basename $(RESULTS)).junit.xml)" \
	  --scores "$(basename $(RESULTS)).scores.tsv" $(if $(PRAIRIELEARN),--prairielearn "$(PRAIRIELEARN)") --hidden-seed-stdin
	@echo "wrote $(RESULTS)"

# RESUME=1 SEED=<the run's seed> goes on with an interrupted run (what it
# finished with that seed and checker is kept); CACHE=0 grades without the
# cache of runners and results ($(BUILD)/cache, kept under CACHE_MB).
CACHE_DIR ?= $(BUILD)/cache
CACHE_MB ?= 512
grade_cache_flags = $(if $(filter 0,$(CACHE)),,--cache $(CACHE_DIR) --cache-max-mb $(CACHE_MB))
grade-all: setup $(CHECKER) $(RUNNER_OBJS) $(GRADE_ALL)
	@test -n "$(SUBS)" && test -d "$(SUBS)" || { echo "usage: make grade-all SUBS=<folder of submissions> [CSV=<file>] [JOBS=<n>] [SEED=<n>] [EXCEL=1] [RESUME=1 SEED=<n>] [CACHE=0]"; exit 2; }
	@# the seed is written nowhere (see docs/INSTRUCTORS.md): a resume is told it again
	@test "$(RESUME)" != 1 || test -n "$(filter command line environment,$(origin SEED))" \
	  || { echo "RESUME=1 needs the interrupted run's SEED=<n> (it printed \"hidden seed: <n>\")"; exit 2; }
	@mkdir -p "$$(dirname "$(CSV)")"
	@seed=$(hidden_seed); echo "hidden seed: $$seed"; \
	echo "$$seed" | $(GRADE_ALL) --subs "$(SUBS)" --out $(BUILD)/grade/results --csv "$(CSV)" --jobs $(JOBS) \
	  --checker $(CHECKER) --root . --objdir $(OBJ) --work $(BUILD)/grade/work $(if $(filter 1,$(EXCEL)),--bom 1) \
	  $(if $(filter 1,$(RESUME)),--resume 1) $(grade_cache_flags)
	@bash checker/class_summary.sh $(BUILD)/grade/results "$(CSV)" $(BUILD)/grade

# Pairs of submissions ranked by similarity per section (sim_c, Debian's
# similarity-tester, in PACKAGES_MORE: make setup installs it, make
# similarity alone does not pull in the rest of that list; the stub's lines
# left out): build/similarity/.
similarity:
	@test -n "$(SUBS)" && test -d "$(SUBS)" || { echo "usage: make similarity SUBS=<folder of submissions> [THRESHOLD=20] [TOP=5]"; exit 2; }
	@bash checker/similarity.sh "$(SUBS)" $(BUILD)/similarity .

# The Gradescope autograder: setup.sh installs and builds, run_autograder
# grades /autograder/submission into /autograder/results/results.json.
gradescope:
	@rm -rf $(BUILD)/gradescope && mkdir -p $(BUILD)/gradescope/src
	@# the project's own files (tracked or new, never build/ or ignored ones)
	@if git rev-parse --git-dir >/dev/null 2>&1; then \
	  git ls-files --cached --others --exclude-standard | while IFS= read -r f; do [ -f "$$f" ] && printf '%s\0' "$$f"; done \
	    | xargs -0 cp --parents -t $(BUILD)/gradescope/src; \
	else cp -r include checker solutions exercises plots chapters docs Makefile README.md $(BUILD)/gradescope/src/; fi
	@cp checker/gradescope/setup.sh checker/gradescope/run_autograder $(BUILD)/gradescope/src/
	@# the zip has no .git: the checker's version (results.json's extra_data) is written beside it
	@v=$$(bash checker/version.sh .) && echo "$$v" > $(BUILD)/gradescope/src/VERSION || true
	@seed=$(hidden_seed); echo "$$seed" > $(BUILD)/gradescope/src/hidden_seed; echo "hidden seed: $$seed (inside the zip; run_autograder deletes it before compiling)"
	@cd $(BUILD)/gradescope/src && zip -qr ../autograder.zip .
	@echo "wrote $(BUILD)/gradescope/autograder.zip"

# N copies of the reference solutions graded like a class (a benchmark),
# each copy's files made its own by a comment (else the cache would grade
# one copy and reuse it for the rest): a first grade with an empty cache,
# then a regrade with the same seed (nothing changed: every runner and
# result reused) and one with a new hidden seed (runners reused, the
# hidden re-run of the random checks done again).
N ?= 100
BENCH_GRADE = $(GRADE_ALL) --subs $(BUILD)/bench-grade/subs --out $(BUILD)/bench-grade/results \
  --csv $(BUILD)/bench-grade/gradebook.csv --jobs $(JOBS) --checker $(CHECKER) --root . --objdir $(OBJ) \
  --work $(BUILD)/bench-grade/work --cache $(BUILD)/bench-grade/cache
# How fast the machine is right now, beside what it graded: the CPU of 20
# plain compiles of one reference file (no checker, no cage), before and
# after the run. A shared virtual machine's speed can drift by half within
# minutes (runs of the same code minutes apart: 104-162 submissions/min),
# so throughputs are compared at a like probe, not across machines or hours.
bench_probe = TIMEFORMAT='%U %S'; { time (for i in $$(seq 20); do $(CC) -std=c11 -O0 -Iinclude -Isolutions/05_ccd \
    -c solutions/05_ccd/ccd.c -o $(BUILD)/bench-grade/probe.o; done) ; } 2> $(BUILD)/bench-grade/probe.$(1).txt; \
  awk '{ printf "bench machine_probe_compile.$(1) %.1f ms ($(CC) -O0 -c of solutions/05_ccd/ccd.c, CPU of 20 runs)\n", 1000 * ($$1 + $$2) / 20 }' \
    $(BUILD)/bench-grade/probe.$(1).txt
bench_secs = $$(tail -1 $(1) | sed -E 's/.* in ([0-9.]+) s .*/\1/')
# The share of the run's CPU time the host gave to other guests (a virtual
# machine's "steal", /proc/stat's 8th number): at 25-30 % steal the same
# code graded 72-82 submissions/min where a quiet host gave 139. A quiet
# machine is one where this is near 0.
bench_cpu_stat = { awk '/^cpu / { print $$9, $$2 + $$3 + $$4 + $$5 + $$6 + $$7 + $$8 + $$9 }' /proc/stat 2>/dev/null || echo "0 0"; } > $(BUILD)/bench-grade/stat.$(1).txt
bench_steal = paste -d' ' $(BUILD)/bench-grade/stat.before.txt $(BUILD)/bench-grade/stat.after.txt | \
  awk '{ t = $$4 - $$2; printf "bench machine_steal_during_first_grade %.1f %% (the host ran other guests on our cores for that share of the time, /proc/stat)\n", (t > 0 ? 100 * ($$3 - $$1) / t : 0) }'

bench-grade: setup $(CHECKER) $(RUNNER_OBJS) $(GRADE_ALL)
	@rm -rf $(BUILD)/bench-grade && mkdir -p $(BUILD)/bench-grade/subs
	@for i in $$(seq -w 1 $(N)); do cp -r solutions $(BUILD)/bench-grade/subs/student$$i; \
	  for f in $(BUILD)/bench-grade/subs/student$$i/*/*.c; do echo "/* student $$i */" >> $$f; done; done
	@echo "load before: $$(uptime | sed 's/.*load average: //')"
	@$(call bench_probe,before)
	@# bash's time: user + sys of every process of the run (a shared machine's
	@# load stretches the wall clock, much less the CPU a submission costs)
	@$(call bench_cpu_stat,before)
	@TIMEFORMAT='%U %S'; { time (echo 1 | $(BENCH_GRADE) > $(BUILD)/bench-grade/log.txt) ; } 2> $(BUILD)/bench-grade/cpu.txt
	@$(call bench_cpu_stat,after)
	@tail -1 $(BUILD)/bench-grade/log.txt
	@full=$$(awk -F, 'NR > 1 && $$2 == $$3 && $$3 > 0' $(BUILD)/bench-grade/gradebook.csv | wc -l); \
	  test "$$full" = $(N) || { echo "bench-grade: only $$full of $(N) copies of the reference got full marks"; exit 1; }; \
	  cat $(BUILD)/bench-grade/results/*/results.tsv | awk -F'\t' '$$1 == "section" { n++; c += $$6; r += $$7; \
	      if ($$6 > mc) mc = $$6; if ($$7 > mr) mr = $$7 } \
	    END { printf "sections compiled and run: %d; where the time goes (summed over the jobs): compile %.1f s, checks %.1f s\n", n, c, r; \
	          printf "bench grade_compile_per_section %.1f ms\nbench grade_checks_per_section %.1f ms\n", 1000 * c / n, 1000 * r / n; \
	          printf "bench grade_slowest_compile %.1f ms (the limit is 8 s, driver.h)\n", 1000 * mc; \
	          printf "bench grade_slowest_section_checks %.1f ms, hidden re-run included (the budget is 6 s)\n", 1000 * mr }'
	@cp $(BUILD)/bench-grade/gradebook.csv $(BUILD)/bench-grade/gradebook.first.csv
	@TIMEFORMAT='%U %S'; { time (echo 1 | $(BENCH_GRADE) > $(BUILD)/bench-grade/log.regrade.txt) ; } 2> $(BUILD)/bench-grade/cpu.regrade.txt
	@cmp -s $(BUILD)/bench-grade/gradebook.csv $(BUILD)/bench-grade/gradebook.first.csv \
	  || { echo "bench-grade: the cached regrade changed the gradebook"; exit 1; }
	@TIMEFORMAT='%U %S'; { time (echo 2 | $(BENCH_GRADE) > $(BUILD)/bench-grade/log.newseed.txt) ; } 2> $(BUILD)/bench-grade/cpu.newseed.txt
	@cmp -s $(BUILD)/bench-grade/gradebook.csv $(BUILD)/bench-grade/gradebook.first.csv \
	  || { echo "bench-grade: the reference copies lost points with a new hidden seed"; exit 1; }
	@$(call bench_probe,after)
	@$(bench_steal)
	@echo "load after: $$(uptime | sed 's/.*load average: //'); peak disk per submission after the run: $$(du -sk $(BUILD)/bench-grade/results | awk -v n=$(N) '{ printf "%.0f KB", $$1 / n }') (+ cache $$(du -sh $(BUILD)/bench-grade/cache | cut -f1))"
	@awk -v n=$(N) -v s=$(call bench_secs,$(BUILD)/bench-grade/log.txt) 'BEGIN { printf "bench grade_throughput %.1f submissions/min (first grade, empty cache, %.1f s)\n", n * 60 / s, s }'
	@awk -v n=$(N) -v s=$(call bench_secs,$(BUILD)/bench-grade/log.regrade.txt) 'BEGIN { printf "bench regrade_throughput %.1f submissions/min (same seed, nothing changed, %.1f s)\n", n * 60 / s, s }'
	@awk -v n=$(N) -v s=$(call bench_secs,$(BUILD)/bench-grade/log.newseed.txt) 'BEGIN { printf "bench regrade_new_seed_throughput %.1f submissions/min (new hidden seed, runners reused, %.1f s)\n", n * 60 / s, s }'
	@for run in "" .regrade .newseed; do awk -v n=$(N) -v run="$${run:-.first}" '{ printf "bench grade_cpu_per_submission%s %.1f ms (user %.1f s + sys %.1f s, every process)\n", run, 1000 * ($$1 + $$2) / n, $$1, $$2 }' $(BUILD)/bench-grade/cpu$$run.txt; done

# The same checker, runners and programs with the other compiler (CC can be
# gcc or clang; whichever is not the default is tried here when installed).
OTHER_CC := $(if $(findstring clang,$(shell $(CC) --version 2>/dev/null)),gcc,clang)
test-other-cc: $(HOSTILE_SRC) $(BUGGY_SRC)
	@if command -v $(OTHER_CC) >/dev/null 2>&1; then \
	  $(MAKE) --no-print-directory CC=$(OTHER_CC) BUILD=build/$(OTHER_CC) all programs build/$(OTHER_CC)/classroom/record/checker >/dev/null || { echo "test-other-cc: $(OTHER_CC) build failed"; exit 1; }; \
	  $(MAKE) --no-print-directory $(RECORD_CHECKER) >/dev/null && bash checker/tests/test_cc_cases.sh $(BUILD) build/$(OTHER_CC) $(firstword $(CC)) 2 || exit 1; \
	  build/$(OTHER_CC)/checker --root . --dir solutions --objdir build/$(OTHER_CC)/obj --work build/$(OTHER_CC)/check/solutions \
	    --cc $(OTHER_CC) --no-color > build/$(OTHER_CC)/solutions.log 2>&1 || { cat build/$(OTHER_CC)/solutions.log; echo "test-other-cc: solutions fail with $(OTHER_CC)"; exit 1; }; \
	  build/$(OTHER_CC)/checker --root . --dir exercises --objdir build/$(OTHER_CC)/obj --work build/$(OTHER_CC)/check/exercises \
	    --cc $(OTHER_CC) --no-color > build/$(OTHER_CC)/exercises.log 2>&1; \
	  test $$? = 1 || { echo "test-other-cc: stubs did not fail cleanly with $(OTHER_CC)"; exit 1; }; \
	  bash checker/tests/test_asm_reads.sh build/$(OTHER_CC)/checker build/$(OTHER_CC)/obj build/$(OTHER_CC)/asm-reads \
	    $(OTHER_CC) $(BUILD)/hostile || exit 1; \
	  $(MAKE) --no-print-directory CC=$(OTHER_CC) BUILD=build/$(OTHER_CC) test-batch >/dev/null || exit 1; \
	  echo "test-other-cc: built and checked with $(OTHER_CC) too"; \
	else echo "test-other-cc: $(OTHER_CC) not installed, skipped"; fi

test-student: $(CHECKER) $(RUNNER_OBJS) $(WATCH) $(HOSTILE_SRC)
	@bash checker/tests/test_student.sh $(BUILD) $(CHECKER) $(WATCH) $(OBJ)

# What a submission can cost (30 s, whatever it does) and that none of its
# processes outlives a killed checker or grade_all.
.PHONY: test-cage
test-cage: $(CHECKER) $(RUNNER_OBJS) $(GRADE_ALL)
	@bash checker/tests/test_cage.sh $(BUILD) $(CHECKER) $(GRADE_ALL) $(OBJ)

test-grade: $(CHECKER) $(RUNNER_OBJS) $(GRADE_ALL) $(HOSTILE_SRC)
	@bash checker/tests/test_grade.sh $(BUILD) $(CHECKER) $(GRADE_ALL) $(OBJ)
	@bash checker/tests/test_leaks.sh $(BUILD) $(CHECKER) $(GRADE_ALL) $(OBJ)
	@bash checker/tests/test_platforms.sh $(BUILD) $(CHECKER) $(OBJ)

# PrairieLearn: the course's questions and the grader image's build context
# (checker/prairielearn/; docs/INSTRUCTORS.md says how to add them to a
# course). IMAGE: the Docker Hub name the image will have; SEED: the hidden
# seed (kept in the course's serverFilesCourse); RELEASE=YYYY-MM-DD: from
# that day the hidden checks are shown in full.
.PHONY: prairielearn test-prairielearn
IMAGE ?= ik-workbook-grader
prairielearn:
	@rm -rf $(BUILD)/prairielearn && mkdir -p $(BUILD)/prairielearn/image/workbook
	@git ls-files --cached --others --exclude-standard | while IFS= read -r f; do [ -f "$$f" ] && printf '%s\0' "$$f"; done \
	  | xargs -0 cp --parents -t $(BUILD)/prairielearn/image/workbook
	@rm -rf $(BUILD)/prairielearn/image/workbook/build
	@cp checker/prairielearn/Dockerfile $(BUILD)/prairielearn/image/
	@seed=$(hidden_seed); echo "hidden seed: $$seed (in $(BUILD)/prairielearn/course/serverFilesCourse: keep it)"; \
	python3 checker/prairielearn/make_course.py . $(BUILD)/prairielearn/course "$(IMAGE)" "$$seed" "$(RELEASE)"
	@echo "image: docker build -t $(IMAGE) $(BUILD)/prairielearn/image && docker push $(IMAGE)"

test-prairielearn: $(CHECKER) $(RUNNER_OBJS)
	@bash checker/tests/test_prairielearn.sh $(BUILD) $(CHECKER) $(OBJ)

# The grading cache, resuming, the class summary and the similarity report.
test-scale: $(CHECKER) $(RUNNER_OBJS) $(GRADE_ALL)
	@bash checker/tests/test_scale.sh $(BUILD) $(CHECKER) $(GRADE_ALL) $(OBJ)

include plots/plots.mk
include plots/failing/failing.mk
include checker/tests/soak.mk
include checker/tests/fuzz.mk
include checker/tests/mutants.mk
include checker/tests/function_length.mk
include checker/tests/sections.mk
include checker/tests/student.mk
include checker/student.mk
include classroom.mk

# ---- make scene: the chapter's closing scene ---------------------------------
# The real clip's root motion through the 10 controller over uneven ground,
# posed by 01's FK with 07's foot IK on top; per-frame data for the plots
# (plots/scene.gp draws it as part of make plots; plots.mk builds its program).
.PHONY: scene
# make scene [DIR=exercises]: the scene on your 07/09/10 where they pass (plots/scene.sh)
scene: setup $(CHECKER) $(RUNNER_OBJS)
	@bash plots/scene.sh $(BUILD) $(CHECKER) $(OBJ) $(DIR) $(CC) $(filter-out -Werror,$(CFLAGS_ALL))

# ---- make bench: speed of the reference solutions (never a timed test) ----
$(BUILD)/bench: checker/bench/bench.c checker/bench/limb_batch.c checker/bench/limb_batch.h checker/os.c $(foreach s,$(SECTIONS),solutions/$(s)/$(call section_name,$(s)).c) $(COMMON_SRC) $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -Iinclude -Ichecker $(addprefix -Isolutions/,$(SECTIONS)) checker/bench/bench.c checker/bench/limb_batch.c checker/os.c \
	  $(foreach s,$(SECTIONS),solutions/$(s)/$(call section_name,$(s)).c) $(COMMON_SRC) -lm -o $@

.PHONY: bench
bench: setup $(BUILD)/bench
	@$(BUILD)/bench

clean:
	rm -rf build

# The literate workbook: make book, make test-book.
include chapters/book.mk
