# The checker's own mutation test (issue 15): how many wrong solutions does
# the checker catch? checker/tests/mutants.py makes single-token mutants of
# the reference graded files (operators, comparisons, && ||, constants, math
# functions swapped, unary minus dropped, ++/--, statements deleted) and
# grades each as `make check S=<slug>` would (that section alone, seed 1).
#
#   make mutants [S=<slug>] [MUTANTS=all|<n a section>|<file>]   killed/tried, survivors
#     (a file: the ids it lists, the first word of a line; a survivors
#     report works, so MUTANTS=build/mutants/survivors.txt reruns those;
#     MUTANT_SEEDS=N grades on seeds 1..N instead of make check's seed 1)
#   make test-mutants        a fixed sample; fails if one survives (part of make test)
#   make test-alternatives   correct solutions written another way pass every check
#
# A survivor is a wrong solution that gets full marks. One that computes
# the same thing (an array only enlarged, a clamp that assigns the value
# already there) goes in checker/tests/mutants_equivalent.txt with a
# one-line reason; it leaves the denominator and is listed apart.
# Included by the top Makefile after CHECKER, RUNNER_OBJS, BUILD and OBJ.

MUTANTS ?= 40
# The machine the workbook is tested on has 2 cores.
MUTANT_JOBS ?= 2
MUTANTS_PY = python3 checker/tests/mutants.py
MUTANTS_ARGS = --checker $(CHECKER) --objdir $(OBJ) --jobs $(MUTANT_JOBS)
# The sample make test runs: mutant ids, one a line (make mutants-list
# prints them all; `mutants.py show <id>` shows one's diff).
MUTANTS_SAMPLE ?= checker/tests/mutants_sample.txt
# Seeds each alternative solution is graded on (1..ALT_SEEDS).
ALT_SEEDS ?= 20
# Seeds the blind alternatives and the chapter ports are graded on.
BLIND_SEEDS ?= 100

.PHONY: mutants mutants-list test-mutants test-alternatives
mutants: setup $(CHECKER) $(RUNNER_OBJS)
	@nice $(MUTANTS_PY) run $(MUTANTS_ARGS) --work $(BUILD)/mutants/work $(if $(S),--section $(S)) $(if $(MUTANT_SEEDS),--seed-count $(MUTANT_SEEDS)) \
	  $(if $(filter all,$(MUTANTS)),--all,$(if $(wildcard $(MUTANTS)),--ids $(MUTANTS),--per-section $(MUTANTS))) \
	  --report $(BUILD)/mutants/survivors$(if $(S),-$(S)).txt

mutants-list:
	@$(MUTANTS_PY) list $(if $(S),--section $(S)) $(if $(filter all,$(MUTANTS)),--all,--per-section $(MUTANTS))

test-mutants: $(CHECKER) $(RUNNER_OBJS)
	@$(MUTANTS_PY) selftest > $(BUILD)/mutants-selftest.log 2>&1 || { cat $(BUILD)/mutants-selftest.log; exit 1; }
	@nice $(MUTANTS_PY) run $(MUTANTS_ARGS) --work $(BUILD)/mutants/test-work --ids $(MUTANTS_SAMPLE) --fail-on-survivor \
	  --report $(BUILD)/mutants/test-mutants.txt > $(BUILD)/mutants-test.log 2>&1 \
	  || { cat $(BUILD)/mutants-test.log; echo "test-mutants: a wrong solution in $(MUTANTS_SAMPLE) passes its section (or the run failed)"; exit 1; }
	@grep -m1 '^overall' $(BUILD)/mutants-test.log | awk '{ printf "test-mutants: %s mutants of the references killed, none survives (%s)\n", $$2, "$(MUTANTS_SAMPLE)" }'
	@! grep -q WARNING $(BUILD)/mutants-test.log || grep -A3 WARNING $(BUILD)/mutants-test.log

test-alternatives: $(CHECKER) $(RUNNER_OBJS)
	@CC="$(CC)" bash checker/tests/test_alternatives.sh $(BUILD) $(CHECKER) $(OBJ) $(ALT_SEEDS) $(BLIND_SEEDS)

# Rewrites $(MUTANTS_SAMPLE): the first MUTANTS_SAMPLE_N mutants of every
# section by the hash of their id (a choice no edit elsewhere shifts),
# graded now; the ones that survive are written commented out.
MUTANTS_SAMPLE_N ?= 16
.PHONY: mutants-sample
mutants-sample: setup $(CHECKER) $(RUNNER_OBJS)
	@nice $(MUTANTS_PY) run $(MUTANTS_ARGS) --work $(BUILD)/mutants/sample-work --per-section $(MUTANTS_SAMPLE_N) --write-sample $(MUTANTS_SAMPLE) \
	  --report $(BUILD)/mutants/sample.txt | grep -E '^(overall|wrote)'
