#!/usr/bin/env bash
# test_new_section.sh BUILD - adding a section works as docs/HACKING.md says,
# in the places it says. In a copy of the tree (BUILD/new-section/tree) it
# adds 11_law_of_cosines_copy, a copy of 02 under another slug (files,
# functions, suite and message ids renamed so both link into one checker),
# by editing only two lines of one file:
#   checker/sections.def       its SECTION line and its messages' #include
# and adding only the section's own folders and chapter:
#   checker/sections/<slug>/   suite.c ops.c ops.h messages.def hints.md hints.en.md points.tsv shims.c
#   exercises/<slug>/ solutions/<slug>/   the stub and the reference
#   chapters/<slug>.md
# then builds and checks it end to end: the reference passes every check,
# the untouched stub fails, it is graded with its points, it shows in the
# catalog and in make list, make test-sections passes (and fails, naming
# the file, once a piece is taken away). Finally it compares the copy with
# the tree and fails if anything else had to change.
set -u
build=${1:?usage: test_new_section.sh BUILD}
root=$PWD
work=$root/$build/new-section
tree=$work/tree
new=11_law_of_cosines_copy
t0=$(date +%s)
fail() { echo "test-new-section: FAIL: $*"; exit 1; }

rm -rf "$work" && mkdir -p "$tree" || exit 1
# The project's own files, tracked or new (never build/ or ignored ones).
if git rev-parse --git-dir >/dev/null 2>&1; then
  git ls-files --cached --others --exclude-standard -z | tar --null -cf - -T - 2>/dev/null | tar -xf - -C "$tree"
else
  tar -cf - --exclude=./build . | tar -xf - -C "$tree"
fi || fail "could not copy the tree"
cp -a "$tree" "$work/before"
cd "$tree" || exit 1

