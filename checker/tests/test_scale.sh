#!/usr/bin/env bash
# test_scale.sh - grading a class at scale (part of make test, ~1 min).
#   test_scale.sh BUILD CHECKER GRADE_ALL OBJDIR
# The SHA-256 against sha256sum; a cached regrade gives byte-identical
# results and compiles and checks nothing; each input of a runner (the
# student's source, a staged header, the flags, the compiler, the checker
# itself, also changed in place once its digest was kept, a glue object)
# and the seed miss the cache; damaged compiler entries are asked again; work folders are removed and what
# is left per submission is small; an interrupted grade_all resumes to the
# same gradebook; the gradebook flags copies of the stub; the class
# summary names the mistakes, counts none of an untouched stub's, totals
# every check's failures and draws them; the similarity report ranks planted copies
# above independent solutions and matches no stub.
set -uo pipefail
build=$1 checker=$2 grade_all=$3 objdir=$4
dir=$build/scale-test
rm -rf "$dir" && mkdir -p "$dir"
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "test-scale: FAIL: $*"; }

# ---- SHA-256: the cache's names --------------------------------------------
cat > "$dir/sha.c" <<'EOF'
#include "sha256.h"
#include <stdio.h>
int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        if (!f)
            return 1;
        sha256_ctx c;
        unsigned char buf[777], d[32]; /* an odd size: updates straddle blocks */
        char hex[65];
        size_t n;
        sha256_init(&c);
        while ((n = fread(buf, 1, sizeof buf, f)) > 0)
            sha256_update(&c, buf, n);
        fclose(f);
        sha256_final(&c, d);
        sha256_hex(d, hex);
        printf("%s  %s\n", hex, argv[i]);
    }
    return 0;
}
EOF
${CC:-cc} -std=c11 -O2 -Ichecker "$dir/sha.c" checker/sha256.c -o "$dir/sha" || bad "the SHA-256 test driver did not build"
: > "$dir/empty"
for len in 55 56 63 64 65 1000; do head -c $len /dev/urandom > "$dir/random$len"; done
files=("$dir/empty" "$dir"/random* "$checker")
cmp -s <("$dir/sha" "${files[@]}") <(sha256sum "${files[@]}") && ok || bad "sha256.c disagrees with sha256sum"

# ---- a class, graded twice with the cache ------------------------------------
bash checker/tests/make_class.sh "$dir/class" 8
count=8
grade() { echo "$2" | "$grade_all" --subs "$dir/class" --out "$dir/$1" --csv "$dir/$1.csv" --jobs 2 \
  --checker "$checker" --root . --objdir "$objdir" --work "$dir/work" --timeout-ms 1500 "${@:3}" > "$dir/$1.log" 2>&1; }
