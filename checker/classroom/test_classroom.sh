#!/usr/bin/env bash
# test_classroom.sh EXPORT BUILD CHECKER OBJDIR - proves the student edition
# (make test-classroom, after make classroom OUT=EXPORT):
#   no-leak      no line of any solution body in any file of the export,
#                text or binary (the book's no-leak idea over every file;
#                lines shared with the checker's own suites are listed and
#                reasoned in checker/classroom/leak_allowed.txt)
#   no-binary    no ELF, object, archive or other binary file at all
#   solutions    the reference files copied in pass every check there
#   stubs        the untouched exercises/ fail every section there, and
#                graded here they are "not started" (the version line ignored)
#   same-grade   each buggy proof (in a copy of the reference) gets the same
#                visible results from the export's checker as from the
#                instructor's (pass/fail, outcome and diagnosis per check)
#   same-verdict every correct solution the tests keep (references, blind,
#                chapter ports, alternatives) is decided the same there as
#                here on every check; the blind ones (07 and 08 on blind
#                03s) pass every check
#   pictures     planted 02 and 03 mistakes (none recorded) name the same
#                failure and picture there as here
#   deps         07 with a broken 03 says "fix 03 first" there
#   miss         a lookup the table cannot answer is one sentence, not garbage
#   version      the export is stamped with the commit it came from
#   shims        every section's shims.c, and every public function shimmed
#   workflow     .github/workflows/check.yml parses, names only PACKAGES_CHECK,
#                and its shell steps (.ci/run, .ci/summary.sh) run offline
#   commands     make list, make hint, make run work there; inside a
#                section folder the paths printed open from there
#   book         the export's checker prints the instructor's catalog (the
#                book's checks and named mistakes); make book builds the
#                student edition there (when pandoc is installed), with
#                every figure and no untrue sentence (issue 35)
#   seed         make check SEED=7 says it is ignored, in Thai and English
#   not-started  a changed file graded in place is failing, not "not started"
#   reread       a failure names the book's page to reread, which is there
set -u
export LC_ALL=C
ROOT=$(pwd -P)
EXPORT=$(realpath "$1") BUILD=$2 CHECKER=$3 OBJ=$4
WORK=$ROOT/$BUILD/classroom/test
rm -rf "$WORK" && mkdir -p "$WORK/sub"
passed=0 failed=0
pass() { echo "PASS  test-classroom: $1"; passed=$((passed + 1)); }
fail() { echo "FAIL  test-classroom: $1"; failed=$((failed + 1)); }
detail() { sed 's/^/      /' | head -n "${1:-15}"; }
norm() { sed -e 's/[[:space:]][[:space:]]*/ /g' -e 's/^ //' -e 's/ $//'; }
SECTIONS=$(cd solutions && ls -d [0-9][0-9]_* )
graded() { echo "solutions/$1/${1#*_}.c"; }