# ---- the new section: renamed copies of 02's files -----------------------
rename() { # file -> the file with 02's names turned into the copy's
  sed -e "s/02_law_of_cosines/$new/g" -e 's/law_of_cosines\.\([ch]\)/law_of_cosines_copy.\1/g' \
      -e 's/\<\(elbow_interior_angle\|shoulder_angle\|elbow_bend_angle\)\>/copy_\1/g' \
      -e 's/LAW_OF_COSINES/LAW_OF_COSINES_COPY/g' -e 's/MSG_LOC_/MSG_LOCC_/g' "$1"
}
copy_folder() { # from to
  mkdir -p "$2"
  for f in "$1"/*; do rename "$f" > "$2/$(basename "$f" | sed 's/law_of_cosines/law_of_cosines_copy/')"; done
}
copy_folder checker/sections/02_law_of_cosines "checker/sections/$new"
# a new section names no mistake yet: its hints are tagged for none (02's
# tags name 02's diagnoses, which test-sections refuses elsewhere)
sed -i '/^<!-- for:/d' "checker/sections/$new/hints.md" "checker/sections/$new/hints.en.md"
copy_folder exercises/02_law_of_cosines "exercises/$new"
copy_folder solutions/02_law_of_cosines "solutions/$new"
rename chapters/02_law_of_cosines.md > "chapters/$new.md"

# ---- the two shared lines -------------------------------------------------
sed -i -e '/^SECTION(10,/a SECTION(11, law_of_cosines_copy, LAW_OF_COSINES_COPY, "Law of cosines (a copy)", "§3–4", NO_DEPS, NO_FIGURE)' \
       -e "/^#include \"sections\/10_controller_sync\/messages.def\"/a #include \"sections/$new/messages.def\"" \
       checker/sections.def

# ---- build and check it ----------------------------------------------------
# -O0: the checker is one compiler call over every suite, two thirds of
# this test's time at -O2 (measured 67 of 80 s on the loaded 2-core
# machine); what is tested here is where a section's pieces go, not speed.
# gcc's -Wformat-truncation needs the optimizer's value ranges and speaks
# only at -O0 (check.c's memcheck_summary), so it is off here; make all
# builds the same sources with -O2 -Werror.
fast_flags="-std=c11 -Wall -Wextra -Werror -Wno-format-truncation -fno-math-errno -O0"
nice make --no-print-directory -j2 checker-and-runners CFLAGS_ALL="$fast_flags" > "$work/build.log" 2>&1 || { tail -20 "$work/build.log"; fail "the tree with $new does not build"; }
# the student edition's recording checker links the section's own shims
nice make --no-print-directory build/classroom/record/checker CFLAGS_ALL="$fast_flags" > "$work/record.log" 2>&1 ||
  { tail -20 "$work/record.log"; fail "the student edition's recording checker does not link with $new's shims"; }
nm build/classroom/record/checker | grep -q ' T copy_elbow_interior_angle$' ||
  fail "the recording checker has no shim of $new's copy_elbow_interior_angle"
ck() { build/checker --root . --objdir build/obj --work "$work/w" --no-color "$@"; }
ck --dir solutions --section 11 > "$work/solutions.log" 2>&1 || { cat "$work/solutions.log"; fail "the reference of $new does not pass"; }
ck --dir exercises --section 11 > "$work/exercises.log" 2>&1
[ $? = 1 ] || { cat "$work/exercises.log"; fail "the stub of $new did not fail cleanly (exit 1)"; }
checks=$(build/checker --root . --print-catalog tsv | awk -F'\t' -v s=$new '$1 == "check" && $2 == s' | wc -l)
[ "$checks" -gt 0 ] && [ "$checks" = "$(grep -vc '^#' checker/sections/02_law_of_cosines/points.tsv)" ] \
  || fail "the catalog lists $checks checks of $new"
ck --dir solutions --section 11 --scores "$work/scores.tsv" > "$work/grade.log" 2>&1 &&
  grep -q "^$new	" "$work/scores.tsv" || { cat "$work/grade.log"; fail "$new is not graded with its points"; }
make --no-print-directory list DIR=solutions > "$work/list.log" 2>&1
grep -q "$new" "$work/list.log" || { cat "$work/list.log"; fail "$new is not in make list"; }
bash checker/tests/test_sections.sh build/checker > "$work/sections.log" 2>&1 || { cat "$work/sections.log"; fail "test-sections fails with $new"; }
mv "checker/sections/$new/hints.en.md" "$work/hints.en.md"
bash checker/tests/test_sections.sh build/checker > "$work/sections-missing.log" 2>&1 &&
  fail "test-sections passed with checker/sections/$new/hints.en.md missing"
grep -q "checker/sections/$new/hints.en.md is missing" "$work/sections-missing.log" ||
  { cat "$work/sections-missing.log"; fail "test-sections did not name the missing hints.en.md"; }
mv "$work/hints.en.md" "checker/sections/$new/hints.en.md"

# ---- where it had to change ------------------------------------------------
rm -rf build
changed=$(cd "$work" && diff -rq before tree | sed -n 's|^Files before/\(.*\) and tree/.* differ$|\1|p' | sort)
added=$(cd "$work" && diff -rq before tree | sed -n 's|^Only in tree/\?\(.*\): \(.*\)$|\1/\2|p' | sed 's|^/||' | sort)
removed=$(cd "$work" && diff -rq before tree | grep '^Only in before' || true)
[ -z "$removed" ] || fail "files disappeared: $removed"
expect_changed=checker/sections.def
expect_added=$(printf '%s\n' "chapters/$new.md" "checker/sections/$new" "exercises/$new" "solutions/$new" | sort)
[ "$changed" = "$expect_changed" ] || fail "existing files changed: $(echo $changed) (expected only $(echo $expect_changed))"
[ "$added" = "$expect_added" ] || fail "added: $(echo $added) (expected only $(echo $expect_added))"
lines=$(cd "$work" && diff before/checker/sections.def tree/checker/sections.def | grep -c '^[<>]')
[ "$lines" = 2 ] || fail "checker/sections.def: $lines lines changed (expected the 2 added)"
echo "test-new-section: $new built, reference passes, stub fails, graded, listed, complete ($(( $(date +%s) - t0 )) s);" \
  "edited 1 existing file (checker/sections.def: $lines lines)," \
  "added its own checker/sections/$new/ ($(ls "checker/sections/$new" | wc -l) files), exercises/$new/, solutions/$new/, chapters/$new.md"
rm -rf "$work"
