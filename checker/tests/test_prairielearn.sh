#!/usr/bin/env bash
# test_prairielearn.sh - PrairieLearn end to end, emulated (part of make test).
#   test_prairielearn.sh BUILD CHECKER OBJDIR
# The grader image's /workbook is made as the Dockerfile makes it (this
# tree's files and its built checker, then strip_image.sh): no reference
# source is left in it, not a line of a reference body in any file. The
# course package (make_course.py) has the upload question and one editor
# question per section, each info.json with external grading in the image,
# the entrypoint and a timeout over the checker's budget. Then jobs laid out
# as PrairieLearn lays them out (/grade/student with the files loose,
# /grade/tests, /grade/serverFilesCourse, /grade/data/data.json, and no
# /grade/results) run the entrypoint, and every results.json is checked
# against PrairieLearn's documented format (docs/externalGrading.md: score in
# [0, 1] when gradable, "gradable": false with format_errors otherwise, tests
# with name, points, max_points, message, output; under 1 MB), and says:
# the references score 1; a compile error is not gradable, its errors name
# the student's file; no file is not gradable; before the release date the
# hidden checks are one summary per section with no input, from it each is
# shown; a one-section question grades that section only; the hidden seed
# file is gone after grading.
set -uo pipefail
build=$1 checker=$2 objdir=$3
dir=$build/prairielearn-test
rm -rf "$dir" && mkdir -p "$dir"
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "test-prairielearn: FAIL: $*"; }

# ---- the image's /workbook ----------------------------------------------------
img=$dir/workbook
mkdir -p "$img/build"
git ls-files -z --cached --others --exclude-standard 2>/dev/null | while IFS= read -r -d '' f; do [ -f "$f" ] && printf '%s\0' "$f"; done \
  | xargs -0 cp --parents -t "$img" || bad "could not copy the tracked files"
[ -d "$img/checker" ] || cp -r include checker solutions exercises Makefile "$img/"   # (no git: a copy)
cp -a "$checker" "$img/build/checker" && cp -a "$objdir" "$img/build/obj" || bad "could not copy the built checker"
bash checker/prairielearn/strip_image.sh "$img" || bad "strip_image.sh failed"
[ -z "$(find "$img/solutions" -type f ! -name '*.h')" ] && ok || bad "reference sources left in the image: $(find "$img/solutions" -type f ! -name '*.h' | head -3)"
# no line of a reference body (the lines its header and stub do not share)
python3 - "$img" <<'EOF' > "$dir/leak.log" 2>&1 && ok || bad "a reference body line is in the image: $(head -3 "$dir/leak.log")"
import glob, os, subprocess, sys
img = sys.argv[1]
# the lines only a reference source has: not in any other file the image
# keeps (the book, the tests and the plots quote the reference; they are
# what strip_image.sh removes, and would be caught here if it did not)
removed = ('solutions/', 'chapters/', 'checker/tests/', 'checker/bench/', 'checker/classroom/', 'plots/', 'docs/')
files = subprocess.run(['git', 'ls-files', '--cached', '--others', '--exclude-standard'], capture_output=True,
                       text=True).stdout.split('\n')
kept = set()
for f in files:
    if f and os.path.isfile(f) and not f.startswith(removed) or f.startswith('solutions/') and f.endswith('.h'):
        kept |= {l.strip() for l in open(f, encoding='utf-8', errors='replace')}
probe = set()
for ref in glob.glob('solutions/*/*.c'):
    probe |= {l.strip() for l in open(ref, encoding='utf-8') if len(l.strip()) >= 30 and l.strip() not in kept
              and not l.strip().startswith(('/*', '*', '//'))}
if len(probe) < 100:
    print(f'only {len(probe)} probe lines: the probe proves nothing'); sys.exit(1)
found = []
for root, _, files in os.walk(img):
    for f in files:
        path = os.path.join(root, f)
        data = open(path, 'rb').read()
        if b'\0' in data[:4096]:   # a binary: compiled code, no source text
            continue
        found += [f'{path}: {l.strip()}' for l in data.decode('utf-8', 'replace').split('\n') if l.strip() in probe]
print('\n'.join(found[:5]))
sys.exit(1 if found else 0)
EOF

# ---- the course package ---------------------------------------------------------
course=$dir/course
python3 checker/prairielearn/make_course.py . "$course" example/ik-workbook-grader 4242 2099-01-01 > "$dir/course.log" 2>&1 \
  || bad "make_course.py failed: $(cat "$dir/course.log")"
