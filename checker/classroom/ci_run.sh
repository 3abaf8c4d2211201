#!/usr/bin/env bash
# .ci/run - make check as CI runs it: the results table and the full log in
# build/ci/, the exit status of make check (0 only when every section passes).
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p build/ci
make --no-print-directory check RESULTS=build/ci/results.tsv 2>&1 | tee build/ci/check.log
exit "${PIPESTATUS[0]}"
