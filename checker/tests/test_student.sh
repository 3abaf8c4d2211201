#!/usr/bin/env bash
# test_student.sh - the student's side, driven as a student would (make test).
#   test_student.sh BUILD CHECKER WATCH OBJDIR
# Hints advance one per call and follow the failure on screen, with the math
# rendered; "not started" is the untouched stub only; a crash names its case
# (NULL too); make check builds quietly and fails without make's error line,
# exit 141, on make 4.3 and on 4.3 made to handle SIGPIPE as 4.4 does;
# progress counts match the checks; the table
# fits 80 columns; colours only on a terminal and never with NO_COLOR; both
# languages print every message id; MEMCHECK names a planted overflow and
# says the sanitizers ran; "not started" in place is the stub as handed out;
# the report leads with the failing check that names a mistake and hints
# come weakest first unless that mistake calls for one; make watch S= opens
# at that section;
# watch mode redraws on a save (inotify and polling), ignores swap files
# and answers n/h/q in a real terminal (tmux).
set -uo pipefail
build=$1 checker=$2 watch=$3 objdir=$4
dir=$build/student-test
rm -rf "$dir" && mkdir -p "$dir"
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "test-student: FAIL: $*"; }
check() { "$checker" --root . --objdir "$objdir" "$@"; }

# ---- hints: one more per call, from the data file --------------------------
rm -rf build/hints
h1=$("$watch" --root . --hint 02) ; h2=$("$watch" --root . --hint 02)
total=$(($(grep -c '^---' checker/sections/02_law_of_cosines/hints.md) + 1))
echo "$h1" | grep -q "1/$total" && echo "$h2" | grep -q "2/$total" && ok || bad "hints did not advance (1/$total then 2/$total)"
for i in $(seq 3 $((total + 1))); do "$watch" --root . --hint 02 > "$dir/hint_last"; done
grep -q "$total/$total" "$dir/hint_last" && ok || bad "hints do not stop at the last one"
rm -rf build/hints
for f in checker/sections/*/hints.md; do
  slug=$(basename "$(dirname "$f")")
  [ -d "solutions/$slug" ] && ok || bad "hint file for unknown section $slug"
done
for s in solutions/*/; do
  slug=$(basename "$s")
  [ -f "checker/sections/$slug/hints.md" ] && ok || bad "section $slug has no hints"
  # English: the same hints in the same order, and no Thai left in them.
  en=checker/sections/$slug/hints.en.md
  [ -f "$en" ] && [ "$(grep -c '^---$' "$en")" = "$(grep -c '^---$' "checker/sections/$slug/hints.md")" ] &&
    [ "$(grep -c '^# ' "$en")" = "$(grep -c '^# ' "checker/sections/$slug/hints.md")" ] &&
    ! LC_ALL=C.UTF-8 grep -qP '[\x{0E00}-\x{0E7F}]' "$en" && ok || bad "$en missing, not the same hints as the Thai, or not English"
done
rm -rf build/hints
WORKBOOK_LANG=en "$watch" --root . --hint 02 > "$dir/hint_en" && LANG=en make --no-print-directory hint S=03 > "$dir/hint_en_make" 2>&1
grep -q "^hint 1/" "$dir/hint_en" && ! LC_ALL=C.UTF-8 grep -qP '[\x{0E00}-\x{0E7F}]' "$dir/hint_en" && ok \
  || bad "WORKBOOK_LANG=en did not print an English hint"
grep -q "^hint 1/" "$dir/hint_en_make" && ok || bad "LANG=en make hint did not print an English hint"
rm -rf build/hints

# ---- hints in a terminal: math rendered (checker/tests/test_hints.c) ------
"$build/test_hints" . > "$dir/test_hints.txt" 2>&1 && ok || { cat "$dir/test_hints.txt"; bad "test_hints failed"; }
rm -rf build/hints
"$watch" --root . --hint 02 > "$dir/hint_math" 2>&1
grep -q 'L₁' "$dir/hint_math" && ! grep -q '\$L_1\$' "$dir/hint_math" && ok || bad "make hint printed raw TeX (\$L_1\$)"
rm -rf build/hints

# ---- the next hint follows the failure on screen: a planted distance
# margin (02) gets the hint tagged for distance_margin, not hint 1 ---------
mkdir -p "$dir/margin/02_law_of_cosines"
sed -f checker/tests/buggy/distance_margin/02_law_of_cosines.sed solutions/02_law_of_cosines/law_of_cosines.c \
  > "$dir/margin/02_law_of_cosines/law_of_cosines.c"