python3 - "$course" <<'EOF' > "$dir/course_check.log" 2>&1 && ok || bad "the course package: $(cat "$dir/course_check.log")"
import glob, json, os, re, sys
course = sys.argv[1]
errors, uuids = [], set()
qs = sorted(glob.glob(course + '/questions/ik_workbook/*/'))
sections = sorted(os.path.basename(d.rstrip('/')) for d in glob.glob('solutions/[0-9][0-9]_*/'))
if [os.path.basename(q.rstrip('/')) for q in qs] != sections + ['all_sections']:
    errors.append(f'questions {qs}')
for q in qs:
    i = json.load(open(q + 'info.json', encoding='utf-8'))
    g = i.get('externalGradingOptions', {})
    if not (i.get('type') == 'v3' and i.get('gradingMethod') == 'External' and g.get('enabled') is True
            and g.get('image') == 'example/ik-workbook-grader' and g.get('entrypoint') == '/workbook/checker/prairielearn/entrypoint.sh'
            and g.get('serverFilesCourse') == ['ik_workbook/'] and 30 < g.get('timeout', 0) <= 600):
        errors.append(f'{q}info.json: {i}')
    uuids.add(i['uuid'])
    html = open(q + 'question.html', encoding='utf-8').read()
    if '<pl-external-grader-results>' not in html:
        errors.append(f'{q}: no pl-external-grader-results')
    slug = os.path.basename(q.rstrip('/'))
    if slug == 'all_sections':
        m = re.search(r'<pl-file-upload optional-file-names="([^"]*)">', html)
        want = [os.path.basename(p) for s in sections for p in glob.glob(f'exercises/{s}/{s[3:]}.c')]
        if not m or [x.strip() for x in m.group(1).split(',')] != want:
            errors.append(f'the upload question does not take the ten graded files: {m and m.group(1)}')
    else:
        src = slug[3:] + '.c'
        if f'<pl-file-editor file-name="{src}"' not in html or f'source-file-name="{src}"' not in html \
           or open(q + src).read() != open(f'exercises/{slug}/{src}').read() \
           or open(q + 'tests/section').read().strip() != slug:
            errors.append(f'{q}: not an editor question for {src} starting from the stub')
if len(uuids) != len(qs):
    errors.append('question uuids are not unique')
if open(course + '/serverFilesCourse/ik_workbook/hidden_seed').read().strip() != '4242':
    errors.append('no hidden seed in serverFilesCourse')
print('\n'.join(errors)); sys.exit(1 if errors else 0)
EOF

