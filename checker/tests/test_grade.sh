#!/usr/bin/env bash
# test_grade.sh - grading a class end to end (part of make test).
#   test_grade.sh BUILD CHECKER GRADE_ALL OBJDIR
# A batch of a correct submission, the untouched stubs, a partial one and
# every hostile submission is graded in parallel. Every file must be valid,
# scores must be right and independent, nothing may be written outside
# build/, and the same seed must give the same scores.
set -uo pipefail
build=$1 checker=$2 grade_all=$3 objdir=$4
root=$(pwd)
dir=$build/grade-test
rm -rf "$dir" && mkdir -p "$dir/subs"
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "test-grade: FAIL: $*"; }

cp -r solutions "$dir/subs/good"
cp -r exercises "$dir/subs/stubs"
mkdir -p "$dir/subs/partial" && cp -r solutions/02_law_of_cosines "$dir/subs/partial/"
# (the attacks only the compiler's cage stops, where this machine can build one)
cage_here() { if [ "$(id -u)" = 0 ]; then unshare -m true; else unshare -Urm true; fi 2>/dev/null; }
for h in "$build"/hostile/*/; do
  grep -q 'Needs: compile cage' "checker/tests/hostile/$(basename "$h").sed" && ! cage_here && continue
  cp -r "$h" "$dir/subs/hostile_$(basename "$h")"
done
# Submissions that are not files of their own: a symbolic link to the
# reference solution (it would score full marks), one to /etc/passwd (its
# lines would be quoted in the compile errors) and a section folder that is
# a link to the reference's. Each must score 0 on 02 like the hostile ones.
mkdir -p "$dir/subs/hostile_symlink_reference/02_law_of_cosines" "$dir/subs/hostile_symlink_passwd/02_law_of_cosines" \
  "$dir/subs/hostile_symlink_folder"
ln -s "$root/solutions/02_law_of_cosines/law_of_cosines.c" "$dir/subs/hostile_symlink_reference/02_law_of_cosines/law_of_cosines.c"
ln -s /etc/passwd "$dir/subs/hostile_symlink_passwd/02_law_of_cosines/law_of_cosines.c"
ln -s "$root/solutions/02_law_of_cosines" "$dir/subs/hostile_symlink_folder/02_law_of_cosines"
# Folder names as students give them: a space, a comma, an apostrophe and
# Thai letters must grade like any other (a correct copy scores full marks).
for odd in "bob smith" "a,b" "o'brien" "สมชาย ใจดี"; do cp -r solutions "$dir/subs/$odd"; done
# A whole workbook handed in (a clone, a "Download ZIP"): its exercises/ is graded.
mkdir -p "$dir/subs/whole_workbook" && cp -r solutions "$dir/subs/whole_workbook/exercises" && cp README.md "$dir/subs/whole_workbook/"
# ... but not through a link to the reference, and not when the section
# folders sit at the top beside a leftover exercises/ of stubs.
mkdir -p "$dir/subs/hostile_symlink_exercises" && ln -s "$root/solutions" "$dir/subs/hostile_symlink_exercises/exercises"
cp -r solutions "$dir/subs/top_level_and_stubs" && cp -r exercises "$dir/subs/top_level_and_stubs/exercises"
subs=$(ls "$dir/subs" | wc -l)

marker=$dir/marker && touch "$marker" && sleep 1
grade() { echo 4242 | "$grade_all" --subs "$dir/subs" --out "$dir/$1" --csv "$dir/$1.csv" --jobs 2 \
  --checker "$checker" --root . --objdir "$objdir" --work "$dir/work_$1" --timeout-ms 1500 "${@:2}" > "$dir/$1.log" 2>&1; }
# --keep-work 1: the runners are looked at below (musl)
grade run1 --keep-work 1 || bad "grade_all exited non-zero"

# Nothing outside build/ was written (the hostile forger included).
outside=$(find . -path ./build -prune -o -path ./.git -prune -o -newer "$marker" -type f -print | head -5)
[ -z "$outside" ] && ok || bad "files written outside build/: $outside"

# One CSV row per submission, header first.
rows=$(($(wc -l < "$dir/run1.csv") - 1))
[ "$rows" = "$subs" ] && ok || bad "gradebook has $rows rows for $subs submissions"

# Every file is read by strict readers, as Gradescope (Python's json) and
# JUnit tools read them: jq took invalid UTF-8 and let files through that
# Gradescope showed as "autograder failed". strict_outputs RUN FILE...:
# each submission's results.json (strict UTF-8, Gradescope's fields, no
# NaN), results.tsv, scores.tsv and log.txt (strict UTF-8) and the FILEs (a
# gradebook, grade_all's log); in results.json, the logs and the gradebook
# no control character but newline and tab: what a student printed is shown
# escaped, so it cannot repaint a terminal. One line a file, "ok" or why not.
strict_outputs() {
  python3 - "$@" <<'EOF'
import json, math, os, re, sys
run, extra = sys.argv[1], sys.argv[2:]
CONTROL = re.compile('[\x00-\x08\x0b-\x1f\x7f-\x9f]')
def number(x):
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)
def gradescope(d):
    # only the top-level keys Gradescope's specs name (no max_score: it is in extra_data)
    return (isinstance(d, dict) and number(d.get('score')) and not set(d) - SPEC
            and number(d.get('extra_data', {}).get('max_score'))
            and number(d.get('execution_time')) and isinstance(d.get('output'), str)
            and isinstance(d.get('tests'), list)
            and all(isinstance(t, dict) and isinstance(t.get('name'), str) and isinstance(t.get('number'), str)
                    and number(t.get('score')) and number(t.get('max_score'))
                    and t.get('status') in ('passed', 'failed') and isinstance(t.get('output'), str)
                    and t.get('visibility') in ('visible', 'after_due_date') for t in d['tests']))
SPEC = {"score", "execution_time", "output", "output_format", "test_output_format", "test_name_format", "visibility", "stdout_visibility", "extra_data", "tests", "leaderboard"}
def no_constant(name):
    raise ValueError(name + ' is not JSON')
def problem(path, kind):
    try:
        with open(path, encoding='utf-8', errors='strict', newline='') as f:
            body = f.read()
        if kind == 'json':
            d = json.loads(body, parse_constant=no_constant)
            if not gradescope(d):
                return "not Gradescope's shape"
            body = '\n'.join([d['output']] + [t['name'] + t['output'] for t in d['tests']])
        if kind != 'tsv':
            m = CONTROL.search(body)
            if m:
                return 'control character %r in %r' % (m.group(), body[max(0, m.start() - 40):m.end() + 40])
    except (OSError, UnicodeDecodeError, ValueError) as e:
        return '%s: %s' % (type(e).__name__, e)
    return None
files = [(p, 'text') for p in extra]
for sub in sorted(os.listdir(run)):
    base = os.path.join(run, sub)
    if not os.path.isdir(base):
        continue
    files += [(os.path.join(base, 'results.json'), 'json'), (os.path.join(base, 'log.txt'), 'text')]
    files += [(os.path.join(base, n), 'tsv') for n in ('results.tsv', 'scores.tsv') if os.path.exists(os.path.join(base, n))]
for path, kind in files:
    why = problem(path, kind)
    print('ok' if why is None else 'bad %r: %s' % (path, why))
EOF
}
# tally the lines strict_outputs printed; a python3 that failed says so
strict_check() {
  local out; out=$(strict_outputs "$@" 2>&1) || { bad "strict_outputs failed: $out"; return; }
  while IFS= read -r line; do
    case $line in ok) ok ;; *) bad "not strict UTF-8 / Gradescope JSON: $line" ;; esac
  done <<< "$out"
}
strict_check "$dir/run1" "$dir/run1.csv" "$dir/run1.log"
# and every junit.xml is well-formed XML 1.0 to xmllint (which, unlike jq,
# refuses bytes that are not UTF-8 and control characters)
junit_check() { for s in "$1"/*/; do xmllint --noout "$s/junit.xml" 2>/dev/null && ok || bad "$(basename "$s")/junit.xml is not valid XML"; done; }
junit_check "$dir/run1"

