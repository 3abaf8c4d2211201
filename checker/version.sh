#!/usr/bin/env bash
# version.sh [ROOT] - the workbook's version, the one place it is looked up:
# the first line of ROOT/VERSION (a copy without .git: the Gradescope zip,
# make gradescope writes it; a student edition's is checker/replay/VERSION),
# else ROOT's git commit, with "+changes" when the tracked files differ
# from it. Nothing and exit 1 when neither is there. Read by the checker
# (results.json's checker_version, outputs.c), grade_all (once for a class),
# grade_layout.c (the version a student edition was made from against the
# grader's), make gradescope and make classroom (checker/classroom/export.sh).
root=${1:-.}
if [ -f "$root/VERSION" ] && { IFS= read -r v || [ -n "$v" ]; } < "$root/VERSION" && [ -n "$v" ]; then
  printf '%s\n' "$v"
  exit 0
fi
v=$(git -C "$root" rev-parse HEAD 2>/dev/null) && [ -n "$v" ] || exit 1
git -C "$root" diff --quiet HEAD -- 2>/dev/null
[ $? = 1 ] && v=$v+changes
printf '%s\n' "$v"
