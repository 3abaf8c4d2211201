#!/usr/bin/env bash
# test_cage.sh - what one submission can cost, and that nothing of it
# outlives the grader (part of make test).
#   test_cage.sh BUILD CHECKER GRADE_ALL OBJDIR
# - Every section attacked at once (a constructor that spins; an #if of 2^40
#   terms): graded within 30 s of wall time, every check failed with the
#   budget named, a results.json Python can read.
# - The checker killed (SIGKILL, SIGTERM, a real SIGINT) while the compiler
#   works or while a runner spins, and grade_all killed while grading: one
#   second later no process of the submission is left, and the compile's
#   temporary folder holds nothing.
# - A 1 GiB initialized array leaves no big file behind.
set -uo pipefail
build=$1 checker=$2 grade_all=$3 objdir=$4
dir=$build/cage-test
rm -rf "$dir" && mkdir -p "$dir"
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "test-cage: FAIL: $*"; }

# A submission whose every graded file is the reference with `script` applied.
attack_all() {
  local name=$1 script=$2 s slug file
  for s in solutions/[0-9][0-9]_*/; do
    slug=$(basename "$s") file=${slug#*_}.c
    mkdir -p "$dir/$name/$slug"
    sed -f "$script" "solutions/$slug/$file" > "$dir/$name/$slug/$file"
  done
}
attack_all spin checker/tests/hostile/spin_constructor.sed
attack_all bomb checker/tests/hostile/cpp_bomb.sed

# ---- the whole submission within 30 s, graded as on Gradescope -----------
grade_timed() {
  local name=$1 t0 t1
  t0=$(date +%s.%N)
  echo 4242 | "$checker" --root . --dir "$dir/$name" --objdir "$objdir" --work "$dir/work_$name" \
    --gradescope "$dir/$name.json" --no-color --hidden-seed-stdin > "$dir/$name.log" 2>&1
  t1=$(date +%s.%N)
  awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f\n", b - a }' > "$dir/$name.seconds"
}
grade_timed spin & grade_timed bomb & wait
for name in spin bomb; do
  secs=$(cat "$dir/$name.seconds")
  awk -v s="$secs" 'BEGIN { exit !(s <= 30) }' && ok || bad "$name in every section took $secs s (goal: 30 s)"
  echo "test-cage: $name in every section graded in $secs s"
  passed=$(grep -c "^check.*	pass	" "$dir/work_$name/results.tsv")
  checks=$(grep -c "^check" "$dir/work_$name/results.tsv")
  [ "$passed" = 0 ] && [ "$checks" -ge 70 ] && ok || bad "$name: $passed of $checks checks passed"
  python3 -c 'import json, sys; d = json.load(open(sys.argv[1], encoding="utf-8", errors="strict")); sys.exit(d["score"] != 0)' \
    "$dir/$name.json" && ok || bad "$name: results.json unreadable or scored above 0"
done
grep -q "time budget\|ใช้เวลาครบงบ" "$dir/spin.json" && ok || bad "spin: no check names the time budget that cut it"
grep -q "compiling took more than\|time budget\|คอมไพล์นานเกิน\|ใช้เวลาครบงบ" "$dir/bomb.json" \
  && ok || bad "bomb: no check names the compile limit or the budget"

# ---- nothing left behind ------------------------------------------------
# Processes of a work folder: any whose command line names it (the
# checker, the guardian, gcc, cc1, as, ld, the runner).
left_in() { pgrep -f "$1" 2>/dev/null | wc -l; }
wait_for() { # pattern: wait up to 10 s for such a process
  for _ in $(seq 1 100); do pgrep -f "$1" >/dev/null && return 0; sleep 0.1; done
  return 1
}
# env --default-signal: a background job of a script ignores SIGINT, which
# would make the "Ctrl-C" below a no-op; this gives it back its default.
for sig in KILL TERM INT; do
  work=$dir/sig_$sig
  env --default-signal=INT "$checker" --root . --dir "$dir/bomb" --objdir "$objdir" --work "$work" --section 02 \
    --no-color > "$work.log" 2>&1 &
  pid=$!
  wait_for "cc1 .*$work/" || bad "SIG$sig: the compile never started"
  kill -"$sig" "$pid"
  wait "$pid" 2>/dev/null
  sleep 1
  n=$(left_in "$work/")
  [ "$n" = 0 ] && ok || { bad "SIG$sig to the checker mid-compile left $n processes"; pkill -KILL -f "$work/"; }
  junk=$(ls -A "$work/stage/02_law_of_cosines/tmp" 2>/dev/null | wc -l)
  [ "$junk" = 0 ] && [ ! -e "$work/stage/02_law_of_cosines/runner" ] && ok \
    || bad "SIG$sig mid-compile left $junk temporary files (or a runner) behind"
done
work=$dir/spin_kill
"$checker" --root . --dir "$dir/spin" --objdir "$objdir" --work "$work" --section 02 --no-color > "$work.log" 2>&1 &
pid=$!
wait_for "$work/stage/02_law_of_cosines/runner" || bad "the spinning runner never started"
kill -KILL "$pid"; wait "$pid" 2>/dev/null; sleep 1
n=$(left_in "$work/")
[ "$n" = 0 ] && ok || { bad "SIGKILL to the checker left $n processes of a spinning runner"; pkill -KILL -f "$work/"; }

mkdir -p "$dir/class" && cp -r "$dir/bomb" "$dir/class/ann" && cp -r "$dir/spin" "$dir/class/ben"
work=$dir/class_work
echo 1 | "$grade_all" --subs "$dir/class" --out "$dir/class_out" --csv "$dir/class.csv" --jobs 2 \
  --checker "$checker" --root . --objdir "$objdir" --work "$work" > "$dir/class.log" 2>&1 &
pid=$!
# its submissions' work folders are in RAM where there is a tmpfs for
# them (grade_all.c, scratch_root): the first line of its log says where
for _ in $(seq 1 50); do grep -q '^work folders: \|^graded ' "$dir/class.log" && break; sleep 0.1; done
ram=$(sed -n 's/^work folders: \(.*\) (RAM; .*/\1/p' "$dir/class.log")
[ -n "$ram" ] && work=$ram
wait_for "cc1 .*$work/" || bad "grade_all never started a compile"
wait_for "$work/.*/runner" || bad "grade_all never started a runner"
kill -KILL "$pid"; wait "$pid" 2>/dev/null; sleep 1
n=$(left_in "$work/")
[ "$n" = 0 ] && ok || { bad "SIGKILL to grade_all left $n processes"; pkill -KILL -f "$work/"; }
[ -n "$ram" ] && rm -rf "$ram" # what a killed run leaves; the next run with this WORK would reuse it

# ---- a 1 GiB object is never written -----------------------------------
mkdir -p "$dir/big/02_law_of_cosines"
sed -f checker/tests/hostile/big_object.sed solutions/02_law_of_cosines/law_of_cosines.c \
  > "$dir/big/02_law_of_cosines/law_of_cosines.c"
"$checker" --root . --dir "$dir/big" --objdir "$objdir" --work "$dir/big_work" --section 02 --no-color > "$dir/big.log" 2>&1
kb=$(du -sk "$dir/big_work" | cut -f1)
[ "$kb" -lt 2048 ] && ok || bad "a 1 GiB array left $kb KB in the work folder"

echo "test-cage: $pass passed, $fail failed"
[ "$fail" = 0 ]
