#!/usr/bin/env python3
"""Functions over a length limit (issue 19: "outside tests and data tables,
no function over ~80 lines"), found by brace counting over the project's
one formatting (clang-format, .clang-format): a function's body opens with
a `{` alone at column 0 and closes with a `}` at column 0, and its
signature starts on the nearest line above that begins at column 0.

    function_length.py [--max N] [--report-from M] [--with-suites] [ROOT]

Prints file:line:function:length for every function over N lines (default
80; length = signature line to closing brace, both counted) and exits 1
when there is one; --report-from M also lists, as "note", those over M
lines that are within the limit. Exits 2 when it finds no function at all
(the scan is broken, not the code clean).

Left out, on purpose:
  - checker/tests/ and chapters/tests/: the tests themselves (selftest,
    robust.c's tables of hostile calls, the fuzz harnesses fuzz_*.c, the
    batch test), whose long functions are lists of cases;
  - checker/sections/<slug>/suite.c: the CUnit suites, the workbook's tests
    of the student's code: each check builds its list of cases and compares
    the answers, one case after another (--with-suites scans them too).
    The helpers the suites share (checker/sections/ik_chain_checks.c) and
    everything else under checker/sections/ are scanned;
  - build/ (generated) and .git/;
  - data tables: an initializer (`... = {`) is not a function, and neither
    is an X-macro list (.def files are not scanned); a function that is
    itself a table (a switch of one return per case) is named in TABLES
    below with its reason.
"""
import os
import re
import sys

SKIP_DIRS = {"build", ".git", os.path.join("checker", "tests"), os.path.join("chapters", "tests")}
# (path, function): functions that are data, not logic. None yet.
TABLES = {}

NAME_RE = re.compile(r"([A-Za-z_]\w*)\s*\(")


def is_suite(path):
    parts = path.split(os.sep)
    return len(parts) == 4 and parts[:2] == ["checker", "sections"] and parts[3] == "suite.c"


def sources(root, with_suites):
    for d, dirs, files in os.walk(root):
        rel = os.path.relpath(d, root)
        dirs[:] = sorted(x for x in dirs if os.path.normpath(os.path.join(rel, x)) not in SKIP_DIRS
                         and x not in SKIP_DIRS)
        for f in sorted(files):
            path = os.path.normpath(os.path.join(rel, f))
            if f.endswith((".c", ".h")) and (with_suites or not is_suite(path)):
                yield path


def functions(path, lines):
    """(first line, name, length) of every function definition."""
    out = []
    i = 0
    n = len(lines)
    while i < n:
        if lines[i].rstrip("\n") != "{":
            i += 1
            continue
        # the signature: from the nearest line above starting at column 0
        s = i - 1
        while s >= 0 and (lines[s][:1] in (" ", "\t") or lines[s].strip() == ""):
            s -= 1
        sig = "".join(lines[s:i])
        m = NAME_RE.search(sig)
        j = i + 1
        while j < n and not lines[j].startswith("}"):
            j += 1
        if s >= 0 and m and "=" not in sig.split("(", 1)[0] and not lines[s].startswith(("#", "/", "*")):
            out.append((s + 1, m.group(1), j - s + 1))
        i = j + 1
    return out


def main(argv):
    limit, note_from, root, with_suites = 80, None, ".", False
    args = list(argv)
    while args:
        a = args.pop(0)
        if a == "--max":
            limit = int(args.pop(0))
        elif a == "--report-from":
            note_from = int(args.pop(0))
        elif a == "--with-suites":
            with_suites = True
        else:
            root = a
    found = over = 0
    for path in sources(root, with_suites):
        with open(os.path.join(root, path), encoding="utf-8", errors="replace") as f:
            lines = f.readlines()
        for line, name, length in functions(path, lines):
            found += 1
            if (path, name) in TABLES:
                continue
            if length > limit:
                over += 1
                print("%s:%d:%s:%d" % (path, line, name, length))
            elif note_from is not None and length > note_from:
                print("note: %s:%d:%s:%d" % (path, line, name, length))
    if found == 0:
        print("function_length: no function found under %s (is the formatting still clang-format's?)" % root)
        return 2
    if over:
        print("function_length: %d of %d functions over %d lines (outside tests and data tables)" % (over, found, limit))
        return 1
    print("function_length: %d functions, none over %d lines (outside tests and data tables)" % (found, limit))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