# Folder names are the student's bytes too: one saved in TIS-620 (a zip
# made on Thai Windows), one holding terminal escapes and one a newline,
# each with the invalid_bytes submission's 02: strict files everywhere, one
# gradebook row each, nothing that acts on a terminal in any log.
names=$dir/subs_names && mkdir -p "$names"
for odd in $'\xca\xc1\xaa\xd2\xc2' $'evil\x1b[2J\x1b[H\x1b[32m' $'two\nlines'; do
  mkdir -p "$names/$odd" && cp -r "$build/hostile/invalid_bytes/02_law_of_cosines" "$names/$odd/" \
    || bad "no hostile invalid_bytes submission under $build/hostile"
done
echo 4242 | "$grade_all" --subs "$names" --out "$dir/names" --csv "$dir/names.csv" --jobs 2 --checker "$checker" \
  --root . --objdir "$objdir" --work "$dir/work_names" --scratch "$dir/scratch_names" --timeout-ms 1500 > "$dir/names.log" 2>&1 \
  && ok || bad "grade_all exited non-zero on odd folder names (see $dir/names.log)"
# --scratch DIR: the work folders went there (not into RAM) and are gone
! grep -q '^work folders: ' "$dir/names.log" && [ -d "$dir/scratch_names" ] && [ -z "$(ls -A "$dir/scratch_names")" ] && ok \
  || bad "--scratch was not used, or left work folders: $(grep '^work folders' "$dir/names.log"; ls -A "$dir/scratch_names" 2>&1)"
