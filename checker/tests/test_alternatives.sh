#!/usr/bin/env bash
# Correct solutions written another way must pass every check (issue 15:
# "never reject a right answer"). Each checker/tests/alternative/<name>/<slug>.sed
# is a sed script over the reference solutions/<slug>/<section>.c, like the
# buggy solutions in checker/tests/buggy/; it is built into
# <build>/alternative/<name>/<slug>/<section>.c (so <build>/alternative/<name>
# is a submission folder) and graded on seeds SEED..SEED+COUNT-1, where it
# must pass every check. A script that no longer changes the reference is an
# error: it would only test the reference again.
#
#   test_alternatives.sh <build> <checker> <objdir> [seed count]
set -u
build=$1 checker=$2 objdir=$3 count=${4:-20}
shopt -s nullglob
scripts=(checker/tests/alternative/*/*.sed)
if [ ${#scripts[@]} = 0 ]; then echo "test-alternatives: no checker/tests/alternative/<name>/<slug>.sed"; exit 1; fi
fail=0 n=0
t0=$(date +%s.%N)
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
  log=$build/alternative/$name.$slug.log
  # warnings are errors here, as for the references: an alternative is code
  # the project would accept
  if ! nice "${CC:-cc}" -std=c11 -Wall -Wextra -Werror -fno-math-errno -O2 -Iinclude -I"solutions/$slug" -c "$out" -o /dev/null; then
    echo "test-alternatives: $out ($sed_file) does not compile with -Werror"; fail=1; continue
  fi
  n=$((n + 1))
  if ! nice "$checker" --root . --dir "$sub" --section "$slug" --objdir "$objdir" --work "$build/alternative/work/$name" \
       --no-color --seed 1 --seed-count "$count" > "$log" 2>&1; then
    cat "$log"
    echo "test-alternatives: $name ($sed_file), a correct $slug written another way, fails a check (log: $log)"
    fail=1
  fi
done
t1=$(date +%s.%N)
[ $fail = 0 ] && printf 'test-alternatives: %d correct solutions written another way pass every check on seeds 1..%d (%.1f s)\n' "$n" "$count" "$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')"
exit $fail