# (one work folder, as make grade-all has: a failed compile's message
# quotes its paths, so it is kept for that place)
grade first 4242 --cache "$dir/cache" || bad "grade_all exited non-zero (see $dir/first.log)"
grade again 4242 --cache "$dir/cache" || bad "the regrade exited non-zero"
cmp -s "$dir/first.csv" "$dir/again.csv" && ok || bad "the cached regrade changed the gradebook"
[ "$(($(wc -l < "$dir/first.csv") - 1))" = $count ] && ok || bad "the gradebook has no row per submission"
for s in "$dir"/first/*/; do
  n=$(basename "$s") a=$dir/again/$n
  for f in junit.xml scores.tsv; do cmp -s "$s/$f" "$a/$f" || bad "the cached regrade changed $n/$f"; done
  cmp -s <(grep -v '"execution_time"' "$s/results.json") <(grep -v '"execution_time"' "$a/results.json") \
    || bad "the cached regrade changed $n/results.json (beyond its execution time)"
  # the figures' notes name the results folder, which differs here
  cmp -s <(grep -v '^cache:' "$s/log.txt" | sed "s|$dir/first/|OUT/|g") <(grep -v '^cache:' "$a/log.txt" | sed "s|$dir/again/|OUT/|g") \
    || bad "the cached regrade changed $n/log.txt"
  for f in "$s"/*.dat; do [ -e "$f" ] || continue; cmp -s "$f" "$a/$(basename "$f")" || bad "the cached regrade changed $n's figure data"; done
  grep -q "^cache: [0-9]* runners reused, 0 compiled; [0-9]* section runs reused, 0 run" "$a/log.txt" \
    || bad "the regrade of $n compiled or checked again: $(grep '^cache:' "$a/log.txt")"
done
ok
# Where no cage can be built, as root the checker says so in one line: in
# the cached regrade's log too, or the regrade's log is not the first's (a
# fresh Debian root has no namespaces). One submission, the cage off.
if [ "$(id -u)" = 0 ]; then
  mkdir -p "$dir/uncaged_class" && cp -r "$(ls -d "$dir"/class/*/ | head -1)" "$dir/uncaged_class/"
  for run in first again; do
    echo 4242 | IK_CHECKER_COMPILE_CAGE=off "$grade_all" --subs "$dir/uncaged_class" --out "$dir/uncaged_$run" \
      --csv "$dir/uncaged_$run.csv" --jobs 1 --checker "$checker" --root . --objdir "$objdir" --work "$dir/uncaged_work" \
      --timeout-ms 1500 --cache "$dir/uncaged_cache" > "$dir/uncaged_$run.log" 2>&1
  done
  for s in "$dir"/uncaged_first/*/; do
    n=$(basename "$s")
    cmp -s <(grep -v '^cache:' "$s/log.txt" | sed "s|$dir/uncaged_first/|OUT/|g") \
      <(grep -v '^cache:' "$dir/uncaged_again/$n/log.txt" | sed "s|$dir/uncaged_again/|OUT/|g") \
      && grep -q 'not caged on this machine' "$dir/uncaged_again/$n/log.txt" && ok \
      || bad "uncaged: the cached regrade changed $n/log.txt, or it does not say the compiles are not caged"
  done
fi
# The work folders are gone (results kept); what is left is small.
left=$(find "$dir/work" -mindepth 1 -maxdepth 1 -type d ! -name graded | wc -l)
[ "$left" = 0 ] && ok || bad "$left work folders left behind in $dir/work"
# nothing derived from the hidden seed beside the results (they may be handed back)
[ -z "$(find "$dir/first" -name '.graded*')" ] && [ "$(ls "$dir/work/graded" | wc -l)" = $count ] && ok \
  || bad "the resume marks are not (all) in the work folder"
# (per submission on average, du, this class. Most of it is the pictures
# of failing cases; what keeps it small: grade_all writes every SVG
# smaller (svg_small.c, the same drawing) and removes the 05/06 figures'
# data and the failing cases' recordings (the cache's, up to 27 KB a
# section) once drawn, and an untouched stub's section is one "not
# started" test on the platforms and in JUnit, with no convergence
# figures (its 132 failed tests would be 114 KB of results.json).)
per=$(du -sk "$dir/first" | awk -v n=$count '{ printf "%d", $1 / n }')
# The class is drawn from checker/tests/buggy/ (make_class.sh), so each
# new buggy proof reshuffles it: 185 KB with 22 proofs, 217 KB with 23
# (more failing checks, each with its picture). 250 keeps the bound's
# purpose (no recordings, no data files left behind) for either draw.
[ "$per" -le 250 ] && ok || bad "a submission's results take $per KB on average (at most 250)"
# The stubs handed in (student 7) are flagged as such in every section.
grep -q '^student007,.*stub:01 stub:02 stub:03 stub:04 stub:05 stub:06 stub:07 stub:08 stub:09 stub:10$' "$dir/first.csv" \
  && ok || bad "the untouched stubs are not flagged in the gradebook: $(grep student007 "$dir/first.csv")"
# A section the class maker left as the reference (plus the student's own
# comment) must be flagged; which sections got a planted bug depends on how
# many buggy proofs exist, so it is looked up, not assumed.
copied=""
for d in "$dir"/class/student002/*/; do
  slug=$(basename "$d") f=$d/${slug#*_}.c   # the graded file, not main.c
  [ -f "$f" ] && head -n -1 "$f" | cmp -s - "solutions/$slug/${slug#*_}.c" && { copied=${slug%%_*}; break; }
done
[ -n "$copied" ] && grep -q "^student002,.*reference:$copied" "$dir/first.csv" && ok \
  || bad "a copy of the reference (comment added) is not flagged: section '$copied', $(grep student002 "$dir/first.csv")"

# ---- the figures, drawn by --jobs gnuplots side by side -----------------------
# The script's lines are cut into one part per job; together the parts are
# the script, and every convergence figure it names was drawn by one of them.
w=$dir/work
[ -f "$w/figures.1.gp" ] && [ -f "$w/figures.2.gp" ] && cmp -s <(cat "$w/figures.1.gp" "$w/figures.2.gp") "$w/figures.gp" \
  && [ -s "$w/figures.1.gp" ] && [ -s "$w/figures.2.gp" ] && ok || bad "the figures' script was not cut in two parts for --jobs 2"
figures=0 drawn=0
while read -r out; do
  figures=$((figures + 1)); [ -s "$out.svg" ] && xmllint --noout "$out.svg" 2>/dev/null && drawn=$((drawn + 1))
done < <(sed -nE "s/^data='[^']*'; out='([^']*)'.*/\1/p" "$w/figures.gp")
[ "$figures" -gt 2 ] && [ "$drawn" = "$figures" ] && ok || bad "$drawn of $figures convergence figures drawn by the two parts"
# One part's gnuplot fails: the run says which part and where its log is,
# and the other part's figures are drawn all the same.
mkdir -p "$dir/fake_gnuplot"
printf '#!/bin/sh\ncase "$1" in *figures.2.gp) echo "broken on purpose" >&2; exit 1;; esac\nexec %s "$@"\n' "$(command -v gnuplot)" \
  > "$dir/fake_gnuplot/gnuplot" && chmod +x "$dir/fake_gnuplot/gnuplot"
PATH=$dir/fake_gnuplot:$PATH grade part_fails 4242 --cache "$dir/cache" || bad "a failing gnuplot made grade_all fail"
grep -q "^figures: gnuplot failed on $w/figures.2.gp (see $w/figures.2.log)" "$dir/part_fails.log" && grep -q 'broken on purpose' "$w/figures.2.log" \
  && ok || bad "a failing part of the figures was not named: $(grep '^figures' "$dir/part_fails.log")"
first_out=$(sed -nE "1s/^data='[^']*'; out='([^']*)'.*/\1/p" "$w/figures.1.gp")
[ -n "$first_out" ] && [ -s "$first_out.svg" ] && ok || bad "the part that did not fail drew nothing ($first_out)"

# ---- the layouts: one bash for the class, a bash each if it fails -------------
# grade_all asks one bash (submission.sh sourced once) for every upload's
# layout; a bash that does not answer is left, and each upload then gets a
# bash of its own. Either way the same layouts and the same gradebook.
mkdir -p "$dir/fake_bash"
real_bash=$(command -v bash)
cat > "$dir/fake_bash/bash" <<EOF
#!/bin/sh
case "\$2" in
  *'while IFS='*) echo server >> "$dir/fake_bash/log"; [ -e "$dir/fake_bash/die" ] && exit 0 ;;
  *find_submission*) echo one >> "$dir/fake_bash/log" ;;