strict_check "$dir/names" "$dir/names.csv" "$dir/names.log"
junit_check "$dir/names"
[ "$(wc -l < "$dir/names.csv")" = 4 ] && ok || bad "odd folder names did not give one gradebook line each: $(cat -A "$dir/names.csv")"

score() { jq -r '"\(.score) \(.extra_data.max_score)"' "$dir/run1/$1/results.json"; }
read -r got max <<< "$(score good)"
[ "$got" = "$max" ] && awk -v m="$max" 'BEGIN { exit !(m > 0) }' && ok || bad "the reference scored $got / $max"
for odd in "bob smith" "a,b" "o'brien" "สมชาย ใจดี"; do
  read -r got_odd max_odd <<< "$(score "$odd")"
  [ "$got_odd" = "$max" ] && ok || bad "the reference in folder '$odd' scored $got_odd / $max_odd"
  ls "$dir/run1/$odd"/*_vs_reference.svg >/dev/null 2>&1 || ! command -v gnuplot >/dev/null \
    && ok || bad "no convergence figures for folder '$odd'"
done
read -r got_top max_top <<< "$(score top_level_and_stubs)"
[ "$got_top" = "$max" ] && ok || bad "section folders beside a leftover exercises/ scored $got_top / $max_top"
read -r got_whole max_whole <<< "$(score whole_workbook)"
[ "$got_whole" = "$max" ] && ok || bad "a whole workbook handed in scored $got_whole / $max_whole (its exercises/ not graded)"
grep -qs "symbolic link" "$dir/run1/hostile_symlink_reference/results.json" && ok \
  || bad "a link to the reference solution was not named in the feedback"
read -r got max <<< "$(score stubs)"
[ "$got" = 0 ] && [ "$max" != 0 ] && ok || bad "the stubs scored $got / $max"
hidden=$(jq '[.tests[] | select(.visibility=="after_due_date")] | length' "$dir/run1/good/results.json")
[ "$hidden" -gt 0 ] && ok || bad "no hidden tests in the grading"
for s in "$dir"/run1/hostile_*/; do
  name=$(basename "$s")
  # the section it attacks: its one section folder (02 for the link cases)
  sec=$(basename "$(ls -d "$dir/subs/$name"/[0-9][0-9]_* 2>/dev/null | head -1)")
  [ -n "$sec" ] || sec=02_law_of_cosines
  # (an upload that matches no layout, a link as its only folder, has no tests at all: 0)
  got=$(jq --arg sec "$sec" '[.tests[] | select(.name | startswith($sec)) | .score] | add // 0' "$s/results.json")
  [ "$got" = 0 ] && ok || bad "$name scored $got on $sec (expected 0)"
done
# the partial submission: 02 full marks, the rest 0, and the others unaffected
p02=$(jq '[.tests[] | select(.name | startswith("02_law_of_cosines")) | .score] | add' "$dir/run1/partial/results.json")
m02=$(jq '[.tests[] | select(.name | startswith("02_law_of_cosines")) | .max_score] | add' "$dir/run1/partial/results.json")
[ "$p02" = "$m02" ] && ok || bad "partial scored $p02 / $m02 on 02"
grep -q 'missing' "$dir/run1/partial/results.tsv" && ok || bad "partial: missing sections not reported as missing"

