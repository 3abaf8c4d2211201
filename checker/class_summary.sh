#!/usr/bin/env bash
# class_summary.sh - the class at a glance, after make grade-all.
#   class_summary.sh RESULTS_DIR GRADEBOOK_CSV OUT_DIR
# From every submission's results.tsv (one line per section, one per
# check: its outcome and the named mistake, "-" when none) and the
# gradebook (totals, the same_as column), writes OUT_DIR/summary.md: per
# section how many passed every check, did not start (the untouched stub),
# did not compile, and the named mistakes most often made (each counted
# once per submission: what to reteach; an untouched stub's count nowhere);
# per check how many failed it, with and without a named mistake; the
# histogram of total scores; the submissions identical to the reference or
# the stub. With gnuplot also summary.svg and summary.png: the pass rates,
# the histogram, the checks failed most and the mistakes made most, so the
# picture alone says what to reteach. A short version goes to
# the terminal. Reads only what grade_all wrote; student folder names are
# already safe text in the gradebook (text.h), and results.tsv files are
# read by path, never by name.
set -uo pipefail
results=$1 csv=$2 out=$3
mkdir -p "$out"
md=$out/summary.md dat=$out/summary_sections.dat hist=$out/summary_histogram.dat
checks_dat=$out/summary_checks.dat top_dat=$out/summary_mistakes.dat
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# One stream of every submission's results.tsv, each line tagged with its
# submission's number (the folder names stay out of awk's fields).
n=0
while IFS= read -r -d '' f; do
  n=$((n + 1))
  awk -v id="$n" -F'\t' 'NF >= 4 { print id "\t" $0 }' "$f"
done < <(if [ -f "$results/.submissions" ]; then   # this run's, as grade_all listed them
           while IFS= read -r -d '' s; do [ -f "$results/$s/results.tsv" ] && printf '%s\0' "$results/$s/results.tsv"; done < "$results/.submissions"
         else find "$results" -mindepth 2 -maxdepth 2 -name results.tsv -print0 | sort -z; fi) > "$tmp/all.tsv"
graded=$(($(grep -c . "$csv") - 1))
[ "$graded" -gt 0 ] || { echo "class summary: no graded submissions in $csv"; exit 0; }