# ---- no-leak ----------------------------------------------------------------
# Every line of every graded reference file, minus short ones and those that
# occur (even inside a longer line) in public text: exercises/, include/, the
# headers. Probed in every export file; binary ones through strings(1).
for s in $SECTIONS; do cat "$(graded "$s")"; done | norm | sort -u | awk 'length($0) >= 12 && /[A-Za-z]/' >"$WORK/solution-lines.long"
# found(patterns, text): the patterns that occur in some line of text
# (grep picks the lines, awk's index() names every pattern in them: grep -o
# would report only one of two patterns that overlap)
found() {
  grep -F -f "$1" "$2" | awk 'NR == FNR { want[NR] = $0; n = NR; next }
    { for (i = 1; i <= n; i++) if (!(i in seen) && index($0, want[i])) seen[i] = 1 }
    END { for (i = 1; i <= n; i++) if (i in seen) print want[i] }' "$1" - | sort -u
}
cat exercises/*/* include/* solutions/*/*.h | norm >"$WORK/public.txt"
found "$WORK/solution-lines.long" "$WORK/public.txt" >"$WORK/solution-lines.public"
comm -23 "$WORK/solution-lines.long" "$WORK/solution-lines.public" >"$WORK/solution-lines"
: >"$WORK/export.txt"
binaries=""
while IFS= read -r -d '' f; do
  rel=${f#"$EXPORT"/}
  case "$rel" in build/*) continue;; esac
  # the recorded answers: numbers only, in a format checked line by line
  if [ "$rel" = checker/replay/visible.tsv ]; then
    bad=$(grep -c -v -E '^(# seed [0-9]+|B [0-9a-f]{64} [0-9a-f]+|E [a-z_0-9]+ [0-9a-f]{64} [0-9a-f]* [0-9a-f]*)$' "$f")
    [ "$bad" = 0 ] || binaries="$binaries $rel($bad lines not hex records)"
    continue
  fi
  if LC_ALL=C grep -q -P '\x00' "$f" 2>/dev/null; then
    binaries="$binaries $rel"
    strings -n 8 "$f" | norm | sed "s|^|$rel: |" >>"$WORK/export.txt"
  else
    norm <"$f" | sed "s|^|$rel: |" >>"$WORK/export.txt"
  fi
  case "$(head -c 8 "$f" | od -An -c | tr -d ' \n')" in
    177ELF*|'!<arch>'*) binaries="$binaries $rel(ELF/archive)";; esac
  case "$rel" in *.o|*.a|*.so|*.so.*|*.elf|*.out) binaries="$binaries $rel";; esac
done < <(find "$EXPORT" -type f -print0)
grep -F -f "$WORK/solution-lines" "$WORK/export.txt" >"$WORK/leak-hits" || true
# lines shared with the checker's own sources, each reasoned in the allow list
sed -n 's/^line: //p' checker/classroom/leak_allowed.txt | norm | sort -u >"$WORK/allowed"
found "$WORK/solution-lines" "$WORK/leak-hits" | comm -23 - "$WORK/allowed" >"$WORK/leaks"
n_lines=$(wc -l <"$WORK/solution-lines")
if [ "$n_lines" -lt 300 ]; then
  fail "no-leak: only $n_lines solution lines to probe with (extraction broken?)"
elif [ -s "$WORK/leaks" ]; then
  fail "no-leak: $(wc -l <"$WORK/leaks") solution-body lines are in the export:"
  while IFS= read -r l; do grep -F -- "$l" "$WORK/leak-hits" | head -2; done <"$WORK/leaks" | detail 30
else
  pass "no-leak: none of $n_lines solution-body lines is in the export's $(find "$EXPORT" -type f ! -path "$EXPORT/build/*" | wc -l) files ($(wc -l <"$WORK/allowed") shared with the suites, reasoned in leak_allowed.txt)"
fi
# the probe works: the reference itself would be caught
cp "$(graded 03_two_bone)" "$WORK/probe.c"
if norm <"$WORK/probe.c" | grep -q -F -f "$WORK/solution-lines"; then pass "no-leak probe: the reference 03 copied in would be caught"
else fail "no-leak probe: the probe does not catch the reference itself"; fi
[ -z "$binaries" ] && pass "no-binary: no ELF, object, archive or binary file in the export" \
  || fail "no-binary: binary files in the export:$binaries"
[ ! -e "$EXPORT/solutions" ] && pass "no-binary: no solutions/ in the export" || fail "the export has solutions/"

# ---- build the export's checker ---------------------------------------------
if ! (cd "$EXPORT" && nice make --no-print-directory all >"$WORK/export-build.log" 2>&1); then
  fail "the export's make all failed"; detail <"$WORK/export-build.log"
  echo "test-classroom: $passed passed, $failed failed"; exit 1
fi
XCHECK() { (cd "$EXPORT" && build/checker --root . --objdir build/obj --no-color --seed 1 "$@"); }

# ---- solutions pass there, stubs fail there ---------------------------------
mkdir -p "$WORK/sol"
for s in $SECTIONS; do mkdir -p "$WORK/sol/$s" && cp "$(graded "$s")" "$WORK/sol/$s/"; done
XCHECK --dir "$WORK/sol" --work "$WORK/w-sol" --results "$WORK/sol.tsv" >"$WORK/sol.log" 2>&1
rc=$?
[ $rc = 0 ] && pass "solutions: the reference copied into the export passes every check there ($(grep -c '^check' "$WORK/sol.tsv") checks)" \
  || { fail "solutions: the reference fails in the export (exit $rc)"; detail 30 <"$WORK/sol.log"; }
XCHECK --dir exercises --work "$WORK/w-stub" --results "$WORK/stub.tsv" >"$WORK/stub.log" 2>&1
rc=$?
done_sections=$(awk -F'\t' '$1 == "section" && $3 == "done"' "$WORK/stub.tsv" | wc -l)
[ $rc = 1 ] && [ "$done_sections" = 0 ] && [ "$(grep -c '^section' "$WORK/stub.tsv")" = "$(echo $SECTIONS | wc -w)" ] \
  && pass "stubs: the untouched exercises fail every section there" \
  || { fail "stubs: exit $rc, $done_sections sections pass"; detail <"$WORK/stub.log"; }
# graded in the instructor's tree, the export's untouched stubs (each with
# its version line) are "not started", as the instructor's own stubs are
"$CHECKER" --root . --dir "$EXPORT/exercises" --objdir "$OBJ" --work "$WORK/w-stamped" --no-color \
  --results "$WORK/stamped.tsv" >"$WORK/stamped.log" 2>&1
not_started=$(awk -F'\t' '$1 == "section" && $3 == "not_started"' "$WORK/stamped.tsv" | wc -l)
[ "$not_started" = "$(echo $SECTIONS | wc -w)" ] \
  && pass "stubs: graded here, the export's untouched stubs (version line and all) are not started ($not_started sections)" \
  || { fail "stubs: graded here, $not_started of the export's stubs are not started"; detail <"$WORK/stamped.log"; }
if grep -q 'garbage\|crashed' "$WORK/stub.tsv"; then fail "stubs: a check crashed or read garbage"; fi

# ---- the same with clang (macOS: its cc, and its "gcc" too) ------------------
# The recorded answers came from a gcc-built checker; one built by clang must
# draw the same visible cases (the suites draw in sequenced statements), so
# the reference passes with no lookup missing (before, 64 of 82 checks and 18
# misses).
if command -v clang >/dev/null 2>&1; then
  if (cd "$EXPORT" && nice make --no-print-directory CC=clang BUILD=build/clang all >"$WORK/export-clang.log" 2>&1) \
     && grep -q '^clang .*-DREPLAY_PLAY' "$WORK/export-clang.log"; then
    (cd "$EXPORT" && WORKBOOK_REPLAY_DEBUG=1 build/clang/checker --root . --objdir build/clang/obj --no-color --seed 1 \
      --dir "$WORK/sol" --work "$WORK/w-sol-clang" >"$WORK/sol-clang.log" 2>&1)
    rc=$? misses=$(grep -c '^replay: .* missed' "$WORK/sol-clang.log")
    [ $rc = 0 ] && [ "$misses" = 0 ] && pass "clang: the export's checker built by clang passes the reference, no recorded answer missed" \
      || { fail "clang: the export's checker built by clang: exit $rc, $misses lookups missed"; detail <"$WORK/sol-clang.log"; }
  else
    fail "clang: the export does not build with CC=clang (or built its checker with another compiler)"; detail <"$WORK/export-clang.log"
  fi
else
  echo "test-classroom: clang not installed: the export's checker built by clang not tried"
fi

# ---- same-grade: a submission graded in both trees ----------------------------
same=0 differ=""
for d in "$BUILD"/buggy/*/*/; do
  id=$(basename "$(dirname "$d")") s=$(basename "$d")
  sub="$WORK/sub/$id"; rm -rf "$sub"; cp -r "$WORK/sol" "$sub"; cp "$d"/*.c "$sub/$s/"
  "$CHECKER" --root . --objdir "$OBJ" --work "$WORK/w-i-$id" --no-color --seed 1 --dir "$sub" --section "$s" \
    --results "$WORK/i-$id.tsv" >/dev/null 2>&1
  XCHECK --dir "$sub" --section "$s" --work "$WORK/w-e-$id" --results "$WORK/e-$id.tsv" >/dev/null 2>&1
  # compile and check times differ; everything else must not
  if cmp -s <(cut -f1-5,7- "$WORK/i-$id.tsv" | sed 's/\t[0-9.]*\t[0-9.]*$//') <(cut -f1-5,7- "$WORK/e-$id.tsv" | sed 's/\t[0-9.]*\t[0-9.]*$//') \
     && grep -q "^check.*fail.*$id" "$WORK/i-$id.tsv"; then same=$((same + 1)); else differ="$differ $id/$s"; fi
done
n_buggy=$(ls -d "$BUILD"/buggy/*/*/ | wc -l)
[ -z "$differ" ] && [ "$same" -gt 0 ] \
  && pass "same-grade: $same buggy proofs grade the same in the export as in the instructor's tree (visible checks, diagnosis named)" \
  || fail "same-grade: differ for$differ ($same of $n_buggy the same)"

