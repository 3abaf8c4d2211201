#!/usr/bin/env python3
"""The checker's own mutation test (issue 15).

Makes single-token mutants of the reference graded files
(solutions/NN_slug/<name>.c) and grades each one the way
`make check S=<slug>` does (a submission folder holding only that section,
visible seed 1, default budgets). A mutant the checker passes "survives": a
wrong solution that would get full marks, unless it is listed as equivalent
(checker/tests/mutants_equivalent.txt: id and a one-line reason) because it
does not change what the code computes.

Only code is mutated, never comments, strings, character constants or
preprocessor lines. A mutant that does not compile with -Werror is
"stillborn" (a student would see the compile error) and not counted.

Each mutant has an id that survives unrelated edits of the reference:

    <slug>:<line hash>.<n>:<token>#<k>><replacement>

<line hash> is 8 hex digits of SHA-1 over the line's code tokens (comments
and spacing left out), <n> the n-th line of the file with that same code,
<token>#<k> the k-th occurrence of that token text on the line. A deleted
statement is `stmt#<k>>del` (the k-th statement starting on the line).

Usage (normally through make, checker/tests/mutants.mk):
    mutants.py run [--section S]... [--all | --per-section N | --ids FILE]
                   [--jobs 2] [--fail-on-survivor] [--report FILE]
    mutants.py list [--section S]... [--all | --per-section N]
    mutants.py show ID...
"""

import argparse
import hashlib
import os
import re
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

# ---- tokenizer ----------------------------------------------------------

PUNCT = ["<<=", ">>=", "...", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||",
         "+=", "-=", "*=", "/=", "%=", "&=", "^=", "|="]
TOKEN_RE = re.compile(r"""
    (?P<ws>[ \t\r\f\v]+|\n)
  | (?P<comment>/\*.*?\*/|//[^\n]*)
  | (?P<string>"(?:\\.|[^"\\\n])*")
  | (?P<char>'(?:\\.|[^'\\\n])*')
  | (?P<number>0[xX][0-9a-fA-F]+[uUlL]*|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?[fFlLuU]*)
  | (?P<ident>[A-Za-z_]\w*)
  | (?P<punct>""" + "|".join(re.escape(p) for p in PUNCT) + r"""|[][(){};,.<>+\-*/%=!&|^~?:])
""", re.X | re.S)

KEYWORDS = {"auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else",
            "enum", "extern", "float", "for", "goto", "if", "inline", "int", "long", "register",
            "restrict", "return", "short", "signed", "sizeof", "static", "struct", "switch",
            "typedef", "union", "unsigned", "void", "volatile", "while", "_Bool", "_Static_assert"}


class Tok:
    __slots__ = ("kind", "text", "start", "end", "line")

    def __init__(self, kind, text, start, end, line):
        self.kind, self.text, self.start, self.end, self.line = kind, text, start, end, line


def tokenize(src):
    """Code tokens only (comments, strings, chars and preprocessor lines are
    kept as 'other' so nothing mutates them)."""
    toks = []
    pos, line, at_line_start = 0, 1, True
    n = len(src)
    while pos < n:
        if at_line_start:
            m = re.match(r"[ \t]*#", src[pos:pos + 200])
            if m:
                # a preprocessor line, with its backslash continuations
                end = pos
                while True:
                    nl = src.find("\n", end)
                    if nl < 0:
                        nl = n
                    if nl > 0 and src[nl - 1] == "\\" and nl < n:
                        end = nl + 1
                        continue
                    break
                line += src.count("\n", pos, nl)
                pos = nl
                continue
        m = TOKEN_RE.match(src, pos)
        if not m:
            raise SystemExit("mutants: cannot tokenize at line %d: %r" % (line, src[pos:pos + 20]))
        kind = m.lastgroup
        text = m.group()
        if kind == "ws":
            if text == "\n":
                line += 1
                at_line_start = True
            pos = m.end()
            continue
        at_line_start = False
        if kind not in ("comment", "string", "char"):
            toks.append(Tok(kind, text, pos, m.end(), line))
        elif kind == "string":
            toks.append(Tok("string", text, pos, m.end(), line))
        line += text.count("\n")
        pos = m.end()
    return toks


# ---- mutation operators ---------------------------------------------------

ARITH = {"+": ["-"], "-": ["+"], "*": ["/"], "/": ["*"],
         "+=": ["-="], "-=": ["+="], "*=": ["/="], "/=": ["*="]}
