# checker/tests/student.mk - the student's side's own tests (included by the
# Makefile): the terminal's hints (math rendered, the next hint following
# the failure) run by make test-student through test_student.sh.
TEST_HINTS := $(BUILD)/test_hints
$(TEST_HINTS): checker/tests/test_hints.c checker/hints.c checker/hints.h | setup
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -Ichecker checker/tests/test_hints.c checker/hints.c -o $@

test-student: $(TEST_HINTS)