# ---- same-verdict: every correct solution decided there as here -------------------
# The references, the blind solutions, the chapter's ports and the sed
# alternatives (checker/tests/test_alternatives.sh has them all), graded in
# both trees on the visible seed: the same verdict, outcome and diagnosis on
# every check, and no check "not available" in the edition. The blind
# solutions and the ports are not among the runs make classroom records
# (the alternatives are), so they show that a correct path the reference
# never took is still decided. To grade each tree a few times rather than
# once a file, the files are dealt into sets: a copy of the references in
# which each section takes the next file of its kind not yet dealt, so 07
# and 08 run on a blind 03 too (both trees link the student's own 02 and
# 03). In the blind sets every check must pass, there and here.
verdicts() { awk -F'\t' '$1 == "check" {print $2, $3, $4, $5, $6}' "$1"; }
v_same=0 v_differ="" v_files=0
both_trees() { # <name> <submission>
  "$CHECKER" --root . --objdir "$OBJ" --work "$WORK/w-vi-$1" --no-color --seed 1 --dir "$2" \
    --results "$WORK/vi-$1.tsv" >/dev/null 2>&1
  XCHECK --dir "$2" --work "$WORK/w-ve-$1" --results "$WORK/ve-$1.tsv" >"$WORK/ve-$1.log" 2>&1
  if [ -s "$WORK/vi-$1.tsv" ] && cmp -s <(verdicts "$WORK/vi-$1.tsv") <(verdicts "$WORK/ve-$1.tsv") \
     && ! grep -q 'not available in the student edition' "$WORK/ve-$1.log"; then
    v_same=$((v_same + 1))
  else
    v_differ="$v_differ $1"; diff <(verdicts "$WORK/vi-$1.tsv") <(verdicts "$WORK/ve-$1.tsv") | head -4 | sed 's/^/      /'
  fi
}
deal() { # <kind>, lines "<slug> <file or sed script>" on stdin: deals them into sets, grades each
  local kind=$1 k slug path
  rm -rf "$WORK/sets-$kind"; mkdir -p "$WORK/sets-$kind"
  while read -r slug path; do
    k=1
    while [ -e "$WORK/sets-$kind/$k/$slug/.dealt" ]; do k=$((k + 1)); done
    [ -d "$WORK/sets-$kind/$k" ] || cp -r "$WORK/sol" "$WORK/sets-$kind/$k"
    case $path in
      *.sed) sed -f "$path" "$(graded "$slug")" >"$WORK/sets-$kind/$k/$slug/${slug#*_}.c" ;;
      *) cp "$path" "$WORK/sets-$kind/$k/$slug/${slug#*_}.c" ;;
    esac
    touch "$WORK/sets-$kind/$k/$slug/.dealt"; v_files=$((v_files + 1))
  done
  for k in $(ls "$WORK/sets-$kind"); do both_trees "$kind-$k" "$WORK/sets-$kind/$k"; done
}
both_trees references "$WORK/sol"
deal blind < <(for f in checker/tests/blind/*/*/*.c; do echo "$(basename "$(dirname "$f")") $f"; done)
deal chapter < <(for f in checker/tests/chapter/*/*.c; do echo "$(basename "$(dirname "$f")") $f"; done)
deal alternative < <(for f in checker/tests/alternative/*/*.sed; do echo "$(basename "$f" .sed) $f"; done)
blind_failing=$(cat "$WORK"/vi-blind-*.tsv "$WORK"/ve-blind-*.tsv | awk -F'\t' '$1 == "check" && $4 != "pass" {print $2 "/" $3}' | sort -u | tr '\n' ' ')
[ -z "$v_differ" ] && [ "$v_files" -gt 50 ] && [ -z "$blind_failing" ] \
  && pass "same-verdict: $v_files correct solutions (blind, chapter ports, alternatives; 07 and 08 on blind 03s) and the references, in $v_same graded sets, decided the same there as here on every check; the blind ones pass every check" \
  || fail "same-verdict: differ for${v_differ:- none} ($v_same sets the same); blind failing: ${blind_failing:-none}"