# ---- grading jobs -----------------------------------------------------------------
job() { # NAME QUESTION [RELEASE]: /grade laid out for question QUESTION, student files from $dir/student_NAME
  local g=$dir/grade_$1
  mkdir -p "$g/student" "$g/data" "$g/serverFilesCourse"
  cp -r "$course/serverFilesCourse/ik_workbook" "$g/serverFilesCourse/"
  [ -z "${3:-}" ] || echo "$3" > "$g/serverFilesCourse/ik_workbook/release_hidden"
  [ -d "$course/questions/ik_workbook/$2/tests" ] && cp -r "$course/questions/ik_workbook/$2/tests" "$g/tests"
  cp -r "$dir/student_$1/." "$g/student/" 2>/dev/null
  echo '{"params": {}, "correct_answers": {}, "submitted_answers": {}}' > "$g/data/data.json"
  GRADE_DIR=$PWD/$g WORKBOOK=$PWD/$img bash "$img/checker/prairielearn/entrypoint.sh" > "$dir/$1.log" 2>&1 \
    || bad "$1: the entrypoint exited $?"
}
mkdir -p "$dir/student_good" "$dir/student_broken" "$dir/student_empty" "$dir/student_one" "$dir/student_partial"
for s in solutions/[0-9][0-9]_*/; do s=${s%/}; cp "$s/$(basename "$s" | cut -c4-).c" "$dir/student_good/"; done
mkdir -p "$dir/student_released" && cp "$dir"/student_good/* "$dir/student_released/"
cp solutions/03_two_bone/two_bone.c "$dir/student_broken/"
printf 'float elbow_interior_angle(float a, float b, float d) { return a + b + d }\n' > "$dir/student_broken/law_of_cosines.c"
echo "notes" > "$dir/student_empty/readme.txt"
cp solutions/03_two_bone/two_bone.c "$dir/student_one/"
cp solutions/02_law_of_cosines/law_of_cosines.c exercises/05_ccd/ccd.c "$dir/student_partial/"
job good all_sections
job released all_sections 2000-01-01
job broken all_sections
job empty all_sections
job one 03_two_bone
job partial all_sections
[ ! -e "$dir/grade_good/serverFilesCourse/ik_workbook/hidden_seed" ] && ok || bad "the hidden seed file was left in the job"

python3 - "$dir" <<'EOF' > "$dir/results_check.log" 2>&1 && ok || bad "PrairieLearn results: $(cat "$dir/results_check.log")"
import json, math, os, sys
d = sys.argv[1]
errors = []
def no_constant(name):
    raise ValueError(name + ' is not JSON')
def number(x):
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)
def schema(name, r):
    """PrairieLearn's documented results.json (docs/externalGrading.md)."""
    bad = []
    if not isinstance(r, dict):
        return ['not an object']
    gradable = r.get('gradable', True)
    if not isinstance(gradable, bool): bad.append('gradable is not a boolean')
    if gradable:
        if not (number(r.get('score')) and 0 <= r['score'] <= 1): bad.append(f'score {r.get("score")!r} not in [0, 1]')
    else:
        fe = r.get('format_errors')
        if not (isinstance(fe, str) and fe or isinstance(fe, list) and fe and all(isinstance(e, str) and e for e in fe)):
            bad.append('not gradable without format_errors')
    for k in ('message', 'output'):
        if k in r and not isinstance(r[k], str): bad.append(f'{k} is not a string')
    tests = r.get('tests', [])
    if not isinstance(tests, list): bad.append('tests is not a list')
    else:
        for t in tests:
            if not (isinstance(t, dict) and isinstance(t.get('name'), str) and number(t.get('points'))
                    and number(t.get('max_points')) and 0 <= t['points'] <= t['max_points']
                    and all(isinstance(t.get(k, ''), str) for k in ('description', 'message', 'output'))):
                bad.append(f'malformed test {t!r:.200}'); break
    return bad
res = {}
for name in ('good', 'released', 'broken', 'empty', 'one', 'partial'):
    path = f'{d}/grade_{name}/results/results.json'
    try:
        raw = open(path, 'rb').read()
        if len(raw) >= 1 << 20: errors.append(f'{name}: results.json is {len(raw)} bytes (PrairieLearn takes 1 MB)')
        res[name] = json.loads(raw.decode('utf-8'), parse_constant=no_constant)
    except Exception as e:
        errors.append(f'{name}: no readable results.json ({e})'); continue
    errors += [f'{name}: {b}' for b in schema(name, res[name])]
def check(ok, what):
    if not ok: errors.append(what)
g, rel, br, em, one, pa = (res.get(k, {}) for k in ('good', 'released', 'broken', 'empty', 'one', 'partial'))
check(g.get('gradable') is True and g.get('score') == 1, f'good: gradable, score 1 ({g.get("score")!r})')
names = [t['name'] for t in g.get('tests', [])]
summaries = [t for t in g.get('tests', []) if t['name'].endswith('hidden checks') or 'hidden checks)' in t['name']]
check(summaries and not any('(hidden)' in n for n in names),
      f'good, before the release: the hidden checks are summaries, none shown one by one ({len(summaries)} summaries)')
check(all('ให้ (input):' not in t['output'] and 'given:' not in t['output'] for t in summaries), 'a hidden summary shows an input')
check(any('(hidden)' in t['name'] for t in rel.get('tests', [])) and rel.get('score') == 1,
      'released: from the release date each hidden check is shown')
fe = br.get('format_errors') or []
check(br.get('gradable') is False and any('law_of_cosines.c:1:' in e for e in fe)
      and not any('/grade/' in e or 'ik-grade.' in e or 'upload/' in e for e in fe),
      f'broken: a compile error is not gradable and names the student\'s law_of_cosines.c: {fe!r:.300}')
check(em.get('gradable') is False and em.get('format_errors'), f'empty: not gradable ({em!r:.200})')
sections_one = {t['name'].split(' › ')[0] for t in one.get('tests', [])}
check(one.get('score') == 1 and sections_one == {'03_two_bone'}, f'one: 03 alone graded, score 1 ({sections_one}, {one.get("score")})')
failing = [t for t in pa.get('tests', []) if t['points'] < t['max_points'] and '(hidden)' not in t['name']]
check(pa.get('gradable') is True and 0 < pa.get('score', 0) < 1 and failing,
      f'partial: gradable, a score between 0 and 1 ({pa.get("score")!r})')
print('\n'.join(errors)); sys.exit(1 if errors else 0)
EOF
echo "test-prairielearn: $pass passed, $fail failed"
[ "$fail" = 0 ]
