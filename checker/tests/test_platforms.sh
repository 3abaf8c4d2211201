#!/usr/bin/env bash
# test_platforms.sh - what Gradescope and PrairieLearn are handed (part of
# make test-grade).
#   test_platforms.sh BUILD CHECKER OBJDIR
# Four submissions - the references, a partial one (02 and 03 done, 06 the
# untouched stub, the rest missing), one
# whose 02 does not compile, and one with no graded file at all - graded
# with a hidden seed into Gradescope's results.json and PrairieLearn's
# external-grader results.json. Each file is read as the platforms read it
# (Python's json, strict UTF-8, no NaN) and must say:
#  - Gradescope: while tests are after_due_date, the top-level output sums
#    the visible tests only (never a total with the hidden points in it) and
#    run_autograder's results.json has no top-level score (Gradescope totals
#    the tests, hidden ones included, the checker's own score); a
#    section that does not compile is one test, its error shown once; test
#    names carry the check's title; every test's tags name its section;
#    extra_data has the checker's version, the compiler and its version,
#    the maximum (no top-level key outside Gradescope's specs) and nothing
#    the seed can be found from; an upload's messages name the student's
#    own files (loose in a wrapping folder here), no grader path and no
#    git advice; an untouched stub's section is one
#    visible test worth all its points that says "not started" and where
#    to start (its checks' given/expected/got are make check's to show), in
#    JUnit too;
#  - PrairieLearn: score in [0, 1] (1 for the references, between 0 and 1
#    for the partial one), tests with name, points, max_points, message and
#    output, the hidden checks one summary a section; the compile failure
#    and the empty submission "gradable": false with format_errors;
#  - and every check that draws random cases is declared CHECK_RANDOM
#    (the hidden re-run), every other CHECK_FIXED.
set -uo pipefail
build=$1 checker=$2 objdir=$3
dir=$build/platforms-test
rm -rf "$dir" && mkdir -p "$dir/subs"
pass=0 fail=0

cp -r solutions "$dir/subs/good"
mkdir -p "$dir/subs/partial" && cp -r solutions/02_law_of_cosines solutions/03_two_bone exercises/06_fabrik "$dir/subs/partial/"
mkdir -p "$dir/subs/no_compile" && cp -r solutions/02_law_of_cosines solutions/03_two_bone "$dir/subs/no_compile/"
printf 'float law_of_cosines_typo(void) { return 1.0f }\n' > "$dir/subs/no_compile/02_law_of_cosines/law_of_cosines.c"
mkdir -p "$dir/subs/empty" && echo "nothing here" > "$dir/subs/empty/README.txt"
seed=4242
for s in good partial no_compile empty; do
  echo "$seed" | "$checker" --root . --dir "$dir/subs/$s" --objdir "$objdir" --work "$dir/work_$s" --no-color \
    --gradescope "$dir/$s.gradescope.json" --prairielearn "$dir/$s.prairielearn.json" --junit "$dir/$s.junit.xml" --hidden-seed-stdin \
    > "$dir/$s.log" 2>&1 || { fail=$((fail + 1)); echo "test-platforms: FAIL: the checker exited $? on $s (see $dir/$s.log)"; }
done

# The partial submission through Gradescope's own run_autograder (this tree
# as its source; no hidden_seed there, so seed 1): what reaches Gradescope.
gs=$dir/gradescope && mkdir -p "$gs" && ln -s "$(pwd)" "$gs/source" && cp -r "$dir/subs/partial" "$gs/submission"
AUTOGRADER=$(pwd)/$gs bash checker/gradescope/run_autograder > "$dir/run_autograder.log" 2>&1 \
  || { fail=$((fail + 1)); echo "test-platforms: FAIL: run_autograder exited $? (see $dir/run_autograder.log)"; }

python3 - "$dir" "$seed" > "$dir/checks.txt" 2>&1 <<'EOF'
import hashlib, json, math, sys
d, seed = sys.argv[1], sys.argv[2]
results = []
def check(ok, what):
    results.append((ok, what))
def no_constant(name):
    raise ValueError(name + ' is not JSON')
def load(path):
    with open(path, encoding='utf-8', errors='strict') as f:
        return json.loads(f.read(), parse_constant=no_constant)
def number(x):
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)
def section_of(name):
    return name.split(' › ')[0]
# the top-level keys of Gradescope's results specs
SPEC = {"score", "execution_time", "output", "output_format", "test_output_format", "test_name_format", "visibility", "stdout_visibility", "extra_data", "tests", "leaderboard"}

