# A two-bone solver without the NULL check (issue 17: "a crash blamed on the
# wrong case"): it segfaults on invalid_input's NULL case, and the message
# must name that case as given - "in = NULL" - not a valid-looking input.
# Applied to solutions/03_two_bone/two_bone.c by checker/tests/test_student.sh.
s/return in != NULL && out != NULL && v3_in_world(in->root)/return v3_in_world(in->root)/