esac
exec "$real_bash" "\$@"
EOF
chmod +x "$dir/fake_bash/bash"
: > "$dir/fake_bash/log"
PATH=$PWD/$dir/fake_bash:$PATH grade layout_server 4242 --cache "$dir/cache" || bad "grade_all failed with the logging bash"
[ "$(sort "$dir/fake_bash/log" | uniq -c | awk '{ printf "%s %s;", $1, $2 }')" = "1 server;" ] && ok \
  || bad "the layouts were not found by one bash for the class: $(sort "$dir/fake_bash/log" | uniq -c | tr '\n' ' ')"
: > "$dir/fake_bash/log" && touch "$dir/fake_bash/die"
PATH=$PWD/$dir/fake_bash:$PATH grade layout_fallback 4242 --cache "$dir/cache" || bad "grade_all failed when the layout bash died"
[ "$(sort "$dir/fake_bash/log" | uniq -c | awk '{ printf "%s %s;", $1, $2 }')" = "$count one;1 server;" ] && ok \
  || bad "a layout bash that died was not replaced by one a submission: $(sort "$dir/fake_bash/log" | uniq -c | tr '\n' ' ')"
for run in layout_server layout_fallback; do
  cmp -s "$dir/first.csv" "$dir/$run.csv" && ok || bad "$run: another gradebook than the first grade"
  for s in "$dir"/first/*/; do
    cmp -s "$s/layout.txt" "$dir/$run/$(basename "$s")/layout.txt" || bad "$run: $(basename "$s")'s layout.txt differs"
  done
done

# ---- every input of a runner misses the cache ---------------------------------
one=$dir/class/student002
check02() { # work-name label, extra checker arguments...
  "$checker" --root . --dir "${dir_under:-$one}" --objdir "$objdir" --work "$dir/w_miss" --section 02 --no-color \
    --cache "$dir/cache_miss" "${@:2}" > "$dir/miss_$1.log" 2>&1
  grep '^cache:' "$dir/miss_$1.log"
}
check02 warm > /dev/null
[[ $(check02 same) == "cache: 1 runners reused, 0 compiled; 1 section runs reused, 0 run" ]] && ok \
  || bad "the same section again was not reused: $(check02 same)"
cp -r "$one" "$dir/changed" && echo "/* one more comment */" >> "$dir/changed/02_law_of_cosines/law_of_cosines.c"
[[ $(dir_under=$dir/changed check02 source) == *" 1 compiled"* ]] && ok || bad "a changed source hit the cache"
cp -r solutions "$dir/ref" && echo "/* header changed */" >> "$dir/ref/02_law_of_cosines/law_of_cosines.h"
[[ $(check02 header --ref "$dir/ref") == *" 1 compiled"* ]] && ok || bad "a changed staged header hit the cache"
[[ $(check02 flags --cflags "-DSCALE_TEST=1") == *" 1 compiled"* ]] && ok || bad "other flags hit the cache"
cc_path=$(command -v "${CC:-cc}")
[[ $(check02 compiler --cc "$cc_path") == *" 1 compiled"* ]] && ok || bad "another compiler (path) hit the cache"
cp "$checker" "$dir/checker_v2" && printf 'v2' >> "$dir/checker_v2"
[[ $("$dir/checker_v2" --root . --dir "$one" --objdir "$objdir" --work "$dir/w_miss" --section 02 --no-color \
  --cache "$dir/cache_miss" 2>&1 | grep '^cache:') == *" 1 compiled"* ]] && ok || bad "another checker binary hit the cache"
