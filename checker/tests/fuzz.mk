# checker/tests/fuzz.mk - libFuzzer over the judge's reading of answers
# (checker/tests/fuzz_judge.c says how). Included by the Makefile, whose
# SECTIONS, section_name, BUILD, HEADERS, TRUSTED_SRC and COMMON_SRC it uses.
#
#   make test-fuzz                      every section a few seconds (part of make test)
#   make fuzz [FUZZ_SECONDS=600] [FUZZ_SECTIONS="05_ccd 06_fabrik"]
#
# One binary per section, build/fuzz/fuzz_<slug>, built by clang with
# -fsanitize=fuzzer,address,undefined: the section's suite and runner ops,
# check.c and the reference solutions, in one process. make fuzz grows its
# corpus in build/fuzz/corpus/<slug>/ from two seed inputs per check and
# goes on from there next time. A crash, a leak or a sanitizer report stops
# the run and keeps the input as build/fuzz/crash-<slug>-* (to replay it:
# build/fuzz/fuzz_<slug> <file>).

FUZZ_CC ?= clang
FUZZ_DIR := $(BUILD)/fuzz
FUZZ_SECTIONS ?= $(SECTIONS)
FUZZ_SECONDS ?= 300
# make test-fuzz: seconds per section. 10 sections x 4 s from the seeds
# (52 s wall, 49 s CPU on the idle 2-core machine, build up to date).
FUZZ_QUICK_SECONDS ?= 4
# -O1 keeps the instrumented suites fast enough for hundreds of checks a
# second; every UBSan report is fatal, as a crash would be.
FUZZ_CFLAGS := -std=c11 -Wall -Wextra -Werror -g -O1 -fno-omit-frame-pointer \
  -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_INCLUDES := -Iinclude -Ichecker $(addprefix -Isolutions/,$(SECTIONS))
# A check with its mutations is 2 + 12 * n bytes (fuzz_judge.c); 32 at most,
# all of them from the start (libFuzzer's len_control would take a minute
# to let in the first whole record: the old 05 bug took 20-50 s that way,
# 0.1-3 s without).
FUZZ_RUN_FLAGS := -max_len=386 -len_control=0 -timeout=30 -rss_limit_mb=2560 -print_final_stats=1

# The trusted side as build/checker links it (the Makefile's TRUSTED_SRC,
# so a file added there is linked here too), minus the driver program
# (CHECKER_DRIVER_SRC) and the registry of every section (sections.c);
# check.c has its own rule.
FUZZ_TRUSTED := $(patsubst checker/%.c,%,$(filter-out $(CHECKER_DRIVER_SRC) checker/check.c checker/sections.c,$(TRUSTED_SRC)))
FUZZ_SHARED_OBJS := $(FUZZ_DIR)/obj/check.o $(foreach t,$(FUZZ_TRUSTED),$(FUZZ_DIR)/obj/$(t).o) \
  $(foreach s,$(SECTIONS),$(FUZZ_DIR)/obj/ref/$(s).o) \
  $(foreach f,$(COMMON_SRC),$(FUZZ_DIR)/obj/common/$(basename $(notdir $(f))).o)
FUZZ_BINS := $(foreach s,$(FUZZ_SECTIONS),$(FUZZ_DIR)/fuzz_$(s))

.PHONY: fuzz test-fuzz fuzz-build
# built by pattern rules for the links below: kept, not intermediate
.SECONDARY: $(FUZZ_SHARED_OBJS) $(foreach s,$(SECTIONS),$(addprefix $(FUZZ_DIR)/obj/$(s)/,fuzz_judge.o suite.o ops.o))

# The seam (fuzz_judge.c): check.c's check_call is renamed, the harness's
# takes its place; nothing in check.c changes.
$(FUZZ_DIR)/obj/check.o: checker/check.c $(HEADERS) | setup
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link $(FUZZ_INCLUDES) -Dcheck_call=check_call_process -c $< -o $@

$(FUZZ_DIR)/obj/%.o: checker/%.c $(HEADERS) | setup
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link $(FUZZ_INCLUDES) -c $< -o $@

$(FUZZ_DIR)/obj/ref/%.o: solutions/%/$$(call section_name,$$*).c $(HEADERS) | setup
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -Iinclude -Isolutions/$* -c $< -o $@

# The BVH loader only ever reads the workbook's own clip, never an answer,
# and under the sanitizers parsing it took 0.75 s of every real-clip check
# (3 runs a second): it is built plain. terrain.c is not - 07 casts rays
# from the ankles an answer gives.
$(FUZZ_DIR)/obj/common/bvh.o: include/bvh.c $(HEADERS) | setup
	@mkdir -p $(dir $@)
	$(FUZZ_CC) -std=c11 -Wall -Wextra -Werror -g -O2 -Iinclude -c $< -o $@

$(FUZZ_DIR)/obj/common/%.o: include/%.c $(HEADERS) | setup
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -Iinclude -c $< -o $@

