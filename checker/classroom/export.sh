#!/usr/bin/env bash
# export.sh OUT TABLE SEED - writes the student edition into OUT (make
# classroom; the variables come from the Makefile). What goes in is listed
# here, file by file or folder by folder: anything new in the workbook stays
# out until it is named below (test_classroom.sh proves no solution line
# and no binary got in).
set -euo pipefail
out=$1 table=$2 seed=$3
: "${SECTIONS:?} ${TRUSTED_SRC:?} ${WATCH_SRC:?} ${CFLAGS_ALL:?}"
if [ -e "$out" ] && [ -n "$(ls -A "$out" 2>/dev/null)" ]; then
  echo "classroom: $out exists and is not empty (the export writes a fresh folder)"; exit 2
fi
case "$(realpath -m "$out")/" in "$(pwd -P)/"*) case "$(realpath -m "$out")/" in "$(pwd -P)/build/"*) ;;
  *) echo "classroom: OUT must be outside the workbook (or under build/)"; exit 2;; esac;; esac
mkdir -p "$out"

# the workbook's own files (tracked or new, never build/ or ignored ones)
files() { if git rev-parse --git-dir >/dev/null 2>&1; then git ls-files --cached --others --exclude-standard;
          else find . -type f ! -path './build/*' | sed 's|^\./||'; fi; }
files | LC_ALL=C sort | while IFS= read -r f; do
  [ -f "$f" ] || continue
  case "$f" in checker/*/*) case "$f" in checker/sections/*|checker/data/*|checker/classroom/*) ;; *) continue;; esac;; esac
  case "$f" in
    exercises/*|include/*|checker/sections/*|checker/data/*) ;;
    checker/*.c|checker/*.h|checker/*.def|checker/section.mk|checker/student.mk|checker/fast_headers.sh|checker/version.sh)
      case "$f" in checker/grade_all.c|checker/grade_layout.[ch]|checker/grade_figures.[ch]) continue;; esac ;;
    checker/classroom/replay.c|checker/classroom/replay.h|checker/classroom/shims.h|checker/classroom/shims_begin.h) ;;
    plots/student_vs_reference.gp|plots/common.gp|plots/failing/*.gp|.editorconfig) ;;
    chapters/[0-9][0-9]_*.md|chapters/book.css|chapters/book.yaml|chapters/template.html|chapters/filters/book.lua) ;;
    chapters/live/live.js|chapters/live/build.py|chapters/live/live.mk|chapters/live/glue/*) ;;
    *) continue;;
  esac
  mkdir -p "$out/$(dirname "$f")"
  cp "$f" "$out/$f"
done

# The stubs as handed out, apart from exercises/ (the student's work from
# now on): "not started" is the graded file byte for byte this copy
# (checker/progress.h), version line and all.
for s in $SECTIONS; do
  mkdir -p "$out/checker/stubs/$s"
done

# The contract: each section's header, as the checker stages it.
for s in $SECTIONS; do
  mkdir -p "$out/checker/headers/$s"
  cp solutions/"$s"/*.h "$out/checker/headers/$s/"
done

# The book's student edition: instructor-only blocks, and workbook-only ones
# (true of the whole workbook, not of this edition: make test, SEED, the
# reference linked), are not even in the sources (a fenced div ::: {...}
# ... its closing :::, nested divs counted); edition-only blocks keep their
# content, unwrapped (book.lua drops them in the workbook's own book). The
# filter reads exercises/ only, the build makes the student edition only.
for f in "$out"/chapters/[0-9][0-9]_*.md; do
  awk 'function opens(l) { return l ~ /^:::+[ \t]*[{A-Za-z]/ }
       function closes(l) { return l ~ /^:::+[ \t]*$/ }
       skip { if (opens($0)) depth++; else if (closes($0)) { depth--; if (depth == 0) skip = 0 }; next }
       /^:::+[ \t]*\{[^}]*\.(instructor-only|workbook-only)/ { skip = 1; depth = 1; next }
       /^:::+[ \t]*\{[^}]*\.edition-only/ { unwrap[++top] = 1; next }
       opens($0) { unwrap[++top] = 0; print; next }
       closes($0) && top > 0 { if (unwrap[top--]) next; print; next }
       { print }' "$f" >"$f.tmp" && mv "$f.tmp" "$f"
done
if grep -l 'workbook-only\|edition-only' "$out"/chapters/[0-9][0-9]_*.md; then echo "classroom: a workbook-only or edition-only block left in the pages above"; exit 1; fi
sed -i 's/for _, tree in ipairs({"exercises", "solutions"}) do/for _, tree in ipairs({"exercises"}) do -- the student edition has no solutions\//' \
  "$out/chapters/filters/book.lua"
grep -q 'ipairs({"exercises"})' "$out/chapters/filters/book.lua" || { echo "classroom: book.lua changed: update export.sh"; exit 1; }
sed -e 's/^BOOK_EDITIONS := .*/BOOK_EDITIONS := student/' \
    -e 's|^BOOK_SECTIONS := .*|BOOK_SECTIONS := $(notdir $(wildcard exercises/[0-9][0-9]_*))|' \
    -e 's|^BOOK_PLOTS := .*|BOOK_PLOTS := chapters/figures|' \
    -e 's|pages x 2 editions -> $(BOOK_DIR)/student/index.html, $(BOOK_DIR)/instructor/index.html|pages, student edition -> $(BOOK_DIR)/student/index.html|' \
    -e '/^test-book:/,$d' chapters/book.mk >"$out/chapters/book.mk"
