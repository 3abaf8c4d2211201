#!/usr/bin/env bash
# strip_image.sh DIR - what the grader image keeps of a built workbook:
# the checker and the runners' glue (build/checker, build/obj: the
# references compiled in, never their source), the contracts' headers, the
# stubs, the data and the scripts grading runs. Removed: every reference
# source (solutions/*/*.c), the book, the tests (their buggy proofs are
# edits of the reference), the student edition's export, the benchmarks,
# the plots' sources, git. The
# Dockerfile runs it after make all; make test-prairielearn runs it on its
# copy and then looks for any line of a reference body in what is left.
set -euo pipefail
dir=$1
[ -x "$dir/build/checker" ] || { echo "strip_image: $dir/build/checker is not built"; exit 1; }
find "$dir/solutions" -type f ! -name '*.h' -delete
rm -rf "$dir/chapters" "$dir/checker/tests" "$dir/checker/bench" "$dir/checker/classroom" "$dir/plots" "$dir/docs" \
  "$dir/.git" "$dir/.github" \
  "$dir/build/selftest" "$dir/build/grade_all" "$dir/build/watch" "$dir/build/check" "$dir/build/cache" \
  "$dir/build/test-logs" "$dir/build/grade"
find "$dir/build" -maxdepth 1 -mindepth 1 ! -name checker ! -name obj -exec rm -rf {} +