check --dir "$dir/margin" --work "$dir/margin_w" --section 02 --no-color > /dev/null 2>&1
want=$(awk '/^---/ { k++ } /<!-- for:.* distance_margin/ { print k + 1; exit }' checker/sections/02_law_of_cosines/hints.md)
"$watch" --root . --hint 02 --results "$dir/margin_w/results.tsv" > "$dir/hint_margin" 2>&1
[ -n "$want" ] && [ "$want" != 1 ] && grep -q "^คำใบ้ $want/" "$dir/hint_margin" && grep -q "^(.*: distance_margin)" "$dir/hint_margin" && ok \
  || bad "with distance_margin on screen, make hint did not give hint $want (the one for it)"
"$watch" --root . --hint 02 --results "$dir/margin_w/results.tsv" > "$dir/hint_margin2" 2>&1
grep -q "^คำใบ้ 1/" "$dir/hint_margin2" && ok || bad "after the mistake's only hint, the next was not the weakest left (hint 1)"
rm -rf build/hints

# ---- the report leads with the failing check that names a mistake, and
# the hints come weakest first unless that mistake calls for one (issue 35:
# a root-to-tip CCD showed unreachable_target, no mistake named, and hints
# came 3/5, 1/5, 2/5). ----------------------------------------------------
mkdir -p "$dir/ccdorder/05_ccd"
sed -f checker/tests/buggy/ccd_order/05_ccd.sed solutions/05_ccd/ccd.c > "$dir/ccdorder/05_ccd/ccd.c"
check --dir "$dir/ccdorder" --work "$dir/ccdorder_w" --section 05 --no-color --lang en > "$dir/ccdorder.txt" 2>/dev/null
r=$dir/ccdorder_w/results.tsv
# the case is worth testing only while an unnamed failure comes first
awk -F'\t' '$1 == "check" && $4 == "fail" { print $3 "/" $6 }' "$r" | head -1 | grep -q '^unreachable_target/-$' \
  && grep -q "^check	05_ccd	pass_by_pass	fail	wrong	ccd_order" "$r" && ok \
  || bad "the root-to-tip CCD no longer fails unreachable_target (unnamed) before pass_by_pass (ccd_order): pick another case"
[ "$(grep -c '^✗ 05_ccd ›' "$dir/ccdorder.txt")" = 1 ] && grep -q '^✗ 05_ccd › pass_by_pass' "$dir/ccdorder.txt" \
  && grep -q 'diagnosis \[ccd_order\]' "$dir/ccdorder.txt" && grep -q '^failing check that names the mistake' "$dir/ccdorder.txt" \
  && grep -qE '05_ccd +4/6 +failing — pose after pass' "$dir/ccdorder.txt" && ok \
  || bad "the report does not lead with pass_by_pass's ccd_order (the row and the failure in full)"
rm -rf build/hints
want=$(awk '/^---/ { k++ } /<!-- for:.* ccd_order/ { print k + 1; exit }' checker/sections/05_ccd/hints.md)
total=$(($(grep -c '^---' checker/sections/05_ccd/hints.md) + 1))
got=""
for i in $(seq 1 "$total"); do
  WORKBOOK_LANG=en "$watch" --root . --hint 05 --results "$r" > "$dir/hint_ccd$i" 2>&1
  n=$(sed -n 's/^hint \([0-9]*\)\/.*/\1/p' "$dir/hint_ccd$i")
  got="$got $n"
  # each hint says the rule that chose it
  if [ "$i" = 1 ]; then grep -q '^(chosen for the mistake the checker names in the failure you see: ccd_order)' "$dir/hint_ccd$i" || got="$got(no rule said)"
  else grep -q '^(the weakest hint not shown yet' "$dir/hint_ccd$i" || got="$got(no rule said)"; fi
done
expected=" $want$(seq 1 "$total" | grep -vx "$want" | sed 's/^/ /' | tr -d '\n')"
[ -n "$want" ] && [ "$got" = "$expected" ] && ok \
  || bad "hints for a ccd_order failure came as$got, expected$expected (the mistake's, then weakest first, each saying its rule)"
rm -rf build/hints

# ---- make run: S=03 like make check; a wrong name is one line, not a link error
make --no-print-directory run S=03 DIR=solutions > "$dir/run03.txt" 2>&1 && grep -q "101.54 deg" "$dir/run03.txt" && ok \
  || bad "make run S=03 did not run section 03's program"
make --no-print-directory run S=3 DIR=./solutions/ > "$dir/run3.txt" 2>&1 && grep -q "101.54 deg" "$dir/run3.txt" && ok \
  || bad "make run S=3 DIR=./solutions/ did not run section 03's program"
make --no-print-directory run S=03 DIR=/nonexistent > "$dir/run_dir.txt" 2>&1
[ $? = 2 ] && grep -q "DIR must be exercises or solutions" "$dir/run_dir.txt" && ok \
  || bad "make run DIR=/nonexistent did not say which folders work"
make --no-print-directory run S=99 > "$dir/run99.txt" 2>&1
[ $? = 2 ] && grep -q "no such section" "$dir/run99.txt" && ! grep -q "undefined reference" "$dir/run99.txt" && ok \
  || bad "make run S=99 did not say there is no such section"

