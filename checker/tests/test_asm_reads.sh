#!/usr/bin/env bash
# test_asm_reads.sh - what the assembler reads is checked with this compiler
# too (part of make test, run once per compiler by test-plain and
# test-other-cc).
#   test_asm_reads.sh CHECKER OBJDIR WORK CC HOSTILE_DIR
# clang's built-in assembler lists nothing it reads, so the checker makes
# clang hand its assembly to GNU as (-fno-integrated-as) and reads as's
# --MD list, as it does for gcc. Submissions that .incbin or .include
# /etc/passwd must be refused naming the file, with no line of it in the
# feedback; a student's own inline-asm typo must show the assembler's error
# instead of being taken for an outside read.
set -uo pipefail
checker=$1 objdir=$2 work=$3 cc=$4 hostile=$5
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "test-asm-reads ($cc): FAIL: $*"; }
run() { "$checker" --root . --dir "$hostile/$1" --objdir "$objdir" --work "$work/$1" --cc "$cc" --no-color \
          --lang en --section 02_law_of_cosines > "$work/$1.log" 2>&1; }
rm -rf "$work" && mkdir -p "$work"
for h in incbin_passwd asm_include_passwd asm_error_then_include; do
  run "$h"; code=$?
  [ "$code" = 1 ] && ok || bad "$h: checker exit $code (expected 1)"
  grep -q "outside the submission.*/etc/passwd" "$work/$h.log" && ok || bad "$h: not refused as a read of /etc/passwd"
  grep -qE "root:x:0:0|/etc/passwd:[0-9]+: Error" "$work/$h.log" && bad "$h: /etc/passwd leaked into the feedback" || ok
done
run asm_typo
grep -q "no such instruction" "$work/asm_typo.log" && ok || bad "asm_typo: the assembler's error was not shown"
grep -q "outside the submission" "$work/asm_typo.log" && bad "asm_typo: a typo was taken for an outside read" || ok
# A work folder whose path has a space and a comma (grade-all names them
# after students): the reference still passes, so neither the assembler's
# option nor its file list was split at them.
odd="$work/w x,y"
"$checker" --root . --dir solutions --objdir "$objdir" --work "$odd" --cc "$cc" --no-color --lang en \
  --section 02_law_of_cosines > "$work/odd.log" 2>&1 && ok || { bad "the reference failed in work folder '$odd'"; tail -5 "$work/odd.log"; }
echo "test-asm-reads ($cc): $pass passed, $fail failed"
[ "$fail" = 0 ]
