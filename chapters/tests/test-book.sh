#!/usr/bin/env bash
# test-book.sh - the book's own tests (run by `make test-book`, which has
# just removed build/book). Environment from chapters/book.mk: MAKE, CC,
# BOOK_DIR, BOOK_PAGES, BOOK_SECTIONS.
#
# Checks, each printed as PASS/FAIL, closing with "N passed, N failed":
#   build       `make book-build` works from scratch, both editions, every page
#   errors      a misspelled snippet / file / anchor, a heading without an id
#               and a solutions/ path each stop the build, naming file and marker
#   markers     no include marker is left unresolved in the HTML
#   editions    instructor-only blocks appear in the instructor edition only
#   coverage    every graded region of every section in the book is shown
#   no-leak     the student HTML holds no line of any solution body (compared
#               as text after stripping tags and unescaping), while the
#               instructor HTML holds every one of them (so the probe works)
#   links       every internal link, anchor and image resolves; nothing
#               is loaded from the network
#   headings    every heading has an explicit ASCII id
#   math        formulas are MathML, no TeX left over
#   fonts       a font of the CSS stack covers Thai
#   screenshot  headless Chromium renders a chapter; the PNG is not blank
#   layout      no formula, table or figure is wider than the page (Chromium)
set -u
export LC_COLLATE=C   # sort and comm must agree on the order
cd "$(dirname "$0")/../.."

MAKE=${MAKE:-make}
CC=${CC:-cc}
BOOK_DIR=${BOOK_DIR:-build/book}
BOOK_PAGES=${BOOK_PAGES:?BOOK_PAGES not set (run through make test-book)}
BOOK_SECTIONS=${BOOK_SECTIONS:-}
WORK=build/book-test
mkdir -p "$WORK"

passed=0
failed=0
pass() { echo "PASS  $1"; passed=$((passed + 1)); }
fail() { echo "FAIL  $1"; failed=$((failed + 1)); }
detail() { sed 's/^/      /' | head -n "${2:-20}"; }

t0=$(date +%s)

# ---- build ---------------------------------------------------------------
if $MAKE --no-print-directory book-figures book-build >"$WORK/build.log" 2>&1; then
  missing=""
  for e in student instructor; do
    first=1
    for p in $BOOK_PAGES; do
      if [ $first = 1 ]; then f="$BOOK_DIR/$e/index.html"; first=0; else f="$BOOK_DIR/$e/$p.html"; fi
      [ -s "$f" ] || missing="$missing $f"
    done
    [ -s "$BOOK_DIR/$e/book.css" ] || missing="$missing $BOOK_DIR/$e/book.css"
  done
  if [ -z "$missing" ]; then
    pass "build: make book from scratch -> $(echo $BOOK_PAGES | wc -w) pages x 2 editions ($(( $(date +%s) - t0 )) s)"
  else
    fail "build: missing output:$missing"
  fi
else
  fail "build: make book-build failed"; detail <"$WORK/build.log" 40
  echo "$passed passed, $failed failed"
  exit 1
fi

