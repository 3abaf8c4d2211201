#!/usr/bin/env bash
# .ci/summary.sh RESULTS [LOG] - the section table in Markdown (for
# $GITHUB_STEP_SUMMARY) from make check's results file.
set -uo pipefail
results=${1:?usage: summary.sh build/ci/results.tsv [check.log]}
log=${2:-}
echo "## make check"
echo
if [ ! -s "$results" ]; then
  echo "No results: the checker did not get to run (see the log of the make check step)."
  [ -n "$log" ] && [ -f "$log" ] && { echo; echo '```'; tail -n 30 "$log"; echo '```'; }
  exit 0
fi
echo "| section | status | checks passed |"
echo "|---|---|---|"
awk -F'\t' '$1 == "section" {
  s = $3 == "done" ? "✅ done" : $3 == "failing" ? "❌ failing" : "⬜ not started"
  printf "| `%s` | %s | %d / %d |\n", $2, s, $4, $5; done += $3 == "done"; n++ }
  END { printf "\n%d of %d sections pass (visible cases; grading adds hidden seeds).\n", done, n }' "$results"
failing=$(awk -F'\t' '$1 == "check" && $4 == "fail" { printf "- `%s › %s` (%s%s)\n", $2, $3, $5, $6 != "-" ? ", " $6 : "" }' "$results")
if [ -n "$failing" ]; then echo; echo "<details><summary>failing checks</summary>"; echo; echo "$failing"; echo; echo "</details>"; fi
