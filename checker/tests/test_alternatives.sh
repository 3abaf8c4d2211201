#!/usr/bin/env bash
# Right code must pass, and the chapter's own code must be judged fairly.
# Three kinds of submissions, all kept in the tests:
#
#  1. checker/tests/alternative/<name>/<slug>.sed: a sed script over the
#     reference solutions/<slug>/<section>.c, a right answer written another
#     way (a script that no longer changes the reference is an error: it
#     would only test the reference again). Graded on seeds 1..ALT_SEEDS.
#  2. checker/tests/blind/<variant>/<slug>/<section>.c: correct solutions
#     written blind, from the header and the chapter only (never the
#     reference or the checks), varying precision, angle method, loop and
#     validation order, boundary comparisons and fallbacks. Graded on seeds
#     1..BLIND_SEEDS; every check must pass.
#  3. checker/tests/chapter/<slug>/<section>.c: line-by-line C ports of the
#     chapter's Unity listings. checker/tests/chapter/expected.tsv says, per
#     section, what the port must get: `pass`, or the named mistakes it may
#     be failed for (the advice of each quotes the chapter's line and says
#     what the workbook asks instead). A failing check with no name, or
#     with a name not listed, fails this test; so does a listed name never
#     seen (the list would say more than is true).
#
# Every file compiles with -Werror first: each is code the project would
# accept as written.
#
#   test_alternatives.sh <build> <checker> <objdir> [alt seeds] [blind seeds]
set -u
build=$1 checker=$2 objdir=$3 alt_count=${4:-20} blind_count=${5:-100}
shopt -s nullglob
fail=0
t0=$(date +%s.%N)

strict_compile() { # <file> <slug>: warnings are errors, as for the references
  nice "${CC:-cc}" -std=c11 -Wall -Wextra -Werror -fno-math-errno -O2 -Iinclude -I"solutions/$2" -c "$1" -o /dev/null
}

# Each submission holds one section; 03's 02 and 07's and 08's 02 and 03
# are the references' (checker/deps.c). 07 and 08 on the blind 03s are
# test-classroom's (same-verdict).
grade() { # <submission dir> <slug> <seed count> <work> <log>
  IK_CHECKER_DEPS_FROM=$PWD/solutions nice "$checker" --root . --dir "$1" --section "$2" --objdir "$objdir" --work "$4" \
    --no-color --seed 1 --seed-count "$3" > "$5" 2>&1
}