# Uploads as they really arrive (checker/submission.sh, as on Gradescope):
# one partial submission (01-06 the reference's, 07-10 the stubs) in each
# layout must grade exactly as in the plain one, and say which layout it
# is in its layout.txt; an upload that matches none scores 0 with the one
# message saying what was expected; links are never followed. Then the
# same class regraded from the cache, and resumed: the same gradebook.
lay=$dir/subs_layouts && mkdir -p "$lay"
partial_sub() { mkdir -p "$1" && cp -r solutions/0[1-6]_* "$1/" && cp -r exercises/0[7-9]_* exercises/10_* "$1/"; }
partial_sub "$lay/plain"
partial_sub "$lay/wrapped zip/workbook-main" && mkdir -p "$lay/wrapped zip/__MACOSX/workbook-main" && touch "$lay/wrapped zip/.DS_Store"
mkdir -p "$lay/loose" "$lay/loose wrapped/my work"
for d in "$lay"/plain/*/; do s=$(basename "$d"); cp "$d/${s#*_}.c" "$lay/loose/"; cp "$d/${s#*_}.c" "$lay/loose wrapped/my work/"; done
cp solutions/01_forward_kinematics/main.c "$lay/loose/"   # a file that is not graded: ignored
partial_sub "$lay/whole workbook/exercises" && cp README.md Makefile "$lay/whole workbook/"
# a clone of a student edition (make classroom), zipped by GitHub: one wrapping folder, its VERSION
se="$lay/student edition/ik-workbook-student-main"
partial_sub "$se/exercises" && mkdir -p "$se/checker/replay" && echo 0123456789abcdef0123456789abcdef01234567 > "$se/checker/replay/VERSION"
mkdir -p "$lay/no layout/notes" && echo "my answers" > "$lay/no layout/README.txt" && cp solutions/02_law_of_cosines/law_of_cosines.c "$lay/no layout/notes/"
mkdir -p "$lay/link wrapped" && ln -s "$root/solutions" "$lay/link wrapped/workbook-main"
mkdir -p "$lay/link loose" && ln -s "$root/solutions/02_law_of_cosines/law_of_cosines.c" "$lay/link loose/law_of_cosines.c" \
  && cp solutions/06_fabrik/fabrik.c "$lay/link loose/"
grade_layouts() { echo 4242 | "$grade_all" --subs "$lay" --out "$dir/$1" --csv "$dir/$1.csv" --jobs 2 --checker "$checker" \
  --root . --objdir "$objdir" --work "$dir/work_layouts" --timeout-ms 1500 --cache "$dir/cache_layouts" "${@:2}" > "$dir/$1.log" 2>&1; }
grade_layouts layouts && ok || bad "grade_all exited non-zero on the layouts (see $dir/layouts.log)"
strict_check "$dir/layouts" "$dir/layouts.csv" "$dir/layouts.log"
# tests_of RUN NAME: each test's name, score and status, one a line
tests_of() { jq -r '.tests[] | "\(.name)\t\(.score)\t\(.status)"' "$dir/$1/$2/results.json"; }
jq -e '.score > 0 and .score < .extra_data.max_score' "$dir/layouts/plain/results.json" >/dev/null && ok \
  || bad "the plain partial submission did not score between 0 and the maximum"
layout_is() { # NAME PATTERN: its layout.txt's first line
  grep -q "^layout: $2" "$dir/layouts/$1/layout.txt" 2>/dev/null && ok \
    || bad "$1: layout.txt says '$(head -1 "$dir/layouts/$1/layout.txt" 2>/dev/null)', not '$2'"
}
layout_is plain "section folders (NN_slug/) at the top$"
layout_is "wrapped zip" "section folders (NN_slug/) at the top of one wrapping folder 'workbook-main/'"
layout_is loose "10 graded file(s) handed in loose$"
layout_is "loose wrapped" "10 graded file(s) handed in loose in one wrapping folder 'my work/'"
layout_is "whole workbook" "a whole workbook: its exercises/"
layout_is "student edition" "a student edition of the workbook in one wrapping folder 'ik-workbook-student-main/': its exercises/"
grep -q "^version: 0123456789abcdef" "$dir/layouts/student edition/layout.txt" && grep -q "made from workbook version 0123456789ab" \
  "$dir/layouts/student edition/layout.txt" && ok || bad "the student edition's version (another than the grader's) is not in its layout.txt"
for n in "wrapped zip" loose "loose wrapped" "whole workbook" "student edition"; do
  cmp -s "$dir/layouts/plain/scores.tsv" "$dir/layouts/$n/scores.tsv" && cmp -s <(tests_of layouts plain) <(tests_of layouts "$n") && ok \
    || bad "'$n' did not grade like the plain layout: $(diff <(tests_of layouts plain) <(tests_of layouts "$n") | head -3)"
  row_of() { awk -F, -v n="$1" '$1 == n { sub(/^[^,]*,/, ""); print }' "$dir/layouts.csv"; }
  [ "$(row_of "$n")" = "$(row_of plain)" ] && [ -n "$(row_of plain)" ] && ok \
    || bad "'$n' has another gradebook row than the plain layout"
done
# no layout: score 0, no tests, the one message (what was expected, what the upload holds)
for n in "no layout" "link wrapped"; do
  jq -e '.score == 0 and .extra_data.max_score > 0 and (has("max_score") | not) and .tests == [] and (.output | test("no gradable files found") and test("expected the graded files"))' \
    "$dir/layouts/$n/results.json" >/dev/null && grep -q '^no layout: ' "$dir/layouts/$n/layout.txt" && ok \
    || bad "'$n' is not 0 with the one message: $(head -c 300 "$dir/layouts/$n/results.json")"
  grep -q "^\"$n\",0.00,\|^$n,0.00," "$dir/layouts.csv" && ok || bad "'$n' has no gradebook row of 0"
done
grep -q 'the upload holds: README.txt notes$\|the upload holds: README.txt notes"' "$dir/layouts/no layout/results.json" && ok \
  || bad "the no-layout message does not name what the upload holds"
# the linked graded file is not copied: 1 file loose (06), 02 missing
layout_is "link loose" "1 graded file(s) handed in loose$"
[ "$(awk '$1 == "06_fabrik" { print ($2 == $3 && $3 > 0) } $1 == "02_law_of_cosines" { print ($2 == 0) }' "$dir/layouts/link loose/scores.tsv" | sort -u)" = 1 ] \
  && ok || bad "a linked loose file was followed, or the real one beside it not graded: $(cat "$dir/layouts/link loose/scores.tsv")"
[ -z "$(ls -A "$dir/work_layouts" | grep -v '^graded$\|^figures')" ] && ok \
  || bad "the layouts left work folders behind (the loose staging is inside each): $(ls "$dir/work_layouts")"
# where the machine has a tmpfs for them the work folders lived in RAM
# (grade_all.c, scratch_root): a folder that is gone after the run
ram_left() { local ram; ram=$(sed -n 's/^work folders: \(.*\) (RAM; .*/\1/p' "$dir/$1.log")
  [ -z "$ram" ] || [ ! -e "$ram" ] && ok || bad "$1 left work folders in RAM: $(ls -R "$ram" | head -5)"; }
