#!/usr/bin/env python3
"""test_message_formats.py - every message's Thai and English texts take the
same printf arguments (make test-messages).

    test_message_formats.py [ROOT]        check ROOT's messages (default .)
    test_message_formats.py --prove ROOT  show that the check can fail: unit
                                          cases, then a copy of ROOT's message
                                          files with one pair made to differ

A message is `M(ID, "thai", "english")` in checker/messages.c, a
diagnosis's advice `DIAGNOSIS(NAME, "id", "sections", "thai", "english")` in
checker/diagnoses.def, or `MSG(ID, "thai", "english")` in a .def file that checker/sections.def
includes (checker/sections/<slug>/messages.def, sections/ik_chain_messages.def;
any other .def under checker/sections/ is read too). Both texts are format
strings chosen at run time (msg(), T()), so a pair whose conversions differ
compiles cleanly and goes wrong only in the other language. Each text is read
as the compiler reads it (adjacent literals joined, escapes decoded), and
its conversion specifications are compared in order: flags, field width,
precision, length modifier and conversion (%% is text, not a conversion).
A '%' that starts no conversion is reported too (printf's behaviour is then
undefined), except in a message listed in NOT_FORMATS with its reason.

Exit 0 when every pair agrees, 1 when one does not (each named as
file:line: ID: what differs), 2 when a file cannot be read as expected.
"""
import glob
import os
import re
import shutil
import sys
import tempfile

# Messages that are never used as a format, only passed as a %s argument:
# a '%' in them is text. An entry whose message no longer needs it fails.
NOT_FORMATS = {}

SPEC = re.compile(r"%([-+ #0]*)(\*|[0-9]+)?(?:\.(\*|[0-9]*))?(hh|h|ll|l|j|z|t|L)?([diouxXfFeEgGaAcspn%])")
SIMPLE_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "a": "\a", "b": "\b", "f": "\f", "v": "\v",
                  "\\": "\\", "'": "'", '"': '"', "?": "?"}


class ReadError(Exception):
    pass


def decode_literal(body, where):
    """The characters of a C string literal's body (between the quotes)."""
    out, i = [], 0
    while i < len(body):
        c = body[i]
        if c != "\\":
            out.append(c)
            i += 1
            continue
        e = body[i + 1] if i + 1 < len(body) else ""
        if e in SIMPLE_ESCAPES:
            out.append(SIMPLE_ESCAPES[e])
            i += 2
        elif e in "01234567":
            m = re.match(r"[0-7]{1,3}", body[i + 1:])
            out.append(chr(int(m.group(0), 8)))
            i += 1 + len(m.group(0))
        elif e == "x":
            m = re.match(r"[0-9a-fA-F]+", body[i + 2:])
            if not m:
                raise ReadError(f"{where}: \\x without hex digits")
            out.append(chr(int(m.group(0), 16)))
            i += 2 + len(m.group(0))
        elif e in "uU":
            n = 4 if e == "u" else 8
            digits = body[i + 2:i + 2 + n]
            if not re.fullmatch(r"[0-9a-fA-F]{%d}" % n, digits):
                raise ReadError(f"{where}: \\{e} without {n} hex digits")
            out.append(chr(int(digits, 16)))
            i += 2 + n
        else:
            raise ReadError(f"{where}: unknown escape \\{e}")
    return "".join(out)


TOKEN = re.compile(r"""
    (?P<space>[ \t\r\n]+)
  | (?P<comment>/\*.*?\*/|//[^\n]*)
  | (?P<string>(?:u8|u|U|L)?"(?:[^"\\\n]|\\.)*")
  | (?P<char>'(?:[^'\\\n]|\\.)*')
  | (?P<ident>[A-Za-z_][A-Za-z_0-9]*)
  | (?P<other>.)
""", re.S | re.X)


DIRECTIVE = re.compile(r"[ \t]*#(?:[^\n\\]|\\.)*", re.S)


def tokens(text, path):
    """(kind, value, line) of a C file, comments and preprocessor lines dropped."""
    out, pos, line, at_line_start = [], 0, 1, True
    while pos < len(text):
        if at_line_start:
            m = DIRECTIVE.match(text, pos)
            if m:  # a preprocessor line, with its continuations
                line += m.group(0).count("\n")
                pos += len(m.group(0))
                continue
        m = TOKEN.match(text, pos)
        kind, value = m.lastgroup, m.group(0)
        if kind == "string":
            body = value[value.index('"') + 1:-1]
            out.append(("string", decode_literal(body, f"{path}:{line}"), line))
        elif kind not in ("space", "comment"):
            out.append((kind, value, line))
        line += value.count("\n")
        if "\n" in value:
            at_line_start = value.rsplit("\n", 1)[1].strip() == ""
        elif kind != "space":
            at_line_start = False
        pos = m.end()
    return out