# Per section: passed all, not started, no compile, and named mistakes;
# per check: how many of the submissions that started the section failed
# it, and how many of those failures the checker could not name.
# section lines: id section slug status passed count compile_s check_s
# check lines:   id check slug name pass|fail outcome diag random|fixed
# (a submission's section line comes before its checks). An untouched
# stub ("not started") fails every check, and its one wrong value matches
# some named mistakes by accident: none of that is the class's mistake,
# and it would grow with every absent student, so its checks count
# nowhere but in "not started". A section that did not compile or is
# missing is one failure of the section, not of each check.
awk -F'\t' -v total="$graded" -v md="$tmp/sections.md" -v dat="$dat" -v short="$tmp/short.txt" \
    -v checks_md="$tmp/checks.md" -v checks_dat="$checks_dat" -v top_md="$tmp/top.md" -v top_dat="$top_dat" '
  function sort_desc(n, cnt, name,   a, b, t) { # by count, then name
    for (a = 2; a <= n; a++) for (b = a; b > 1 && (cnt[b] > cnt[b - 1] || (cnt[b] == cnt[b - 1] && name[b] < name[b - 1])); b--) {
      t = cnt[b]; cnt[b] = cnt[b - 1]; cnt[b - 1] = t; t = name[b]; name[b] = name[b - 1]; name[b - 1] = t }
  }
  $2 == "section" {
    slug[$3] = 1; status[$1 SUBSEP $3] = $4
    if ($4 == "done") done[$3]++
    if ($4 == "not_started") nots[$3]++
  }
  $2 == "check" {
    key = $3 SUBSEP $4
    if (!(key in check_at)) { check_at[key] = ++checks; check_slug[checks] = $3; check_name[checks] = $4 }
  }
  $2 == "check" && $6 == "no_compile" { if (!seen_nc[$1 SUBSEP $3]++) nocomp[$3]++; next }
  $2 == "check" && $6 == "missing" { if (!seen_m[$1 SUBSEP $3]++) missing[$3]++; next }
  $2 == "check" && status[$1 SUBSEP $3] != "not_started" && !seen_t[$1 SUBSEP key]++ { tried[key]++ }
  $2 == "check" && $5 == "fail" && status[$1 SUBSEP $3] != "not_started" {
    if (!seen_f[$1 SUBSEP key]++) { failed[key]++; if ($7 == "-") unnamed[key]++ }
    if ($7 != "-" && !seen_d[$1 SUBSEP $3 SUBSEP $7]++) diag[$3 SUBSEP $7]++
  }
  END {
    k = 0
    for (s in slug) order[++k] = s
    for (i = 2; i <= k; i++) for (j = i; j > 1 && order[j] < order[j - 1]; j--) { t = order[j]; order[j] = order[j - 1]; order[j - 1] = t }
    print "| section | passed every check | not started | did not compile | missing | named mistakes (submissions) |" > md
    print "| --- | --- | --- | --- | --- | --- |" > md
    for (i = 1; i <= k; i++) {
      s = order[i]; list = ""; shortlist = ""
      # the named mistakes of this section, most frequent first
      m = 0; split("", name); split("", cnt)
      for (key in diag) { split(key, p, SUBSEP); if (p[1] == s) { m++; name[m] = p[2]; cnt[m] = diag[key] } }
      sort_desc(m, cnt, name)
      for (a = 1; a <= m; a++) {
        list = list (a > 1 ? ", " : "") "`" name[a] "` " cnt[a]
        if (a <= 3) shortlist = shortlist (a > 1 ? ", " : "") substr(s, 1, 2) ": " name[a] " in " cnt[a] " of " total
      }
      printf "| %s | %d of %d (%.0f %%) | %d | %d | %d | %s |\n", s, done[s], total, 100 * done[s] / total, nots[s], nocomp[s], missing[s], (list == "" ? "none" : list) > md
      printf "%d %s %.1f %.1f %.1f\n", i, s, 100 * done[s] / total, 100 * nots[s] / total, 100 * nocomp[s] / total > dat
      printf "  %-22s passed %3.0f %%%s\n", s, 100 * done[s] / total, (shortlist == "" ? "" : "   " shortlist) > short
    }
    # every check, in the suites order: failures with and without a name
    print "| section | check | failed (of those who started it) | a named mistake | no name (input, expected and got only) |" > checks_md
    print "| --- | --- | --- | --- | --- |" > checks_md
    m = 0; split("", name); split("", cnt)
    for (c = 1; c <= checks; c++) {
      key = check_slug[c] SUBSEP check_name[c]
      if (failed[key] > 0) printf "| %s | %s | %d of %d | %d | %d |\n", check_slug[c], check_name[c], failed[key], tried[key], failed[key] - unnamed[key], unnamed[key] > checks_md
      if (failed[key] > 0) { m++; name[m] = substr(check_slug[c], 1, 2) " " check_name[c]; cnt[m] = failed[key]; named_of[name[m]] = failed[key] - unnamed[key] }
    }
    # the picture: the checks failed most often (at most 15), and the
    # named mistakes made most often (at most 10)
    sort_desc(m, cnt, name)
    for (a = 1; a <= m && a <= 15; a++) printf "%d \"%s\" %d %d\n", a, name[a], cnt[a], named_of[name[a]] > checks_dat
    if (m == 0) { print "1 \"(no check failed)\" 0 0" > checks_dat; print "| (none) | | | | |" > checks_md }
    m = 0; split("", name); split("", cnt)
    for (key in diag) { split(key, p, SUBSEP); m++; name[m] = substr(p[1], 1, 2) " " p[2]; cnt[m] = diag[key] }
    sort_desc(m, cnt, name)
    print "| section | named mistake | submissions |" > top_md
    print "| --- | --- | --- |" > top_md
    for (a = 1; a <= m && a <= 10; a++) {
      printf "%d \"%s\" %d\n", a, name[a], cnt[a] > top_dat
      split(name[a], p, " "); printf "| %s | `%s` | %d of %d |\n", p[1], p[2], cnt[a], total > top_md
    }
    if (m == 0) { print "1 \"(no named mistake)\" 0" > top_dat; print "| (none) | | |" > top_md }
  }' "$tmp/all.tsv"

# Histogram of total scores in tenths of the maximum (the last bin holds
# full marks); the same_as column names copies of the stub or reference.
python3 - "$csv" "$hist" "$tmp/hist.md" "$tmp/same.md" "$tmp/short_hist.txt" <<'PY'
import csv, sys
path, hist, hist_md, same_md, short = sys.argv[1:6]
with open(path, newline='', encoding='utf-8-sig') as f:
    rows = list(csv.DictReader(f))