# ---- 1. sed alternatives -----------------------------------------------
scripts=(checker/tests/alternative/*/*.sed)
if [ ${#scripts[@]} = 0 ]; then echo "test-alternatives: no checker/tests/alternative/<name>/<slug>.sed"; exit 1; fi
n_sed=0
for sed_file in "${scripts[@]}"; do
  name=$(basename "$(dirname "$sed_file")")
  slug=$(basename "$sed_file" .sed)
  section=${slug#*_}
  ref=solutions/$slug/$section.c
  if [ ! -f "$ref" ]; then echo "$sed_file: no reference $ref (is <slug> a section?)"; fail=1; continue; fi
  sub=$build/alternative/$name
  out=$sub/$slug/$section.c
  mkdir -p "$(dirname "$out")"
  sed -f "$sed_file" "$ref" > "$out" || { echo "$sed_file: sed failed"; fail=1; continue; }
  if cmp -s "$ref" "$out"; then echo "$sed_file no longer changes the reference"; rm -f "$out"; fail=1; continue; fi
  strict_compile "$out" "$slug" || { echo "test-alternatives: $out ($sed_file) does not compile with -Werror"; fail=1; continue; }
  n_sed=$((n_sed + 1))
  log=$build/alternative/$name.$slug.log
  if ! grade "$sub" "$slug" "$alt_count" "$build/alternative/work/$name" "$log"; then
    cat "$log"
    echo "test-alternatives: $name ($sed_file), a correct $slug written another way, fails a check (log: $log)"
    fail=1
  fi
done

# ---- 2. blind alternatives ---------------------------------------------
n_blind=0
declare -A blind_per_section=()
for file in checker/tests/blind/*/*/*.c; do
  slug=$(basename "$(dirname "$file")")
  variant=$(basename "$(dirname "$(dirname "$file")")")
  if [ "$(basename "$file")" != "${slug#*_}.c" ] || [ ! -d "solutions/$slug" ]; then
    echo "test-alternatives: $file is not checker/tests/blind/<variant>/<slug>/<graded file>.c"; fail=1; continue
  fi
  strict_compile "$file" "$slug" || { echo "test-alternatives: $file does not compile with -Werror"; fail=1; continue; }
  n_blind=$((n_blind + 1))
  blind_per_section[$slug]=$(( ${blind_per_section[$slug]:-0} + 1 ))
  log=$build/alternative/blind.$variant.$slug.log
  mkdir -p "$build/alternative"
  if ! grade "checker/tests/blind/$variant" "$slug" "$blind_count" "$build/alternative/work/blind-$variant" "$log"; then
    cat "$log"
    echo "test-alternatives: $file, a correct $slug written blind from the header, fails a check (log: $log)"
    fail=1
  fi
done
for slug in $(ls solutions); do
  if [ "${blind_per_section[$slug]:-0}" -lt 3 ]; then
    echo "test-alternatives: $slug has ${blind_per_section[$slug]:-0} blind alternatives; every section needs at least 3"; fail=1
  fi
done

# ---- 3. the chapter's own code ------------------------------------------
expected=checker/tests/chapter/expected.tsv
n_port=0
while IFS=$'\t' read -r slug want; do
  case "$slug" in ''|'#'*) continue ;; esac
  file=checker/tests/chapter/$slug/${slug#*_}.c
  [ -f "$file" ] || { echo "test-alternatives: $expected names $slug, but $file is missing"; fail=1; continue; }
  strict_compile "$file" "$slug" || { echo "test-alternatives: $file does not compile with -Werror"; fail=1; continue; }
  n_port=$((n_port + 1))
  work=$build/alternative/work/chapter-$slug log=$build/alternative/chapter.$slug.log
  grade checker/tests/chapter "$slug" "$blind_count" "$work" "$log"
  rc=$?
  if [ "$want" = pass ]; then
    [ $rc = 0 ] || { cat "$log"; echo "test-alternatives: the chapter's code ported to $slug ($file) should pass every check"; fail=1; }
    continue
  fi
  [ $rc = 1 ] || { cat "$log"; echo "test-alternatives: the port $file should fail with $want (exit $rc)"; fail=1; continue; }
  # results.tsv: check <slug> <name> <pass|fail> <outcome> <diagnosis> <kind>
  seen=$(awk -F'\t' '$1 == "check" && $4 == "fail" { print $6 }' "$work/results.tsv" | sort -u | tr '\n' ' ')
  for d in $seen; do
    case " ${want//,/ } " in *" $d "*) ;; *)
      awk -F'\t' '$1 == "check" && $4 == "fail"' "$work/results.tsv"
      echo "test-alternatives: the chapter's $slug ($file) fails a check $( [ "$d" = - ] && echo "with no named mistake" || echo "named $d, not one of $want")"; fail=1 ;;
    esac
  done
  for d in ${want//,/ }; do
    case " $seen " in *" $d "*) ;; *) echo "test-alternatives: $expected says the chapter's $slug is named $d, but no check named it"; fail=1 ;; esac
  done
done < "$expected"

t1=$(date +%s.%N)
[ $fail = 0 ] && printf 'test-alternatives: %d sed alternatives pass on seeds 1..%d, %d blind ones on seeds 1..%d; %d chapter ports pass or fail only by name (%.1f s)\n' \
  "$n_sed" "$alt_count" "$n_blind" "$blind_count" "$n_port" "$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')"
exit $fail