# ---- pictures: a failing case's picture there as here --------------------------------
# Mistakes no buggy proof makes, so none of their runs was recorded: 02's
# shoulder returned in degrees, 03's elbow bent away from the pole. The
# export names the same picture (drawn from the recorded reference answers)
# after the same failure as the instructor's tree.
if command -v gnuplot >/dev/null 2>&1; then
  pic_ok=1 pic_said=""
  for plant in '02_law_of_cosines|s/    return angle_opposite(len_upper, reachable_distance(len_upper, len_lower, dist), len_lower);/    return angle_opposite(len_upper, reachable_distance(len_upper, len_lower, dist), len_lower) * IK_RAD_TO_DEG;/' \
               '03_two_bone|s/vec3 bend = v3_sub(limb->to_pole, v3_scale(aim, v3_dot(limb->to_pole, aim) \* limb->inv_aim_sq));/vec3 bend = v3_sub(v3_scale(aim, v3_dot(limb->to_pole, aim) * limb->inv_aim_sq), limb->to_pole);/'; do
    s=${plant%%|*} sub="$WORK/sub/picture_${plant%%|*}"
    rm -rf "$sub"; cp -r "$WORK/sol" "$sub"; sed -i "${plant#*|}" "$sub/$s/${s#*_}.c"
    if cmp -s "$(graded "$s")" "$sub/$s/${s#*_}.c"; then pic_ok=0; echo "      the $s plant no longer changes the reference"; continue; fi
    "$CHECKER" --root . --objdir "$OBJ" --work "$WORK/w-pi-$s" --no-color --seed 1 --dir "$sub" --section "$s" >"$WORK/pi-$s.log" 2>&1
    XCHECK --dir "$sub" --section "$s" --work "$WORK/w-pe-$s" >"$WORK/pe-$s.log" 2>&1
    # the failure in full, up to and with the picture's line (each tree's work folder as W)
    for t in pi pe; do sed -n '/^✗/,/picture of the failing case/p' "$WORK/$t-$s.log" | sed "s|$WORK/w-$t-$s|W|g" >"$WORK/$t-$s.failure"; done
    svg=$(sed -nE 's/.*picture of the failing case\)?: (\/.*)\.svg .*/\1.svg/p' "$WORK/pe-$s.log")
    if grep -q 'picture of the failing case' "$WORK/pi-$s.failure" && cmp -s "$WORK/pi-$s.failure" "$WORK/pe-$s.failure" && [ -s "$svg" ]; then
      pic_said="$pic_said $s:$(grep -o '› [a-z_]*' "$WORK/pe-$s.failure" | head -1 | cut -c5-)"
    else
      pic_ok=0; echo "      $s: here and there:"; diff "$WORK/pi-$s.failure" "$WORK/pe-$s.failure" | head -8; [ -s "$svg" ] || echo "      no SVG '$svg'"
    fi
  done
  [ $pic_ok = 1 ] && pass "pictures: planted mistakes no proof records get the same failure and picture there as here ($pic_said)" \
    || fail "pictures: the export's failure or picture differs"
else
  echo "SKIP  test-classroom: pictures (no gnuplot)"
fi