bins = [0] * 10
stub, ref = {}, {}
for r in rows:
    total, mx = float(r['total']), float(r['max'])
    pct = 100 * total / mx if mx > 0 else 0
    bins[min(int(pct // 10), 9)] += 1
    for tag in (r.get('same_as') or '').split():
        what, _, sec = tag.partition(':')
        (stub if what == 'stub' else ref).setdefault(sec, []).append(r['name'])
with open(hist, 'w') as f:
    for i, c in enumerate(bins):
        f.write(f"{i * 10 + 5} {c} \"{i * 10}-{i * 10 + 10}\"\n")
with open(hist_md, 'w') as f:
    f.write("| score (% of max) | " + " | ".join(f"{i * 10}–{i * 10 + 10}" for i in range(10)) + " |\n")
    f.write("| --- " * 11 + "|\n")
    f.write("| submissions | " + " | ".join(str(c) for c in bins) + " |\n")
def cell(names):
    names = sorted(names)
    shown = ", ".join(n.replace('|', '\\|') for n in names[:8])
    return f"{len(names)}: {shown}" + (", …" if len(names) > 8 else "")
with open(same_md, 'w') as f:
    f.write("| section | the stub, unchanged | the reference, copied |\n| --- | --- | --- |\n")
    for sec in sorted(set(stub) | set(ref)):
        f.write(f"| {sec} | {cell(stub.get(sec, []))} | {cell(ref.get(sec, []))} |\n")
    if not stub and not ref:
        f.write("| (none) | | |\n")
with open(short, 'w') as f:
    f.write("  scores (tenths of the max): " + " ".join(str(c) for c in bins) + "\n")
    nref = sum(1 for r in rows if 'reference:' in (r.get('same_as') or ''))
    f.write(f"  identical to the reference in some section (comments and spacing aside): {nref} of {len(rows)}\n")
PY

{
  echo "# Class summary"
  echo
  echo "$graded submissions graded ($(date -u '+%Y-%m-%d %H:%M UTC')). A named mistake is counted once per submission"
  echo "and section; its buggy proof is checker/tests/buggy/<name>/. \"Not started\": the graded file is still the"
  echo "stub and scored nothing; its failures and whatever they resemble are not counted as mistakes or failed checks."
  echo
  echo "## Sections"
  echo
  cat "$tmp/sections.md"
  echo
  echo "## The named mistakes made most often"
  echo
  cat "$tmp/top.md"
  echo
  echo "## Failures per check"
  echo
  echo "Every check someone failed, out of the submissions that started the section and compiled it. \"No name\":"
  echo "the checker showed the input, the expected and the wrong value but recognised no known mistake."
  echo
  cat "$tmp/checks.md"
  echo
  echo "## Total scores"
  echo
  cat "$tmp/hist.md"
  echo
  echo "## Identical to the stub or the reference (comments and white space aside)"
  echo
  cat "$tmp/same.md"
  if command -v gnuplot >/dev/null 2>&1; then
    echo
    echo "![pass rates, scores, the checks failed most and the named mistakes](summary.svg)"
  fi
} > "$md"

if command -v gnuplot >/dev/null 2>&1; then
  for fmt in svg png; do
    if [ $fmt = svg ]; then term="set terminal svg size 1200,900 font 'DejaVu Sans,11'"; else term="set terminal pngcairo size 1200,900 font 'DejaVu Sans,10'"; fi
    gnuplot -e "$term; set output '$out/summary.$fmt'; dat='$dat'; hist='$hist'; checks='$checks_dat'; top='$top_dat'" - <<'GP' 2>"$out/summary.gp.log" || echo "class summary: gnuplot failed (see $out/summary.gp.log)"
set multiplot layout 2,2
set termoption noenhanced
set style fill solid 0.8 border -1
set yrange [0:125]
set ytics 0,20,100
set ylabel "% of submissions"
set title "Per section: passed every check, not started, did not compile"
set xtics rotate by -45 font ",8"
set key top left horizontal font ",9"
set boxwidth 0.26
plot dat using ($1 - 0.27):3:(0.26):xtic(2) with boxes title "passed every check" lc rgb "#2e8b57", \
     dat using 1:4:(0.26) with boxes title "not started" lc rgb "#b0b0b0", \
     dat using ($1 + 0.27):5:(0.26) with boxes title "did not compile" lc rgb "#cd5c5c"
set title "Total scores"
set xlabel "% of the maximum"
set ylabel "submissions"
set yrange [0:*]
set ytics autofreq
stats hist using 2 nooutput
if (STATS_max < 10) set ytics 1
set xrange [0:100]
set xtics 10 norotate font ","
set boxwidth 9
unset key
plot hist using 1:2 with boxes lc rgb "#4682b4"
# the checks failed most often by those who started the section, and how
# many of those failures the checker named
set title "Checks failed most often (by submissions that started the section)"
set xlabel ""
set ylabel "submissions"
set autoscale x
set xrange [0.3:*]
set offsets 0, 0.7, 0, 0
set yrange [0:*]
stats checks using 3 nooutput
set yrange [0:(STATS_max < 1 ? 1 : STATS_max * 1.25)]
if (STATS_max < 10) set ytics 1; else set ytics autofreq
set xtics rotate by -45 font ",8"
set boxwidth 0.7
set key top right font ",9"
plot checks using 1:3:xtic(2) with boxes title "failed, no named mistake" lc rgb "#e69f00", \
     checks using 1:4 with boxes title "failed with a named mistake" lc rgb "#0072b2", \
     checks using 1:3:3 with labels offset 0,0.7 notitle
set title "Named mistakes made most often (submissions)"
stats top using 3 nooutput
set yrange [0:(STATS_max < 1 ? 1 : STATS_max * 1.25)]
if (STATS_max < 10) set ytics 1; else set ytics autofreq
unset key
plot top using 1:3:xtic(2) with boxes lc rgb "#0072b2", \
     top using 1:3:3 with labels offset 0,0.7 notitle
unset multiplot
GP
  done
fi

echo "class summary ($graded submissions): $md$(command -v gnuplot >/dev/null && echo ", $out/summary.svg, $out/summary.png")"
cat "$tmp/short.txt" "$tmp/short_hist.txt"