# (the book's checks and named mistakes come from build/checker --print-catalog:
# the export's checker, replay shims and all, prints the same catalog)
for v in 'BOOK_EDITIONS := student' 'BOOK_SECTIONS := $(notdir $(wildcard exercises' 'BOOK_PLOTS := chapters/figures' \
         'pages, student edition ->' '--print-catalog'; do
  grep -qF -- "$v" "$out/chapters/book.mk" || { echo "classroom: chapters/book.mk changed: update export.sh ($v)"; exit 1; }
done
# The figures as drawn for the instructor's book (FIGURES: classroom.mk drew
# them): every figure a page shows, or no export (issue 35: a fresh tree's
# edition showed "[รูป … ยังไม่มี …]" on every page).
: "${FIGURES:?the folder of the drawn figures (make classroom draws them)}"
mkdir -p "$out/chapters/figures"
missing=""
for name in $(grep -ho '(plots/[A-Za-z0-9_.-]*\.svg)' "$out"/chapters/[0-9][0-9]_*.md | sed 's|^(plots/||; s|)$||' | sort -u); do
  if [ -s "$FIGURES/$name" ]; then cp "$FIGURES/$name" "$out/chapters/figures/"; else missing="$missing $name"; fi
done
[ -z "$missing" ] || { echo "classroom: figures not drawn in $FIGURES:$missing (see build/classroom/plots.log)"; exit 1; }

# The recorded answers and the stamp: the version (checker/version.sh: the
# commit, "+changes" when the tree had changes on top of it).
mkdir -p "$out/checker/replay"
cp "$table" "$out/checker/replay/visible.tsv"
commit=$(bash checker/version.sh . || echo unknown)
{
  echo "# written by make classroom: the instructor's build settings and this export's version"
  echo "EDITION_COMMIT := $commit"
  echo "EDITION_SEED := $seed"
  echo "PACKAGES_CHECK := $PACKAGES_CHECK"
  echo "STRICT := $STRICT"
  echo "CFLAGS_ALL := $CFLAGS_ALL"
  echo "TRUSTED_SRC := $TRUSTED_SRC"
  echo "COMMON_SRC := $COMMON_SRC"
  echo "WATCH_SRC := $WATCH_SRC"
} >"$out/checker/replay/build.mk"
printf '%s\n' "$commit" >"$out/checker/replay/VERSION"
for f in $TRUSTED_SRC $WATCH_SRC; do [ -f "$out/$f" ] || { echo "classroom: $f is not exported: add it to export.sh"; exit 1; }; done

# Each graded file carries the stamp too, at its end: a file handed in
# loose still says which version it was written against (submission.sh).
for s in $SECTIONS; do
  printf '\n/* IK & Root Motion workbook, student edition @%s (grading reads this line: keep it) */\n' "$commit" \
    >>"$out/exercises/$s/${s#*_}.c"
  cp "$out/exercises/$s/${s#*_}.c" "$out/checker/stubs/$s/"
done

cp checker/classroom/Makefile.student "$out/Makefile"
mkdir -p "$out/.ci" "$out/.github/workflows"
cp checker/classroom/check.yml "$out/.github/workflows/check.yml"
cp checker/classroom/ci_run.sh "$out/.ci/run"
cp checker/classroom/ci_summary.sh "$out/.ci/summary.sh"
chmod +x "$out/.ci/run" "$out/.ci/summary.sh"
printf 'build/\n*.o\ncompile_commands.json\n' >"$out/.gitignore"

# The student README, with the sections table from the registry.
table_rows=$(for s in $SECTIONS; do
  title=$(sed -n 's/^title: *"\{0,1\}\([^"]*\)"\{0,1\} *$/\1/p' chapters/"$s".md 2>/dev/null | head -1 | sed 's/|/\\|/g')
  file=$(ls exercises/"$s"/*.c | grep -v '/main\.c$' | head -1)
  echo "| \`$s\` | ${title:-$s} | \`$file\` |"
done)
awk -v rows="$table_rows" -v commit="$commit" -v seed="$seed" \
  '{ gsub(/@COMMIT@/, commit); gsub(/@SEED@/, seed) } /^@SECTIONS@$/ { print rows; next } { print }' \
  checker/classroom/README.student.md >"$out/README.md"
echo "classroom: student edition of $commit written to $out ($(find "$out" -type f | wc -l) files, $(du -sh "$out" | cut -f1))"