# ---- deps: 07 on a broken 03 ------------------------------------------------------
sub="$WORK/sub/deps"; rm -rf "$sub"; cp -r "$WORK/sol" "$sub"; cp exercises/03_two_bone/two_bone.c "$sub/03_two_bone/"
XCHECK --dir "$sub" --section 03,07 --work "$WORK/w-deps" >"$WORK/deps.log" 2>&1
grep -q 'fix it first' "$WORK/deps.log" && grep -q '07_foot_ik.*03_two_bone' "$WORK/deps.log" \
  && pass "deps: 07 on the student's unfinished 03 says fix 03 first" \
  || { fail "deps: no 'fix 03 first' for 07"; detail <"$WORK/deps.log"; }

# ---- miss: an answer the table does not have -------------------------------------------
cp -r "$EXPORT/checker/replay" "$WORK/replay.keep"
grep -v '^E two_bone_solve ' "$WORK/replay.keep/visible.tsv" >"$EXPORT/checker/replay/visible.tsv"
XCHECK --dir "$WORK/sol" --section 04 --work "$WORK/w-miss" --results "$WORK/miss.tsv" >"$WORK/miss.log" 2>&1
rc=$?
cp "$WORK/replay.keep/visible.tsv" "$EXPORT/checker/replay/visible.tsv"
[ $rc = 1 ] && grep -q 'not available in the student edition' "$WORK/miss.log" && ! grep -q 'crashed\|garbage' "$WORK/miss.tsv" \
  && pass "miss: a check whose reference answer is not recorded says so in one sentence (exit 1, no crash)" \
  || { fail "miss: exit $rc"; detail <"$WORK/miss.log"; }
XCHECK --dir "$WORK/sol" --section 04 --work "$WORK/w-seed" --seed 2 >"$WORK/seed.log" 2>&1
grep -q 'visible seed' "$WORK/seed.log" && pass "miss: another seed is refused check by check, in words" || { fail "miss: seed 2"; detail <"$WORK/seed.log"; }

# ---- version --------------------------------------------------------------------------
commit=$(git rev-parse HEAD 2>/dev/null || echo unknown)
grep -q "^$commit" "$EXPORT/checker/replay/VERSION" && grep -q "$commit" "$EXPORT/README.md" \
  && pass "version: the export is stamped $(cat "$EXPORT/checker/replay/VERSION")" || fail "version: stamp missing or not $commit"

# ---- shims ---------------------------------------------------------------------------------
# The edition's shims cover the registry: every section has its own
# checker/sections/<slug>/shims.c, which includes its header, and the
# recording checker holds, for every public function the headers declare
# (ref_names.sh's list; one it missed would be a duplicate symbol in that
# link), the shim under the real name and the reference as ref_<name>.
sed -n 's/^#define \([a-z_0-9]*\) ref_\1$/\1/p' "$BUILD/classroom/record/ref_names.h" >"$WORK/public_functions"
missing_shims=$("$CHECKER" --root . --print-catalog tsv | awk -F'\t' '$1 == "section" { sub(/\.c$/, ".h", $3); print $2 " " $3 }' |
  while read -r slug header; do
    grep -qx "#include \"$header\"" "checker/sections/$slug/shims.c" 2>/dev/null || echo "$slug"
  done)
nm "$BUILD/classroom/record/checker" 2>/dev/null | awk '$2 == "T" { print $3 }' | sort -u >"$WORK/record_symbols"
unshimmed=$(while read -r f; do
  grep -qx "$f" "$WORK/record_symbols" && grep -qx "ref_$f" "$WORK/record_symbols" || echo "$f"; done <"$WORK/public_functions")
if [ -s "$WORK/public_functions" ] && [ -z "$missing_shims" ] && [ -z "$unshimmed" ]; then
  pass "shims: every section has its shims.c, and the recording checker shims the registry's $(wc -l <"$WORK/public_functions") public functions"
else
  fail "shims: sections without checker/sections/<slug>/shims.c: ${missing_shims:-none}; functions not shimmed: ${unshimmed:-none}"
fi

# ---- workflow ------------------------------------------------------------------------------
wf="$EXPORT/.github/workflows/check.yml"
if python3 -c 'import yaml' 2>/dev/null; then
  python3 - "$wf" >"$WORK/wf.txt" 2>&1 <<'PY'
import sys, yaml
w = yaml.safe_load(open(sys.argv[1]))
steps = w["jobs"]["check"]["steps"]
assert w["jobs"]["check"]["runs-on"] == "ubuntu-latest"
runs = [s["run"] for s in steps if "run" in s]
assert any(".ci/run" in r for r in runs) and any("GITHUB_STEP_SUMMARY" in r for r in runs)
assert any(s.get("uses", "").startswith("actions/upload-artifact@") for s in steps)
assert any(s.get("uses", "").startswith("actions/checkout@") for s in steps)
for r in runs: print(r.replace("\n", " ; "))
PY
  [ $? = 0 ] && pass "workflow: check.yml parses (python3 yaml): checkout, install, .ci/run, summary, artifact" \
    || { fail "workflow: check.yml"; detail <"$WORK/wf.txt"; }
