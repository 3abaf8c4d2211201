#!/usr/bin/env bash
# similarity.sh - which submissions look copied, section by section.
#   similarity.sh SUBS OUT [ROOT]        (make similarity SUBS=<dir>)
# SUBS holds one folder per student, each an upload as grade_all takes it
# (checker/submission.sh's find_submission: section folders, a whole
# workbook or student edition, either in one wrapping folder, or the
# graded files loose; the same rules, so every student graded is also
# compared). For every
# section, each student's graded file is compared with every other's by
# Dick Grune's similarity tester (Debian's similarity-tester, sim_c): it
# compares C token streams, so renamed variables, changed comments and
# white space do not hide a copy, and it finds matching runs wherever they
# are, so reordered functions do not either.
#
# The stub's own code is not evidence: every line of a submission that is
# also a line of the stub (white space aside; braces alone excepted) is
# blanked before comparing, line numbers kept, so two students who left a
# function untouched do not match on it, and a student who handed in the
# stub matches nobody.
#
# Writes OUT/similarity.csv (section, a, b, percent: how much of one is
# found in the other, as sim_c -e -p reports each pair) ranked, and
# OUT/similarity.md: the ranked pairs per section above THRESHOLD % (20
# unless set) and, for the TOP pairs (5), sim_c's matching regions side by
# side with line numbers in each student's own file. A student is named by
# the folder's own name, Thai or any UTF-8 kept as it is: only control
# characters, bytes that are not UTF-8 and the backslash are written as
# \xNN (\\), which no two names share, and the CSV quotes a name with a
# comma or a quote, the Markdown escapes a |.
set -uo pipefail
subs=$1 out=$2 root=${3:-.}
threshold=${THRESHOLD:-20} top=${TOP:-5}
command -v sim_c >/dev/null || { echo "similarity: sim_c not found: apt-get install similarity-tester or make setup"; exit 2; }
command -v python3 >/dev/null || { echo "similarity: python3 not found: apt-get install python3 or make setup"; exit 2; }
[ -d "$subs" ] || { echo "usage: make similarity SUBS=<folder of submissions>"; exit 2; }
source "$root/checker/submission.sh" || exit 2
rm -rf "$out" && mkdir -p "$out/files" "$out/staging"

strip_stub() { # stub file, student file -> student file with stub lines blanked (a line's key: the line without white space)
  awk 'NR == FNR { k = $0; gsub(/[ \t\r]/, "", k); if (length(k) > 2) stub[k] = 1; next }
       { k = $0; gsub(/[ \t\r]/, "", k); print ((k in stub) ? "" : $0) }' "$1" "$2"
}

# Every student's folder, as grade_all lists them (not a dot name, a
# folder), laid out by find_submission; the folder's name goes to
# students.bin (NUL-separated, as it is), its graded folder to dirs.bin.
: > "$out/students.bin"; : > "$out/dirs.bin"; : > "$out/unlaid.bin"
k=0
for s in "$subs"/*/; do
  [ -d "$s" ] || continue
  s=${s%/}
  k=$((k + 1))
  if find_submission "$s" "$out/staging/$k" "$root"; then
    printf '%s\0' "${s##*/}" >> "$out/students.bin"; printf '%s\0' "$SUB_DIR" >> "$out/dirs.bin"
  else
    printf '%s\0' "${s##*/}" >> "$out/unlaid.bin"
  fi
done

sections=$(ls -d "$root"/solutions/[0-9][0-9]_*/ 2>/dev/null | xargs -n1 basename)
for slug in $sections; do
  name=${slug#*_}
  dir=$out/files/$slug && mkdir -p "$dir"
  stub=$root/exercises/$slug/$name.c
  : > "$dir/ids.tsv"   # s0001 <tab> the student's number in students.bin
  i=0 j=0
  while IFS= read -r -d '' base; do
    j=$((j + 1))
    f=$base/$slug/$name.c
    [ -f "$f" ] && [ ! -L "$f" ] || continue
    i=$((i + 1))
    id=$(printf 's%04d' "$i")
    if [ -f "$stub" ]; then strip_stub "$stub" "$f" > "$dir/$id.c"; else cp "$f" "$dir/$id.c"; fi
    printf '%s\t%d\n' "$id" "$j" >> "$dir/ids.tsv"
  done < "$out/dirs.bin"
  [ "$i" -ge 2 ] || continue
  # -e: every pair on its own (a third file does not take the credit);
  # -p: percentages, "F consists for N % of G material"; -t 1: from 1 %
  (cd "$dir" && sim_c -e -p -t 1 s*.c > pairs.txt 2>sim.log)
done

# The report: names, ranking and regions, written by python (the names are
# any bytes a folder may have).
python3 "$root/checker/similarity_report.py" "$out" "$threshold" "$top" "$(sim_c -v 2>/dev/null | head -1)" $sections
