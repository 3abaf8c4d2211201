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
# Twice: in the compiler's cage (sandbox.h), where /etc/passwd is not
# there to be read, and with the cage switched off, where the checker must
# refuse the read from what the assembler reports (compile_guard.c).
for cage in on off; do
  for h in incbin_passwd asm_include_passwd asm_error_then_include; do
    IK_CHECKER_COMPILE_CAGE=$cage run "$h"; code=$?
    [ "$code" = 1 ] && ok || bad "$h (cage $cage): checker exit $code (expected 1)"
    if [ "$cage" = off ] || ! grep -qE "can't open /etc/passwd for reading: No such file|Error: file not found: /etc/passwd" "$work/$h.log"; then
      grep -q "outside the submission.*/etc/passwd" "$work/$h.log" && ok || bad "$h (cage $cage): not refused as a read of /etc/passwd"
    fi
    grep -qE "root:x:0:0|/etc/passwd:[0-9]+: Error" "$work/$h.log" && bad "$h (cage $cage): /etc/passwd leaked into the feedback" || ok
  done
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