else
  grep -q '^jobs:' "$wf" && ! grep -qP '\t' "$wf" && pass "workflow: check.yml has jobs and no tabs (python3 yaml not installed)" || fail "workflow: check.yml"
fi
pk=$(cd "$EXPORT" && sed -n 's/^PACKAGES_CHECK := //p' checker/replay/build.mk)
want=$(make --no-print-directory -s -f Makefile -p 2>/dev/null | sed -n 's/^PACKAGES_CHECK := //p' | head -1)
[ "$pk" = "$want" ] && ! echo "$pk" | grep -qw chromium && pass "workflow: installs PACKAGES_CHECK only ($pk)" \
  || fail "workflow: installs '$pk', PACKAGES_CHECK is '$want'"
rm -rf "$EXPORT/build/ci"
(cd "$EXPORT" && .ci/run >"$WORK/ci.log" 2>&1); rc=$?
(cd "$EXPORT" && .ci/summary.sh build/ci/results.tsv build/ci/check.log >"$WORK/summary.md" 2>&1)
rows=$(grep -c '^| `[0-9][0-9]_' "$WORK/summary.md")
[ $rc != 0 ] && [ "$rows" = "$(echo $SECTIONS | wc -w)" ] && grep -q 'not started\|failing' "$WORK/summary.md" \
  && pass "workflow: .ci/run runs make check offline (fails on the stubs) and .ci/summary.sh writes the $rows-row table" \
  || { fail "workflow: .ci/run exit $rc, $rows rows"; detail <"$WORK/summary.md"; }