COMPARE = {"<": ["<=", ">"], "<=": ["<", ">"], ">": [">=", "<"], ">=": [">", "<"],
           "==": ["!="], "!=": ["=="]}
LOGICAL = {"&&": ["||"], "||": ["&&"]}
INCDEC = {"++": ["--"], "--": ["++"]}
# math functions swapped; "" drops the call, leaving its parenthesised argument
FUNCS = {"sinf": ["cosf"], "cosf": ["sinf"], "acosf": ["asinf"], "asinf": ["acosf"],
         "tanf": ["sinf"], "fminf": ["fmaxf"], "fmaxf": ["fminf"],
         "sqrtf": ["fabsf"], "fabsf": [""], "floorf": ["ceilf"], "ceilf": ["floorf"],
         "roundf": ["floorf"], "fmodf": ["remainderf"], "expf": ["logf"],
         "v3_add": ["v3_sub"], "v3_sub": ["v3_add"], "v3_dot": ["v3_distance"],
         "v3_normalize": [""], "v3_length": ["v3_length_sq"], "v3_length_sq": ["v3_length"],
         "quat_conjugate": [""], "quat_normalize": [""]}
OPERAND_END = ("ident", "number")


def is_operand_end(t):
    return t is not None and (t.kind in OPERAND_END or t.kind == "string" or t.text in (")", "]"))


def number_variants(text):
    """0<->1, c+1, -c, c*2, 0 for a numeric constant, written as C of the same type."""
    m = re.fullmatch(r"((?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)([fFlLuU]*)", text)
    if not m:
        return []  # hex constants are left alone
    body, suffix = m.groups()
    is_float = any(c in body for c in ".eE") or "f" in suffix.lower()
    value = float(body)
    if is_float:
        def fmt(v):
            s = repr(float(v))
            if "inf" in s or "nan" in s:
                return None
            if not any(c in s for c in ".e"):
                s += ".0"
            return s + suffix
    else:
        def fmt(v):
            return str(int(v)) + suffix
    out = []
    # -0 is left out: it compares and adds like 0, so it would only pile up
    # equivalent mutants
    cands = [1 if value == 0 else (0 if value == 1 else None), value + 1, -value if value else None,
             value * 2, 0]
    for v in cands:
        if v is None:
            continue
        s = fmt(v)
        if s is None:
            continue
        if v < 0 or (v == 0 and str(s).startswith("-")):
            s = "(" + s + ")"
        if float(re.sub(r"[()fFlLuU]", "", s)) == value and not s.startswith("("):
            continue
        if s not in out and s != text:
            out.append(s)
    return out


def statement_spans(toks):
    """(first token index, index of the closing ';') of every expression
    statement worth deleting: an assignment, compound assignment, ++/-- or
    call statement. Declarations, returns and control flow are left alone."""
    spans = []
    depth = 0
    ctrl_parens = []  # paren depths at which an if/for/while condition opened
    stmt_start = True
    i = 0
    n = len(toks)
    while i < n:
        t = toks[i]
        if stmt_start and t.kind == "ident" and t.text not in KEYWORDS and i + 1 < n \
                and toks[i + 1].text in ("=", "+=", "-=", "*=", "/=", "(", "[", ".", "->", "++", "--"):
            # find the ';' closing it at the same nesting
            d = 0
            j = i
            while j < n:
                x = toks[j].text
                if x in "([{":
                    d += 1
                elif x in ")]}":
                    d -= 1
                    if d < 0:
                        break
                elif x == ";" and d == 0:
                    break
                j += 1
            if j < n and toks[j].text == ";":
                body = toks[i:j]
                top = []
                d = 0
                for b in body:
                    if b.text in "([{":
                        d += 1
                    elif b.text in ")]}":
                        d -= 1
                    elif d == 0:
                        top.append(b.text)
                is_assign = any(x in ("=", "+=", "-=", "*=", "/=", "++", "--") for x in top)
                is_call = toks[i + 1].text == "(" and toks[j - 1].text == ")"
                if is_assign or is_call:
                    spans.append((i, j))
        # where does the next statement start?
        x = t.text
        stmt_start = False
        if x in (";", "{", "}") and not (ctrl_parens and x == ";"):
            stmt_start = True
        elif x == "else" or x == "do":
            stmt_start = True
        elif x == "(":
            depth += 1
            if i > 0 and toks[i - 1].text in ("if", "while", "for", "switch"):
                ctrl_parens.append(depth)
        elif x == ")":
            if ctrl_parens and ctrl_parens[-1] == depth:
                ctrl_parens.pop()
                stmt_start = True
            depth -= 1
        i += 1
    return spans