# ---- make from inside a section folder: that section, from that tree ------
(cd exercises/03_two_bone && make --no-print-directory) > "$dir/inside_ex.txt" 2>&1
rc=$?
[ $rc != 0 ] && grep -q "03_two_bone .*0/9" "$dir/inside_ex.txt" && ! grep -q "02_law_of_cosines" "$dir/inside_ex.txt" && ok \
  || bad "plain make inside exercises/03_two_bone did not check that section alone (rc $rc)"
(cd solutions/03_two_bone && make --no-print-directory check) > "$dir/inside_sol.txt" 2>&1 \
  && grep -q "1/1 sections, 9/9 checks" "$dir/inside_sol.txt" && ok \
  || bad "make check inside solutions/03_two_bone did not check the reference's 03"
for m in exercises/*/Makefile solutions/*/Makefile; do
  cmp -s exercises/01_forward_kinematics/Makefile "$m" && ok || bad "$m differs from the other section Makefiles"
done
mkdir -p "$dir/lost/03_two_bone" && cp exercises/03_two_bone/Makefile "$dir/lost/03_two_bone/"
(cd "$dir/lost/03_two_bone" && make --no-print-directory) > "$dir/inside_lost.txt" 2>&1
[ $? = 2 ] && grep -q "not inside the workbook" "$dir/inside_lost.txt" && ok \
  || bad "a section Makefile outside the workbook did not say so"

# ---- status: "not started" is the untouched stub, nothing else (issue 17) --
# An untouched stub is not started; the stub with one line changed is an
# attempt (failing), even with the TODO comment still there; a file that
# does not compile is failing and the row says it does not compile.
rm -rf "$dir/status" && mkdir -p "$dir/status" && cp -r exercises/02_law_of_cosines exercises/03_two_bone exercises/04_pole_vector "$dir/status/"
printf '\n/* my first try */\nint my_try = 1;\n' >> "$dir/status/03_two_bone/two_bone.c"
printf '\noops(\n' >> "$dir/status/04_pole_vector/pole_vector.c"
grep -q TODO "$dir/status/03_two_bone/two_bone.c" || bad "the status test expects 03's stub to keep a TODO comment"
check --dir "$dir/status" --work "$dir/status_w" --section 02,03,04 --list --no-color --lang en > "$dir/status.txt" 2>/dev/null
grep -q "^section	02_law_of_cosines	not_started	" "$dir/status_w/results.tsv" && grep -qE "02_law_of_cosines +0/[0-9]+ +not started" "$dir/status.txt" && ok \
  || bad "the untouched 02 stub is not 'not started'"
grep -q "^section	03_two_bone	failing	" "$dir/status_w/results.tsv" && grep -qE "03_two_bone +0/[0-9]+ +failing" "$dir/status.txt" && ok \
  || bad "the 03 stub with a line added is not 'failing'"
grep -q "^section	04_pole_vector	failing	" "$dir/status_w/results.tsv" && grep -qE "04_pole_vector +0/[0-9]+ +failing — does not compile" "$dir/status.txt" && ok \
  || bad "04 that does not compile is not 'failing — does not compile'"

# ---- a crash names the case it crashed on, as given (NULL is an input) ----
mkdir -p "$dir/nonull/03_two_bone"
sed -f checker/tests/student/03_no_null_check.sed solutions/03_two_bone/two_bone.c > "$dir/nonull/03_two_bone/two_bone.c"
cmp -s solutions/03_two_bone/two_bone.c "$dir/nonull/03_two_bone/two_bone.c" && bad "03_no_null_check.sed no longer changes the reference"
check --dir "$dir/nonull" --work "$dir/nonull_w" --section 03 --no-color --lang en > "$dir/nonull.txt" 2>/dev/null
grep -q "invalid_input" "$dir/nonull.txt" && grep -q "crashed" "$dir/nonull.txt" \
  && grep -qE "at case [0-9]+ of [0-9]+: two_bone_solve\(in = NULL" "$dir/nonull.txt" && ok \
  || bad "a crash on 03's NULL case does not name the NULL case (in = NULL)"

# ---- a quiet make check: one progress line while building, no make error
# line after a failing check (still non-zero), paths that open from a section
# folder (checker/student.mk). The rebuilds happen in a copy of the built
# checker and objects (BUILD=$sb, modification times kept): make test runs
# other tests beside this one, and none of them may see build/obj's
# runner_main.o dated 2000 (its make would rebuild it too) or half written.
sb=$dir/build
mkdir -p "$sb" && cp -a "$checker" "$sb/checker" && cp -a "$objdir" "$sb/obj" || bad "could not copy $checker and $objdir into $sb"
make --no-print-directory check S=02 BUILD="$sb" > /dev/null 2>&1   # anything stale is built first
touch -d '2000-01-01' "$sb/obj/runner_main.o"           # one object to rebuild
make --no-print-directory check S=02 LANG=en BUILD="$sb" > "$dir/quiet_build.txt" 2>&1
rc=$?
[ "$(grep -c 'building the checker' "$dir/quiet_build.txt")" = 1 ] && ! grep -q -- '-Werror' "$dir/quiet_build.txt" \
  && grep -q -- '-Werror' "$sb/student-build.log" && grep -q "runner_main.c -o $sb/obj/runner_main.o" "$sb/student-build.log" && ok \
  || bad "the build was not one progress line (compiler lines in make check's output, or none in $sb/student-build.log)"