def messages_of(path, macro, skip=0):
    """[(id, thai, english, line)] of every macro(ID, "...", "...") in path;
    with skip, that many string arguments come between the id and the texts
    (DIAGNOSIS(NAME, "id", "sections", "thai", "english"))."""
    with open(path, encoding="utf-8") as f:
        toks = tokens(f.read(), path)
    found, i = [], 0
    while i < len(toks):
        if toks[i][:2] == ("ident", macro) and i + 1 < len(toks) and toks[i + 1][1] == "(":
            where = f"{path}:{toks[i][2]}"
            j = i + 2
            if j >= len(toks) or toks[j][0] != "ident" or toks[j + 1][1] != ",":
                raise ReadError(f"{where}: {macro}( not followed by an id and a comma")
            ident, j = toks[j][1], j + 2
            texts = []
            for closing in ("," * skip) + ",)":
                parts = []
                while j < len(toks) and toks[j][0] == "string":
                    parts.append(toks[j][1])
                    j += 1
                if not parts or j >= len(toks) or toks[j][1] != closing:
                    raise ReadError(f"{where}: {ident}: expected string literals then '{closing}'")
                texts.append("".join(parts))
                j += 1
            found.append((ident, texts[skip], texts[skip + 1], toks[i][2]))
            i = j
        else:
            i += 1
    return found


def conversions(text):
    """The conversion specifications of a format, in order, and its stray '%'s."""
    specs, strays, i = [], [], 0
    while True:
        i = text.find("%", i)
        if i < 0:
            return specs, strays
        m = SPEC.match(text, i)
        if not m:
            strays.append(text[i:i + 3])
            i += 1
            continue
        flags, width, precision, length, conv = m.groups()
        if conv == "%" and m.group(0) == "%%":
            i = m.end()
            continue
        specs.append(("".join(sorted(set(flags))), width or "", precision, length or "", conv))
        i = m.end()


def spec_text(spec):
    flags, width, precision, length, conv = spec
    return "%" + flags + width + ("" if precision is None else "." + precision) + length + conv


def compare(ident, thai, english):
    """What is wrong with one pair, or None."""
    th, th_strays = conversions(thai)
    en, en_strays = conversions(english)
    problems = []
    if th != en:
        problems.append("Thai takes %s, English %s" % (" ".join(map(spec_text, th)) or "nothing",
                                                       " ".join(map(spec_text, en)) or "nothing"))
    for lang, strays in (("Thai", th_strays), ("English", en_strays)):
        if strays:
            problems.append("%s has a '%%' that starts no conversion (%s): write %%%% for a percent sign"
                            % (lang, ", ".join(repr(s) for s in strays)))
    return "; ".join(problems) or None


def message_files(root):
    """(path, macro, skip) of messages.c, diagnoses.def (the advice), then
    every .def sections.def includes, then any other .def."""
    checker = os.path.join(root, "checker")
    files = [(os.path.join(checker, "messages.c"), "M", 0), (os.path.join(checker, "diagnoses.def"), "DIAGNOSIS", 2)]
    with open(os.path.join(checker, "sections.def"), encoding="utf-8") as f:
        included = re.findall(r'^#include "([^"]+\.def)"', f.read(), re.M)
    defs = [os.path.join(checker, p) for p in included]
    defs += sorted(set(glob.glob(os.path.join(checker, "sections", "**", "*.def"), recursive=True)) - set(defs))
    return files + [(p, "MSG", 0) for p in defs]


def check(root):
    """Problems found under root, as lines; raises ReadError."""
    problems, seen, pairs = [], {}, []
    for path, macro, skip in message_files(root):
        found = messages_of(path, macro, skip)
        if not found:
            raise ReadError(f"{path}: no {macro}(ID, \"thai\", \"english\") found")
        for ident, thai, english, line in found:
            if macro == "DIAGNOSIS":  # its advice is the message MSG_ADVICE_<NAME>
                ident = "MSG_ADVICE_" + ident
            where = f"{os.path.relpath(path, root)}:{line}"
            if ident in seen:
                problems.append(f"{where}: {ident} is also at {seen[ident]}")
            seen[ident] = where
            pairs.append((where, ident, thai, english))
    # every message messages.h declares before the sections' must be in messages.c
    with open(os.path.join(root, "checker", "messages.h"), encoding="utf-8") as f:
        header = f.read().split("#define MSG", 1)[0]
    for ident in re.findall(r"^\s*(MSG_[A-Z0-9_]+)\s*,", header, re.M):
        if ident not in seen:
            problems.append(f"checker/messages.h: {ident} has no M({ident}, ...) in checker/messages.c")
    for where, ident, thai, english in pairs:
        wrong = compare(ident, thai, english)
        if ident in NOT_FORMATS:
            if not wrong:
                problems.append(f"{where}: {ident} is in NOT_FORMATS but reads as a matching format: take it out")
            continue
        if wrong:
            problems.append(f"{where}: {ident}: {wrong}")
    for ident in NOT_FORMATS:
        if ident not in seen:
            problems.append(f"NOT_FORMATS names {ident}, which no file defines")
    return problems, len(pairs)


