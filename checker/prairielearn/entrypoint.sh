#!/usr/bin/env bash
# entrypoint.sh - PrairieLearn's external grader for the workbook: the
# question's externalGradingOptions.entrypoint, run in the image that
# checker/prairielearn/Dockerfile builds (the checker prebuilt in
# /workbook, no reference source). PrairieLearn mounts the job in /grade:
#   /grade/student/                  the student's files, loose (pl-file-upload,
#                                    pl-file-editor): laid out by checker/submission.sh
#   /grade/tests/section             (a one-section question) the section's slug
#   /grade/serverFilesCourse/ik_workbook/hidden_seed     the hidden seed (optional)
#   /grade/serverFilesCourse/ik_workbook/release_hidden  YYYY-MM-DD (UTC): from that
#                                    day each hidden check is shown in full; before,
#                                    one summary per section, no inputs
# and reads /grade/results/results.json, which this writes in every case
# (PrairieLearn does not create /grade/results). A submission whose file
# does not compile, or with no graded file, is "gradable": false with
# format_errors (no attempt counted); so is a grading that failed here,
# saying so. GRADE_DIR and WORKBOOK move /grade and /workbook (make test).
set -uo pipefail
grade=${GRADE_DIR:-/grade}
workbook=${WORKBOOK:-/workbook}
results=$grade/results/results.json
conf=$grade/serverFilesCourse/ik_workbook
finished=0

say() { printf 'entrypoint: %s\n' "$*"; }

# TEXT as a JSON string: backslash, quote and control characters escaped.
json_string() {
  local s
  s=$(printf '%s' "$1" | tr -d '\000-\010\013\014\016-\037\177')
  s=${s//\\/\\\\}; s=${s//\"/\\\"}; s=${s//$'\n'/\\n}; s=${s//$'\t'/\\t}; s=${s//$'\r'/}
  printf '"%s"' "$s"
}

# not_gradable MESSAGE: the job could not be graded; the student keeps the attempt.
not_gradable() {
  local text
  text=$(json_string "$1")
  mkdir -p "$grade/results" 2>/dev/null
  if printf '{\n  "gradable": false,\n  "format_errors": [%s],\n  "message": %s\n}\n' "$text" "$text" \
       > "$results.tmp" && mv -f "$results.tmp" "$results"; then finished=1; else say "cannot write $results"; fi
}

on_exit() {
  [ "$finished" = 1 ] || not_gradable "ระบบตรวจหยุดก่อนเสร็จ ครั้งนี้ไม่นับ (ผู้สอนได้รับแจ้งแล้ว) — the grader stopped before it finished: this submission is not counted (the instructor has been told)."
}
trap on_exit EXIT

mkdir -p "$grade/results" || { say "cannot create $grade/results"; exit 1; }
rm -f "$results" "$results.tmp"

# The hidden seed: read into this shell, the file removed before any
# student code compiles (the runners cannot open files anyway).
seed=""
if [ -f "$conf/hidden_seed" ]; then
  seed=$(tr -cd '0-9' < "$conf/hidden_seed" | head -c 19)
  rm -f "$conf/hidden_seed" 2>/dev/null
fi
hidden_flags=()
if [ -n "$seed" ]; then
  hidden_flags=(--hidden-seed-stdin)
  release=$(tr -cd '0-9-' < "$conf/release_hidden" 2>/dev/null | head -c 10)
  # (YYYY-MM-DD compares as text)
  if [ -n "$release" ] && [[ ! "$(date -u +%F)" < "$release" ]]; then hidden_flags+=(--hidden-shown 1); fi
fi
section_flags=()
if [ -f "$grade/tests/section" ]; then
  slug=$(tr -cd 'a-z0-9_' < "$grade/tests/section" | head -c 64)
  [ -n "$slug" ] && section_flags=(--section "$slug")
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/ik-grade.XXXXXX") || { not_gradable "no temporary folder"; exit 0; }
# shellcheck source=../submission.sh
source "$workbook/checker/submission.sh" || { not_gradable "the grader's checker/submission.sh is missing"; exit 0; }
if ! find_submission "$grade/student" "$work/upload" "$workbook"; then
  not_gradable "$SUB_ERROR"
  exit 0
fi
say "layout: $SUB_LAYOUT"

# The checker keeps a submission within its own 25 s budget; the timeout
# is a backstop for the checker itself (the question's timeout is 60 s).
printf '%s\n' "$seed" | timeout -s KILL 50 "$workbook/build/checker" --root "$workbook" --dir "$SUB_DIR" \
  --objdir "$workbook/build/obj" --work "$work/work" --shown-dir "$SUB_SHOWN" --shown-loose "$SUB_LOOSE" \
  --prairielearn "$work/results.json" --no-color "${section_flags[@]}" "${hidden_flags[@]}" > "$work/checker.log" 2>&1
rc=$?
tail -n 20 "$work/checker.log" | sed 's/^/  | /'
if [ "$rc" -gt 1 ] || [ ! -s "$work/results.json" ]; then
  say "the checker exited $rc"
  not_gradable "ระบบตรวจขัดข้อง (รหัส $rc) ครั้งนี้ไม่นับ ผู้สอนได้รับแจ้งแล้ว — the grader failed (status $rc): this submission is not counted; the instructor has been told."
elif mv -f "$work/results.json" "$results"; then
  finished=1
else
  not_gradable "the results could not be written"
fi
rm -rf "$work"
exit 0
