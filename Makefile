# IK & Root Motion workbook - one Makefile for students, instructors and CI.
#
#   make check [S=03_two_bone] [DIR=exercises] [SEED=1]   grade a folder
#   make test                                              the project's own tests
#   make run S=03_two_bone [DIR=solutions]                 run a section's program
#   make setup                                             install what is missing
#
# Everything built goes to build/ (or build/asan/ with SANITIZE=1).

# Debian packages the workbook needs - the one place they are named.
DEBIAN_PACKAGES := make gcc libc6-dev libcunit1-dev gnuplot-nox libxml2-utils

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
  BUILD := build/asan
else
  SAN_FLAGS :=
  BUILD := build
endif

STRICT := -std=c11 -Wall -Wextra -Werror
CFLAGS_ALL := $(STRICT) -O2 -g $(SAN_FLAGS)
SECTION_INCLUDES := -Iinclude -Ichecker $(addprefix -Isolutions/,$(SECTIONS))
# Given (complete) helper sources beside the shared headers, e.g. a loader.
COMMON_SRC := $(wildcard include/*.c)

OBJ := $(BUILD)/obj
CHECKER := $(BUILD)/checker
SELFTEST := $(BUILD)/selftest
TRUSTED_SRC := $(addprefix checker/,checker.c check.c spawn.c diagnosis.c sections.c)
SUITE_SRC := $(wildcard checker/sections/*/suite.c)
REF_SRC := $(foreach s,$(SECTIONS),solutions/$(s)/$(call section_name,$(s)).c)
RUNNER_OBJS := $(OBJ)/runner_main.o $(OBJ)/libcommon.a $(foreach s,$(SECTIONS),$(OBJ)/ops/$(s).o $(OBJ)/ref/$(s).o)
HEADERS := $(wildcard include/*.h include/*.c checker/*.h checker/sections/*/*.h solutions/*/*.h)

.PHONY: all check test test-plain test-sanitized run setup programs clean help
.DEFAULT_GOAL := help

help:
	@echo "make check [S=<section>] [DIR=<folder>] [SEED=<n>]  ตรวจแบบฝึกหัด (grade your exercises)"
	@echo "make test                                          ทดสอบตัว workbook เอง (project tests)"
	@echo "make run S=<section> [DIR=solutions]               รันโปรแกรมตัวอย่างของ section"
	@echo "sections: $(SECTIONS)"

all: $(CHECKER) $(RUNNER_OBJS) $(SELFTEST)

# ---- setup: install missing Debian packages (root), or say how ------------
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

# ---- the trusted checker and the glue linked into every runner ----------
$(CHECKER): $(TRUSTED_SRC) $(SUITE_SRC) $(REF_SRC) $(HEADERS) | setup
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(SECTION_INCLUDES) $(TRUSTED_SRC) $(SUITE_SRC) $(REF_SRC) $(COMMON_SRC) -lcunit -lm -o $@

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

# Reference solutions of the sections a runner depends on (03 uses 02).
.SECONDEXPANSION:
$(OBJ)/ref/%.o: solutions/%/$$(call section_name,$$*).c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -Iinclude -Isolutions/$* -c $< -o $@

# ---- make check: grade a folder laid out like exercises/ -----------------
check: setup $(CHECKER) $(RUNNER_OBJS)
	@$(CHECKER) --root . --dir $(DIR) --objdir $(OBJ) --work $(BUILD)/check/$(subst /,_,$(DIR)) \
	  --seed $(SEED) $(if $(S),--section $(S)) $(if $(SAN_FLAGS),--cflags "$(SAN_FLAGS)")

# ---- programs: each section's small main() ------------------------------
# A program links its section plus the graded files of every earlier
# section from the same tree (03's program uses 02, 07's uses 03, ...).
sections_before = $(shell printf '%s\n' $(SECTIONS) | awk '$$0 < "$(1)"')
program_sources = $(wildcard $(1)/$(2)/*.c) $(COMMON_SRC) \
  $(foreach d,$(call sections_before,$(2)),$(1)/$(d)/$(call section_name,$(d)).c)

$(BUILD)/programs/%: $$(wildcard $$(subst __,/,$$*)/*.c) $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -Iinclude $(call program_sources,$(firstword $(subst __, ,$*)),$(lastword $(subst __, ,$*))) -lm -o $@

PROGRAMS := $(foreach t,exercises solutions,$(foreach s,$(SECTIONS),$(BUILD)/programs/$(t)__$(s)))
programs: $(PROGRAMS)

run: setup
	@test -n "$(S)" || { echo "ระบุ section: make run S=03_two_bone"; exit 2; }
	@$(MAKE) --no-print-directory $(BUILD)/programs/$(subst /,,$(DIR))__$(S)
	@$(BUILD)/programs/$(subst /,,$(DIR))__$(S)

# ---- make test: the project's own tests ---------------------------------
SELFTEST_SRC := checker/tests/selftest.c checker/tests/test_ikmath.c checker/spawn.c checker/diagnosis.c
$(SELFTEST): $(SELFTEST_SRC) $(HEADERS) | setup
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -Iinclude -Ichecker $(SELFTEST_SRC) -lcunit -lm -o $@

test: setup
	@$(MAKE) --no-print-directory test-sanitized
	@$(MAKE) --no-print-directory test-plain

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
	@echo "sanitized (ASan+UBSan): solutions pass, stubs fail cleanly, programs run"

# Buggy solutions that prove each diagnosis are kept as sed scripts over the
# reference (checker/tests/buggy/<id>/<slug>.sed), so they never drift from
# it; a script that no longer changes the file is an error.
BUGGY_SED := $(wildcard checker/tests/buggy/*/*.sed)
BUGGY_SRC := $(foreach f,$(BUGGY_SED),$(BUILD)/buggy/$(notdir $(patsubst %/,%,$(dir $(f))))/$(basename $(notdir $(f)))/$(call section_name,$(basename $(notdir $(f)))).c)
$(BUILD)/buggy/%.c: $$(wordlist 1,1,$$(wildcard checker/tests/buggy/$$(firstword $$(subst /, ,$$*))/$$(word 2,$$(subst /, ,$$*)).sed)) $(REF_SRC)
	@mkdir -p $(dir $@)
	@sed -f $< solutions/$(word 2,$(subst /, ,$*))/$(notdir $@) > $@
	@! cmp -s solutions/$(word 2,$(subst /, ,$*))/$(notdir $@) $@ || { echo "$< no longer changes the reference"; rm -f $@; exit 1; }

test-plain: $(CHECKER) $(RUNNER_OBJS) $(SELFTEST) programs $(BUGGY_SRC) test-plots
	@for p in $(filter $(BUILD)/programs/solutions__%,$(PROGRAMS)); do \
	  $$p >/dev/null || { echo "program $$p failed"; exit 1; }; done
	@$(SELFTEST) --checker $(CHECKER) --root . --objdir $(OBJ) --work $(BUILD)/selftest-runs --buggy $(BUILD)/buggy \
	  $(if $(SAN_FLAGS),--cflags "$(SAN_FLAGS)")

include plots/plots.mk

# ---- make bench: speed of the reference solutions (never a timed test) ----
$(BUILD)/bench: checker/bench/bench.c $(foreach s,$(SECTIONS),solutions/$(s)/$(call section_name,$(s)).c) $(COMMON_SRC) $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -Iinclude $(addprefix -Isolutions/,$(SECTIONS)) checker/bench/bench.c \
	  $(foreach s,$(SECTIONS),solutions/$(s)/$(call section_name,$(s)).c) $(COMMON_SRC) -lm -o $@

.PHONY: bench
bench: setup $(BUILD)/bench
	@$(BUILD)/bench

clean:
	rm -rf build
