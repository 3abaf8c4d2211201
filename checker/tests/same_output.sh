#!/usr/bin/env bash
# same_output.sh - a restructuring must change no behaviour: the checker's
# output, old build against new, byte for byte.
#
#   checker/tests/same_output.sh OLD_TREE [NEW_TREE] [OUT_DIR]
#
# OLD_TREE and NEW_TREE (default: .) are workbook trees whose `make all`
# has been run (build/checker, build/grade_all, build/obj); make an old one
# with `git worktree add /tmp/old-<commit> <commit> && make -C
# /tmp/old-<commit> all`. The submissions are NEW_TREE's: exercises/,
# solutions/, every buggy proof (build/buggy/<diagnosis>/, built by make
# test-plain's prerequisites) and every hostile submission
# (build/hostile/<case>/). Each is graded by both checkers, each from its
# own tree (--root, --objdir), in the same work folder (emptied before each
# run), in every output form:
#   term    the terminal, no color, Thai; plus the results file, Gradescope
#           JSON, JUnit XML and scores TSV with a hidden seed on stdin
#   color   the terminal with color and --all (every failure)
#   en      --lang en --all, and its results file
#   sweep   --seed 3 --seed-count 4 (the seed sweep), and its results file
# plus, on solutions and exercises only: --list, a --section selection, an
# unknown section, a missing folder, a usage error; and grade_all (old with
# old checker, new with new) over a few submissions, twice with one cache
# (the second run reuses it), comparing logs, gradebooks and every file.
# stdout, stderr and the exit status of each run are compared.
#
# Normalized, because they legitimately differ between two runs or two
# trees (and only these):
#   - timings: results.tsv's compile and check seconds (columns 6 and 7 of
#     "section" rows), Gradescope's "execution_time", grade_all's "in N s",
#     per-minute rates and "M:SS left", and the seconds a timed-out batch
#     was given ("within N seconds (timeout)"): a batch gets what is left
#     of its section's budget, which the machine's load decides;
#   - cc1's "out of memory allocating X bytes after a total of N bytes": N,
#     what cc1 had allocated, varies from run to run (hostile/include_dev_zero);
#   - Gradescope's "checker_version" (extra_data): the commit each tree was
#     built from (git rev-parse HEAD, or VERSION), which two trees differ in
#     by definition;
#   - the two trees' absolute paths (root and objdir: each checker runs from
#     its own tree), both written @TREE@ in both outputs;
#   - OUT_DIR/old/ and OUT_DIR/new/ (and .cache), where each side's files
#     go (grade_all's --out, its figures), written @OUT@/SIDE/; the work
#     folder and the submissions are the same path for both and left as
#     they are (--scratch keeps the submissions' work folders there, out
#     of RAM; a grade_all older than the option ignores it).
# Exit 0 when every output is the same; else the diffs are printed (and
# kept in OUT_DIR/diffs) and the exit status is 1.
#
# Budgets are the defaults, so a hostile submission that hangs costs its
# section budget (6 s) per run: all in, about 10 minutes on 2 cores.
# SAME_QUICK=1 leaves out the hostile submissions but three and the sweep
# of the buggy ones (a minute).
set -uo pipefail
old=$(cd "${1:?usage: same_output.sh OLD_TREE [NEW_TREE] [OUT_DIR]}" && pwd -P) || exit 2
new=$(cd "${2:-.}" && pwd -P) || exit 2
out=${3:-$new/build/same-output}
mkdir -p "$out" && out=$(cd "$out" && pwd -P)
for t in "$old" "$new"; do
  for f in build/checker build/grade_all build/obj/runner_main.o; do
    [ -e "$t/$f" ] || { echo "same_output: $t/$f missing (run make all there)"; exit 2; }
  done
done
rm -rf "$out/old" "$out/new" "$out/diffs" "$out/work" "$out/subs"
mkdir -p "$out/old" "$out/new" "$out/diffs"