# Per section: its suite, its runner ops and the harness told which suite
# (05_ccd -> CCD_CHECKS, and CCD_FIGURE when the suite draws one).
$(FUZZ_DIR)/obj/%/suite.o: checker/sections/%/suite.c $(HEADERS) | setup
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link $(FUZZ_INCLUDES) -c $< -o $@

$(FUZZ_DIR)/obj/%/ops.o: checker/sections/%/ops.c $(HEADERS) | setup
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link $(FUZZ_INCLUDES) -c $< -o $@

fuzz_suite = $(shell echo '$(call section_name,$(1))' | tr a-z A-Z)
fuzz_defines = -DFUZZ_SUITE=$(call fuzz_suite,$(1)) -DFUZZ_SLUG='"$(1)"' \
  $(if $(shell grep -l '^void $(call fuzz_suite,$(1))_FIGURE(void)' checker/sections/$(1)/suite.c),-DFUZZ_FIGURE=$(call fuzz_suite,$(1))_FIGURE)

$(FUZZ_DIR)/obj/%/fuzz_judge.o: checker/tests/fuzz_judge.c checker/sections/%/suite.c $(HEADERS) | setup
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link $(FUZZ_INCLUDES) $(call fuzz_defines,$*) -c $< -o $@

$(FUZZ_DIR)/fuzz_%: $(FUZZ_DIR)/obj/%/fuzz_judge.o $(FUZZ_DIR)/obj/%/suite.o $(FUZZ_DIR)/obj/%/ops.o $(FUZZ_SHARED_OBJS) | setup
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer $^ -lcunit -lseccomp -lm -o $@

fuzz-build: $(FUZZ_BINS)

# Two seeds per check (and the figure): byte 0 the check, byte 1 the seed;
# the first without a mutation (the real answers, which must pass), the
# second with one record for the mutator to work on (MUT_COUNT, on an 8th
# call no check makes, so these answers must pass too).
fuzz_seeds = mkdir -p $(FUZZ_DIR)/seeds/$(1) && \
  for k in $$(seq 0 15); do o=$$(printf %03o $$k); printf "\\$$o\\000" > $(FUZZ_DIR)/seeds/$(1)/check-$$k; \
    printf "\\$$o\\000\\007\\011\\000\\000\\000\\000\\000\\000\\000\\000\\000\\000" > $(FUZZ_DIR)/seeds/$(1)/record-$$k; done

# Runs every section's fuzzer for $(1) seconds, growing the corpus in
# $(FUZZ_DIR)/$(2)/<slug>; stops at the first finding.
fuzz_run = for s in $(FUZZ_SECTIONS); do \
    $(call fuzz_seeds,$$s) && mkdir -p $(FUZZ_DIR)/$(2)/$$s || exit 1; \
    echo "fuzz $$s: $(1) s"; \
    FUZZ_PLOT_DIR=$(FUZZ_DIR) $(FUZZ_DIR)/fuzz_$$s $(FUZZ_RUN_FLAGS) -max_total_time=$(1) -artifact_prefix=$(FUZZ_DIR)/crash-$$s- \
      $(FUZZ_DIR)/$(2)/$$s $(FUZZ_DIR)/seeds/$$s > $(FUZZ_DIR)/$$s.log 2>&1 \
      || { tail -n 60 $(FUZZ_DIR)/$$s.log; echo "fuzz: $$s found a way to break the judge (input kept as $(FUZZ_DIR)/crash-$$s-*)"; exit 1; }; \
    grep -E '^stat::number_of_executed_units|^stat::average_exec_per_sec|^stat::new_units_added' $(FUZZ_DIR)/$$s.log \
      | sed 's/^stat:://' | tr -s ' \n' ' '; echo; \
  done

# make test-fuzz starts each time from the seeds alone (build/fuzz/quick):
# replaying a corpus that make fuzz grew (300 inputs of 09 are 15 s) would
# outlast its few seconds.
test-fuzz:
	@if ! command -v $(FUZZ_CC) >/dev/null 2>&1; then echo "test-fuzz: $(FUZZ_CC) not installed, skipped"; exit 0; fi; \
	$(MAKE) --no-print-directory fuzz-build >/dev/null || { echo "test-fuzz: building the fuzzers failed"; exit 1; }; \
	rm -rf $(FUZZ_DIR)/quick; \
	$(call fuzz_run,$(FUZZ_QUICK_SECONDS),quick); \
	echo "test-fuzz: $(words $(FUZZ_SECTIONS)) sections x $(FUZZ_QUICK_SECONDS) s of hostile answers, no crash, no sanitizer report"

fuzz: fuzz-build
	@$(call fuzz_run,$(FUZZ_SECONDS),corpus); \
	echo "fuzz: $(words $(FUZZ_SECTIONS)) sections x $(FUZZ_SECONDS) s, no crash, no sanitizer report"
