#!/usr/bin/env bash
# test_leaks.sh - no byte of a reference reaches a student through the
# compiler, and nothing the grader holds open reaches a compile or a runner
# (part of make test, from test-grade).
#   test_leaks.sh BUILD CHECKER GRADE_ALL OBJDIR
# The hostile submissions that make the compiler read or name a file
# (checker/tests/hostile/: #include, #line and line markers however
# spelled, paths behind pci0000:00 and /sys/dev/char/1:3, __has_include,
# #pragma GCC dependency, .incbin/.include), and one whose folder is named
# "x:1" with a #line through it, are graded by grade_all:
#  - as this user, in the compiler's cage (checker/sandbox.c);
#  - with the cage switched off (IK_CHECKER_COMPILE_CAGE=off), where only
#    the checks of the compile and its output stand (compile_guard.c);
#  - when run as root, as the plain user nobody too.
# Each time every one scores 0 on its section and leak_scan.py finds no
# line of any reference in results.json, junit.xml, log.txt or
# results.tsv. The cases marked "Needs: compile cage" only where there is
# one. A runner holds no reference machine code (a 07 that prints its
# two-bone solver's bytes). Then a file held open by the grader's caller is
# looked for among the descriptors of a running compiler and a running runner.
set -uo pipefail
build=$1 checker=$2 grade_all=$3 objdir=$4
root=$(pwd)
dir=$build/leak-test
rm -rf "$dir" && mkdir -p "$dir"
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "test-leaks: FAIL: $*"; }

# the cage can be built here (what sandbox_fs_available asks, from a shell)
cage_here() { if [ "$(id -u)" = 0 ]; then unshare -m true; else unshare -Urm true; fi 2>/dev/null; }
cage_for_nobody() { setpriv --reuid 65534 --regid 65534 --clear-groups unshare -Urm true 2>/dev/null; }

# subs_for NAME CAGE(1/0): the reading cases, laid out as grade_all takes them
reading='line_* has_include_* pragma_dependency include_reference include_passwd asm_include_passwd incbin_passwd asm_error_then_include'
subs_for() {
  local subs=$dir/subs_$1 h name
  mkdir -p "$subs"
  for pattern in $reading; do
    for h in "$build"/hostile/$pattern/; do
      [ -d "$h" ] || continue
      name=$(basename "$h")
      if [ "$2" = 0 ] && grep -q 'Needs: compile cage' "checker/tests/hostile/$name.sed"; then continue; fi
      cp -r "$h" "$subs/hostile_$name"
    done
  done
  # a folder named "x:1" in the upload, and a #line that goes through it
  # back to the workbook (the scan once stopped at the first ":<digit>")
  local colon=$subs/hostile_colon_folder
  mkdir -p "$colon/x:1" "$colon/02_law_of_cosines"
  local through; through=$(cd "$colon/x:1" && pwd)$(cd "$colon/x:1" && pwd | sed 's|[^/][^/]*|..|g')
  { cat solutions/02_law_of_cosines/law_of_cosines.c
    printf '#line 24 "%s%s/solutions/02_law_of_cosines/law_of_cosines.c"\nint hostile_a = hostile_b;\n' "$through" "$root"
  } > "$colon/02_law_of_cosines/law_of_cosines.c"
  # the marker in another file of the same upload, which the checker
  # staged (03, refused itself), pulled into 07 by #include: only the
  # compile's output (or the cage) shows what it names
  local other=$subs/hostile_line_in_include
  mkdir -p "$other/03_two_bone" "$other/07_foot_ik"
  sed -f checker/tests/hostile/line_pci.sed solutions/03_two_bone/two_bone.c > "$other/03_two_bone/two_bone.c"
  { cat exercises/07_foot_ik/foot_ik.c; echo '#include "../03_two_bone/two_bone.c"'; } > "$other/07_foot_ik/foot_ik.c"
  # a 07 that prints its runner's two-bone code, beside the stub 02 and 03
  # (built below as $code/sub): the scan finds no reference code in it
  # however graded
  [ -d "$code/sub" ] && cp -r "$code/sub" "$subs/hostile_dump_code"
  chmod -R a+rX "$subs"
  echo "$subs"
}