ram_left layouts
# a RAM folder it must not trust is passed over for WORK on disk: a noexec
# tmpfs (the runners could not run), one too small, and ik-workbook-<uid>
# made first by someone else (a link out, a folder open to all). Needs a
# mount namespace of its own (root, as in CI); else said and skipped.
if unshare -m true 2>/dev/null; then
  mkdir -p "$dir/shm_plain/good" "$dir/shm_evil" && cp -r solutions/02_law_of_cosines "$dir/shm_plain/good/"
  for how in "-o noexec" "-o size=1m" link open; do
    rm -rf "$dir/shm_out" "$dir/shm_work" "$dir/shm_evil"/* && mkdir -p "$dir/shm_work"
    unshare -m bash -c 'mount -t tmpfs $1 tmpfs /dev/shm || exit 9; mine=/dev/shm/ik-workbook-$(id -u)
      [ "$2" = link ] && ln -s "$3" "$mine"; [ "$2" = open ] && mkdir -m 0777 "$mine"
      echo 4242 | XDG_RUNTIME_DIR= "$4" --subs "$5" --out "$6" --csv "$6.csv" --checker "$7" --root . --objdir "$8" --work "$9"' \
      _ "$([ "${how:0:1}" = - ] && echo "$how")" "$how" "$(realpath "$dir/shm_evil")" "$grade_all" "$dir/shm_plain" "$dir/shm_out" \
      "$checker" "$objdir" "$dir/shm_work" > "$dir/shm.log" 2>&1
    ! grep -q '^work folders: ' "$dir/shm.log" && [ -z "$(ls -A "$dir/shm_evil")" ] \
      && jq -e '.score > 0' "$dir/shm_out/good/results.json" >/dev/null && ok \
      || bad "a RAM folder that should not be trusted ($how) was used, or the grade failed: $(head -3 "$dir/shm.log")"
  done
else
  echo "test-grade: no mount namespace here: the untrusted-RAM-folder cases are skipped"
fi
# regraded from the cache: nothing compiled or run again, the same gradebook
grade_layouts layouts_again && ok || bad "the cached regrade of the layouts exited non-zero"
cmp -s "$dir/layouts.csv" "$dir/layouts_again.csv" && ok || bad "the cached regrade changed the layouts' gradebook"
for n in plain "wrapped zip" loose "whole workbook" "student edition"; do
  grep -q "^cache: [0-9]* runners reused, 0 compiled; [0-9]* section runs reused, 0 run" "$dir/layouts_again/$n/log.txt" && ok \
    || bad "the regrade of '$n' compiled or checked again: $(grep '^cache:' "$dir/layouts_again/$n/log.txt")"
done
# resumed (one mark removed, as if the run stopped there): only that one graded again
rm -f "$dir"/work_layouts/graded/????????_loose
grade_layouts layouts_again --resume 1 && grep -q "^resumed: 8 of 9 " "$dir/layouts_again.log" && ok \
  || bad "the layouts' resume did not skip the 8 finished: $(head -2 "$dir/layouts_again.log")"
cmp -s "$dir/layouts.csv" "$dir/layouts_again.csv" && cmp -s "$dir/layouts/loose/scores.tsv" "$dir/layouts_again/loose/scores.tsv" \
  && grep -q '^layout: 10 graded' "$dir/layouts_again/loose/layout.txt" && ok || bad "the resumed layouts' gradebook changed"
ram_left layouts_again # the resumed ones' loose staging (same_as) removed too

# SUBS that holds no student folders, or one student's sections: refused
# with a sentence (they used to give an empty gradebook, or ten rows of 0).
mkdir -p "$dir/empty_subs"
echo 1 | "$grade_all" --subs "$dir/empty_subs" --out "$dir/o_empty" --csv "$dir/o_empty.csv" --jobs 1 \
  --checker "$checker" --root . --objdir "$objdir" --work "$dir/w_empty" > "$dir/empty.log" 2>&1
[ $? = 2 ] && grep -q "no submission folders" "$dir/empty.log" && ok || bad "an empty SUBS was not refused"
echo 1 | "$grade_all" --subs "$dir/subs/good" --out "$dir/o_one" --csv "$dir/o_one.csv" --jobs 1 \
  --checker "$checker" --root . --objdir "$objdir" --work "$dir/w_one" > "$dir/one.log" 2>&1
[ $? = 2 ] && grep -q "looks like one submission" "$dir/one.log" && ok || bad "one submission given as SUBS was not refused"

# Same seed, same scores; the second time with Excel's byte-order mark,
# which must be the only difference (and absent by default).
grade run2 --bom 1 || bad "second grade_all exited non-zero"
cmp -s <(printf '\xEF\xBB\xBF'; cat "$dir/run1.csv") "$dir/run2.csv" && ok \
  || bad "regrading with the same seed changed the gradebook (beyond the --bom 1 mark)"
[ "$(head -c 4 "$dir/run1.csv")" = "name" ] && ok || bad "the default gradebook does not start with its header"

# The hidden seed never appears in what a runner or a compiler could see:
# the clean environment of a spawned child holds PATH and LC_ALL only.
grep -rl 4242 "$dir"/work_run1/*/stage 2>/dev/null | head -1 | grep -q . && bad "the seed leaked into a stage folder" || ok