# ---- Gradescope ----
for sub in ('good', 'partial', 'no_compile', 'empty'):
    g = load('%s/%s.gradescope.json' % (d, sub))
    tests = g['tests']
    check(all(number(t['score']) and number(t['max_score']) and t['status'] in ('passed', 'failed')
              and t['visibility'] in ('visible', 'after_due_date') and isinstance(t['output'], str) for t in tests),
          '%s: Gradescope tests have their fields' % sub)
    check(all(t.get('tags') == [section_of(t['name'])] for t in tests), '%s: every test is tagged with its section' % sub)
    hidden = [t for t in tests if t['visibility'] == 'after_due_date']
    visible = [t for t in tests if t['visibility'] == 'visible']
    vs, vm = sum(t['score'] for t in visible), sum(t['max_score'] for t in visible)
    if hidden:
        total = '%.2f / %.2f' % (g['score'], g['extra_data']['max_score'])
        check(total not in g['output'] or (vs == g['score'] and vm == g['extra_data']['max_score']),
              '%s: the output does not reveal the total with the hidden points (%r)' % (sub, g['output']))
        check('%.2f / %.2f' % (vs, vm) in g['output'], '%s: the output sums the visible tests (%r)' % (sub, g['output']))
    x = g.get('extra_data', {})
    check(isinstance(x.get('checker_version'), str) and x['checker_version'] not in ('', 'unknown'),
          '%s: extra_data names the checker version (%r)' % (sub, x.get('checker_version')))
    check(isinstance(x.get('compiler'), str) and isinstance(x.get('compiler_version'), str)
          and x['compiler_version'] not in ('', 'unknown'), '%s: extra_data names the compiler and its version' % sub)
    # nothing derived from the seed: a plain hash of it is undone by trying
    # every seed (this one is found among the first 10^4)
    found = [s for s in range(10000) for v in x.values() if isinstance(v, str) and len(v) >= 16
             and v in (hashlib.sha256(str(s).encode()).hexdigest(), hashlib.md5(str(s).encode()).hexdigest(), str(s))]
    check(x.get('seed') == 'hidden' and not found and seed not in json.dumps(x),
          '%s: extra_data says a hidden seed was used, and nothing the seed can be found from (%r)' % (sub, x))
    check(number(x.get('max_score')) and 'max_score' not in g and not set(g) - SPEC,
          '%s: only the top-level keys of Gradescope\'s specs, the maximum in extra_data (%r)' % (sub, sorted(g)))
g = load('%s/partial.gradescope.json' % d)
check(any(t['visibility'] == 'after_due_date' for t in g['tests']) and g['score'] > 0,
      'partial: hidden tests after the due date and some points (else the hidden-total test proves nothing)')
# What run_autograder hands Gradescope while tests are after_due_date: no
# top-level score. Gradescope's specs: "If test cases are hidden, students
# will not be able to see their total score", and a top-level score
# "Overrides total of tests" (whether an override is hidden too, they do not
# say): so none is given, and the total Gradescope makes from the tests is
# the checker's own score, the hidden tests' points in it.
g = load('%s/gradescope/results/results.json' % d)
c = load('build/grade/gradescope_results.json')
hidden = [t for t in g['tests'] if t['visibility'] == 'after_due_date']
check(hidden and 'score' not in g, 'run_autograder: no top-level score while %d tests are after_due_date (%r)'
      % (len(hidden), {k: g[k] for k in g if k != 'tests'}))
check(abs(sum(t['score'] for t in g['tests']) - c['score']) < 1e-9 and 0 < c['score'] < c['extra_data']['max_score'],
      'run_autograder: the tests sum to the checker\'s score, hidden points included (%r, %r)'
      % (sum(t['score'] for t in g['tests']), c['score']))
check(sum(t['score'] for t in hidden) > 0, 'run_autograder: the partial submission has hidden points (else the test proves nothing)')
vs, vm = (sum(t[k] for t in g['tests'] if t['visibility'] == 'visible') for k in ('score', 'max_score'))
check('%.2f / %.2f' % (vs, vm) in g['output'] and '%.2f / %.2f' % (c['score'], c['extra_data']['max_score']) not in g['output'],
      'run_autograder: the output sums the visible tests, not the total (%r)' % g['output'])
check(g['output'].startswith('งานที่ส่ง (layout): section folders'), 'run_autograder: the output names the layout first')
check(g['extra_data'] == c['extra_data'] and g['tests'] == c['tests'] and not set(g) - SPEC,
      'run_autograder: the tests are the checker\'s, unchanged, and only the specs\' keys')
g = load('%s/good.gradescope.json' % d)
check(all(' — ' in t['name'] and t['name'].split(' — ', 1)[1].strip() for t in g['tests']),
      'good: every test name carries the check\'s title')
check(g['score'] == g['extra_data']['max_score'] > 0, 'good: the references score full marks')
g = load('%s/no_compile.gradescope.json' % d)
t02 = [t for t in g['tests'] if section_of(t['name']) == '02_law_of_cosines']
check(len(t02) == 1 and t02[0]['score'] == 0 and t02[0]['max_score'] > 0,
      'no_compile: 02 is one test worth its points (%d tests)' % len(t02))