[[ $(check02 seed --seed 2) == "cache: 1 runners reused, 0 compiled; 0 section runs reused, 1 run" ]] && ok \
  || bad "a new seed did not rerun the checks on the kept runner: $(check02 seed2 --seed 3)"
# A trusted file's digest is kept in the cache under its inode, size and
# change times once it is a second old (cache.c): the same file changed in
# place afterwards - same inode, same size, its mtime put back - is hashed
# again (its ctime moved). The checker binary, and a glue object.
flip_byte() { # FILE OFFSET (negative: from the end): a digit turned, else a bit; size, inode and mtime kept
  touch -r "$1" "$dir/stamp"
  python3 -c 'import sys
f = open(sys.argv[1], "r+b"); o = int(sys.argv[2]); f.seek(o, 2 if o < 0 else 0); at = f.tell(); b = f.read(1)[0]
f.seek(at); f.write(bytes([48 + (b - 47) % 10 if 48 <= b <= 57 else b ^ 1]))' "$1" "$2"
  touch -r "$dir/stamp" "$1"
}
v2() { "$dir/checker_v2" --root . --dir "$one" --objdir "${obj_v2:-$objdir}" --work "$dir/w_miss" --section 02 --no-color \
  --cache "$dir/cache_miss" 2>&1 | grep '^cache:'; }
