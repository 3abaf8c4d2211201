# checker/student.mk - how make check, watch and hint talk to a student
# (included by the Makefile; issue 17's "noise a beginner cannot tell from
# errors").
#
# 1. The first make check builds the checker and every runner: some twenty
#    compiler lines of several hundred characters. $(call student_build,T)
#    builds the targets T with one progress line instead, keeping the
#    compiler's output in $(BUILD)/student-build.log and printing all of it
#    when the build fails. Nothing is printed when T is up to date (make -q;
#    NO_SETUP=1 because make check ran setup already and a phony setup would
#    always look out of date).
# 2. A failing check is the normal answer, explained on screen: make must
#    still exit non-zero (scripts and CI read it), but GNU make follows
#    every failed recipe with "make: *** [Makefile:NN: check] Error 1" and
#    has no switch to drop it (-s does not; "-" drops the failure too). So
#    $(student_exit), the last command of the recipe, ends make itself with
#    SIGPIPE when the checker said 1: make does not catch SIGPIPE, the shell
#    prints nothing for it, and make's exit status is 141 (128 + 13), not 0.
#    Any other status (2: a real error) goes to make as usual, with its
#    line. Where SIGPIPE is ignored (inherited SIG_IGN) the kill does
#    nothing and make reports the failure as before.
#    GNU make 4.4.1 catches SIGPIPE (4.3 dies of it at once): its handler
#    first waits for the jobs still running - the recipe that sent the
#    signal - printing "Waiting for unfinished jobs" and that job's
#    "Error 1", and sometimes dies of "wait: No child processes" (exit 2)
#    instead. So $(call student_check,COMMAND) runs the checker while no job
#    of this make is running: in a $(shell) that make expands when it starts
#    the recipe (the build is a prerequisite, finished by then), its output
#    sent to make's own stdout (/proc/<make>/fd/1, else stderr), and the
#    recipe it leaves is "exit <status>". Signalled then, make 4.3 dies at
#    once and 4.4.1's handler has no job to wait for: no line, exit 141 in
#    both (make test-student proves it on 4.3, and on 4.3 with 4.4.1's
#    handling of SIGPIPE, checker/tests/make_sigpipe.c). Make 4.4.0 ignores
#    SIGPIPE: there the recipe "exit 1" fails with make's usual line.
# 3. Inside a section folder (checker/section.mk passes HERE=exercises/NN_x)
#    the checker runs in that folder, with every path it is given relative
#    to it, so every path it prints opens from there ("edit
#    ../03_two_bone/two_bone.c", "../../build/plots/...").

empty :=
UP := $(if $(HERE),$(subst $(empty) $(empty),,$(foreach w,$(subst /, ,$(HERE)),../)))
IN_HERE := $(if $(HERE),cd $(HERE) &&)
# the workbook's top folder as the checker is told it: ../.. inside a section
TOP := $(if $(UP),$(patsubst %/,%,$(UP)),.)
# the folder graded: from inside a section, its tree is the parent folder
CHECK_DIR = $(if $(HERE),..,$(DIR))

define student_build
if ! $(MAKE) --no-print-directory -q NO_SETUP=1 $(1) >/dev/null 2>&1; then \
  echo "$(if $(filter en%,$(LANG)),building the checker and the runners (only after a change; about a minute the first time) ...,กำลัง build ตัวตรวจและ runner (เฉพาะเมื่อมีอะไรเปลี่ยน ครั้งแรกราวหนึ่งนาที) ...)"; \
  mkdir -p $(BUILD); \
  $(MAKE) --no-print-directory NO_SETUP=1 $(1) > $(BUILD)/student-build.log 2>&1 \
    || { cat $(BUILD)/student-build.log; echo "build failed: the whole log is $(BUILD)/student-build.log"; exit 2; }; \
fi
endef

student_exit = rc=$$?; [ $$rc != 1 ] || kill -PIPE $$PPID 2>/dev/null; exit $$rc

# (a recipe line of its own, in a target whose prerequisites built
# everything: make expands a recipe's lines when it starts the first)
student_check = $(shell exec 3>&1; if { true >>/proc/$$PPID/fd/1; } 2>/dev/null; then exec >>/proc/$$PPID/fd/1; else exec >&2; fi; \
  $(1); rc=$$?; [ $$rc != 1 ] || kill -PIPE $$PPID 2>/dev/null; echo "exit $$rc" >&3)