# the submissions: NAME PATH
subs=("exercises $new/exercises" "solutions $new/solutions")
for d in "$new"/build/buggy/*/; do [ -d "$d" ] && subs+=("buggy_$(basename "$d") ${d%/}"); done
hostile=("$new"/build/hostile/*/)
[ "${SAME_QUICK:-0}" = 1 ] && hostile=("${hostile[@]:0:3}")
for d in "${hostile[@]}"; do [ -d "$d" ] && subs+=("hostile_$(basename "$d") ${d%/}"); done
[ ${#subs[@]} -gt 2 ] || echo "same_output: warning: no build/buggy or build/hostile in $new (make them first)"

SED_NORMALIZE=(-E -e "s#$out/(old|new)([/.])#@OUT@/SIDE\\2#g" -e "s|$old|@TREE@|g" -e "s|$new|@TREE@|g"
  -e 's/^(section\t[^\t]*\t[^\t]*\t[^\t]*\t[^\t]*)\t[0-9.]+\t[0-9.]+$/\1\tT\tT/'
  -e 's/("execution_time": )[0-9.]+/\1T/'
  -e 's/ in [0-9.]+ s/ in T s/g' -e 's/[0-9.]+ submissions\/min/R submissions\/min/g'
  -e 's/[0-9]+:[0-9]{2} left/M:SS left/g'
  -e 's/ภายใน [0-9.]+ วินาที \(timeout\)/ภายใน N วินาที (timeout)/g' -e 's/within [0-9.]+ seconds \(timeout\)/within N seconds (timeout)/g'
  -e 's/(out of memory allocating [0-9]+ bytes after a total of )[0-9]+ bytes/\1N bytes/g'
  -e 's/("checker_version": ")[^"]*"/\1@VERSION@"/g')
# cc1's "Multiple include guards may be useful for:" list (-H: a heading,
# then bare header paths) is printed as cc1 ends, while the assembler (-pipe)
# may be writing its messages to the same pipe: on a loaded machine the two
# interleave (hostile/asm_typo), and the checker's filter, which strips the
# list only where it starts a line and ends it at the first line with a
# ':', lets the heading or the paths through; old and new builds alike.
# The heading and every path ending in .h right before a line's end (a
# diagnostic names "file:line:"; -H's own lines start with dots and are
# stripped) are removed wherever they landed, in plain text and in JSON
# strings.
strip_guard_lists() { # FILE...: in place
  python3 - "$@" <<'EOF2'
import re, sys
for path in sys.argv[1:]:
    with open(path, 'rb') as f:
        b = f.read()
    t = re.sub(rb'Multiple include guards may be useful for:(\n|\\n)', b'', b)
    t = re.sub(rb'/[^\n:"\\ ]*\.h(\n|\\n)', b'', t)
    if t != b:
        with open(path, 'wb') as f:
            f.write(t)
EOF2
}
normalize() { sed -i "${SED_NORMALIZE[@]}" "$@"; strip_guard_lists "$@"; } # FILE...: in place

# run SIDE NAME DIR [ARGS...]: one checker run, its outputs in OUT/SIDE/NAME/
run() {
  local side=$1 name=$2 dir=$3 tree
  shift 3
  [ "$side" = old ] && tree=$old || tree=$new
  local o=$out/$side/$name
  mkdir -p "$o"
  rm -rf "$out/work"
  (cd "$tree" && exec ./build/checker --root "$tree" --objdir "$tree/build/obj" --work "$out/work" \
     --dir "$dir" --results "$o/results.tsv" "$@" < "${STDIN_FILE:-/dev/null}" > "$o/stdout" 2> "$o/stderr")
  echo $? > "$o/status"
  for f in gradescope.json junit.xml scores.tsv; do [ -f "$out/$f" ] && mv "$out/$f" "$o/$f"; done
  normalize "$o"/*
}

both() { run old "$@"; run new "$@"; }

echo 4242 > "$out/hidden_seed"
forms() { # NAME DIR: every form of one submission, both sides
  local name=$1 dir=$2
  STDIN_FILE=$out/hidden_seed both "$name.term" "$dir" --no-color --gradescope "$out/gradescope.json" \
    --junit "$out/junit.xml" --scores "$out/scores.tsv" --hidden-seed-stdin
  both "$name.color" "$dir" --color --all
  both "$name.en" "$dir" --no-color --lang en --all
  case $name in hostile_*) ;; buggy_*) [ "${SAME_QUICK:-0}" = 1 ] || both "$name.sweep" "$dir" --no-color --seed 3 --seed-count 4 ;;
    *) both "$name.sweep" "$dir" --no-color --seed 3 --seed-count 4 ;; esac
}
n=0
for entry in "${subs[@]}"; do
  forms "${entry%% *}" "${entry#* }"
  n=$((n + 1))
done
for t in exercises solutions; do
  both "$t.list" "$new/$t" --list --no-color
  both "$t.select" "$new/$t" --no-color --section 3,05_ccd --all
  both "$t.unknown" "$new/$t" --no-color --section 02,99
done
both missing.folder "$out/no-such-folder" --no-color
both usage.error "$new/solutions" --no-such-option 1

# grade_all: old with the old checker, new with the new, one cache each
mkdir -p "$out/subs"
cp -r "$new/solutions" "$out/subs/good"
cp -r "$new/exercises" "$out/subs/stubs"
mkdir -p "$out/subs/partial" && cp -r "$new/solutions/02_law_of_cosines" "$out/subs/partial/"
for h in crash include_reference invalid_bytes; do
  [ -d "$new/build/hostile/$h" ] && cp -r "$new/build/hostile/$h" "$out/subs/hostile_$h"
done
grade() { # SIDE RUN
  local side=$1 tree
  [ "$side" = old ] && tree=$old || tree=$new
  local o=$out/$side/grade_all.$2
  mkdir -p "$o"
  rm -rf "$out/work"
  (cd "$tree" && echo 4242 | ./build/grade_all --subs "$out/subs" --out "$o/results" --csv "$o/gradebook.csv" \
     --jobs 1 --checker "$tree/build/checker" --root "$tree" --objdir "$tree/build/obj" --work "$out/work" \
     --scratch "$out/work" --cache "$out/$side.cache" > "$o/stdout" 2> "$o/stderr")
  echo $? > "$o/status"
  find "$o" -type f -print0 | xargs -0 sed -i "${SED_NORMALIZE[@]}"
  local files
  mapfile -d '' files < <(find "$o" -type f -print0)
  strip_guard_lists "${files[@]}"
}
rm -rf "$out/old.cache" "$out/new.cache"
for r in first again; do grade old $r; grade new $r; done

# A submission whose outputs differ is graded again (both sides, every
# form), up to twice: a few outputs race on a loaded machine whatever the
# checker's build (hostile/asm_typo: with -pipe, cc1's -H guard list and
# the assembler's messages share one pipe and can interleave). A retry that
# matches is named below, so a difference that comes and goes is seen.
retried=""
for try in 1 2; do
  diff -rq "$out/old" "$out/new" > "$out/diffs/differing" 2>&1 && break
  again=$(sed -n 's|^Files '"$out"'/old/\([^/]*\)\.[a-z]*/.*|\1|p' "$out/diffs/differing" | sort -u)
  for entry in "${subs[@]}"; do
    name=${entry%% *}
    if grep -qxF "$name" <<< "$again"; then
      retried="$retried $name"
      forms "$name" "${entry#* }"
    fi
  done
done
[ -n "$retried" ] && echo "same_output: graded again after a difference:$retried"
if diff -r "$out/old" "$out/new" > "$out/diffs/all.diff"; then
  files=$(find "$out/new" -type f | wc -l)
  echo "same_output: no differences: $n submissions x 4 forms (+ list, selection, errors, grade_all twice); $files files compared"
  exit 0
fi
cat "$out/diffs/all.diff"
echo "same_output: DIFFERENCES (above; kept in $out/diffs/all.diff)"
exit 1
