#!/usr/bin/env bash
# test_sections.sh CHECKER [ROOT] - every section of the registry
# (checker/sections.def, as the checker's own catalog lists it) has all its
# pieces, and no piece belongs to a section the registry does not know:
#   checker/sections/<slug>/ suite.c ops.c ops.h messages.def hints.md hints.en.md points.tsv shims.c
#     (messages.def included by sections.def; the English hints as many as the Thai;
#     a points.tsv row for every check, and no row for a check that is gone)
#   chapters/<slug>.md
#   exercises/<slug>/ and solutions/<slug>/ with the graded file and its header
#   checker/tests/buggy/<id>/<slug>.sed for every section a diagnosis names
#     (checker/diagnoses.def), and no proof for a pairing it does not name
#   a hint for each of those diagnoses in both languages, and no hint tagged
#     "<!-- for: x -->" with an x that is not a diagnosis of its section
#   the README's table of sections and the intro's table of chapter
#     sections agreeing with the registry (order, chapter references)
# Each missing piece is one "test-sections: FAIL: <slug>: ..." line; exit 1
# if there is any. Run by make test-sections (and make test-plain).
set -u
checker=${1:?usage: test_sections.sh CHECKER [ROOT]}
case $checker in /*) ;; *) checker=$PWD/$checker ;; esac
cd "${2:-.}" || exit 2

fail=0 checked=0
bad() { fail=$((fail + 1)); echo "test-sections: FAIL: $*"; }
need_file() { # file, what it is -> counts it, or names what is missing
  checked=$((checked + 1))
  [ -f "$1" ] || bad "$2: $1 is missing"
}

catalog=$("$checker" --root . --print-catalog tsv) || { echo "test-sections: $checker --print-catalog failed"; exit 1; }
slugs=$(awk -F'\t' '$1 == "section" { print $2 }' <<<"$catalog")
[ -n "$slugs" ] || { echo "test-sections: the catalog lists no section"; exit 1; }

for slug in $slugs; do
  graded=$(awk -F'\t' -v s="$slug" '$1 == "section" && $2 == s { print $3 }' <<<"$catalog")
  header=${graded%.c}.h
  for f in suite.c ops.c ops.h messages.def hints.md hints.en.md points.tsv shims.c; do
    need_file "checker/sections/$slug/$f" "$slug"
  done
  checked=$((checked + 1))
  grep -q "^#include \"sections/$slug/messages.def\"" checker/sections.def ||
    bad "$slug: checker/sections.def does not #include \"sections/$slug/messages.def\" (its messages would not exist)"
  if [ -f "checker/sections/$slug/hints.md" ] && [ -f "checker/sections/$slug/hints.en.md" ]; then
    checked=$((checked + 1))
    th=$(grep -c '^# ' "checker/sections/$slug/hints.md") en=$(grep -c '^# ' "checker/sections/$slug/hints.en.md")
    [ "$th" = "$en" ] || bad "$slug: hints.md has $th hints, hints.en.md $en (the same hints in both languages)"
  fi
  need_file "chapters/$slug.md" "$slug: its chapter"
  for tree in exercises solutions; do
    need_file "$tree/$slug/$graded" "$slug: the graded file"
    need_file "$tree/$slug/$header" "$slug: its header"
  done
done

# Points: a row for every check (grading stops without one) and no stale row.
while IFS=$'\t' read -r slug check; do
  checked=$((checked + 1))
  bad "$slug: check $check has no row in checker/sections/$slug/points.tsv (check, visible, hidden)"
done < <(awk -F'\t' '$1 == "check" && $6 == "-" { print $2 "\t" $3 }' <<<"$catalog")
while IFS=$'\t' read -r slug check; do
  checked=$((checked + 1))
  grep -q "^check	$slug	$check	" <<<"$catalog" ||
    bad "$slug: checker/sections/$slug/points.tsv has a row for check $check, which the section does not have"
done < <(for f in checker/sections/*/points.tsv; do
           awk -F'\t' -v s="$(basename "$(dirname "$f")")" '!/^#/ && NF >= 3 { print s "\t" $1 }' "$f"; done)

# Diagnoses: every section a diagnosis names has its proof, and every proof
# is of a diagnosis and a section it names.
while IFS=$'\t' read -r id sections; do
  checked=$((checked + 1))
  [ -n "$sections" ] || bad "diagnosis $id: names no section (checker/diagnoses.def)"
  for slug in $sections; do
    checked=$((checked + 1))
    grep -qx "$slug" <<<"$slugs" || bad "diagnosis $id: names $slug, which is not a section"
    need_file "checker/tests/buggy/$id/$slug.sed" "$slug: the proof of diagnosis $id"
  done
