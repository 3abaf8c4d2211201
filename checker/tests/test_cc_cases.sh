#!/usr/bin/env bash
# test_cc_cases.sh - the random cases do not depend on the compiler that
# built the checker (part of make test-other-cc).
#   test_cc_cases.sh BUILD OTHER_BUILD CC [SEEDS]
# The student edition replays what the reference answered for the cases the
# visible seed draws (checker/replay/visible.tsv, recorded by the
# instructor's checker, built with gcc); a student whose cc is clang (macOS)
# builds that checker with clang, and where a suite drew two numbers inside
# one call's arguments, clang drew them in the other order: other cases, and
# the replay missed. So, for seeds 1..SEEDS, the checker built in BUILD and
# the one built in OTHER_BUILD (by the other compiler), both compiling the
# submissions with CC so that only the checker differs, must
#  - print byte-identical reports (--all) on the references, the untouched
#    stubs and every buggy proof ($BUILD/buggy: each fails on its cases and
#    prints them), and
#  - when both record builds exist (make classroom's checker that writes
#    every call the suites make to the reference, its inputs included),
#    make the very same calls on the references and the stubs.
# checker/sections/*/suite.c draw in statements of their own for this.
set -uo pipefail
build=$1 other=$2 cc=$3 seeds=${4:-5}
dir=$other/cc-cases && rm -rf "$dir" && mkdir -p "$dir"
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "test-cc-cases: FAIL: $*"; }

buggy=$(ls -d "$build"/buggy/*/ 2>/dev/null)
[ -n "$buggy" ] && ok || bad "no buggy proofs under $build/buggy (make their sources first)"
report() { # BUILD SIDE SEED DIR NAME: the checker's report, the work folder's name and the buggy path made the same
  "$1/checker" --root . --dir "$4" --objdir "$1/obj" --work "$dir/work_$2" --cc "$cc" --no-color --all --seed "$3" \
    --cache "$dir/cache_$2" 2>&1 | grep -v '^cache: ' \
    | sed "s|$dir/work_$2|WORK|g; s|$build/buggy|BUGGY|g" > "$dir/$2.$5.$3.txt"
}
for s in $(seq 1 "$seeds"); do
  for d in solutions exercises $buggy; do
    name=$(basename "$d")
    report "$build" one "$s" "$d" "$name"
    report "$other" two "$s" "$d" "$name"
    if cmp -s "$dir/one.$name.$s.txt" "$dir/two.$name.$s.txt"; then ok; else
      bad "seed $s, $d: the two checkers' reports differ: $(diff "$dir/one.$name.$s.txt" "$dir/two.$name.$s.txt" | head -4 | tr '\n' ' ')"
    fi
  done
done
# the reference calls, inputs and all (the cases themselves, not only what a report shows)
if [ -x "$build/classroom/record/checker" ] && [ -x "$other/classroom/record/checker" ]; then
  for s in $(seq 1 "$seeds"); do
    for side in one two; do
      b=$build; [ $side = two ] && b=$other
      rm -f "$dir/calls.$side.tmp"
      for d in solutions exercises; do
        WORKBOOK_REPLAY_RECORD=$dir/calls.$side.tmp "$b/classroom/record/checker" --root . --dir $d --objdir "$b/obj" \
          --work "$dir/rec_$side" --cc "$cc" --no-color --seed "$s" > /dev/null 2>&1
      done
      LC_ALL=C sort -u "$dir/calls.$side.tmp" > "$dir/calls.$side.$s"
    done
    n=$(grep -c '^E' "$dir/calls.one.$s")
    if [ "$n" -gt 1000 ] && cmp -s "$dir/calls.one.$s" "$dir/calls.two.$s"; then ok; else
      bad "seed $s: the reference calls differ ($n calls; $(diff "$dir/calls.one.$s" "$dir/calls.two.$s" | grep -c '^[<>]') lines differ, first: $(diff "$dir/calls.one.$s" "$dir/calls.two.$s" | grep -m 2 '^[<>]' | cut -c1-60 | tr '\n' ' '))"
    fi
    rm -f "$dir"/calls.*.tmp
  done
else
  echo "test-cc-cases: no record checkers in $build and $other (make $build/classroom/record/checker): reference calls not compared"
fi
echo "test-cc-cases: $pass passed, $fail failed"
[ "$fail" = 0 ]