sleep 1.1 && v2 > /dev/null   # checker_v2's digest kept now
[[ $(v2) == *" 1 runners reused"* ]] && ok || bad "the same checker binary again was not reused: $(v2)"
inode=$(stat -c %i "$dir/checker_v2") && flip_byte "$dir/checker_v2" -1 && sleep 1.1  # (sooner is hashed anyway)
[ "$(stat -c %i "$dir/checker_v2")" = "$inode" ] || bad "flip_byte made a new file"
[[ $(v2) == *" 1 compiled"* ]] && ok || bad "the checker binary changed in place hit the cache (its old digest kept)"
cp -a "$objdir" "$dir/obj_v2" && obj_v2=$dir/obj_v2 && sleep 1.1
obj_v2=$dir/obj_v2 v2 > /dev/null   # the copy's digests kept
[[ $(obj_v2=$dir/obj_v2 v2) == *" 1 runners reused"* ]] && ok || bad "the same glue objects again were not reused"
# the first member's date (an ar header's digits, which the linker ignores)
for o in "$dir"/obj_v2/musl/libcommon.a "$dir"/obj_v2/libcommon.a; do [ -f "$o" ] && flip_byte "$o" 24; done; sleep 1.1
[[ $(obj_v2=$dir/obj_v2 v2) == *" 1 compiled"* ]] && ok || bad "a glue object changed in place hit the cache (its old digest kept)"
# the compiler's kept words (its identity and system folders) and version
# line, damaged: asked again, the same runner found, the same results
for e in "$dir"/cache_miss/compiler/*/*; do printf 'x' | dd of="$e" bs=1 seek=40 conv=notrunc status=none; done
[[ $(check02 damaged) == "cache: 1 runners reused, 0 compiled; 1 section runs reused, 0 run" ]] && ok \
  || bad "a damaged compiler entry changed the compiler's identity: $(cat "$dir/miss_damaged.log" | tail -3)"
for e in "$dir"/cache_miss/compiler/*/*; do : > "$e"; done
[[ $(check02 emptied --gradescope "$dir/emptied.json") == "cache: 1 runners reused, 0 compiled; 1 section runs reused, 0 run" ]] && ok \
  || bad "an emptied compiler entry changed the compiler's identity"
grep -q '"compiler_version": "unknown"' "$dir/emptied.json" && bad "an emptied compiler entry lost the compiler's version" || ok

# ---- an interrupted run resumes to the same gradebook ----------------------------
echo 4242 | "$grade_all" --subs "$dir/class" --out "$dir/resumed" --csv "$dir/resumed.csv" --jobs 1 \
  --checker "$checker" --root . --objdir "$objdir" --work "$dir/work_resumed" --timeout-ms 1500 > "$dir/cut.log" 2>&1 &