# graded NAME SUBS [RUNNER...]: grade the folder, check every score and scan
graded() {
  local name=$1 subs=$2 out=$dir/out_$1; shift 2
  mkdir -p "$out" "$dir/work_$name" && chmod a+rwx "$out" "$dir/work_$name"
  echo 4242 | "$@" "$grade_all" --subs "$subs" --out "$out/results" --csv "$out/grades.csv" --jobs 2 \
    --checker "$checker" --root . --objdir "$objdir" --work "$dir/work_$name" --timeout-ms 1500 > "$dir/$name.log" 2>&1 \
    && ok || bad "$name: grade_all exited non-zero (see $dir/$name.log)"
  local s sub got sec
  for s in "$subs"/*/; do
    sub=$(basename "$s")
    for sec in $(cd "$s" && ls -d [0-9][0-9]_*); do
      got=$(jq --arg sec "$sec" '[.tests[] | select(.name | startswith($sec)) | .score] | add // 0' \
        "$out/results/$sub/results.json" 2>/dev/null)
      [ "$got" = 0 ] && ok || bad "$name: $sub scored ${got:-nothing} on $sec (expected 0)"
    done
    # a line marker is refused as such, before any compile (compile_guard.c)
    case $sub in hostile_line_in_include) ;; hostile_line_*|hostile_has_include_line|hostile_colon_folder)
      jq -r '.tests[] | select(.name | startswith("02_law_of_cosines")) | .output' "$out/results/$sub/results.json" \
        | grep -qE '\): (#line|# )[0-9 ]' && ok || bad "$name: $sub's line marker was not refused as one";;
    esac
  done
  python3 checker/tests/leak_scan.py . "$subs" "$out/results" > "$dir/$name.scan" 2>&1 && ok \
    || { bad "$name: a reference leaked"; cat "$dir/$name.scan"; }
  if [ -d "$subs/hostile_dump_code" ]; then # the dump got through, so the scan below has something to judge
    grep -q '[0-9a-f]\{256\}' "$out/results/hostile_dump_code/results.json" && ok \
      || bad "$name: the two-bone code dump is not in hostile_dump_code's results.json"
  fi
  # shellcheck disable=SC2086
  python3 checker/tests/code_scan.py --ref $refs --own $owns -- $(find "$out/results" -type f) > "$dir/$name.code" 2>&1 && ok \
    || { bad "$name: a reference's machine code leaked"; cat "$dir/$name.code"; }
  tail -1 "$dir/$name.scan"
}

# The references' machine code, built as make and a student's compile
# build them (-O2, -O0), and the stubs' (which any runner may hold): what
# code_scan.py looks for in every graded output below.
code=$dir/code && mkdir -p "$code/obj"
refs="" owns=""
for s in 02_law_of_cosines 03_two_bone; do
  for O in O2 O0; do
    cc -std=c11 -fno-math-errno -$O -Iinclude -Isolutions/$s -c solutions/$s/${s#*_}.c -o "$code/obj/ref_${s}_$O.o" \
      && cc -std=c11 -fno-math-errno -$O -Iinclude -Isolutions/$s -c exercises/$s/${s#*_}.c -o "$code/obj/own_${s}_$O.o" \
      || bad "code: cannot build $s at -$O"
    refs="$refs $code/obj/ref_${s}_$O.o" owns="$owns $code/obj/own_${s}_$O.o"
  done
done

mkdir -p "$code/sub/02_law_of_cosines" "$code/sub/03_two_bone" "$code/sub/07_foot_ik"
cp exercises/02_law_of_cosines/law_of_cosines.c "$code/sub/02_law_of_cosines/"
cp exercises/03_two_bone/two_bone.c "$code/sub/03_two_bone/"
{ cat exercises/07_foot_ik/foot_ik.c
  printf '%s\n' '#include <stdint.h>' '#include <stdio.h>' \
    '__attribute__((constructor)) static void hostile_dump_code(void)' '{' \
    '    const unsigned char *code = (const unsigned char *)(uintptr_t)&two_bone_solve;' \
    '    for (int i = 0; i < 512; i++)' '        printf("%02x", code[i]);' '    printf("\n");' '}'
} > "$code/sub/07_foot_ik/foot_ik.c"

# The scan itself must be able to fail: a planted reference line is found.
mkdir -p "$dir/planted/results/p" "$dir/planted/subs/p"
{ echo 'does not compile:'; echo "  24 | $(grep -m1 -E '^.{30,}$' solutions/03_two_bone/two_bone.c)"; } > "$dir/planted/results/p/log.txt"
python3 checker/tests/leak_scan.py . "$dir/planted/subs" "$dir/planted/results" > "$dir/planted.scan" 2>&1 \
  && bad "leak_scan.py did not find a planted reference line" || ok

if cage_here; then graded caged "$(subs_for caged 1)"; else echo "test-leaks: no compiler's cage on this machine: that run left out"; fi
IK_CHECKER_COMPILE_CAGE=off graded uncaged "$(subs_for uncaged 0)"
# as nobody only where nobody can reach this tree (a checkout under a root's
# 0700 home cannot be: every grade would be the fallback, and say nothing).
# Asked by absolute path: a relative one is looked up from this shell's
# folder, already open, and never crosses the 0700 folder above it.
if [ "$(id -u)" = 0 ] && ! setpriv --reuid 65534 --regid 65534 --clear-groups \
  test -x "$(realpath "$checker")" -a -r "$root/include/ikmath.h" 2>/dev/null; then
  echo "test-leaks: the user nobody cannot read this tree ($root): the run as nobody left out"
elif [ "$(id -u)" = 0 ]; then
  cage_for_nobody && c=1 || c=0
  graded nobody "$(subs_for nobody $c)" setpriv --reuid 65534 --regid 65534 --clear-groups
fi

# ---- no reference machine code in a runner ----------------------------------
# A runner links the student's own files of its section's deps (checker/deps.c),
# never a reference object: a constructor in a 07 that prints 512 bytes from
# two_bone_solve (the stubs' 02 and 03 beside it) prints its own stub's code,
# and code_scan.py finds no 16-byte run of the references' machine code
# (built at -O2 and -O0, as make and a student's compile build them) in what
# comes back. The scan is proven by a planted dump of the reference's code.
"$checker" --root . --dir "$code/sub" --objdir "$objdir" --work "$code/work" --section 07 --no-color --seed 1 \
  --results "$code/results.tsv" > "$code/log.txt" 2>&1
[ "$(grep -o '[0-9a-f]\{256\}' "$code/log.txt" | wc -l)" -ge 1 ] && ok || bad "code: the constructor's dump is not in the output"
# shellcheck disable=SC2086
python3 checker/tests/code_scan.py --ref $refs --own $owns -- "$code/log.txt" "$code/results.tsv" > "$code/scan.txt" 2>&1 \
  && ok || { bad "code: a reference's machine code reached the student"; cat "$code/scan.txt"; }
objcopy -O binary --only-section=.text "$code/obj/ref_03_two_bone_O2.o" "$code/ref.bin"
od -An -v -tx1 -N 512 "$code/ref.bin" | tr -d ' \n' > "$code/planted.txt"
# shellcheck disable=SC2086
python3 checker/tests/code_scan.py --ref $refs --own $owns -- "$code/planted.txt" > "$code/planted.scan" 2>&1 \
  && bad "code_scan.py did not find a planted dump of the reference's code" || ok

# ---- a dep's assembler reads, with 03 graded alone -------------------------
# An 02 whose asm .incbin's the reference 03 under a global name, and a 03
# that prints that name, graded as --section 03 alone with the cage off (so
# no earlier 02 in the same run refused it): the dep is compiled on its own
# (compile.c, dep_object), its assembler's list is judged, it is refused,
# and the 03 says "fix 02 first". No runner may hold the reference's bytes.
inc=$dir/dep_incbin && mkdir -p "$inc/sub/02_law_of_cosines" "$inc/sub/03_two_bone"
{ cat solutions/02_law_of_cosines/law_of_cosines.c
  printf '__asm__(".section .rodata\\n.globl stolen_bytes\\nstolen_bytes:\\n.incbin \\"%s\\"\\n.byte 0\\n.text");\n' \
    "$root/solutions/03_two_bone/two_bone.c"
} > "$inc/sub/02_law_of_cosines/law_of_cosines.c"
{ cat exercises/03_two_bone/two_bone.c
  printf '%s\n' '#include <stdio.h>' 'extern const char stolen_bytes[];' \
    '__attribute__((constructor)) static void show(void) { printf("%s\n", stolen_bytes); }'
} > "$inc/sub/03_two_bone/two_bone.c"
IK_CHECKER_COMPILE_CAGE=off "$checker" --root . --dir "$inc/sub" --objdir "$objdir" --work "$inc/work" --section 03 \
  --no-color --seed 1 --results "$inc/results.tsv" > "$inc/log.txt" 2>&1
grep -q 'fix it first' "$inc/log.txt" && ok || { bad "dep incbin: 03 alone does not say to fix 02 first"; tail -5 "$inc/log.txt"; }
leaked=$(grep -ls -F "$(grep -m1 -E '^.{40,}$' solutions/03_two_bone/two_bone.c)" -r "$inc/work" "$inc/log.txt" "$inc/results.tsv" \
  | grep -v '/solutions/' | grep -v "$inc/sub/")
[ -z "$leaked" ] && ok || bad "dep incbin: the reference 03 reached $leaked"

# ---- descriptors the grader's caller left open -----------------------------
# fd 9 on a file of our own, without close-on-exec, while the checker
# compiles a preprocessor bomb (cc1 busy for seconds) and then runs a
# runner that hangs: neither may hold it.
held=$dir/held_open && echo "held by the caller" > "$held"
holders() { # the processes of work folder $1, other than the checker, holding $held
  local p n=0
  for p in $(pgrep -f "$1"); do
    [ "$p" = "$2" ] && continue
    ls -l /proc/"$p"/fd 2>/dev/null | grep -q "$held" && n=$((n + 1))
  done
  echo $n
}
mkdir -p "$dir/bomb/02_law_of_cosines"
sed -f checker/tests/hostile/cpp_bomb.sed solutions/02_law_of_cosines/law_of_cosines.c > "$dir/bomb/02_law_of_cosines/law_of_cosines.c"
for case in bomb hang; do
  src=$dir/bomb; [ "$case" = hang ] && src=$build/hostile/hang
  work=$dir/fd_$case
  "$checker" --root . --dir "$src" --objdir "$objdir" --work "$work" --section 02 --timeout-ms 3000 --no-color \
    > "$work.log" 2>&1 9< "$held" &
  pid=$!
  want="cc1 .*$work/"; [ "$case" = hang ] && want="$work/stage/02_law_of_cosines/runner"
  # up to 3 min: a fresh clone's CI, two test targets at once, once had no
  # runner yet after 60 s (the rerun passed); how long it took is printed
  t0=$SECONDS
  for _ in $(seq 1 1800); do pgrep -f "$want" >/dev/null && break; sleep 0.1; done
  [ $((SECONDS - t0)) -lt 10 ] || echo "test-leaks: $case: started after $((SECONDS - t0)) s"
  pgrep -f "$want" >/dev/null && ok || { bad "$case: never started ($want)"; tail -5 "$work.log"; pgrep -af "$work/";
    for p in $pid $(pgrep -P $pid); do echo "$p $(cat /proc/$p/wchan 2>/dev/null) $(tr '\0' ' ' < /proc/$p/cmdline 2>/dev/null | cut -c1-80)"; done; }
  n=$(holders "$work/" "$pid")
  [ "$n" = 0 ] && ok || bad "$case: $n processes of the compile or the runner hold the caller's fd 9"
  kill -KILL "$pid"; wait "$pid" 2>/dev/null; sleep 0.5
  pkill -KILL -f "$work/" 2>/dev/null
done

echo "test-leaks: $pass passed, $fail failed"
[ "$fail" = 0 ]