# A file that pulls in /etc/passwd (#include, or .include in asm) is
# refused before the compiler's or the assembler's errors, which quote the
# file, reach any feedback; the reference solution pulled in through a
# macro is refused too (all score 0 like the others).
grep -rqsE "root:x:0:0|/etc/passwd:[0-9]+: Error" "$dir/run1" "$dir/run1.csv" "$dir/run1.log" \
  && bad "/etc/passwd leaked into the feedback" || ok
# (refused as a read outside the submission, or, in the compiler's cage,
# not there at all)
grep -qsE "outside the submission|นอกงานที่ส่ง|solutions/02_law_of_cosines/law_of_cosines.c: No such file" \
  "$dir/run1/hostile_include_reference/results.json" && ok \
  || bad "including the reference solution was neither refused nor missing in the feedback"

# With musl's glue built (make setup installs musl-tools), the hostile
# submissions above ran in musl runners: check they really were, so a
# silent fallback to glibc (a third slower to grade) does not go unseen.
if [ -s "$objdir/musl/specs" ]; then
  r=$(ls -d "$dir"/work_run1/*_good/stage/03_two_bone/runner 2>/dev/null | head -1)
  size=$(stat -c %s "$r" 2>/dev/null || echo 0)
  [ "$size" -gt 0 ] && [ "$size" -lt 200000 ] && ! grep -q "Fatal glibc error" "$r" && ok \
    || bad "03 runner is $size bytes: not linked against musl"
fi

# The Gradescope zip: unpacked like Gradescope does, graded by its own
# run_autograder against a copy of the reference (built from the zip's
# sources alone, so nothing outside the zip is needed).
gs=$dir/gradescope
bash checker/tests/need_commands.sh zip unzip python3 jq || bad "the Gradescope tests need the commands named above"
# gs_json FILE graded|MAX: strict UTF-8 JSON (python3's parser, no NaN) in
# Gradescope's shape; unless "graded", run_autograder's fallback: score 0
# out of MAX, no tests, an output in Thai and English naming the instructor.
gs_json() {
  python3 - "$1" "$2" <<'EOF'
import json, math, sys
path, want = sys.argv[1], sys.argv[2]
def constant(name):
    raise ValueError(name + " is not JSON")
def number(x):
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)
try:
    with open(path, "rb") as f:
        d = json.loads(f.read().decode("utf-8"), parse_constant=constant)
except Exception as e:
    sys.exit("gs_json: %s: not strict UTF-8 JSON: %s" % (path, e))
# a graded file may leave the total out (tests after the due date): Gradescope sums the tests
summed = want == "graded" and "score" not in d and isinstance(d.get("tests"), list) and d["tests"] \
    and all(isinstance(t, dict) and number(t.get("score")) for t in d["tests"])
if not (isinstance(d, dict) and (number(d.get("score")) or summed) and number(d.get("extra_data", {}).get("max_score"))
        and not set(d) - {"score", "execution_time", "output", "output_format", "test_output_format", "test_name_format", "visibility", "stdout_visibility", "extra_data", "tests", "leaderboard"}
        and isinstance(d.get("output"), str) and isinstance(d.get("tests"), list)):
    sys.exit("gs_json: %s: not Gradescope's shape" % path)
if want != "graded":
    o = d["output"]
    if not (d["score"] == 0 and abs(d["extra_data"]["max_score"] - float(want)) < 1e-9 and d["tests"] == []
            and "instructor" in o and "ผู้สอน" in o and "The autograder failed" in o):
        sys.exit("gs_json: %s: not a fallback of 0 / %s: %r" % (path, want, d))
EOF
}
if make -s gradescope SEED=777 > "$dir/gradescope.log" 2>&1 && mkdir -p "$gs/source" \
   && (cd "$gs/source" && unzip -q "$root/$build/gradescope/autograder.zip"); then
  ok
  [ -x "$gs/source/run_autograder" ] && [ -f "$gs/source/setup.sh" ] && [ -f "$gs/source/hidden_seed" ] && ok \
    || bad "autograder.zip lacks run_autograder, setup.sh or hidden_seed"
  cp -r solutions "$gs/submission"
  AUTOGRADER=$root/$gs bash "$gs/source/run_autograder" > "$dir/run_autograder.log" 2>&1
  [ ! -e "$gs/source/hidden_seed" ] && ok || bad "run_autograder left the hidden seed in place"
  # (no top-level score while tests are after_due_date: Gradescope totals the tests, test_platforms.sh)
  jq -e '([.tests[].score] | add) == .extra_data.max_score and .extra_data.max_score > 0 and (has("score") | not)' "$gs/results/results.json" > /dev/null && ok \
    || bad "run_autograder did not give the reference full marks (see $dir/run_autograder.log)"
  gs_json "$gs/results/results.json" graded && ok || bad "run_autograder's results.json is not strict Gradescope JSON"

  # Every way grading can fail still leaves a valid results.json: 0 out of
  # the real maximum, saying (Thai and English) that the instructor was
  # told, with the reason in the log Gradescope shows the instructor.
  gs_fails() { # name expected_max log_pattern [env...] : run_autograder, then check its fallback
    local name=$1 want=$2 pattern=$3; shift 3
    rm -rf "$gs/results"
    env "$@" AUTOGRADER="$root/$gs" bash "$gs/source/run_autograder" > "$dir/run_autograder_$name.log" 2>&1
    local rc=$?
    [ "$rc" = 0 ] && gs_json "$gs/results/results.json" "$want" && grep -q "GRADING FAILED: .*$pattern" "$dir/run_autograder_$name.log" \
      && ok || bad "run_autograder, $name: no valid fallback out of $want naming '$pattern' (exit $rc, see $dir/run_autograder_$name.log)"
  }
  # a points table missing a row (the checker stops with exit 2); the
  # maximum is what the table still holds; 02 alone is enough to grade
  points03=$gs/source/checker/sections/03_two_bone/points.tsv
  cp "$points03" "$dir/points.tsv.saved"
  sed -i '/^chapter_arm\t/d' "$points03"
  short_max=$(cat "$gs"/source/checker/sections/*/points.tsv | awk -F'\t' '!/^#/ && NF >= 3 { t += $2 + $3 } END { printf "%.2f", t }')
  mv "$gs/submission" "$gs/submission.full" && mkdir -p "$gs/submission" && cp -r solutions/02_law_of_cosines "$gs/submission/"
  gs_fails points_row "$short_max" "exit status 2"
  grep -q "has no row for 03_two_bone chapter_arm" "$dir/run_autograder_points_row.log" && ok \
    || bad "run_autograder did not show the instructor the checker's own error"
  cp "$dir/points.tsv.saved" "$points03"
  rm -rf "$gs/submission" && mv "$gs/submission.full" "$gs/submission"
  # checkers that die: exit 2, SIGSEGV, exit 0 with no, an empty or a broken
  # results.json (a script newer than the sources, so make all keeps it)
  mv "$gs/source/build/checker" "$dir/checker.saved"
  fake() { printf '#!/bin/sh\nulimit -c 0\n%s\n' "$1" > "$gs/source/build/checker"; chmod +x "$gs/source/build/checker"; }
  out_arg='while [ $# -gt 0 ]; do [ "$1" = --gradescope ] && out=$2; shift; done'
  fake 'echo "checker: dying on purpose" >&2; exit 2'; gs_fails exit2 "$max" "exit status 2"
  fake 'kill -SEGV $$'; gs_fails sigsegv "$max" "killed by signal SIGSEGV"
  fake 'exit 0'; gs_fails no_json "$max" "no readable results.json"
  fake "$out_arg; : > \"\$out\""; gs_fails empty_json "$max" "no readable results.json"
  fake "$out_arg; printf '{\"score\": NaN, \"max_score\": 1, \"tests\": [' > \"\$out\""; gs_fails broken_json "$max" "no readable results.json"
  fake "$out_arg; printf '{\"score\": 1, \"output\": \"\\377\", \"tests\": []}' > \"\$out\""; gs_fails not_utf8 "$max" "no readable results.json"
  mv -f "$dir/checker.saved" "$gs/source/build/checker"
  # make all failing, and no submission folder
  mkdir -p "$dir/broken_make" && printf '#!/bin/sh\necho "make: *** broken on purpose" >&2\nexit 2\n' > "$dir/broken_make/make" \
    && chmod +x "$dir/broken_make/make"
  gs_fails make_all "$max" "make all failed" PATH="$root/$dir/broken_make:$PATH"
  grep -q "broken on purpose" "$dir/run_autograder_make_all.log" && ok || bad "run_autograder did not show make's error"
  mv "$gs/submission" "$gs/submission.away"
  gs_fails no_submission "$max" "no submission folder"
  mv "$gs/submission.away" "$gs/submission"
  # and the grader's own files missing: the maximum is unknown, so 0
  rm -rf "$dir/gs_empty" && mkdir -p "$dir/gs_empty"
  env AUTOGRADER="$root/$dir/gs_empty" bash "$gs/source/run_autograder" > "$dir/run_autograder_no_source.log" 2>&1
  gs_json "$dir/gs_empty/results/results.json" 0 && ok || bad "run_autograder without its source folder left no valid fallback"