# ---- errors: a broken marker stops the build, naming file and marker ------
filter_run() { # $1 = markdown text; prints pandoc's output, returns its status
  printf '%s\n' "$1" >"$WORK/broken.md"
  pandoc "$WORK/broken.md" --from markdown-auto_identifiers --to html5 \
    --lua-filter chapters/filters/book.lua -M edition=student -M book-page=broken \
    -M "book-pages=broken" -o "$WORK/broken.html" 2>&1
}
expect_error() { # $1 = name, $2 = markdown, $3.. = strings the message must name
  local name=$1 md=$2; shift 2
  local out status
  out=$(filter_run "$md"); status=$?
  if [ $status = 0 ]; then fail "errors: $name: the build did not stop"; return; fi
  for s in "$@"; do
    case $out in
      *"$s"*) ;;
      *) fail "errors: $name: message does not name '$s'"; echo "$out" | detail; return ;;
    esac
  done
  pass "errors: $name stops the build ($(echo "$out" | grep -m1 -o '\[book.lua\].*' | cut -c1-90))"
}
SNIP_FILE=$(ls solutions/*/*.c | head -1)
SNIP_REL=${SNIP_FILE#solutions/}
expect_error "misspelled snippet" \
  "# T {#t}
\`\`\`{.c include=\"$SNIP_REL\" snippet=\"no_such_snippet\"}
\`\`\`" "$SNIP_REL" "no_such_snippet" "broken.md"
expect_error "misspelled file" \
  '# T {#t}
```{.c include="03_two_bone/two_boen.c" snippet="two_bone_solve"}
```' "two_boen.c" "broken.md"
expect_error "missing anchor" \
  '# T {#t}
```{.c include="include/ik_chain.h" start="no such anchor text" end="}"}
```' "include/ik_chain.h" "no such anchor text"
expect_error "solutions/ path in the text" \
  '# T {#t}
```{.c include="solutions/03_two_bone/two_bone.c"}
```' "solutions/03_two_bone/two_bone.c"
expect_error "heading without an id" '# หัวข้อภาษาไทย' "หัวข้อภาษาไทย" "{#"
expect_error "unknown check section" '# T {#t}
::: {.checks section="42_nothing"}
:::' "42_nothing"

# ---- HTML as text: tags stripped, entities unescaped, spaces collapsed ----
html_text() { # files... -> one normalized text line per HTML line
  cat "$@" | sed -e 's/<[^>]*>//g' \
    -e 's/&lt;/</g' -e 's/&gt;/>/g' -e 's/&quot;/"/g' -e "s/&#39;/'/g" -e "s/&#x27;/'/g" \
    -e 's/&amp;/\&/g' -e 's/[[:space:]][[:space:]]*/ /g' -e 's/^ //' -e 's/ $//'
}
html_text "$BOOK_DIR"/student/*.html >"$WORK/student.txt"
html_text "$BOOK_DIR"/instructor/*.html >"$WORK/instructor.txt"

# ---- markers ---------------------------------------------------------------
# The real region names of the sources, and include attributes that pandoc
# would have written out as data-* had the filter skipped a block.
names=$(sed -n 's/.*\/\*[[:space:]]*@snippet[[:space:]]\{1,\}\([A-Za-z0-9_]*\).*/\1/p' exercises/*/*.c solutions/*/*.c | sort -u)
pattern='data-(include|snippet|function|lines|start|end)='
for n in $names; do pattern="$pattern|@(snippet|end) $n "; done
left=$(grep -n -E "$pattern" "$BOOK_DIR"/student/*.html "$BOOK_DIR"/instructor/*.html)
if [ -z "$left" ]; then pass "markers: no include marker left in the HTML"
else fail "markers: unresolved markers in the HTML"; echo "$left" | detail; fi

# ---- editions: instructor-only blocks only in the instructor edition -------
in_student=$(grep -l -E 'class="instructor-note"|ไฟล์เฉลยฉบับเต็ม|instructor edition' "$BOOK_DIR"/student/*.html)
n_notes=$(grep -o 'class="instructor-note"' "$BOOK_DIR"/instructor/*.html | wc -l)
if [ -z "$in_student" ] && [ "$n_notes" -gt 0 ]; then
  pass "editions: $n_notes instructor notes in the instructor edition, none in the student edition"
else
  fail "editions: instructor-only content in the student edition ($in_student) or no notes in the instructor one ($n_notes)"
fi

# ---- coverage: every graded region of the book's sections is shown --------
book_sections=""
for s in $BOOK_SECTIONS; do case " $BOOK_PAGES " in *" $s "*) book_sections="$book_sections $s" ;; esac; done
not_shown=""
for e in student instructor; do
  tree=exercises; [ $e = instructor ] && tree=solutions
  cat "$BOOK_DIR"/$e/manifest/*.txt >"$WORK/$e.manifest"
  for s in $book_sections; do
    for f in $tree/$s/*.c; do
      for name in $(sed -n 's/.*\/\*[[:space:]]*@snippet[[:space:]]\{1,\}\([A-Za-z0-9_]*\).*/\1/p' "$f"); do
        grep -qx -e "$f#$name" -e "$f" "$WORK/$e.manifest" || not_shown="$not_shown $e:$f#$name"
      done
    done
    for h in $tree/$s/*.h; do
      grep -qx "$h" "$WORK/$e.manifest" || not_shown="$not_shown $e:$h"
    done
  done
done
if [ -z "$not_shown" ]; then pass "coverage: every graded function and section header of$book_sections is in both editions"
else fail "coverage: not shown in the book:$not_shown"; fi
for s in $BOOK_SECTIONS; do
  case " $BOOK_PAGES " in *" $s "*) ;; *) echo "WARN  coverage: section $s has solutions/ but no chapters/$s.md yet" ;; esac
done

# ---- no-leak: solution bodies never in the student edition ----------------
# Lines of every solutions/ snippet region, minus short ones and lines that
# are public anyway (they occur in exercises/ or include/).
for f in solutions/*/*.c; do
  awk '/\/\*[ \t]*@snippet[ \t]/ {inside=1; next} /\/\*[ \t]*@end[ \t]/ {inside=0; next} inside' "$f"
done | sed -e 's/[[:space:]][[:space:]]*/ /g' -e 's/^ //' -e 's/ $//' | sort -u >"$WORK/solution-lines.all"
cat exercises/*/* include/* 2>/dev/null | sed -e 's/[[:space:]][[:space:]]*/ /g' -e 's/^ //' -e 's/ $//' |
  sort -u >"$WORK/public-lines"
probe() { # $1 = lines to look for, $2 = text file; prints those found in it
  awk 'NR == FNR { want[NR] = $0; n = NR; next }
       { for (i = 1; i <= n; i++) if (!(i in seen) && index($0, want[i])) seen[i] = 1 }
       END { for (i = 1; i <= n; i++) if (i in seen) print want[i] }' "$1" "$2"
}
# A line that occurs inside public text (even as part of a longer line, such
# as "vec3 normal;" in a commented header field) gives nothing away.
awk 'length($0) >= 12 && /[A-Za-z]/' "$WORK/solution-lines.all" >"$WORK/solution-lines.long"
probe "$WORK/solution-lines.long" "$WORK/public-lines" >"$WORK/solution-lines.public"
comm -23 "$WORK/solution-lines.long" "$WORK/solution-lines.public" >"$WORK/solution-lines"
probe "$WORK/solution-lines" "$WORK/student.txt" >"$WORK/leaks"
probe "$WORK/solution-lines" "$WORK/instructor.txt" >"$WORK/instructor-found"
n_lines=$(wc -l <"$WORK/solution-lines")
n_leaks=$(wc -l <"$WORK/leaks")
n_found=$(wc -l <"$WORK/instructor-found")
# Sections whose chapter is not written yet cannot be in the instructor HTML.
n_expected=0
for f in solutions/*/*.c; do
  s=$(basename "$(dirname "$f")")
  case " $BOOK_PAGES " in *" $s "*) ;; *) continue ;; esac
  awk '/\/\*[ \t]*@snippet[ \t]/ {inside=1; next} /\/\*[ \t]*@end[ \t]/ {inside=0; next} inside' "$f"
done | sed -e 's/[[:space:]][[:space:]]*/ /g' -e 's/^ //' -e 's/ $//' | sort -u |
  comm -12 - "$WORK/solution-lines" >"$WORK/solution-lines.in-book"
n_expected=$(wc -l <"$WORK/solution-lines.in-book")
if [ "$n_lines" -lt 50 ]; then
  fail "no-leak: only $n_lines solution lines to probe with (extraction broken?)"
elif [ "$n_leaks" = 0 ]; then
  pass "no-leak: none of $n_lines solution-body lines appears in the student HTML"
else
  fail "no-leak: $n_leaks solution-body lines appear in the student HTML"; detail <"$WORK/leaks"
fi
missing_in_instructor=$(comm -23 "$WORK/solution-lines.in-book" <(sort -u "$WORK/instructor-found"))
if [ -z "$missing_in_instructor" ]; then
  pass "no-leak probe: the instructor HTML shows all $n_expected solution lines of the book's sections ($n_found found)"
else
  fail "no-leak probe: solution lines missing from the instructor HTML"; echo "$missing_in_instructor" | detail
fi

# ---- links, anchors, images; nothing from the network ----------------------
link_problems=""
for e in student instructor; do
  dir="$BOOK_DIR/$e"
  (cd "$dir" && find . -type f | sed 's|^\./||' | awk '{print "FILE", $0}') >"$WORK/$e.targets"
  for f in "$dir"/*.html; do
    b=$(basename "$f")
    grep -o ' id="[^"]*"' "$f" | sed "s|^ id=\"\(.*\)\"$|ID $b#\1|"
  done >>"$WORK/$e.targets"
  for f in "$dir"/*.html; do
    b=$(basename "$f")
    grep -o -E '(href|src)="[^"]*"' "$f" | sed -E "s/^(href|src)=\"(.*)\"$/$b \2/"
  done >"$WORK/$e.links"
  problems=$(awk '
    NR == FNR { if ($1 == "FILE") file[$2] = 1; else id[$2] = 1; next }
    {
      from = $1; url = $2
      if (url ~ /^(https?:)?\/\//) { print from ": loads from the network: " url; next }
      if (url ~ /^[a-z]+:/) next
      n = index(url, "#")
      path = n ? substr(url, 1, n - 1) : url
      frag = n ? substr(url, n + 1) : ""
      if (path == "") path = from
      if (!(path in file)) { print from ": no such file: " url; next }
      if (frag != "" && !((path "#" frag) in id)) print from ": no such anchor: " url
    }' "$WORK/$e.targets" "$WORK/$e.links")
  [ -n "$problems" ] && link_problems="$link_problems$problems"$'\n'
  n_links=$(( ${n_links:-0} + $(wc -l <"$WORK/$e.links") ))
done
if [ -z "$link_problems" ]; then pass "links: all $n_links links, anchors and images resolve offline"
else fail "links: broken"; echo "$link_problems" | detail 30; fi

# ---- headings -------------------------------------------------------------
bad_headings=$(grep -o -h '<h[1-6][^>]*>' "$BOOK_DIR"/student/*.html "$BOOK_DIR"/instructor/*.html |
  grep -v -E 'id="[A-Za-z][A-Za-z0-9_-]*"' | sort -u)
n_headings=$(grep -o -h '<h[1-6][^>]*>' "$BOOK_DIR"/student/*.html | wc -l)
if [ -z "$bad_headings" ]; then pass "headings: all $n_headings headings (per edition) have an ASCII id"
else fail "headings: without an ASCII id"; echo "$bad_headings" | detail; fi

# ---- math -----------------------------------------------------------------
n_math=$(grep -o '<math' "$BOOK_DIR"/student/*.html | wc -l)
# A formula pandoc could not convert stays TeX inside its span, without <math>.
tex_left=$(grep -l -E 'class="math (inline|display)">[^<]' "$BOOK_DIR"/student/*.html "$BOOK_DIR"/instructor/*.html)
if [ "$n_math" -gt 50 ] && [ -z "$tex_left" ]; then pass "math: $n_math MathML formulas, no TeX left"
else fail "math: $n_math MathML formulas; TeX left in: $tex_left"; fi

# ---- fonts ----------------------------------------------------------------
thai_fonts=$(fc-list :lang=th family 2>/dev/null | tr ',' '\n' | grep -x -E 'Garuda|Loma|Norasi|Tlwg Typo|TlwgTypo' | sort -u | tr '\n' ' ')
if [ -n "$thai_fonts" ]; then pass "fonts: Thai covered by the CSS stack ($thai_fonts)"
else fail "fonts: none of Garuda/Loma/Norasi/Tlwg Typo is installed (fonts-thai-tlwg)"; fi

# ---- screenshots ------------------------------------------------------------
# A chapter (Thai prose, inline math, a figure) and the worked exercises
# (display formulas), as a reader opens them; each PNG must not be blank.
shots=""
for p in 02_law_of_cosines 90_worked_exercises; do
  case " $BOOK_PAGES " in *" $p "*) shots="$shots $p" ;; esac
done
[ -n "$shots" ] || shots=$(echo $BOOK_PAGES | awk '{print $2}')
if $CC -std=c11 -O2 -Wall -Wextra -Werror chapters/tests/pngstat.c -lz -o "$WORK/pngstat" 2>"$WORK/pngstat.log"; then
  for shot_page in $shots; do
    png="$WORK/$shot_page.png"
    profile=$(mktemp -d)
    timeout 90 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
      --disable-background-networking --disable-component-update --disable-sync \
      --user-data-dir="$profile" --screenshot="$PWD/$png" --window-size=1200,1600 \
      "file://$PWD/$BOOK_DIR/student/$shot_page.html" >"$WORK/chromium.log" 2>&1
    rm -rf "$profile"
    if [ -s "$png" ] && stats=$("$WORK/pngstat" "$png"); then
      read -r w h nonwhite dark total <<<"$stats"
      pct=$(( nonwhite * 1000 / total ))
      if [ "$w" = 1200 ] && [ "$h" = 1600 ] && [ "$pct" -ge 20 ] && [ "$pct" -le 900 ] && [ "$dark" -ge 5000 ]; then
        pass "screenshot: $png ${w}x${h}, $((pct / 10)).$((pct % 10))% drawn, $dark dark (text) pixels"
      else
        fail "screenshot: $png looks blank or wrong: ${w}x${h}, nonwhite $nonwhite of $total, dark $dark"
      fi
    else
      fail "screenshot: Chromium wrote no readable PNG for $shot_page"; detail <"$WORK/chromium.log"
    fi
  done
else
  fail "screenshot: cannot compile chapters/tests/pngstat.c (zlib1g-dev?)"; detail <"$WORK/pngstat.log"
fi

# ---- layout: every formula, table and figure fits the column ---------------
# Each student page, copied with a small script that lists the block formulas,
# tables and images wider than their box or the window (1200 px); Chromium
# runs it and we read the list back from the DOM. Code blocks may scroll.
mkdir -p "$WORK/layout"
cp -r "$BOOK_DIR/student/book.css" "$BOOK_DIR/student/plots" "$WORK/layout/"
probe_js='<script>var out=[];document.querySelectorAll("math[display=block], table, img").forEach(function(e){if(e.scrollWidth>e.clientWidth+1||e.getBoundingClientRect().right>document.documentElement.clientWidth)out.push(e.tagName+" "+e.scrollWidth+"px: "+(e.textContent||e.getAttribute("src")||"").replace(/\s+/g," ").slice(0,60));});if(document.documentElement.scrollWidth>document.documentElement.clientWidth)out.push("page "+document.documentElement.scrollWidth+"px");document.body.setAttribute("data-too-wide",out.join(" | ")||"none");</script>'
too_wide=""
for f in "$BOOK_DIR"/student/*.html; do
  b=$(basename "$f")
  awk -v js="$probe_js" '{ sub(/<\/body>/, js "</body>") } 1' "$f" >"$WORK/layout/$b"
  profile=$(mktemp -d)
  verdict=$(timeout 60 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync --user-data-dir="$profile" \
    --window-size=1200,1600 --dump-dom "file://$PWD/$WORK/layout/$b" 2>/dev/null |
    grep -o 'data-too-wide="[^"]*"' | sed 's/^data-too-wide="//; s/"$//')
  rm -rf "$profile"
  case $verdict in
    none) ;;
    "") too_wide="$too_wide$b: Chromium gave no answer"$'\n' ;;
    *) too_wide="$too_wide$b: $verdict"$'\n' ;;
  esac
done
if [ -z "$too_wide" ]; then pass "layout: every formula, table and figure fits a 1200 px window ($(ls "$BOOK_DIR"/student/*.html | wc -l) pages)"
else fail "layout: too wide"; printf '%s' "$too_wide" | detail; fi

echo "test-book: $(( $(date +%s) - t0 )) s"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
