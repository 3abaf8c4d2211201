# Fairness sweeps (issue 14): the reference solutions must pass every check
# on every seed, or a correct student loses a point by the draw.
#
#   make test-seeds                    seeds 1..TEST_SEEDS (200) for every section; part of make test
#   make soak [SEEDS=10000] [SEED=1]   seeds SEED..SEED+SEEDS-1 for every section
#
# checker/tests/seed_sweep.sh lists every (seed, section, check) that fails,
# with the checker's full message for each under $(BUILD)/seed-sweep/.
# Included by the top Makefile after CHECKER, RUNNER_OBJS, BUILD, OBJ and
# SEED are defined.

TEST_SEEDS ?= 200
SEEDS ?= 10000
# The machine the workbook is tested on has 2 cores.
SWEEP_JOBS ?= 2
# Seeds that once failed, swept every time as regressions: 3689349306 is
# issue 14's (08 look_at_weight_sweep asked the head to turn closer at
# every step, which the contract does not promise).
SWEEP_REGRESSION_SEEDS := 3689349306
SEED_SWEEP = bash checker/tests/seed_sweep.sh --checker $(CHECKER) --objdir $(OBJ) --root . --dir solutions

.PHONY: test-seeds soak
# Chunks of 50 seeds: the slowest section (09, ~0.23 s a seed) is then
# split over both jobs instead of finishing alone at the end.
test-seeds: $(CHECKER) $(RUNNER_OBJS)
	@$(SEED_SWEEP) --work $(BUILD)/seed-sweep/test --first 1 --count $(TEST_SEEDS) --chunk 50 --jobs $(SWEEP_JOBS) \
	  $(addprefix --also ,$(SWEEP_REGRESSION_SEEDS)) > $(BUILD)/seed-sweep-test.log 2>&1 \
	  || { cat $(BUILD)/seed-sweep-test.log; echo "test-seeds: a reference solution fails a check on some seed (see above)"; exit 1; }
	@tail -n 1 $(BUILD)/seed-sweep-test.log

soak: setup $(CHECKER) $(RUNNER_OBJS)
	@$(SEED_SWEEP) --work $(BUILD)/seed-sweep/soak --first $(SEED) --count $(SEEDS) --chunk 500 --jobs $(SWEEP_JOBS) \
	  $(addprefix --also ,$(SWEEP_REGRESSION_SEEDS)) | tee $(BUILD)/seed-sweep-soak.log; exit $${PIPESTATUS[0]}