[ $rc != 0 ] && ! grep -q 'make: \*\*\*' "$dir/quiet_build.txt" && ! grep -q 'Error 1' "$dir/quiet_build.txt" && ok \
  || bad "a failing make check printed make's error line or exited 0 (rc $rc)"
make --no-print-directory check S=02 LANG=en BUILD="$sb" > "$dir/quiet_again.txt" 2>&1
! grep -q 'building the checker' "$dir/quiet_again.txt" && ok || bad "an up-to-date make check still says it is building"
touch -d '2000-01-01' "$sb/obj/runner_main.o"
make --no-print-directory check S=02 LANG=en CC=false BUILD="$sb" > "$dir/build_fail.txt" 2>&1
rc=$?
[ $rc = 2 ] && grep -q '^false .*runner_main.c' "$dir/build_fail.txt" && grep -q 'build failed' "$dir/build_fail.txt" && ok \
  || bad "a failing build did not show the compiler's whole output (rc $rc)"
make --no-print-directory check S=02 BUILD="$sb" > /dev/null 2>&1   # rebuilt with the real compiler
make --no-print-directory check S=02 DIR=solutions BUILD="$sb" > /dev/null 2>&1 && ok || bad "a passing make check did not exit 0"
(cd exercises/03_two_bone && make --no-print-directory check LANG=en) > "$dir/inside_quiet.txt" 2>&1
rc=$?
edit=$(sed -n 's/^  next: edit \(.*\), then run.*/\1/p' "$dir/inside_quiet.txt")
[ $rc != 0 ] && ! grep -q 'make: \*\*\*' "$dir/inside_quiet.txt" && [ -n "$edit" ] && (cd exercises/03_two_bone && test -f "$edit") && ok \
  || bad "inside exercises/03_two_bone: make's error line, exit 0, or a path ('$edit') that does not open from there (rc $rc)"

# ---- "not started" in place: make check grades exercises/ itself, which is
# the student's work, so it compares with the stubs as handed out (a
# snapshot), not with the file itself (issue 35: a changed 02 with no check
# passing was "not started"). A tree of links to this one with exercises/
# its own copy: nothing here is touched. -----------------------------------
nr=$dir/inplace
case $sb in /*) sb_abs=$sb;; *) sb_abs=$PWD/$sb;; esac
mkdir -p "$nr"
for x in $(ls -A | grep -vx 'build\|exercises\|\.git'); do ln -s "$PWD/$x" "$nr/$x"; done
cp -r exercises "$nr/exercises"
make -C "$nr" --no-print-directory check S=02 LANG=en BUILD="$sb_abs" > "$dir/inplace1.txt" 2>&1
printf '\n/* my first try */\nint my_try = 1;\n' >> "$nr/exercises/02_law_of_cosines/law_of_cosines.c"
make -C "$nr" --no-print-directory check S=02 LANG=en BUILD="$sb_abs" > "$dir/inplace2.txt" 2>&1
grep -qE "02_law_of_cosines +0/[0-9]+ +not started" "$dir/inplace1.txt" && grep -qE "02_law_of_cosines +0/[0-9]+ +failing" "$dir/inplace2.txt" && ok \
  || bad "make check in place: the untouched 02 is not 'not started', or one added line with no check passing is not 'failing'"
make -C "$nr" --no-print-directory list LANG=en BUILD="$sb_abs" > "$dir/inplace3.txt" 2>&1
grep -qE "02_law_of_cosines +0/[0-9]+ +failing" "$dir/inplace3.txt" && grep -qE "03_two_bone +0/[0-9]+ +not started" "$dir/inplace3.txt" && ok \
  || bad "make list in place: 02 changed is not failing or 03 untouched is not not started"
make --no-print-directory -n watch S=03 BUILD="$sb" 2>/dev/null | grep -q -- "--stubs $sb/stubs --section 03" && ok \
  || bad "make watch does not pass the stubs and S= (--stubs, --section) to watch"
if command -v gnuplot > /dev/null; then
  (cd exercises/05_ccd && make --no-print-directory check LANG=en) > "$dir/inside_plot.txt" 2>&1
  png=$(grep -o '[^ ]*05_ccd_vs_reference.png' "$dir/inside_plot.txt" | head -1)
  [ -n "$png" ] && (cd exercises/05_ccd && test -s "$png") && grep -q "has not run a pass yet" "$dir/inside_plot.txt" && ok \
    || bad "inside exercises/05_ccd the figure's path '$png' does not open from there, or the untouched stub was promised a curve"
