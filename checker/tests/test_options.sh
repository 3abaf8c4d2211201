#!/usr/bin/env bash
# test_options.sh BUILD CHECKER GRADE_ALL WATCH SELFTEST - the four command
# lines (getopt_long: options.c, grade_all.c, watch.c, selftest.c) refuse
# what they do not know: an unknown option, an option missing its value and
# a stray argument each end with the usage line on stderr, nothing on stdout
# and exit status 2, before any work is done. And "--opt=value" is read as
# "--opt value" is (each program but the selftest, which would run in full).
# Run by make test-options (and make test-plain).
set -u
build=${1:?usage: test_options.sh BUILD CHECKER GRADE_ALL WATCH SELFTEST}
checker=${2:?} grade_all=${3:?} watch=${4:?} selftest=${5:?}
dir=$build/test-options
rm -rf "$dir" && mkdir -p "$dir"

fail=0 passed=0
ok() { passed=$((passed + 1)); }
bad() { fail=$((fail + 1)); echo "test-options: FAIL: $*"; }

# refused NAME PROGRAM ARGS...: status 2, the usage line, no output; stdin
# holds a seed (grade_all's), so nothing waits for one
refused() {
  local name=$1
  shift
  echo 1 | timeout 20 "$@" >"$dir/out" 2>"$dir/err"
  local rc=$?
  [ $rc = 2 ] && grep -q "^usage: $name " "$dir/err" && [ ! -s "$dir/out" ] && ok \
    || bad "$name ${*:2}: exit $rc (want 2 with the usage line on stderr, nothing on stdout): $(head -c 300 "$dir/err" "$dir/out")"
}

# each after options that, taken alone, fail at once without the usage line
# (no such folder, no such section): only the refusal may end the run here
for name in checker grade_all watch selftest; do
  case $name in
    checker) run=("$checker" --dir "$dir/none") ;;
    grade_all) run=("$grade_all" --subs "$dir/none" --jobs 1) ;;
    watch) run=("$watch" --root "$PWD" --section 99) ;;
    selftest) run=("$selftest" --work "$dir/selftest") ;;
  esac
  refused "$name" "${run[@]}" --no-such-option
  refused "$name" "${run[@]}" --no-such-option=1
  refused "$name" "${run[@]}" -x
  refused "$name" "${run[@]}" stray
  refused "$name" "${run[@]}" --root
done
# the name getopt_long says, before the usage line
"$checker" --sectoin 02 >/dev/null 2>"$dir/err"
grep -q -- "--sectoin" "$dir/err" && ok || bad "checker: the unknown option is not named: $(head -2 "$dir/err")"
# a prefix of two names is ambiguous, not the first of them
refused checker "$checker" --dir "$dir/none" --sec 02
grep -q "ambiguous" "$dir/err" && ok || bad "checker --sec: not said to be ambiguous: $(head -1 "$dir/err")"
refused grade_all "$grade_all" --subs "$dir/none" --c 1
refused watch "$watch" --root "$PWD" --section 99 --s 1
refused selftest "$selftest" --work "$dir/selftest" --c 1
# the checker's values still taken as they come, a leading dash included
refused checker "$checker" --dir solutions --section 02 --cflags
"$checker" --cflags -O1 --dir "$dir/none" --lang en >/dev/null 2>"$dir/err"
[ $? = 2 ] && grep -q "folder '$dir/none' not found" "$dir/err" && ! grep -q "^usage:" "$dir/err" && ok \
  || bad "checker --cflags -O1: the value was not taken: $(head -2 "$dir/err")"

# --opt=value as --opt value
"$checker" --root . --print-catalog tsv >"$dir/catalog.space" 2>&1
"$checker" --root=. --print-catalog=tsv >"$dir/catalog.equals" 2>&1
[ -s "$dir/catalog.space" ] && cmp -s "$dir/catalog.space" "$dir/catalog.equals" && ok \
  || bad "checker --root=. --print-catalog=tsv differs from --root . --print-catalog tsv"
"$checker" --dir="$dir/none" --lang=en >"$dir/out" 2>"$dir/err"
[ $? = 2 ] && grep -q "folder '$dir/none' not found" "$dir/err" && ok \
  || bad "checker --dir=DIR --lang=en: $(head -2 "$dir/err" "$dir/out")"
echo 1 | "$grade_all" --subs="$dir/none" --jobs=1 >"$dir/out" 2>"$dir/err"
[ $? = 2 ] && grep -q "cannot open $dir/none" "$dir/err" && ! grep -q "^usage:" "$dir/err" && ok \
  || bad "grade_all --subs=DIR: $(head -2 "$dir/err" "$dir/out")"
refused grade_all "$grade_all" --subs="$dir/none" --jobs=0
WORKBOOK_LANG=en timeout 20 "$watch" --root="$PWD" --section=99 >"$dir/out" 2>"$dir/err"
[ $? = 2 ] && grep -q "no such section.* 02_law_of_cosines" "$dir/err" && ok \
  || bad "watch --root=DIR --section=99: $(head -2 "$dir/err" "$dir/out")"

if [ $fail -gt 0 ]; then
  echo "test-options: $fail of $((fail + passed)) failed"
  exit 1
fi
echo "test-options: checker, grade_all, watch and selftest refuse unknown options, missing values and stray arguments (usage, exit 2); --opt=value read as --opt value ($passed cases)"