pid=$!
for _ in $(seq 1 600); do grep -q "^graded 3/$count" "$dir/cut.log" 2>/dev/null && break; sleep 0.1; done
kill -TERM "$pid"; wait "$pid"; st=$?   # (a background job ignores SIGINT)
[ "$st" = $((128 + 15)) ] && ok || bad "the interrupted run did not end by its SIGTERM (status $st)"
# the submission it was grading: its checker killed, its work folder removed
# (in RAM where the machine has a tmpfs for it: the log's first line)
ram=$(sed -n 's/^work folders: \(.*\) (RAM; .*/\1/p' "$dir/cut.log")
[ -z "$ram" ] || [ ! -e "$ram" ] && ok || bad "the interrupted run left work folders in RAM: $(ls "$ram")"
[ -z "$(ls -A "$dir/work_resumed" | grep -v '^graded$')" ] && ok || bad "the interrupted run left work folders: $(ls "$dir/work_resumed")"
rows=$(($(wc -l < "$dir/resumed.csv") - 1))
[ "$rows" -ge 3 ] && [ "$rows" -lt $count ] && ok || bad "the interrupted run's gradebook has $rows rows (3 to $((count - 1)) expected)"
echo 4242 | "$grade_all" --subs "$dir/class" --out "$dir/resumed" --csv "$dir/resumed.csv" --jobs 2 --resume 1 \
  --checker "$checker" --root . --objdir "$objdir" --work "$dir/work_resumed" --timeout-ms 1500 > "$dir/resume.log" 2>&1 \
  || bad "the resumed run exited non-zero"
grep -q "^resumed: $rows of $count" "$dir/resume.log" && ok || bad "the resumed run did not skip the $rows finished: $(head -2 "$dir/resume.log")"
[ "$(grep -c '^graded [0-9]*/' "$dir/resume.log")" = $((count - rows)) ] && ok || bad "the resumed run graded again what was finished"
cmp -s "$dir/first.csv" "$dir/resumed.csv" && ok || bad "the resumed gradebook differs: $(diff "$dir/first.csv" "$dir/resumed.csv" | head -3)"
# another seed does not take the earlier run's results
echo 7 | "$grade_all" --subs "$dir/class" --out "$dir/resumed" --csv "$dir/other_seed.csv" --jobs 2 --resume 1 \
  --checker "$checker" --root . --objdir "$objdir" --work "$dir/work_resumed" --timeout-ms 1500 --cache "$dir/cache" > "$dir/resume7.log" 2>&1
grep -q "^resumed:" "$dir/resume7.log" && bad "a resume with another seed reused the results" || ok

# ---- the class summary ------------------------------------------------------
bash checker/class_summary.sh "$dir/first" "$dir/first.csv" "$dir/summary" > "$dir/summary.log" 2>&1 || bad "class_summary.sh failed"
grep -q "^| [0-9][0-9]_[a-z_]* | .* | \`[a-z_]*\` [0-9]" "$dir/summary/summary.md" && ok || bad "the summary names no mistake in any section"
grep -q "^| submissions | " "$dir/summary/summary.md" && ok || bad "the summary has no score histogram"
grep -q "[0-9][0-9]: [a-z_]* in [0-9]* of $count" "$dir/summary.log" && ok || bad "the terminal summary names no mistake: $(cat "$dir/summary.log")"
! command -v gnuplot >/dev/null || { [ -s "$dir/summary/summary.svg" ] && [ -s "$dir/summary/summary.png" ] && ok || bad "no summary figures"; }
# Its counts, recomputed here from every results.tsv: a named mistake and a
# failed check count only in sections the submission started (the untouched
# stubs of student 7 fail everything and look like bend_for_interior in 02
# by accident); every failed check is totalled, named or not; the picture
# (the SVG's text) names the checks failed most and the mistakes made most.
python3 - "$dir/first" "$dir/summary" <<'PY' > "$dir/summary_check.log" 2>&1 && ok || bad "the class summary's counts: $(cat "$dir/summary_check.log")"
import collections, glob, os, re, shutil, sys
results, out = sys.argv[1:3]
diag, failed, unnamed, tried = collections.Counter(), collections.Counter(), collections.Counter(), collections.Counter()
stub_diags = set()
for f in glob.glob(results + "/*/results.tsv"):
    status, seen = {}, set()
    for line in open(f, encoding="utf-8"):
        p = line.rstrip("\n").split("\t")
        if p[0] == "section":
            status[p[1]] = p[2]
            continue
        sec, check, res, outcome, d = p[1], p[2], p[3], p[4], p[5]
        if outcome in ("no_compile", "missing"):
            continue
        if status[sec] == "not_started":
            if d != "-": stub_diags.add((sec, d))
            continue
        tried[sec, check] += 1
        if res == "fail":
            failed[sec, check] += 1
            if d == "-": unnamed[sec, check] += 1
            elif (sec, d) not in seen: seen.add((sec, d)); diag[sec, d] += 1