fi

# ---- make check on make 4.3 and 4.4: exit 141 and no make line ---------------
# make 4.4.1 catches SIGPIPE and waits for the running jobs first (printing
# "Waiting for unfinished jobs" and "Error 1", or dying of "wait: No child
# processes", exit 2); 4.4.0 ignores it. Emulated on this make 4.3 by
# make_sigpipe.c: shown to take effect (make catches or ignores SIGPIPE) and
# to reproduce 4.4.1's lines on a recipe that signals make from a job, as
# make check did; then make check fails quietly with 141 on 4.3 and on
# "4.4.1", from the top and from a section folder, and stops with 2 on a
# real error; on "4.4.0" it still fails (with make's line: see student.mk).
${CC:-cc} -shared -fPIC -O2 checker/tests/make_sigpipe.c -o "$dir/make_sigpipe.so" -ldl || bad "make_sigpipe.c did not build"
shim=$(realpath "$dir/make_sigpipe.so")
as_make() { # MODE (4.3 | 4.4.1 | 4.4.0), then make's arguments (NO_SETUP: its dpkg queries take seconds)
  local mode=$1; shift
  case $mode in
    4.3) NO_SETUP=1 make --no-print-directory "$@" ;;
    4.4.1) NO_SETUP=1 SHIM_SIGPIPE=fatal LD_PRELOAD=$shim make --no-print-directory "$@" ;;
    4.4.0) NO_SETUP=1 SHIM_SIGPIPE=ignore LD_PRELOAD=$shim make --no-print-directory "$@" ;;
  esac
}
mkdir -p "$dir/mk" && printf 'show:\n\t@grep -E "^Sig(Ign|Cgt)" /proc/$$PPID/status\nold:\n\t@false; rc=$$?; [ $$rc != 1 ] || kill -PIPE $$PPID; exit $$rc\n' > "$dir/mk/Makefile"
sig=$(as_make 4.4.1 -C "$dir/mk" show); sig0=$(as_make 4.4.0 -C "$dir/mk" show); sig3=$(as_make 4.3 -C "$dir/mk" show)
[[ $(grep SigCgt <<<"$sig") =~ [13579bdfBDF]...$ && $(grep SigIgn <<<"$sig0") =~ [13579bdfBDF]...$ \
   && ! $(grep SigCgt <<<"$sig3") =~ [13579bdfBDF]...$ ]] && ok \
  || bad "make_sigpipe.so does not make make catch (4.4.1) or ignore (4.4.0) SIGPIPE: $sig / $sig0 / $sig3"
for i in 1 2 3; do as_make 4.4.1 -C "$dir/mk" old > "$dir/mk/old.$i" 2>&1; echo "rc $?" >> "$dir/mk/old.$i"; done
grep -qE 'Waiting for unfinished jobs|wait: No child processes|Error 1' "$dir"/mk/old.* && ok \
  || bad "the emulated make 4.4.1 does not show 4.4.1's lines on the old recipe: $(cat "$dir"/mk/old.1)"
# (each make check parses the Makefile two or three times: a few seconds;
# make 4.3's inside and passing runs, and 0 for a passing check on either
# (the same recipe, no signal), are the tests above)
for run in 4.3 4.4.1 4.4.1; do   # (4.4.1's race was one run in six)
  as_make $run check S=02 LANG=en BUILD="$sb" > "$dir/mk/check" 2>&1; rc=$?
  [ $rc = 141 ] && ! grep -q 'make: \*\*\*' "$dir/mk/check" && grep -q 'first failing check' "$dir/mk/check" && ok \
    || bad "make $run: a failing make check exited $rc or printed make's lines: $(grep 'make' "$dir/mk/check" | head -3)"
done
(cd exercises/02_law_of_cosines && as_make 4.4.1 LANG=en) > "$dir/mk/inside" 2>&1; rc=$?
[ $rc = 141 ] && ! grep -q 'make: \*\*\*' "$dir/mk/inside" && grep -q 'first failing check' "$dir/mk/inside" && ok \
  || bad "make 4.4.1: make in exercises/02_law_of_cosines exited $rc or printed make's lines: $(grep 'make' "$dir/mk/inside" | head -3)"
as_make 4.4.1 check S=02 DIR=no_such_folder BUILD="$sb" > "$dir/mk/error" 2>&1; rc=$?
[ $rc = 2 ] && ok || bad "make 4.4.1: a real error did not exit 2 (rc $rc)"
as_make 4.4.0 check S=02 BUILD="$sb" > "$dir/mk/check_4.4.0" 2>&1; rc=$?
[ $rc != 0 ] && ok || bad "make 4.4.0 (SIGPIPE ignored): a failing make check exited 0"