check(len(t02) == 1 and sum(t['output'].count('(compile error)') for t in g['tests']) == 1,
      'no_compile: the compile error is shown once')
check(any(section_of(t['name']) == '03_two_bone' and t['status'] == 'passed' for t in g['tests']),
      'no_compile: 03 still graded check by check')
g = load('%s/partial.gradescope.json' % d)
t06 = [t for t in g['tests'] if section_of(t['name']) == '06_fabrik']
points06 = sum(float(r.split('\t')[1]) + float(r.split('\t')[2])
               for r in open('checker/sections/06_fabrik/points.tsv', encoding='utf-8') if not r.startswith('#'))
check(len(t06) == 1 and t06[0]['score'] == 0 and abs(t06[0]['max_score'] - points06) < 1e-9
      and t06[0]['visibility'] == 'visible' and '(not started)' in t06[0]['name'] and 'TODO' in t06[0]['output']
      and 'make check S=06_fabrik' in t06[0]['output'], 'partial: the untouched stub 06 is one visible test worth '
      'its %g points that says where to start (%r)' % (points06, [(t['name'], t['max_score']) for t in t06][:3]))
import xml.etree.ElementTree as ET
j = ET.parse('%s/partial.junit.xml' % d).getroot()
j06 = [c for c in j.iter('testcase') if c.get('classname') == '06_fabrik']
check(len(j06) == 1 and j06[0].find('failure') is not None and j06[0].find('failure').get('message') == 'untouched_stub'
      and int(j.get('tests')) == len(list(j.iter('testcase'))), 'partial: JUnit has one failing case for the stub 06')

# ---- PrairieLearn ----
def pl_tests_ok(p):
    return isinstance(p.get('tests'), list) and all(
        isinstance(t.get('name'), str) and number(t.get('points')) and number(t.get('max_points'))
        and isinstance(t.get('message'), str) and isinstance(t.get('output'), str)
        and 0 <= t['points'] <= t['max_points'] for t in p['tests'])
for sub in ('good', 'partial'):
    p = load('%s/%s.prairielearn.json' % (d, sub))
    check(p.get('gradable') is True and number(p.get('score')) and 0 <= p['score'] <= 1,
          '%s: PrairieLearn gradable, score in [0, 1] (%r)' % (sub, p.get('score')))
    check(pl_tests_ok(p), '%s: PrairieLearn tests have name, points, max_points, message, output' % sub)
check(load('%s/good.prairielearn.json' % d)['score'] == 1, 'good: PrairieLearn score 1')
s = load('%s/partial.prairielearn.json' % d)['score']
check(0 < s < 1, 'partial: PrairieLearn score between 0 and 1 (%r)' % s)
check(len([t for t in load('%s/partial.prairielearn.json' % d)['tests'] if section_of(t['name']) == '06_fabrik']) == 1,
      'partial: PrairieLearn has one test for the stub 06')
# a handed-in file that does not compile costs no attempt (PrairieLearn's
# own example of a submission that is not gradable): its errors are the
# format errors, once
p = load('%s/no_compile.prairielearn.json' % d)
fe = p.get('format_errors')
check(p.get('gradable') is False and isinstance(fe, list) and len(fe) == 1 and 'law_of_cosines.c:1:' in fe[0]
      and '(compile error)' in fe[0] and 'score' not in p, 'no_compile: PrairieLearn gradable false, the compile error its format error (%r)' % p)
# no visibility on PrairieLearn: each section's hidden checks are one
# summary (passed of how many, no input), never the hidden cases
p = load('%s/partial.prairielearn.json' % d)
hidden = [t for t in p['tests'] if '(hidden)' in t['name']]
summary = [t for t in p['tests'] if t['name'].endswith('(hidden checks)')]
check(not hidden and summary and all('ให้ (input):' not in t['output'] for t in summary),
      'partial: PrairieLearn shows the hidden checks as summaries only (%d shown one by one)' % len(hidden))
p = load('%s/empty.prairielearn.json' % d)
fe = p.get('format_errors')
check(p.get('gradable') is False and isinstance(fe, list) and fe and all(isinstance(e, str) and e for e in fe),
      'empty: PrairieLearn gradable false with format_errors (%r)' % p)
# ---- the hidden re-run is declared per check (sections.h) ----
# A check that draws cases (check_rng(), in its function or in one it
# calls) must be CHECK_RANDOM, or it would get no hidden re-run and no seed
# sweep; one that draws nothing must be CHECK_FIXED, or its hidden points
# would be the visible ones again. Read from the suites' tables and their
# functions' bodies (05 and 06 share ik_chain_checks.c).
import glob, re
def functions(src):
    """name -> body of every function defined at the start of a line."""
    out = {}
    pattern = r'^[A-Za-z_][\w \*]*?\b(\w+)\([^;{]*?\)\s*\{(?:([^\n]*)\}[ \t]*$|(.*?)^\})'
    for m in re.finditer(pattern, src, re.S | re.M):  # a one-line body, or one closed at the line's start
        out[m.group(1)] = m.group(2) if m.group(2) is not None else m.group(3)
    return out