md = open(out + "/summary.md", encoding="utf-8").read()
errors = []
if not stub_diags: errors.append("the class has no stub with a diagnosis: nothing is proven")
for row in re.findall(r"^\| (\d\d_\w+) \| .* \| (.*) \|$", md.split("## The named")[0], re.M):
    sec, cell = row
    got = {} if cell == "none" else {m: int(n) for m, n in re.findall(r"`(\w+)` (\d+)", cell)}
    want = {d: n for (s, d), n in diag.items() if s == sec}
    if got != want: errors.append(f"{sec}: named mistakes {got}, expected {want}")
rows = re.findall(r"^\| (\d\d_\w+) \| (\w+) \| (\d+) of (\d+) \| (\d+) \| (\d+) \|$", md, re.M)
got = {(s, c): (int(a), int(b), int(n), int(u)) for s, c, a, b, n, u in rows}
want = {k: (failed[k], tried[k], failed[k] - unnamed[k], unnamed[k]) for k in failed}
if got != want: errors.append(f"failures per check differ: {sorted(set(got.items()) ^ set(want.items()))[:4]}")
if not unnamed: errors.append("no failure without a name in the class: the 'no name' column is not proven")
if shutil.which("gnuplot"):
    svg = open(out + "/summary.svg", encoding="utf-8").read()
    for what, counts in (("check failed most", failed), ("mistake made most", diag)):
        most = max(counts.values(), default=0)
        if not any(f"{s[:2]} {name}" in svg for (s, name), n in counts.items() if n == most):
            errors.append(f"the picture does not show the {what}")
    for text in ("not started", "Checks failed most often", "Named mistakes made most often"):
        if text not in svg: errors.append(f"the picture does not show '{text}'")
print("\n".join(errors))
sys.exit(1 if errors else 0)
PY