done < <(awk -F'\t' '$1 == "diagnosis" { print $2 "\t" $3 }' <<<"$catalog")
for f in checker/tests/buggy/*/*.sed; do
  [ -e "$f" ] || continue
  id=$(basename "$(dirname "$f")") slug=$(basename "$f" .sed)
  checked=$((checked + 1))
  if ! grep -q "^diagnosis	$id	" <<<"$catalog"; then
    bad "$f: there is no diagnosis '$id' (checker/diagnoses.def)"; continue
  fi
  sections=$(awk -F'\t' -v d="$id" '$1 == "diagnosis" && $2 == d { print $3 }' <<<"$catalog")
  case " $sections " in
    *" $slug "*) ;;
    *) bad "$f: diagnosis '$id' does not name $slug (checker/diagnoses.def: '$sections')" ;;
  esac
done

# Hints: only a named mistake pulls a hint forward (checker/hints.c), so a
# hint's "<!-- for: ... -->" names diagnoses of its own section, and every
# diagnosis has a hint in each section it names, in both languages.
for slug in $slugs; do
  for f in "checker/sections/$slug/hints.md" "checker/sections/$slug/hints.en.md"; do
    [ -f "$f" ] || continue
    for id in $(sed -n 's/^<!-- for:\(.*\)-->$/\1/p' "$f" | tr ', ' '\n\n' | sort -u); do
      checked=$((checked + 1))
      sections=$(awk -F'\t' -v d="$id" '$1 == "diagnosis" && $2 == d { print $3 }' <<<"$catalog")
      case " $sections " in
        *" $slug "*) ;;
        *) bad "$f: '<!-- for: $id -->' is not a diagnosis of $slug (only diagnoses choose hints)" ;;
      esac
    done
  done
done
while IFS=$'\t' read -r id sections; do
  for slug in $sections; do
    for f in "checker/sections/$slug/hints.md" "checker/sections/$slug/hints.en.md"; do
      checked=$((checked + 1))
      grep -qE "^<!-- for:.*[ ,]$id([ ,].*)? -->$" "$f" 2>/dev/null || bad "$f: no hint is for diagnosis $id"
    done
  done
done < <(awk -F'\t' '$1 == "diagnosis" { print $2 "\t" $3 }' <<<"$catalog")

# The JSON form says the same (counted), and is JSON.
if command -v python3 >/dev/null 2>&1; then
  checked=$((checked + 1))
  want=$(awk -F'\t' '{ n[$1]++ } END { printf "%d %d %d", n["section"], n["check"], n["diagnosis"] }' <<<"$catalog")
  got=$("$checker" --root . --print-catalog json | python3 -c 'import json, sys
d = json.load(sys.stdin)
print(len(d["sections"]), sum(len(s["checks"]) for s in d["sections"]), len(d["diagnoses"]))' 2>&1)
  [ "$got" = "$want" ] || bad "--print-catalog json: $got (sections, checks, diagnoses), the TSV has $want"
fi

# The section list written out for readers agrees with the registry: each
# row of the README's table names a section of the registry, in its order,
# with its chapter as sections.def writes it; each section page the intro's
# table of chapter sections links to has its sections (a range "§3–4" is
# 3 and 4) among those its chapter names.
# (A section added since may be missing from both: make list has them all.)
chapter_numbers() { # "§5 (ท้าย) และ §6", "§3–4, §14" -> 5 6, 3 4 14
  grep -oE '§[0-9]+(–[0-9]+)?' <<<"$1" | tr -d '§' |
    awk -F'–' '{ for (i = $1; i <= ($2 == "" ? $1 : $2); i++) print i }' | sort -n | uniq | tr '\n' ' '
}
last=0
while IFS=$'\t' read -r slug chapter; do
  checked=$((checked + 1))
  want=$(awk -F'\t' -v s="$slug" '$1 == "section" && $2 == s { print NR "\t" $5 }' <<<"$catalog")
  [ -n "$want" ] || { bad "README.md: its table of sections has $slug, which the registry does not"; continue; }
  [ "${want#*$'\t'}" = "$chapter" ] || bad "README.md: $slug is at chapter '$chapter', sections.def says '${want#*$'\t'}'"
  [ "${want%%$'\t'*}" -gt "$last" ] || bad "README.md: $slug is out of the registry's order"
  last=${want%%$'\t'*}
done < <(awk -F' *[|] *' '/^[|] `[0-9][0-9]_[a-z0-9_]+` [|]/ { gsub(/`/, "", $2); print $2 "\t" $3 }' README.md)
while IFS=$'\t' read -r slug chapter; do
  checked=$((checked + 1))
  want=$(awk -F'\t' -v s="$slug" '$1 == "section" && $2 == s { print $5 }' <<<"$catalog")
  [ -n "$want" ] || continue # a page of the book that is not a section (the glossary)
  extra=$(comm -23 <(chapter_numbers "$chapter" | tr ' ' '\n' | grep . | sort) <(chapter_numbers "$want" | tr ' ' '\n' | grep . | sort) | tr '\n' ' ')
  [ -z "$extra" ] || bad "chapters/00_intro.md: $slug is at '$chapter', beyond sections.def's '$want'"
done < <(awk -F' *[|] *' '/^[|] §/ && match($4, /\]\([0-9][0-9]_[a-z0-9_]+\.md\)/) {
           print substr($4, RSTART + 2, RLENGTH - 6) "\t" $2 }' chapters/00_intro.md)

# Nothing that looks like a section is missing from the registry.
for d in exercises/[0-9][0-9]_* solutions/[0-9][0-9]_* checker/sections/[0-9][0-9]_*; do
  [ -d "$d" ] || continue
  checked=$((checked + 1))
  grep -qx "$(basename "$d")" <<<"$slugs" || bad "$d: not in the registry (add its line to checker/sections.def)"
done

if [ $fail -gt 0 ]; then
  echo "test-sections: $fail of $checked pieces missing or wrong"
  exit 1
fi
echo "test-sections: $(wc -w <<<"$slugs") sections, $checked pieces, all there"