# ---- 01's input line names the rotations it used, not only the offsets ----
mkdir -p "$dir/fk_order/01_forward_kinematics"
sed -f checker/tests/buggy/multiply_order/01_forward_kinematics.sed solutions/01_forward_kinematics/forward_kinematics.c \
  > "$dir/fk_order/01_forward_kinematics/forward_kinematics.c"
check --dir "$dir/fk_order" --work "$dir/fk_order_w" --section 01 --no-color --lang en > "$dir/fk_order.txt" 2>/dev/null
grep -q "arm_pose" "$dir/fk_order.txt" && grep -q "rotation 30.0° about (0.000, 1.000, 0.000)" "$dir/fk_order.txt" \
  && grep -q "rotation 45.0° about (1.000, 0.000, 0.000)" "$dir/fk_order.txt" && ok \
  || bad "01's arm_pose input line does not list the rotations it used"

# ---- progress: counts derived from the checks themselves -------------------
check --dir exercises --work "$dir/ex" --list --no-color > "$dir/list.txt" 2>/dev/null
checks=$(grep -c '^check' "$dir/ex/results.tsv")
passed=$(awk -F'\t' '$1 == "check" && $4 == "pass"' "$dir/ex/results.tsv" | wc -l)
grep -q "$passed/$checks checks" "$dir/list.txt" && ok || bad "progress line does not say $passed/$checks checks"
sections=$(grep -c '^section' "$dir/ex/results.tsv")
[ "$(grep -c '✗\|✓' "$dir/list.txt")" = "$sections" ] && ok || bad "table rows do not match $sections sections"
width=$(LC_ALL=C.UTF-8 wc -L < "$dir/list.txt")
[ "$width" -le 80 ] && ok || bad "the table is $width columns wide (more than 80)"
check --dir solutions --work "$dir/sol" --list --no-color > "$dir/list_sol.txt" 2>/dev/null
grep -q "$sections/$sections sections" "$dir/list_sol.txt" && grep -q "เยี่ยมมาก" "$dir/list_sol.txt" && ok \
  || bad "all-pass message missing for the reference"

# ---- colours: only on a terminal, never with NO_COLOR -----------------------
esc=$'\033['
script -qec "$checker --root . --objdir $objdir --dir exercises --work $dir/tty --section 02 --list" /dev/null > "$dir/tty.txt" 2>&1
grep -qF "$esc" "$dir/tty.txt" && ok || bad "no colour on a terminal"
script -qec "env NO_COLOR=1 $checker --root . --objdir $objdir --dir exercises --work $dir/tty --section 02 --list" /dev/null > "$dir/tty_nc.txt" 2>&1
grep -qF "$esc" "$dir/tty_nc.txt" && bad "colour despite NO_COLOR" || ok
grep -qF "$esc" "$dir/list.txt" && bad "colour in a pipe" || ok

# ---- languages: every message id in both, and English on request ----------
"$checker" --print-messages > "$dir/messages.tsv"
ids=$(grep -c '^MSG_' "$dir/messages.tsv")
[ "$ids" -ge 50 ] && ok || bad "only $ids message ids"
awk -F'\t' '/^MSG_/ && ($2 == "" || $3 == "" || $2 == "?" || $3 == "?") { exit 1 }' "$dir/messages.tsv" && ok \
  || bad "a message id is empty in one language"
check --dir exercises --work "$dir/en" --section 02 --lang en --no-color > "$dir/en.txt" 2>/dev/null
grep -q "first failing check" "$dir/en.txt" && ! grep -q "ข้อแรก" "$dir/en.txt" && ok || bad "--lang en is not English"
LANG=en check --dir exercises --work "$dir/en2" --section 02 --no-color > "$dir/en2.txt" 2>/dev/null
grep -q "first failing check" "$dir/en2.txt" && ok || bad "LANG=en is not English"
check --dir exercises --work "$dir/th" --section 02 --no-color > "$dir/th.txt" 2>/dev/null
grep -q "ข้อแรกที่ยังไม่ผ่าน" "$dir/th.txt" && ok || bad "Thai is not the default"

# ---- MEMCHECK: a planted heap overflow, named with function and line -------
mkdir -p "$dir/mem/02_law_of_cosines"
sed -f checker/tests/memcheck/heap_overflow.sed solutions/02_law_of_cosines/law_of_cosines.c \
  > "$dir/mem/02_law_of_cosines/law_of_cosines.c"
check --dir "$dir/mem" --work "$dir/memw" --section 02 --no-color \
  --cflags "-fsanitize=address,undefined -fno-omit-frame-pointer -g" > "$dir/mem.txt" 2>/dev/null
grep -q "MEMCHECK" "$dir/mem.txt" && grep -q "heap-buffer-overflow" "$dir/mem.txt" \
  && grep -q "elbow_interior_angle" "$dir/mem.txt" && grep -q "law_of_cosines.c" "$dir/mem.txt" && ok \
  || bad "MEMCHECK did not name the planted heap overflow"
