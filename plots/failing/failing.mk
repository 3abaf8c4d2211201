# failing.mk - the pictures of failing cases (issue 17; checker/picture.c,
# plots/failing/<kind>.gp), included by the Makefile:
#   make test-pictures   (also a prerequisite of make test-plain)
#   make bench-pictures  (also run by make bench): watch's save -> redraw
.PHONY: test-pictures bench-pictures
PICTURE_BUGGY := $(filter $(BUILD)/buggy/degrees/% $(BUILD)/buggy/bend_for_interior/% $(BUILD)/buggy/pole_side/03_% \
  $(BUILD)/buggy/ccd_direction/% $(BUILD)/buggy/fabrik_backward_last/% $(BUILD)/buggy/pole_side/04_% \
  $(BUILD)/buggy/smaller_deficit/% $(BUILD)/buggy/pole_left_behind/% $(BUILD)/buggy/bone_length/07_% \
  $(BUILD)/buggy/bone_length/08_%,$(BUGGY_SRC))
test-pictures: $(CHECKER) $(GRADE_ALL) $(RUNNER_OBJS) $(PICTURE_BUGGY)
	@bash checker/tests/test_pictures.sh $(BUILD) $(CHECKER) $(OBJ)
TEST_PLAIN_TESTS += test-pictures

bench-pictures: $(CHECKER) $(WATCH) $(RUNNER_OBJS) $(PICTURE_BUGGY)
	@bash checker/bench/watch_pictures.sh $(BUILD) $(CHECKER) $(OBJ) $(WATCH)
bench: bench-pictures