# ---- layouts: uploads as they really arrive ---------------------------------------------
# shellcheck source=../submission.sh
source checker/submission.sh
L=$WORK/layouts; rm -rf "$L"; mkdir -p "$L"/{sections,loose,wrapped/workbook-main,whole,export,none/x,loose_wrapped/upload}
cp -r "$WORK/sol"/* "$L/sections/"
cp "$EXPORT/exercises/03_two_bone/two_bone.c" "$EXPORT/exercises/07_foot_ik/foot_ik.c" "$L/loose/"
cp -r "$EXPORT/exercises" "$L/wrapped/workbook-main/"; cp "$EXPORT/README.md" "$L/wrapped/workbook-main/"; mkdir -p "$L/wrapped/__MACOSX"
mkdir -p "$L/whole/exercises" && cp -r "$WORK/sol"/* "$L/whole/exercises/" && cp README.md "$L/whole/"
cp -r "$EXPORT/exercises" "$EXPORT/checker" "$L/export/"
cp "$WORK/sol/02_law_of_cosines/law_of_cosines.c" "$L/loose_wrapped/upload/"
echo "notes" >"$L/none/x/readme.txt"
lay_ok=1
for want in "sections:section folders" "loose:2 graded file(s) handed in loose" "wrapped:a student edition\|whole workbook in one wrapping folder 'workbook-main/'" \
            "whole:a whole workbook" "export:a student edition" "loose_wrapped:1 graded file(s) handed in loose in one wrapping folder"; do
  name=${want%%:*} text=${want#*:}
  if find_submission "$L/$name" "$L/stage-$name" . && printf '%s' "$SUB_LAYOUT" | grep -q "$text" && [ -d "$SUB_DIR" ]; then :; else
    lay_ok=0; echo "      $name: '$SUB_LAYOUT' ($SUB_ERROR)"; fi
done
find_submission "$L/none" "$L/stage-none" . && lay_ok=0
printf '%s' "$SUB_ERROR" | grep -q 'expected the graded files' || lay_ok=0
find_submission "$L/loose" "$L/stage-v" . && [ "$SUB_VERSION" = "$(cat "$EXPORT/checker/replay/VERSION")" ] || { lay_ok=0; echo "      loose files: version '$SUB_VERSION'"; }
[ -n "$(version_note "$SUB_VERSION" 0123456789abcdef)" ] && [ -z "$(version_note "$SUB_VERSION" "$SUB_VERSION")" ] || lay_ok=0
[ $lay_ok = 1 ] && pass "layouts: section folders, loose files (also wrapped), a wrapping folder, a whole workbook, a student edition recognised; another version noted; none says what was expected" \
  || fail "layouts"
# make grade on the loose files of the export: the layout and the version are said
make --no-print-directory grade SUB="$L/loose" RESULTS="$WORK/grade/results.json" SEED=5 >"$WORK/grade.log" 2>&1
grep -q 'layout: 2 graded file(s) handed in loose' "$WORK/grade.log" && [ -s "$WORK/grade/results.json" ] \
  && pass "layouts: make grade on two loose files from the export grades them and says the layout" \
  || { fail "layouts: make grade on loose files"; detail <"$WORK/grade.log"; }

# ---- commands -----------------------------------------------------------------------------------
(cd "$EXPORT" && make --no-print-directory list >"$WORK/list.log" 2>&1) && grep -q '10_controller_sync' "$WORK/list.log" \
  && pass "commands: make list" || { fail "commands: make list"; detail <"$WORK/list.log"; }
(cd "$EXPORT" && make --no-print-directory hint S=03 >"$WORK/hint.log" 2>&1) && [ -s "$WORK/hint.log" ] \
  && pass "commands: make hint S=03" || { fail "commands: make hint"; detail <"$WORK/hint.log"; }
(cd "$EXPORT" && make --no-print-directory run S=01 >"$WORK/run.log" 2>&1) \
  && pass "commands: make run S=01 (the stub's program)" || { fail "commands: make run S=01"; detail <"$WORK/run.log"; }
(cd "$EXPORT/exercises/02_law_of_cosines" && make --no-print-directory >"$WORK/section.log" 2>&1; rc=$?; [ $rc -le 2 ] || [ $rc = 141 ]) && grep -q '02_law_of_cosines' "$WORK/section.log" \
  && grep -q '\.\./02_law_of_cosines/law_of_cosines\.c' "$WORK/section.log" \
  && pass "commands: make inside exercises/02_law_of_cosines (paths from there)" || { fail "commands: make in a section folder"; detail <"$WORK/section.log"; }

# ---- book ---------------------------------------------------------------------------------------
"$CHECKER" --root . --print-catalog tsv >"$WORK/catalog.here" 2>&1
(cd "$EXPORT" && build/checker --root . --print-catalog tsv) >"$WORK/catalog.export" 2>&1
[ -s "$WORK/catalog.here" ] && cmp -s "$WORK/catalog.here" "$WORK/catalog.export" \
  && pass "book: the export's checker prints the same catalog as the instructor's ($(wc -l <"$WORK/catalog.here") rows)" \
  || { fail "book: the export's catalog differs"; diff "$WORK/catalog.here" "$WORK/catalog.export" | detail; }
if command -v pandoc >/dev/null 2>&1; then
  pages=$(ls "$EXPORT"/chapters/[0-9][0-9]_*.md | wc -l)
  (cd "$EXPORT" && nice make --no-print-directory book >"$WORK/book.log" 2>&1) \
    && [ "$(ls "$EXPORT"/build/book/student/*.html | wc -l)" = "$pages" ] && [ ! -e "$EXPORT/build/book/instructor" ] \
    && pass "book: make book builds the $pages pages of the student edition there, no instructor edition" \
    || { fail "book: make book in the export"; detail <"$WORK/book.log"; }
  # every figure drawn, no placeholder (issue 35: a fresh tree's edition
  # showed "[รูป … ยังไม่มี …]" on every page)
  want_figs=$(grep -ho '(plots/[A-Za-z0-9_.-]*\.svg)' "$EXPORT"/chapters/[0-9][0-9]_*.md | sort -u | wc -l)
  missing_figs=$(grep -ho 'src="plots/[A-Za-z0-9_.-]*\.svg"' "$EXPORT"/build/book/student/*.html | sort -u \
    | sed 's/^src="//; s/"$//' | while read -r f; do [ -s "$EXPORT/build/book/student/$f" ] || echo "$f"; done)
  shown_figs=$(grep -ho 'src="plots/[A-Za-z0-9_.-]*\.svg"' "$EXPORT"/build/book/student/*.html | sort -u | wc -l)
  if [ "$want_figs" -gt 0 ] && [ "$shown_figs" = "$want_figs" ] && [ -z "$missing_figs" ] \
     && ! grep -l 'figure-missing\|\[รูป .*ยังไม่มี' "$EXPORT"/build/book/student/*.html >/dev/null; then
    pass "book: the edition's book shows all $want_figs figures its pages name, each file there, no placeholder"
  else
    fail "book: figures: $shown_figs of $want_figs shown, missing:$missing_figs; placeholders in: $(grep -l 'figure-missing' "$EXPORT"/build/book/student/*.html | tr '\n' ' ')"
  fi
  # only what is true in the edition (issue 35): the pages as text, tags dropped
  for f in "$EXPORT"/build/book/student/*.html; do sed -e 's/<[^>]*>//g' "$f" | sed "s|^|$(basename "$f"): |"; done >"$WORK/book.txt"
  untrue=""
  grep -q 'SEED=[0-9]' "$WORK/book.txt" && untrue="$untrue SEED=N($(grep -o '^[^:]*: .*SEED=[0-9]' "$WORK/book.txt" | cut -d: -f1 | sort -u | tr '\n' ' '))"
  # every "make <target>" the pages name is a target of the edition's Makefile
  # (make test, plots, scene are the workbook's; "make bench" is only in the
  # given headers' comments, where measured numbers say how they were measured)
  targets=" $(make -C "$EXPORT" -pq NO_SETUP=1 2>/dev/null | sed -n 's/^\([a-z][a-z_-]*\):.*/\1/p' | sort -u | tr '\n' ' ') bench "
  for t in $(grep -o 'make [a-z][a-z_-]*' "$WORK/book.txt" | cut -c6- | sort -u); do
    case "$targets" in *" $t "*) ;; *) untrue="$untrue make-$t($(grep "make $t" "$WORK/book.txt" | cut -d: -f1 | sort -u | tr '\n' ' '))";; esac
  done
  grep -q 'solutions/\|build/book/instructor\|ฉบับผู้สอน' "$WORK/book.txt" && untrue="$untrue instructor-build($(grep 'solutions/\|build/book/instructor\|ฉบับผู้สอน' "$WORK/book.txt" | cut -d: -f1 | sort -u | tr '\n' ' '))"
  grep -q 'ลิงก์ของ 02' "$WORK/book.txt" && untrue="$untrue 03-links-reference-02"
  grep -q '03_two_bone.html: .*ลิงก์ 02 ของคุณเอง' "$WORK/book.txt" || untrue="$untrue 03-says-not-which-02"
  # "แก้ ... ทั้ง<N>ฟังก์ชัน" names as many functions as the page's task lists
  for md in "$EXPORT"/chapters/[0-9][0-9]_*.md; do
    word=$(grep -o 'ทั้ง\(สอง\|สาม\|สี่\|ห้า\|หก\|เจ็ด\|แปด\)ฟังก์ชัน' "$md" | head -1 | sed 's/^ทั้ง//; s/ฟังก์ชัน$//')
    [ -n "$word" ] || continue
    n=$(echo "สอง:2 สาม:3 สี่:4 ห้า:5 หก:6 เจ็ด:7 แปด:8" | tr ' ' '\n' | sed -n "s/^$word://p")
    listed=$(awk '/^## .*\{#task\}/ { t = 1; next } /^## / { t = 0 } t' "$md" | grep -o 'function="[A-Za-z0-9_]*"' | sort -u | wc -l)
    [ "$listed" = 0 ] || [ "$n" = "$listed" ] || untrue="$untrue $(basename "$md"):ทั้ง$word($n)-lists-$listed"
  done
  [ -z "$untrue" ] && pass "book: no untrue sentence (no SEED=N, no make target the edition lacks, no instructor build or solutions/, 03 says it links your 02, each 'all N functions' counts the task's list)" \
    || fail "book: untrue in the edition:$untrue"