# it says the sanitizers ran, also when they found nothing (issue 35)
grep -q "^MEMCHECK: โค้ดของคุณถูก build ด้วย AddressSanitizer + UBSan" "$dir/mem.txt" && ok || bad "MEMCHECK=1 does not say the sanitizers ran"
check --dir solutions --work "$dir/memok" --section 02 --no-color --lang en \
  --cflags "-fsanitize=address,undefined -fno-omit-frame-pointer -g" > "$dir/memok.txt" 2>/dev/null
grep -q "^MEMCHECK: your code was built with AddressSanitizer + UBSan and ran every check above" "$dir/memok.txt" && ok \
  || bad "MEMCHECK=1 on a passing 02 does not say the sanitizers ran"
check --dir solutions --work "$dir/memno" --section 02 --no-color --lang en > "$dir/memno.txt" 2>/dev/null
grep -q "^MEMCHECK" "$dir/memno.txt" && bad "without MEMCHECK the run says the sanitizers ran" || ok

# ---- the student's convergence figure (05/06), when gnuplot is here --------
if command -v gnuplot > /dev/null; then
  mkdir -p "$dir/plots"
  check --dir exercises --work "$dir/fig" --section 05 --no-color --plot-dir "$dir/plots" > "$dir/fig.txt" 2>/dev/null
  grep -q "$dir/plots/05_ccd_vs_reference.png" "$dir/fig.txt" && [ -s "$dir/plots/05_ccd_vs_reference.png" ] \
    && xmllint --noout "$dir/plots/05_ccd_vs_reference.svg" && ok || bad "no convergence figure for 05 in the feedback"
fi

# ---- watch mode -------------------------------------------------------------
# A private copy of the exercises, so the student's own files are never touched.
cp -r exercises "$dir/ex_watch"
wait_for() { # file pattern seconds
  for _ in $(seq 1 $(($3 * 10))); do grep -q "$2" "$1" 2>/dev/null && return 0; sleep 0.1; done; return 1; }

# polling fallback, no terminal: plain redraws into a file
"$watch" --poll --checker "$checker" --root . --dir "$dir/ex_watch" --objdir "$objdir" --work "$dir/pw" \
  > "$dir/poll.txt" 2>&1 &
poll_pid=$!
wait_for "$dir/poll.txt" "make watch #1" 30 && ok || bad "watch --poll did not draw"
sleep 1.1 # mtimes have one-second resolution
cp solutions/02_law_of_cosines/law_of_cosines.c "$dir/ex_watch/02_law_of_cosines/"
wait_for "$dir/poll.txt" "make watch #2 — 02_law_of_cosines" 30 && ok || bad "polling missed a save"
kill "$poll_pid" 2>/dev/null; wait "$poll_pid" 2>/dev/null
cp exercises/02_law_of_cosines/law_of_cosines.c "$dir/ex_watch/02_law_of_cosines/"
# make watch S=03 opens at 03 (issue 35: it opened at the first section not done)
"$watch" --poll --checker "$checker" --root . --dir "$dir/ex_watch" --objdir "$objdir" --work "$dir/pw3" --section 03 \
  > "$dir/poll3.txt" 2>&1 &
poll_pid=$!
wait_for "$dir/poll3.txt" "make watch #1" 30
grep -q "make watch #1 — 03_two_bone" "$dir/poll3.txt" && ok || bad "watch --section 03 did not open at 03: $(grep -m1 'make watch #1' "$dir/poll3.txt")"
kill "$poll_pid" 2>/dev/null; wait "$poll_pid" 2>/dev/null

# inotify in a real terminal, driven by keys
session=wbtest$$
tmux kill-session -t "$session" 2>/dev/null
tmux new-session -d -s "$session" -x 100 -y 50 \
  "$watch --checker $checker --root . --dir $dir/ex_watch --objdir $objdir --work $dir/iw; echo WATCH-EXITED; sleep 30"
screen() { tmux capture-pane -p -t "$session" > "$dir/screen.txt" 2>/dev/null; }
wait_screen() { for _ in $(seq 1 $(($2 * 10))); do screen; grep -q "$1" "$dir/screen.txt" && return 0; sleep 0.1; done; return 1; }
wait_screen "make watch #1" 30 && ok || bad "watch did not draw in a terminal"
wait_screen "(inotify)" 5 && ok || bad "watch did not use inotify"
: > "$dir/ex_watch/02_law_of_cosines/.law_of_cosines.c.swp"   # an editor's swap file
: > "$dir/ex_watch/02_law_of_cosines/law_of_cosines.c~"
sleep 1.5; screen
grep -q "make watch #2" "$dir/screen.txt" && bad "a swap file caused a redraw" || ok
cp solutions/02_law_of_cosines/law_of_cosines.c "$dir/ex_watch/02_law_of_cosines/"
wait_screen "make watch #2 — 02_law_of_cosines" 30 && ok || bad "inotify missed a save"
wait_screen "ผ่านแล้ว" 30 && ok || bad "the redraw does not show the section passing"
tmux send-keys -t "$session" n
wait_screen "make watch #3 — 03_two_bone" 30 && ok || bad "key n did not move to the next section"
tmux send-keys -t "$session" h
wait_screen "คำใบ้ 1/" 10 && ok || bad "key h did not show a hint"
tmux send-keys -t "$session" q
wait_screen "WATCH-EXITED" 10 && ok || bad "key q did not quit"
tmux kill-session -t "$session" 2>/dev/null
rm -rf build/hints