def line_keys(toks):
    """line number -> (hash, occurrence) over the code tokens of the line."""
    by_line = {}
    for t in toks:
        by_line.setdefault(t.line, []).append(t.text)
    seen = {}
    keys = {}
    for ln in sorted(by_line):
        code = " ".join(by_line[ln])
        h = hashlib.sha1(code.encode()).hexdigest()[:8]
        seen[h] = seen.get(h, 0) + 1
        keys[ln] = "%s.%d" % (h, seen[h])
    return keys


class Mutant:
    __slots__ = ("id", "slug", "line", "start", "end", "repl", "klass", "orig")

    def __init__(self, mid, slug, line, start, end, repl, klass, orig):
        self.id, self.slug, self.line, self.start, self.end = mid, slug, line, start, end
        self.repl, self.klass, self.orig = repl, klass, orig


def make_mutants(slug, src):
    toks = tokenize(src)
    keys = line_keys(toks)
    muts = []
    tok_occ = {}

    def occ(line, text):
        k = (line, text)
        tok_occ[k] = tok_occ.get(k, 0) + 1
        return tok_occ[k]

    def add(t, k, repl, klass, start=None, end=None, label=None):
        label = label if label is not None else t.text
        mid = "%s:%s:%s#%d>%s" % (slug, keys[t.line], label, k, repl if repl != "" else "drop")
        muts.append(Mutant(mid, slug, t.line, t.start if start is None else start,
                           t.end if end is None else end, repl, klass, label))

    for i, t in enumerate(toks):
        if t.kind == "string":
            continue
        k = occ(t.line, t.text)
        prev = toks[i - 1] if i > 0 else None
        x = t.text
        if x in ARITH:
            if x in ("+", "-", "*") and not is_operand_end(prev):
                if x == "-":
                    add(t, k, "", "unary-minus")  # unary minus dropped
                continue  # unary + / pointer * / deref
            for r in ARITH[x]:
                add(t, k, r, "arith")
        elif x in COMPARE:
            for r in COMPARE[x]:
                add(t, k, r, "compare")
        elif x in LOGICAL:
            for r in LOGICAL[x]:
                add(t, k, r, "logical")
        elif x == "!":
            add(t, k, "", "logical")
        elif x in INCDEC:
            for r in INCDEC[x]:
                add(t, k, r, "incdec")
        elif t.kind == "number":
            for r in number_variants(x):
                add(t, k, r, "constant")
        elif t.kind == "ident" and x in FUNCS and i + 1 < len(toks) and toks[i + 1].text == "(":
            for r in FUNCS[x]:
                add(t, k, r, "function")
    # statement deletion
    stmt_occ = {}
    for a, b in statement_spans(toks):
        ln = toks[a].line
        stmt_occ[ln] = stmt_occ.get(ln, 0) + 1
        t = toks[a]
        mid = "%s:%s:stmt#%d>del" % (slug, keys[ln], stmt_occ[ln])
        muts.append(Mutant(mid, slug, ln, toks[a].start, toks[b].end, ";", "delete",
                           src[toks[a].start:toks[b].end]))
    ids = [m.id for m in muts]
    assert len(ids) == len(set(ids)), "duplicate mutant ids in " + slug
    return muts


def apply(src, m):
    return src[:m.start] + m.repl + src[m.end:]


SAMPLE_HEADER = """\
# The mutants make test runs (make test-mutants): one mutant id a line; each
# must be killed (fail its section) or make test fails. `#survives <id>`
# lines are mutants the checker did not catch when this file was written:
# once a stronger check lands, delete the "#survives " (or regenerate with
# make mutants-sample, which keeps the ones then killed active).
# python3 checker/tests/mutants.py show <id> prints a mutant's diff.
"""


# ---- running ----------------------------------------------------------------

def section_name(slug):
    return slug.split("_", 1)[1]


