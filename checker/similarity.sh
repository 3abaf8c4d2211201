#!/usr/bin/env bash
# similarity.sh - which submissions look copied, section by section.
#   similarity.sh SUBS OUT [ROOT]        (make similarity SUBS=<dir>)
# SUBS holds one folder per student, laid out like exercises/ (or a whole
# workbook, whose exercises/ is taken, as grade_all does). For every
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
# side with line numbers in each student's own file.
set -uo pipefail
subs=$1 out=$2 root=${3:-.}
threshold=${THRESHOLD:-20} top=${TOP:-5}
command -v sim_c >/dev/null || { echo "similarity: sim_c not found: apt-get install similarity-tester or make setup"; exit 2; }
[ -d "$subs" ] || { echo "usage: make similarity SUBS=<folder of submissions>"; exit 2; }
rm -rf "$out" && mkdir -p "$out/files"
csv=$out/similarity.csv md=$out/similarity.md
echo "section,a,b,percent" > "$csv"

# Names in the report: the folder's name as safe text (no control bytes,
# no CSV or Markdown separators); files for sim_c are numbered s0001.c...
safe() { printf '%s' "$1" | LC_ALL=C tr -c 'A-Za-z0-9._@+-' '_' | cut -c1-60; }

# a line's key: the line without white space
strip_stub() { # stub file, student file -> student file with stub lines blanked
  awk 'NR == FNR { k = $0; gsub(/[ \t\r]/, "", k); if (length(k) > 2) stub[k] = 1; next }
       { k = $0; gsub(/[ \t\r]/, "", k); print ((k in stub) ? "" : $0) }' "$1" "$2"
}

{
  echo "# Similarity of submissions"
  echo
  echo "Compared with sim_c ($(sim_c -v 2>/dev/null | head -1)), section by section; the stub's lines are"
  echo "left out. A pair's score is how much of one file sim_c finds in the other. Pairs from"
  echo "$threshold % are listed; the regions below are sim_c's, line numbers in each student's own file."
  echo "A high score is a reason to look, not a verdict: short sections leave little room to differ."
} > "$md"

sections=$(ls -d "$root"/solutions/[0-9][0-9]_*/ 2>/dev/null | xargs -n1 basename)
for slug in $sections; do
  name=${slug#*_}
  dir=$out/files/$slug && mkdir -p "$dir"
  stub=$root/exercises/$slug/$name.c
  : > "$dir/names.tsv"
  i=0
  for s in "$subs"/*/; do
    s=${s%/}
    base=$s
    [ -d "$s/$slug" ] || { [ -d "$s/exercises" ] && [ ! -L "$s/exercises" ] && base=$s/exercises; }
    f=$base/$slug/$name.c
    [ -f "$f" ] && [ ! -L "$f" ] || continue
    i=$((i + 1))
    id=$(printf 's%04d' "$i")
    if [ -f "$stub" ]; then strip_stub "$stub" "$f" > "$dir/$id.c"; else cp "$f" "$dir/$id.c"; fi
    printf '%s\t%s\n' "$id" "$(safe "$(basename "$s")")" >> "$dir/names.tsv"
  done
  [ "$i" -ge 2 ] || continue
  # -e: every pair on its own (a third file does not take the credit);
  # -p: percentages, "F consists for N % of G material"; -t 1: from 1 %
  (cd "$dir" && sim_c -e -p -t 1 s*.c > pairs.txt 2>sim.log)
  awk -v slug="$slug" -v names="$dir/names.tsv" '
    BEGIN { while ((getline line < names) > 0) { split(line, p, "\t"); who[p[1] ".c"] = p[2] } }
    / consists for [0-9]+ % of / {
      a = $1; b = $7; pct = $4 + 0
      if (!(a in who) || !(b in who)) next
      key = a < b ? a SUBSEP b : b SUBSEP a
      if (pct > best[key]) best[key] = pct
    }
    END {
      for (k in best) {
        split(k, p, SUBSEP)
        printf "%s,%s,%s,%d,%s,%s\n", slug, who[p[1]], who[p[2]], best[k], p[1], p[2]
      }
    }' "$dir/pairs.txt" | sort -t, -k4,4nr -k2,2 -k3,3 > "$dir/ranked.csv"
  cut -d, -f1-4 "$dir/ranked.csv" >> "$csv"
  listed=$(awk -F, -v t="$threshold" '$4 >= t' "$dir/ranked.csv" | wc -l)
  {
    echo
    echo "## $slug ($i submissions, $listed pairs from $threshold %)"
    echo
    if [ "$listed" -gt 0 ]; then
      echo "| rank | a | b | similarity |"
      echo "| --- | --- | --- | --- |"
      awk -F, -v t="$threshold" '$4 >= t { printf "| %d | %s | %s | %d %% |\n", NR, $2, $3, $4 }' "$dir/ranked.csv"
      awk -F, -v t="$threshold" -v top="$top" '$4 >= t && NR <= top { print $5, $6, $2, $3 }' "$dir/ranked.csv" |
      while read -r fa fb na nb; do
        echo
        echo "### $na ~ $nb"
        echo
        echo '```'
        # the matching runs, side by side; s0001.c shown as the student's name
        (cd "$dir" && sim_c -w 140 -s "$fa" "$fb" 2>/dev/null) | sed -n '/^File /!p' |
          sed -e "s/$fa/$na/g" -e "s/$fb/$nb/g" | head -120
        echo '```'
      done
    else
      echo "No pair above the threshold."
    fi
  } >> "$md"
done
pairs=$(($(wc -l < "$csv") - 1))
echo "similarity: $pairs pairs share 1 % or more; $md, $csv"
awk -F, -v t="$threshold" 'NR > 1 && $4 >= t { n++; if (n <= 5) printf "  %s: %s ~ %s  %d %%\n", $1, $2, $3, $4 } END { if (!n) print "  no pair above " t " %" }' \
  <(head -1 "$csv"; tail -n +2 "$csv" | sort -t, -k4,4nr)