else
  echo "SKIP  test-classroom: book: make book in the export (no pandoc)"
fi

# ---- true in the edition: SEED, not started, where to reread --------------------------------------
# SEED is ignored, said in the language of the rest (the message catalogue)
(cd "$EXPORT" && make --no-print-directory check S=02 SEED=7 >"$WORK/seed-th.log" 2>&1)
(cd "$EXPORT" && make --no-print-directory check S=02 SEED=7 LANG=en >"$WORK/seed-en.log" 2>&1)
grep -q '^(ฉบับผู้เรียนนี้มีคำตอบของ seed 1 เท่านั้น: SEED=7 ไม่มีผล' "$WORK/seed-th.log" \
  && grep -q '^(this student edition has the answers of seed 1 only: SEED=7 is ignored' "$WORK/seed-en.log" \
  && pass "seed: make check SEED=7 says it is ignored, in Thai and with LANG=en in English" \
  || { fail "seed: SEED=7's message"; head -3 "$WORK/seed-th.log" "$WORK/seed-en.log" | detail; }
# "not started" is the untouched stub only, also graded in place (make
# check, the CI summary): one line changed, 0 checks passing, is failing
g=$EXPORT/exercises/02_law_of_cosines/law_of_cosines.c
cp "$g" "$WORK/stub02.keep"
(cd "$EXPORT" && make --no-print-directory check S=02 LANG=en >"$WORK/ns-before.log" 2>&1)
before=$(awk -F'\t' '$1 == "section" && $2 == "02_law_of_cosines" { print $3 }' "$EXPORT/build/check/exercises/results.tsv")
printf '\n/* my first try */\nint my_try = 1;\n' >>"$g"
(cd "$EXPORT" && make --no-print-directory check S=02 LANG=en >"$WORK/ns-after.log" 2>&1)
after=$(awk -F'\t' '$1 == "section" && $2 == "02_law_of_cosines" { print $3 }' "$EXPORT/build/check/exercises/results.tsv")
(cd "$EXPORT" && .ci/summary.sh build/check/exercises/results.tsv /dev/null >"$WORK/ns-summary.md" 2>&1)
cp "$WORK/stub02.keep" "$g"
[ "$before" = not_started ] && [ "$after" = failing ] && grep -qE '02_law_of_cosines +0/[0-9]+ +failing' "$WORK/ns-after.log" \
  && grep -q '02_law_of_cosines.*failing' "$WORK/ns-summary.md" \
  && pass "not-started: in the edition's own exercises/, the untouched 02 is not started; one line added (0 passing) is failing, in make check and the CI summary" \
  || { fail "not-started: before '$before', after '$after'"; grep -E '02_law' "$WORK/ns-after.log" "$WORK/ns-summary.md" | detail; }
# where to reread: the book's page, which make book wrote there
page=$(sed -n 's/.*summed up in the book, page \([^ ]*\.html\).*/\1/p' "$WORK/ns-after.log" | head -1)
[ -n "$page" ] && { [ -s "$EXPORT/$page" ] || ! command -v pandoc >/dev/null 2>&1; } \
  && pass "reread: the failure names the book's page ($page), and it is there" \
  || { fail "reread: page '$page'"; grep 'reread' "$WORK/ns-after.log" | detail; }

echo "test-classroom: $passed passed, $failed failed"
[ "$failed" = 0 ]
