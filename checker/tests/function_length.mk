# make test-function-length (issue 19: "outside tests and data tables, no
# function over ~80 lines"): checker/tests/function_length.py lists every C
# function over FUNCTION_LENGTH_MAX lines (signature to closing brace) as
# file:line:function:length and fails when there is one. What it leaves out
# (checker/tests/, chapters/tests/, the sections' suite.c, data tables) and
# why is in its header. First it proves it can fail: a probe file with one
# function of exactly the limit and one a line longer must give the longer
# one alone.
#   make test-function-length [FUNCTION_LENGTH_MAX=80]
#   python3 checker/tests/function_length.py --report-from 60   also lists 61..80
# Included by the top Makefile after BUILD.

FUNCTION_LENGTH_MAX ?= 80
FUNCTION_LENGTH_PY = python3 checker/tests/function_length.py
FUNCTION_LENGTH_PROBE = $(BUILD)/function-length-probe

.PHONY: test-function-length
test-function-length:
	@rm -rf $(FUNCTION_LENGTH_PROBE) && mkdir -p $(FUNCTION_LENGTH_PROBE)
	@awk -v n=$(FUNCTION_LENGTH_MAX) 'BEGIN { \
	  for (f = 0; f < 2; f++) { name = f ? "one_line_too_long" : "at_the_limit"; \
	    printf "static int %s(int x)\n{\n", name; \
	    for (i = 0; i < n - 4 + f; i++) print "    x += 1;"; \
	    print "    return x;\n}\n" } }' > $(FUNCTION_LENGTH_PROBE)/probe.c
	@$(FUNCTION_LENGTH_PY) --max $(FUNCTION_LENGTH_MAX) $(FUNCTION_LENGTH_PROBE) > $(FUNCTION_LENGTH_PROBE)/out.txt; \
	  rc=$$?; want="probe.c:$$(grep -n '^static int one_line_too_long' $(FUNCTION_LENGTH_PROBE)/probe.c | cut -d: -f1):one_line_too_long:$$(($(FUNCTION_LENGTH_MAX) + 1))"; \
	  if [ $$rc != 1 ] || [ "$$(head -1 $(FUNCTION_LENGTH_PROBE)/out.txt)" != "$$want" ] || [ $$(grep -c ':' $(FUNCTION_LENGTH_PROBE)/out.txt) != 2 ]; then \
	    cat $(FUNCTION_LENGTH_PROBE)/out.txt; echo "test-function-length: the scan does not name the probe's $$(($(FUNCTION_LENGTH_MAX) + 1))-line function alone (wanted $$want, exit 1; got exit $$rc)"; exit 1; fi
	@$(FUNCTION_LENGTH_PY) --max $(FUNCTION_LENGTH_MAX) . || { echo "test-function-length: split the functions above into named steps (or, if one is a data table, name it in TABLES in checker/tests/function_length.py with its reason)"; exit 1; }