shared = open('checker/sections/ik_chain_checks.c', encoding='utf-8').read()
for path in sorted(glob.glob('checker/sections/*/suite.c')):
    src = open(path, encoding='utf-8').read()
    bodies = functions(src + ('' if 'ik_chain' not in src else '\n' + shared))
    draws = {f for f, b in bodies.items() if 'check_rng()' in b}
    grew = True
    while grew:  # and whatever calls a function that draws
        more = {f for f, b in bodies.items() if f not in draws and any(re.search(r'\b%s\(' % g, b) for g in draws)}
        draws |= more
        grew = bool(more)
    table = re.findall(r'\{"([a-z0-9_]+)",.*,\s*(\w+),\s*(CHECK_RANDOM|CHECK_FIXED)\}', src)
    check(len(table) > 0, '%s: its table declares CHECK_RANDOM or CHECK_FIXED' % path)
    wrong = [n for n, fn, flag in table if (fn in draws) != (flag == 'CHECK_RANDOM')]
    check(not wrong, '%s: the checks that draw cases are exactly the CHECK_RANDOM ones (%s)' % (path, wrong))
# ---- no two draws in an order C leaves to the compiler (rng_order.py) ----
import subprocess
suites = sorted(glob.glob('checker/sections/*/suite.c')) + ['checker/sections/ik_chain_checks.c']
r = subprocess.run([sys.executable, 'checker/tests/rng_order.py'] + suites, capture_output=True, text=True)
check(r.returncode == 0, 'the suites draw their random numbers in sequenced statements (%s)' % (r.stdout.strip() or r.stderr.strip()))
for ok, what in results:
    print(('ok ' if ok else 'bad ') + what)
EOF

# An upload as students make it: the graded files loose in one wrapping
# folder, 02 with a syntax error, 03 right, the rest not handed in. Every
# message names the student's own file (wrap/law_of_cosines.c:LINE, no
# grader folder), and a missing file's advice is to hand it in, not git.
gs2=$dir/gradescope_loose && mkdir -p "$gs2/submission/wrap" && ln -s "$(pwd)" "$gs2/source"
cp solutions/03_two_bone/two_bone.c "$gs2/submission/wrap/"
printf 'float law_of_cosines_typo(void) { return 1.0f }\n' > "$gs2/submission/wrap/law_of_cosines.c"
AUTOGRADER=$(pwd)/$gs2 bash checker/gradescope/run_autograder > "$dir/run_autograder_loose.log" 2>&1 \
  || { fail=$((fail + 1)); echo "test-platforms: FAIL: run_autograder exited $? on the loose upload"; }
python3 - "$gs2/results/results.json" "$(pwd)" >> "$dir/checks.txt" 2>&1 <<'EOF'
import json, sys
g = json.load(open(sys.argv[1], encoding='utf-8'))
text = json.dumps(g, ensure_ascii=False)
def check(ok, what):
    print(('ok ' if ok else 'bad ') + what)
t02 = [t for t in g['tests'] if t['name'].startswith('02_law_of_cosines')]
check(len(t02) == 1 and 'wrap/law_of_cosines.c:1:' in t02[0]['output'],
      'loose upload: the compile error names the student\'s wrap/law_of_cosines.c (%r)' % [t['output'][:160] for t in t02])
t05 = [t for t in g['tests'] if t['name'].startswith('05_ccd')]
check(len(t05) == 1 and 'wrap/ccd.c' in t05[0]['output'] and 'ส่งไฟล์นี้มาพร้อมกับไฟล์อื่น' in t05[0]['output']
      and 'git checkout' not in t05[0]['output'], 'loose upload: a missing file is named as handed in, with no git advice (%r)'
      % [t['output'][:200] for t in t05])
check('git checkout' not in text and 'build/grade' not in text and '/upload/' not in text and sys.argv[2] not in text,
      'loose upload: no grader path and no git advice anywhere in results.json')
check(any(t['name'].startswith('03_two_bone') and t['status'] == 'passed' for t in g['tests']),
      'loose upload: 03 graded and passing')
EOF
pass=$((pass + $(grep -c '^ok ' "$dir/checks.txt")))
bad=$(grep -v '^ok ' "$dir/checks.txt")
[ -n "$bad" ] && { echo "$bad" | sed 's/^/test-platforms: FAIL: /'; fail=$((fail + $(echo "$bad" | wc -l))); }
echo "test-platforms: $pass passed, $fail failed"
[ "$fail" = 0 ]