# ---- printf is how students debug: a wrong answer shows what was printed --
mkdir -p "$dir/printf" && cp -r solutions/02_law_of_cosines "$dir/printf/"
sed -i -e '1i #include <stdio.h>' -e '/^float elbow_bend_angle/,/^{/{/^{/a\
    printf("debug bend %f\\n", (double)dist); printf("second line\\n"); return 0.123f;
}' "$dir/printf/02_law_of_cosines/law_of_cosines.c"
check --dir "$dir/printf" --work "$dir/printf_w" --section 02 --no-color --lang en > "$dir/printf.log" 2>&1
# both lines, in the check that printed them: stdout on a pipe is fully
# buffered unless the runner says otherwise, and would arrive late or never
grep -q "your program printed" "$dir/printf.log" && grep -q "debug bend 0.7" "$dir/printf.log" \
  && grep -q "second line" "$dir/printf.log" && ok \
  || bad "a wrong answer did not show what the student's code printed"

# ---- S= lists: every name must be known; "3" means 03 --------------------
check --dir solutions --work "$dir/sel" --section 02,bogus --no-color --lang en > "$dir/sel_bad.log" 2>&1
[ $? = 2 ] && grep -q "no section is called 'bogus'" "$dir/sel_bad.log" && ok \
  || bad "S=02,bogus did not stop at the unknown name"
check --dir solutions --work "$dir/sel" --section 3 --no-color --lang en > "$dir/sel_3.log" 2>&1 \
  && grep -q "03_two_bone" "$dir/sel_3.log" && ok || bad "S=3 did not check section 03"

# ---- an endless loop costs its section's time budget, not a timeout per
# check, and only in its own section: 03 after it still passes ------------
mkdir -p "$dir/hang_mix" && cp -r solutions/. "$dir/hang_mix/" && cp "$build/hostile/hang/02_law_of_cosines/law_of_cosines.c" "$dir/hang_mix/02_law_of_cosines/"
check --dir "$dir/hang_mix" --work "$dir/hang" --section 02,03 --all --no-color --lang en > "$dir/hang.log" 2>&1
timeouts=$(grep -c "did not finish within" "$dir/hang.log"); skipped=$(grep -c "not run: this section has used its whole time budget" "$dir/hang.log")
[ "$timeouts" -ge 1 ] && [ "$timeouts" -le 4 ] && [ "$skipped" -ge 1 ] && ok \
  || bad "an endless loop timed out $timeouts times and skipped $skipped checks (expected at most 4 s of timeouts, then the rest skipped)"
grep -qE "✓ 03_two_bone +9/9" "$dir/hang.log" && ok || bad "02's timeouts spilled over onto 03"

# ---- Ctrl-C: interrupting the checker leaves no runner behind -----------
# The runner sits in its own process group, so the terminal's SIGINT never
# reaches it; it must die with the checker, not spin on at 100 % CPU.
# (the checker itself, not the check() wrapper: `check ... &` would fork a
# subshell and $! would be the subshell's pid)
"$checker" --root . --objdir "$objdir" --dir "$build/hostile/hang" --work "$dir/ctrl_c" --section 02 --no-color \
  > "$dir/ctrl_c.log" 2>&1 &
checker_pid=$!
runner_seen=0
for _ in $(seq 1 100); do
  pgrep -x -f "$dir/ctrl_c/stage/02_law_of_cosines/runner" >/dev/null && { runner_seen=1; break; }
  sleep 0.1
done
# (a background job ignores SIGINT, so SIGTERM stands in for Ctrl-C: the
# runner, in its own group, gets neither; only the checker's death matters)
kill -TERM "$checker_pid" 2>/dev/null; wait "$checker_pid" 2>/dev/null
sleep 0.5
[ "$runner_seen" = 1 ] && ! pgrep -x -f "$dir/ctrl_c/stage/02_law_of_cosines/runner" >/dev/null && ok \
  || { bad "a runner outlived the interrupted checker (seen: $runner_seen)"; pkill -KILL -f "$dir/ctrl_c/stage/" 2>/dev/null; }

echo "test-student: $pass passed, $fail failed"
[ "$fail" = 0 ]
