#!/usr/bin/env bash
# Fairness sweep: the reference solutions graded on many seeds. Every
# random check draws its cases from the seed, so a property that is wrong
# for a rare case (or a reference that is) shows up as one seed on which a
# correct answer loses a point - issue 14 found one in 08 at seed
# 3689349306. This lists every (seed, section, check) that fails.
#
#   seed_sweep.sh --checker build/checker --objdir build/obj --work build/seed-sweep \
#                 [--root .] [--dir solutions] [--first 1] [--count 200] [--jobs 2] \
#                 [--chunk 100] [--section 08_aim_ik]... [--also SEED]...
#
# --also adds single seeds to every section (regressions: seeds that once
# failed). Prints one "FAIL seed=... section=... check=..." line per
# failure (the checker's message in full under --work), then a summary;
# exits 0 when everything passed, 1 when something failed, 2 on misuse.
#
# With a checker that has --seed-count, each section is compiled once per
# chunk of seeds and the chunk's checks run on all of them; the checker
# names the first seed each check fails on, and the sweep goes on from the
# seed after it, so every failing seed is found. Without it, one checker
# run per seed.
set -u

checker="" objdir="" work="" root="." dir="solutions" first=1 count=200 jobs=2 chunk=100
sections=() also=()
usage() { echo "usage:" >&2; sed -n '8,10s/^#//p' "$0" >&2; exit 2; }
while [ $# -gt 0 ]; do
    [ $# -ge 2 ] || usage
    case "$1" in
    --checker) checker=$2 ;; --objdir) objdir=$2 ;; --work) work=$2 ;; --root) root=$2 ;; --dir) dir=$2 ;;
    --first) first=$2 ;; --count) count=$2 ;; --jobs) jobs=$2 ;; --chunk) chunk=$2 ;;
    --section) sections+=("$2") ;; --also) also+=("$2") ;;
    *) usage ;;
    esac
    shift 2
done
[ -n "$checker" ] && [ -n "$objdir" ] && [ -n "$work" ] || usage
for n in "$first" "$count" "$jobs" "$chunk" ${also[@]+"${also[@]}"}; do
    case "$n" in '' | *[!0-9]*) echo "seed_sweep: '$n' is not a number" >&2; exit 2 ;; esac
done
[ "$count" -ge 1 ] && [ "$jobs" -ge 1 ] && [ "$chunk" -ge 1 ] || usage
if [ ${#sections[@]} -eq 0 ]; then
    for d in "$root"/solutions/[0-9][0-9]_*/; do sections+=("$(basename "$d")"); done
fi

if "$checker" --help 2>&1 | grep -q -- '--seed-count'; then seed_count=1; else seed_count=0; fi
# Only what this script writes is cleared: --work may name any folder.
rm -rf "$work/tasks" "$work/fails.tsv" && mkdir -p "$work/tasks" || exit 2
export checker objdir work root dir seed_count

# One task: section $1, seeds $2 .. $2 + $3 - 1. Writes $work/tasks/<id>/fails
# ("seed<TAB>section<TAB>check<TAB>outcome" lines) and the checker's report
# for each failing run.
run_task() {
    local slug=$1 from=$2 n=$3
    local id="$slug.$from" last=$(($2 + $3 - 1))
    local t="$work/tasks/$id"
    mkdir -p "$t"
    : > "$t/fails"
    while [ "$from" -le "$last" ]; do
        local args=(--root "$root" --dir "$dir" --objdir "$objdir" --work "$t/check" --results "$t/results.tsv"
                    --no-color --lang en --all --section "$slug" --seed "$from")
        local span=1
        if [ "$seed_count" = 1 ]; then span=$((last - from + 1)); args+=(--seed-count "$span"); fi
        rm -f "$t/results.tsv"
        "$checker" "${args[@]}" > "$t/out.txt" 2>&1
        local rc=$?
        if [ $rc -eq 0 ]; then from=$((from + span)); continue; fi
        if [ $rc -ne 1 ] || ! grep -q '^check' "$t/results.tsv" 2>/dev/null; then
            printf '%s\t%s\t%s\t%s\n' "$from" "$slug" "(checker)" "exit $rc" >> "$t/fails"
            cp "$t/out.txt" "$t/report.$from.txt"
            from=$((from + span)); continue
        fi
        # Each failing check, on the seed the report names ("(SEED=n)"
        # opens the message of a check that failed on a later seed).
        local found
        found=$(awk -F'\t' -v slug="$slug" -v from="$from" '
            FNR == NR { if ($1 == "check" && $4 == "fail") { fail[$3] = $5 "/" $6; order[++k] = $3 } next }
            /^✗ / { cur = ""; for (i = 1; i <= k; i++) if (index($0, "✗ " slug " › " order[i] " ") == 1) cur = order[i]; seen[cur] = from; next }
            cur != "" && seen[cur] == from && match($0, /\(SEED=[0-9]+\)/) { seen[cur] = substr($0, RSTART + 6, RLENGTH - 7); cur = "" }
            END { for (i = 1; i <= k; i++) { c = order[i]; printf "%s\t%s\t%s\t%s\n", (c in seen ? seen[c] : from), slug, c, fail[c] } }
        ' "$t/results.tsv" "$t/out.txt")
        if [ -z "$found" ]; then
            printf '%s\t%s\t%s\t%s\n' "$from" "$slug" "(checker)" "exit 1, no failing check named" >> "$t/fails"
            cp "$t/out.txt" "$t/report.$from.txt"
            from=$((from + span)); continue
        fi
        printf '%s\n' "$found" >> "$t/fails"
        # Keep the report; go on after the earliest failing seed (the
        # checks that failed later are looked at again from there).
        local next=$last
        while IFS=$'\t' read -r s _ _ _; do
            cp "$t/out.txt" "$t/report.$s.txt"
            [ "$s" -lt "$next" ] && next=$s
        done <<< "$found"
        from=$((next + 1))
    done
    # A check that failed on a later seed than the earliest is found again
    # on that seed by the next span: one line each.
    sort -u -o "$t/fails" "$t/fails"
}
export -f run_task

start=$(date +%s.%N)
{
    for slug in "${sections[@]}"; do
        s=$first end=$((first + count))
        while [ "$s" -lt "$end" ]; do
            n=$((end - s)); [ "$n" -gt "$chunk" ] && n=$chunk
            printf '%s %s %s\n' "$slug" "$s" "$n"
            s=$((s + n))
        done
        for a in ${also[@]+"${also[@]}"}; do printf '%s %s 1\n' "$slug" "$a"; done
    done
} | xargs -P "$jobs" -L 1 bash -c 'run_task "$@"' _
secs=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')

cat "$work"/tasks/*/fails 2>/dev/null | sort -t$'\t' -k2,2 -k1,1n -u > "$work/fails.tsv"
fails=$(grep -c . "$work/fails.tsv")
while IFS=$'\t' read -r s slug check outcome; do
    echo "FAIL seed=$s section=$slug check=$check ($outcome): $(ls "$work"/tasks/"$slug".*/report."$s".txt 2>/dev/null | head -1)"
done < "$work/fails.tsv"
extra=""
[ ${#also[@]} -gt 0 ] && extra=" + ${also[*]}"
mode=$([ "$seed_count" = 1 ] && echo "--seed-count" || echo "one run per seed")
echo "seed_sweep: ${#sections[@]} sections x $count seeds ($first..$((first + count - 1))$extra, $mode, $jobs jobs):" \
     "$fails failing (seed, section, check) in $secs s"
[ "$fails" -eq 0 ]
