# checker/tests/sections.mk - the registry's tests (included by the Makefile).
#   make test-sections      every section of checker/sections.def has all its
#                           pieces (checker/tests/test_sections.sh)
#   make test-new-section   adding a section works in the places docs/HACKING.md
#                           names: a copy of 02 under another slug, added in a
#                           copy of the tree, checked end to end (< 1 min)
.PHONY: test-sections test-new-section checker-and-runners
TEST_PLAIN_TESTS += test-sections test-new-section

test-sections: $(CHECKER)
	@bash checker/tests/test_sections.sh $(CHECKER)

test-new-section:
	@bash checker/tests/test_new_section.sh $(BUILD)

# What grading one folder needs built, nothing more.
checker-and-runners: $(CHECKER) $(RUNNER_OBJS)