else
  bad "make gradescope failed (see $dir/gradescope.log)"
fi

# A checker that dies (exit 2) still leaves valid files, scored out of the
# real maximum, not 0 / 0.
# (it lists its catalog, as grade_all asks first, then dies on the submission)
printf '#!/bin/sh\ncase "$*" in *--print-catalog*) exec "%s" "$@";; esac\nexit 2\n' "$(realpath "$checker")" > "$dir/dying_checker" && chmod +x "$dir/dying_checker"
mkdir -p "$dir/subs_dying" && cp -r solutions "$dir/subs_dying/someone"
echo 1 | "$grade_all" --subs "$dir/subs_dying" --out "$dir/o_dying" --csv "$dir/o_dying.csv" --jobs 1 \
  --checker "$dir/dying_checker" --root . --objdir "$objdir" --work "$dir/w_dying" > "$dir/dying.log" 2>&1
fallback_max=$(jq -r .extra_data.max_score "$dir/o_dying/someone/results.json" 2>/dev/null)
awk -v a="$fallback_max" -v b="$max" 'BEGIN { exit !(a == b && b > 0) }' && grep -q "^someone,0.00,$max" "$dir/o_dying.csv" && ok \
  || bad "a dying checker's fallback is out of $fallback_max (expected $max)"