def load_equivalent(path):
    eq = {}
    if not os.path.exists(path):
        return eq
    with open(path, encoding="utf-8") as f:
        for ln in f:
            ln = ln.strip()
            if not ln or ln.startswith("#"):
                continue
            parts = ln.split(None, 1)
            eq[parts[0]] = parts[1] if len(parts) > 1 else ""
    return eq


def load_ids(path):
    ids = []
    with open(path, encoding="utf-8") as f:
        for ln in f:
            ln = ln.split("#", 1)[0].strip() if ln.lstrip().startswith("#") else ln.strip()
            if ln:
                ids.append(ln.split()[0])
    return ids


def sample_key(mid):
    return hashlib.sha1(mid.encode()).hexdigest()


def diff_line(src, m):
    """The original line(s) and the mutated line(s), for the report."""
    a = src.rfind("\n", 0, m.start) + 1
    b = src.find("\n", m.end)
    b = len(src) if b < 0 else b
    old = src[a:b]
    new = src[a:m.start] + m.repl + src[m.end:b]
    old_l = ["- " + s for s in old.split("\n")]
    new_l = ["+ " + s for s in new.split("\n")]
    return "\n".join(old_l + new_l)


def selftest(srcs):
    """The tool's own promises: only code is mutated, every mutant changes
    the text, ids are unique and survive unrelated edits (lines added
    above, a comment changed, a function added below)."""
    bad = 0
    for slug, src in srcs.items():
        muts = make_mutants(slug, src)
        # spans that must never change: comments, strings, chars, preprocessor lines
        frozen = [(m.start(), m.end()) for m in re.finditer(
            r"/\*.*?\*/|//[^\n]*|\"(?:\\.|[^\"\\\n])*\"|'(?:\\.|[^'\\\n])*'|^[ \t]*#[^\n]*", src, re.S | re.M)]
        for m in muts:
            if apply(src, m) == src:
                print("selftest: %s leaves the file unchanged" % m.id); bad += 1
            for a, b in frozen:
                if m.start < b and a < m.end and not (m.klass == "delete" and a >= m.start and b <= m.end):
                    print("selftest: %s touches a comment, string or preprocessor line" % m.id); bad += 1
                    break
        edited = "/* a new comment */\n\n" + src.replace("*/", "   (edited) */", 1) + \
            "\nstatic int id_selftest_unused(int a) { return a + 1 < 2 ? a * 3 : -a; }\n"
        after = {m.id: m for m in make_mutants(slug, edited)}
        for m in muts:
            n = after.get(m.id)
            if n is None or n.orig != m.orig or n.repl != m.repl:
                print("selftest: %s does not survive an unrelated edit" % m.id); bad += 1
    print("mutants selftest: %d sections, %s" % (len(srcs), "ok" if not bad else "%d problems" % bad))
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cmd", choices=["run", "list", "show", "selftest"])
    ap.add_argument("ids_arg", nargs="*")
    ap.add_argument("--root", default=".")
    ap.add_argument("--section", action="append", default=[])
    ap.add_argument("--all", action="store_true")
    ap.add_argument("--per-section", type=int, default=40)
    ap.add_argument("--ids", help="a file of mutant ids to run (one a line)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--checker", default="build/checker")
    ap.add_argument("--objdir", default="build/obj")
    ap.add_argument("--work", default="build/mutants")
    ap.add_argument("--equivalent", default="checker/tests/mutants_equivalent.txt")
    ap.add_argument("--report", default=None)
    ap.add_argument("--fail-on-survivor", action="store_true")
    ap.add_argument("--write-sample", metavar="FILE",
                    help="write the ids run as a sample file for --ids: killed ones active, "
                         "survivors commented out (#survives), stillborn and equivalent ones left out")
    ap.add_argument("--cc", default="cc")
    ap.add_argument("--timeout", type=float, default=120.0)
    ap.add_argument("--seed-count", type=int, default=1,
                    help="grade on seeds 1..N (default 1: as make check grades)")
    o = ap.parse_intermixed_args()

    root = o.root
    sections = sorted(d for d in os.listdir(os.path.join(root, "solutions")) if re.match(r"\d\d_", d))
    if o.section:
        sel = []
        for s in o.section:
            hit = [x for x in sections if x == s or x.startswith(s + "_") or x.startswith("0" + s + "_")]
            if not hit:
                sys.exit("mutants: no section '%s' (sections: %s)" % (s, " ".join(sections)))
            sel += hit
        sections = sel

    srcs, everything = {}, {}
    for s in sections:
        path = os.path.join(root, "solutions", s, section_name(s) + ".c")
        with open(path, encoding="utf-8") as f:
            srcs[s] = f.read()
        for m in make_mutants(s, srcs[s]):
            everything[m.id] = m

    stale = []
    if o.cmd == "selftest":
        return selftest(srcs)
    if o.cmd == "show":
        for mid in o.ids_arg:
            m = everything.get(mid)
            print(mid if m else mid + "  (no such mutant)")
            if m:
                print(diff_line(srcs[m.slug], m))
        return 0
    if o.ids:
        chosen = []
        for mid in load_ids(o.ids):
            if mid in everything:
                chosen.append(everything[mid])
            elif re.fullmatch(r"\d\d_\w+:[0-9a-f]{8}\.\d+:\S+#\d+>\S*", mid) and mid.split(":", 1)[0] in sections:
                stale.append(mid)
    else:
        chosen = []
        for s in sections:
            ms = [m for m in everything.values() if m.slug == s]
            if not o.all:
                ms = sorted(ms, key=lambda m: sample_key(m.id))[:o.per_section]
            chosen += ms
    if o.cmd == "list":
        for m in chosen:
            print("%s\t%d\t%s" % (m.id, m.line, m.klass))
        return 0

    eq = load_equivalent(os.path.join(root, o.equivalent))
    work = os.path.join(root, o.work)
    os.makedirs(work, exist_ok=True)
    base_cc = [o.cc, "-std=c11", "-Wall", "-Wextra", "-Werror", "-fno-math-errno", "-O2",
               "-c", "-o", "/dev/null", "-Iinclude"]

    def run_one(args):
        idx, m = args
        d = os.path.join(work, "m%05d" % idx)
        shutil.rmtree(d, ignore_errors=True)
        sub = os.path.join(d, "sub", m.slug)
        os.makedirs(sub)
        f = os.path.join(sub, section_name(m.slug) + ".c")
        with open(f, "w", encoding="utf-8") as fh:
            fh.write(apply(srcs[m.slug], m))
        cc = subprocess.run(["nice"] + base_cc + ["-I" + os.path.join(root, "solutions", m.slug), f],
                            cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if cc.returncode != 0:
            shutil.rmtree(d, ignore_errors=True)
            return m, "stillborn", 0.0
        t0 = time.time()
        try:
            r = subprocess.run(["nice", o.checker, "--root", ".", "--dir", os.path.join(d, "sub"),
                                "--section", m.slug, "--objdir", o.objdir, "--work", os.path.join(d, "w"),
                                "--no-color", "--seed", "1"] +
                               (["--seed-count", str(o.seed_count)] if o.seed_count > 1 else []),
                               cwd=root, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               timeout=o.timeout,
                               # one section alone: its deps are the references' (checker/deps.c)
                               env=dict(os.environ, LANG="en",
                                        IK_CHECKER_DEPS_FROM=os.path.join(root, "solutions")))
            rc = r.returncode
            out = r.stdout.decode("utf-8", "replace")
        except subprocess.TimeoutExpired:
            rc, out = -1, "timeout"
        dt = time.time() - t0
        if rc == 0:
            status = "survived"
        elif rc == 1:
            status = "killed"
        else:
            status = "error"
            with open(os.path.join(work, "error-%s.log" % re.sub(r"[^\w.]", "_", m.id)), "w") as fh:
                fh.write(out)
        shutil.rmtree(d, ignore_errors=True)
        return m, status, dt

    t_start = time.time()
    results = []
    with ThreadPoolExecutor(max_workers=max(1, o.jobs)) as ex:
        for res in ex.map(run_one, enumerate(chosen)):
            results.append(res)
            done = len(results)
            if sys.stderr.isatty() and done % 10 == 0:
                sys.stderr.write("\r  %d/%d mutants" % (done, len(chosen)))
    if sys.stderr.isatty():
        sys.stderr.write("\r")
    elapsed = time.time() - t_start

    lines = []
    per = {s: {"killed": 0, "survived": 0, "equivalent": 0, "stillborn": 0, "error": 0, "secs": 0.0}
           for s in sections}
    survivors, equivalents, errors = [], [], []
    for m, st, dt in results:
        per[m.slug]["secs"] += dt
        if st == "survived" and m.id in eq:
            per[m.slug]["equivalent"] += 1
            equivalents.append(m)
        else:
            per[m.slug]["killed" if st == "error" else st] += 1
            if st == "survived":
                survivors.append(m)
            if st == "error":
                errors.append(m)
    lines.append("mutation test of the references: %d mutants, %s, in %.0f s (%d jobs)" % (
        len(chosen), "all" if o.all else ("ids from " + o.ids if o.ids else "%d a section (sample)" % o.per_section),
        elapsed, o.jobs))
    lines.append("%-24s %13s %6s %10s %9s %8s" % ("section", "killed/tried", "%", "equivalent", "stillborn",
                                                   "checks s"))
    tk = tt = te = ts = 0
    for s in sections:
        p = per[s]
        tried = p["killed"] + p["survived"]
        if tried + p["equivalent"] + p["stillborn"] == 0:
            continue
        tk += p["killed"]; tt += tried; te += p["equivalent"]; ts += p["stillborn"]
        lines.append("%-24s %13s %6s %10d %9d %8s" % (s, "%d/%d" % (p["killed"], tried),
                                                    "%.0f" % (100.0 * p["killed"] / tried) if tried else "-",
                                                    p["equivalent"], p["stillborn"], "%.0f" % p["secs"]))
    lines.append("%-24s %13s %6s %10d %9d %8s" % ("overall", "%d/%d" % (tk, tt),
                                                "%.1f" % (100.0 * tk / tt) if tt else "-", te, ts,
                                                "%.0f" % sum(p["secs"] for p in per.values())))
    if errors:
        lines.append("")
        lines.append("checker errors (exit neither 0 nor 1; counted as killed, logs in %s):" % o.work)
        for m in errors:
            lines.append("  " + m.id)
    if stale:
        lines.append("")
        lines.append("WARNING: %d listed mutant ids no longer exist (the reference changed): regenerate the list" % len(stale))
        for mid in stale:
            lines.append("  " + mid)
    stale_eq = [mid for mid in eq if mid.split(":", 1)[0] in sections and mid not in everything]
    if stale_eq:
        lines.append("")
        lines.append("WARNING: equivalent-list ids that no longer exist: " + " ".join(stale_eq))
    lines.append("")
    lines.append("survivors (%d): wrong solutions that pass their section" % len(survivors))
    for m in sorted(survivors, key=lambda m: (m.slug, m.line, m.id)):
        lines.append("")
        lines.append("%s  (line %d, %s)" % (m.id, m.line, m.klass))
        lines.append(diff_line(srcs[m.slug], m))
    if equivalents:
        lines.append("")
        lines.append("survivors judged equivalent (%d, %s):" % (len(equivalents), o.equivalent))
        for m in sorted(equivalents, key=lambda m: (m.slug, m.line, m.id)):
            lines.append("  %s  (line %d): %s" % (m.id, m.line, eq[m.id]))
    text = "\n".join(lines) + "\n"
    # every mutant's outcome, for comparing two runs (sort | diff)
    with open(os.path.join(work, "results.tsv"), "w", encoding="utf-8") as fh:
        for m, st, dt in results:
            if st == "survived" and m.id in eq:
                st = "equivalent"
            fh.write("%s\t%s\t%d\t%.2f\n" % (m.id, st, m.line, dt))
    if o.write_sample:
        with open(o.write_sample, "w", encoding="utf-8") as fh:
            fh.write(SAMPLE_HEADER)
            for m, st, dt in sorted(results, key=lambda r: (r[0].slug, r[0].line, r[0].id)):
                if st in ("killed", "error"):
                    fh.write("%s\n" % m.id)
                elif st == "survived" and m.id not in eq:
                    fh.write("#survives %s\n" % m.id)
        print("wrote " + o.write_sample)
    sys.stdout.write(text)
    if o.report:
        os.makedirs(os.path.dirname(o.report) or ".", exist_ok=True)
        with open(o.report, "w", encoding="utf-8") as fh:
            fh.write(text)
        print("wrote " + o.report)
    if o.fail_on_survivor and tt == 0:
        print("mutants: no mutant was graded (%s): the test would prove nothing" % (o.ids or "selection"))
        return 1
    if o.fail_on_survivor and survivors:
        print("mutants: %d mutant(s) outside %s survive: the checker passes a wrong solution" % (
            len(survivors), o.equivalent))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