def run(root):
    try:
        problems, count = check(root)
    except (ReadError, OSError, UnicodeDecodeError) as e:
        print(f"test-messages: {e}")
        return 2
    for p in problems:
        print(p)
    if problems:
        print(f"test-messages: {len(problems)} of {count} messages differ between Thai and English "
              "(the same conversions, in the same order, in both)")
        return 1
    print(f"test-messages: {count} messages, Thai and English take the same conversions")
    return 0


UNIT_CASES = [
    # (thai, english, should differ)
    ('%d bones', '%d bones', False),
    ('%.3g%%', '%.3g%%', False),
    ('%-+5.2f %s', '%+-5.2f %s', False),   # flags are a set
    ('%d %s', '%s %d', True),               # order
    ('%d', '%ld', True),                    # length
    ('%.2f', '%.3f', True),                 # precision
    ('%5d', '%d', True),                    # width
    ('%d', '', True),                       # missing
    ('%zu', '%zu%%', False),
    ('ok', 'ok %', True),                   # a stray '%'
    ('%*d', '%d', True),                    # a width taken from the arguments
]


def prove(root):
    """The check fails where it must: unit cases, then a real file changed."""
    bad = 0
    for thai, english, differs in UNIT_CASES:
        if (compare("X", thai, english) is not None) != differs:
            print(f"prove: {thai!r} / {english!r} should {'' if differs else 'not '}differ")
            bad += 1
    text = decode_literal(r'a\x25-5d b\045s \"c\" \u0e01 \\%d', "unit")
    if conversions(text)[0] != [("-", "5", None, "", "d"), ("", "", None, "", "s"), ("", "", None, "", "d")]:
        print(f"prove: escapes decoded wrongly: {text!r}")
        bad += 1
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, "t.def"), "w", encoding="utf-8") as f:
            f.write('/* MSG(NOT_ME, "%d", "%s") */\nMSG(JOINED, "a %d" /* c */ "b %s",\n    "a %d"\n "b %d")\n')
        got = messages_of(os.path.join(tmp, "t.def"), "MSG")
        if [(g[0], g[1], g[2], g[3]) for g in got] != [("JOINED", "a %db %s", "a %db %d", 2)]:
            print(f"prove: literals joined or comments skipped wrongly: {got}")
            bad += 1
        # a copy of the tree's message files with the first pair that takes
        # an argument changed in its English text: the check must name it alone
        for rel in ("checker/messages.c", "checker/messages.h", "checker/sections.def", "checker/diagnoses.def"):
            os.makedirs(os.path.dirname(os.path.join(tmp, rel)), exist_ok=True)
            shutil.copy(os.path.join(root, rel), os.path.join(tmp, rel))
        for path, _, _ in message_files(root)[2:]:
            rel = os.path.relpath(path, root)
            os.makedirs(os.path.dirname(os.path.join(tmp, rel)), exist_ok=True)
            shutil.copy(path, os.path.join(tmp, rel))
        target = None
        for path, macro, skip in message_files(tmp)[2:]:
            for ident, thai, english, line in messages_of(path, macro, skip):
                if ident not in NOT_FORMATS and re.search(r'%d', english):
                    target = (path, ident)
                    break
            if target:
                break
        path, ident = target
        with open(path, encoding="utf-8") as f:
            text = f.read()
        start = text.index(f"MSG({ident},")
        second = text.index('",', start) + 2      # the English literal follows the Thai one
        k = text.index("%d", second)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text[:k] + "%s" + text[k + 2:])
        problems, _ = check(tmp)
        if len(problems) != 1 or f": {ident}: " not in problems[0]:
            print(f"prove: {ident} changed to %s in {os.path.relpath(path, tmp)}, the check said: {problems}")
            bad += 1
        else:
            print(f"prove: a copy with {ident}'s English %d made %s fails: {problems[0]}")
    if bad:
        print(f"test-messages: the check itself is wrong ({bad} of its own cases)")
        return 1
    print(f"prove: {len(UNIT_CASES)} unit cases, escapes, joined literals and a changed copy: the check fails where it must")
    return 0


def main(argv):
    if argv[:1] == ["--prove"]:
        return prove(argv[1] if len(argv) > 1 else ".")
    return run(argv[0] if argv else ".")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