# The two score-0 writers write the same bytes: grade_layout.c's
# write_zero_results (grade_all, above) and run_autograder's write_zero
# (which must work where nothing could be built), as the script defines it.
writers=$(sed -n '/^json_string() {/,/^}/p; /^write_zero() {/,/^}/p' checker/gradescope/run_autograder)
zero_text=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["output"], end="")' "$dir/o_dying/someone/results.json" 2>/dev/null)
( results="$dir/zero_from_bash.json"; eval "$writers"; write_zero "$zero_text" "$(printf %.2f "$max")" )
[ -n "$zero_text" ] && cmp -s "$dir/zero_from_bash.json" "$dir/o_dying/someone/results.json" && ok \
  || bad "run_autograder's write_zero and grade_all's write_zero_results differ ($dir/zero_from_bash.json)"

# run_autograder's own maximum (it must work where the checker could not be
# built) is the checker's: every check's points in the catalog.
catalog_max=$("$checker" --root . --print-catalog tsv | awk -F'\t' '$1 == "check" { t += $6 + $7 } END { printf "%.2f", t }')
script_max=$(source_dir=.; eval "$(sed -n '/^max_score() {/,/^}/p' checker/gradescope/run_autograder)"; max_score)
[ "$catalog_max" = "$script_max" ] && awk -v m="$catalog_max" 'BEGIN { exit !(m > 0) }' && ok \
  || bad "run_autograder's maximum $script_max is not the catalog's $catalog_max"

# A checker that cannot even list its sections: grade_all stops at once and
# says why (the instructor's build is broken, no submission is graded).
printf '#!/bin/sh\nexit 2\n' > "$dir/mute_checker" && chmod +x "$dir/mute_checker"
echo 1 | "$grade_all" --subs "$dir/subs_dying" --out "$dir/o_mute" --csv "$dir/o_mute.csv" --jobs 1 \
  --checker "$dir/mute_checker" --root . --objdir "$objdir" --work "$dir/w_mute" > "$dir/mute.log" 2>&1
rc=$?
[ "$rc" = 2 ] && grep -q "does not list the sections to grade" "$dir/mute.log" && [ ! -e "$dir/o_mute.csv" ] && ok \
  || bad "grade_all with a checker that lists no sections: exit $rc (expected 2 and a message, see $dir/mute.log)"

echo "test-grade: $pass passed, $fail failed"
[ "$fail" = 0 ]