# ---- the similarity report ------------------------------------------------------
if command -v sim_c >/dev/null; then
  sim=$dir/simclass && mkdir -p "$sim"
  for x in a b c; do cp -r checker/tests/similarity/independent_$x "$sim/ind_$x"; done
  mkdir -p "$sim/reference" && cp -r solutions/02_law_of_cosines "$sim/reference/"
  for k in rename reorder comments all; do
    mkdir -p "$sim/copy_$k/02_law_of_cosines"
    python3 checker/tests/similarity/plant.py checker/tests/similarity/independent_a/02_law_of_cosines/law_of_cosines.c \
      "$sim/copy_$k/02_law_of_cosines/law_of_cosines.c" $k
  done
  cp -r exercises "$sim/stub_1" && cp -r exercises "$sim/stub_2"
  # every layout grading takes, and folder names that are Thai, that a
  # byte-mangling would make equal, or that hold CSV and Markdown separators
  one=checker/tests/similarity/independent_b/02_law_of_cosines/law_of_cosines.c
  mkdir -p "$sim/lay_loose" "$sim/lay_wrapped_loose/my files" "$sim/lay_wrapped/workbook-main/exercises/02_law_of_cosines" \
    "$sim/นก" "$sim/ปู" "$sim/a, \"b\" | c"
  cp "$one" "$sim/lay_loose/"
  python3 checker/tests/similarity/plant.py "$one" "$sim/lay_wrapped_loose/my files/law_of_cosines.c" comments
  python3 checker/tests/similarity/plant.py "$one" "$sim/lay_wrapped/workbook-main/exercises/02_law_of_cosines/law_of_cosines.c" rename
  python3 checker/tests/similarity/plant.py "$one" "$sim/นก/law_of_cosines.c" reorder
  cp checker/tests/similarity/independent_c/02_law_of_cosines/law_of_cosines.c "$sim/ปู/"
  python3 checker/tests/similarity/plant.py "$one" "$sim/a, \"b\" | c/law_of_cosines.c" all
  mkdir -p "$sim/nothing_gradable" && echo "hello" > "$sim/nothing_gradable/notes.txt"
  bash checker/similarity.sh "$sim" "$dir/similarity" . > "$dir/similarity.log" 2>&1 || bad "similarity.sh failed"
  csv=$dir/similarity/similarity.csv
  fam() { case $1 in ind_a|copy_*) echo A;; *) echo "$1";; esac; }
  planted_min=100 indep_max=0 planted=0
  while IFS= read -r line; do
    [[ $line == *lay_* || $line == *[!a-z_0-9,]* ]] && continue   # the layouts' and names' students, below
    IFS=, read -r sec a b pct <<<"$line"
    [ "$sec" = 02_law_of_cosines ] || continue
    if [ "$(fam "$a")" = A ] && [ "$(fam "$b")" = A ]; then
      planted=$((planted + 1)); [ "$pct" -lt "$planted_min" ] && planted_min=$pct
    else
      [ "$pct" -gt "$indep_max" ] && indep_max=$pct
    fi
  done < <(tail -n +2 "$csv")
  [ "$planted" = 10 ] && [ "$planted_min" -gt "$indep_max" ] && ok \
    || bad "planted copies ($planted pairs, lowest $planted_min %) do not all rank above independent solutions (highest $indep_max %)"
  grep -q stub_ "$csv" && bad "a stub matched something: $(grep stub_ "$csv" | head -2)" || ok
  grep -q '^### copy_' "$dir/similarity/similarity.md" && grep -q ' line [0-9]*-[0-9]* ' "$dir/similarity/similarity.md" \
    && ok || bad "the report shows no matching regions"
  # Every layout's student compared, each by its own name (the Thai ones
  # as they are, never one pair of look-alikes), the CSV parsed by csv:
  # the five copies of independent_b match each other from 80 %, and
  # independent_c (ปู) matches none of them as much.
  python3 - "$csv" <<'PY' > "$dir/similarity_names.log" 2>&1 && ok || bad "similarity over layouts and names: $(cat "$dir/similarity_names.log")"
import csv, sys
rows = [r for r in csv.DictReader(open(sys.argv[1], encoding="utf-8", newline="")) if r["section"] == "02_law_of_cosines"]
family = {"lay_loose", "lay_wrapped_loose", "lay_wrapped", "นก", 'a, "b" | c'}
pct = {frozenset((r["a"], r["b"])): int(r["percent"]) for r in rows}
errors = []
names = {n for r in rows for n in (r["a"], r["b"])}
for n in family | {"ปู"}:
    if n not in names: errors.append(f"{n!r} was not compared")
if "nothing_gradable" in names: errors.append("an upload with no layout was compared")
inside = [pct.get(frozenset((a, b)), 0) for a in family for b in family if a < b]
outside = [pct.get(frozenset((a, "ปู")), 0) for a in family]
if len(inside) != 10 or min(inside) < 80: errors.append(f"copies across layouts and names: {sorted(inside)}")
if max(outside) >= min(inside): errors.append(f"ปู (independent) matches a copy {max(outside)} %")
print("\n".join(errors)); sys.exit(1 if errors else 0)
PY
  grep -q "nothing_gradable" "$dir/similarity/similarity.md" && grep -q '| a, "b" \\| c |' "$dir/similarity/similarity.md" \
    && ok || bad "the report does not name the upload it could not lay out, or does not escape a | in a name"
  echo "test-scale: similarity: planted copies >= $planted_min %, independent solutions <= $indep_max %"
else
  bash checker/tests/need_commands.sh sim_c; bad "sim_c is not installed: the similarity report is not tested"
fi

echo "test-scale: $pass passed, $fail failed"
[ "$fail" = 0 ]
