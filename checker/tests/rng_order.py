#!/usr/bin/env python3
"""rng_order.py FILE...: expressions in which two random draws happen in an
order C leaves to the compiler - two arguments of one call, two operands of
one operator, two elements of one initializer list, each drawing from an
rng. gcc evaluates a call's arguments last first, clang first first: the
same seed would draw other cases with each, and the student edition's
replay (recorded by gcc) would miss. Exit 1 and one line per pair found.

A draw is a call handed an rng: rng_float/rng_v3/rng_unit_v3/rng_quat, or
any helper given `r` or `&r` where r is declared `rng *r` or `rng r` in the
same function. A token-level reading, not a C parser: checked against the
37 pairs the suites held before they were rewritten (all found) and
test_cc_cases.sh, which compares the cases a gcc- and a clang-built
checker draw, backs it where clang is installed.
"""
import re
import sys

TOKEN = re.compile(r'''
    (?P<ws>\s+) | (?P<comment>//[^\n]*|/\*.*?\*/) | (?P<str>"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*') |
    (?P<pp>^\#[^\n]*(?:\\\n[^\n]*)*) |
    (?P<id>[A-Za-z_]\w*) | (?P<num>\d[\w.]*(?:[eE][+-]?\d+)?[fFuUlL]*) |
    (?P<op>->|\+\+|--|<<=|>>=|<<|>>|<=|>=|==|!=|&&|\|\||[-+*/%&|^!=<>]=|[-+*/%&|^!~<>=?:,;.(){}\[\]])
''', re.S | re.X | re.M)


def tokens(src):
    out = []
    for m in TOKEN.finditer(src):
        k = m.lastgroup
        if k in ('ws', 'comment', 'pp'):
            continue
        out.append((m.group(), src.count('\n', 0, m.start()) + 1))
    return out


def matching(toks):
    stack, match = [], {}
    pairs = {'(': ')', '[': ']', '{': '}'}
    for i, (t, _) in enumerate(toks):
        if t in pairs:
            stack.append(i)
        elif t in (')', ']', '}'):
            j = stack.pop()
            match[j] = i
            match[i] = j
    return match


def rng_in_function(names, match, i):
    """The rng variables declared in the function around token i (its
    parameters and body)."""
    stack = []
    for k in range(0, i):
        if names[k] in '([{':
            stack.append(k)
        elif names[k] in ')]}':
            stack.pop()
    braces = [k for k in stack if names[k] == '{']
    if not braces:
        return set()
    body = braces[0]
    start = body
    while start > 0 and names[start - 1] not in (';', '}'):
        start -= 1
    span = names[start:match[body] + 1]
    found = set()
    for k in range(len(span) - 2):
        if span[k] == 'rng' and span[k + 1] == '*':
            found.add(span[k + 2])
        elif span[k] == 'rng' and re.match(r'[A-Za-z_]\w*$', span[k + 1]):
            found.add(span[k + 1])
    return found


def scan(path):
    src = open(path, encoding='utf-8').read()
    toks = tokens(src)
    match = matching(toks)
    names = [t for t, _ in toks]
    # draws: call sites (name index, open paren index, close paren index)
    draws = []
    for i in range(len(names) - 1):
        if names[i + 1] != '(' or not re.match(r'[A-Za-z_]\w*$', names[i]):
            continue
        if names[i] in ('if', 'while', 'for', 'switch', 'return', 'sizeof'):
            continue
        o, c = i + 1, match[i + 1]
        # split args at top level
        args, depth, start = [], 0, o + 1
        for k in range(o + 1, c):
            t = names[k]
            if t in '([{':
                depth += 1
            elif t in ')]}':
                depth -= 1
            elif t == ',' and depth == 0:
                args.append(names[start:k])
                start = k + 1
        args.append(names[start:c])
        is_draw = names[i].startswith('rng_') and names[i] != 'rng_for'
        if not is_draw:
            local = rng_in_function(names, match, i)
            for a in args:
                if (len(a) == 1 and a[0] in local) or (len(a) == 2 and a[0] == '&' and a[1] in local):
                    is_draw = True
        # a function definition's parameter list is not a call
        if is_draw and c + 1 < len(names) and names[c + 1] == '{':
            continue
        if is_draw:
            draws.append((i, o, c))
    findings = []
    for x in range(len(draws)):
        for y in range(x + 1, len(draws)):
            a, b = draws[x], draws[y]
            if b[0] > a[2] + 400:
                break
            if a[1] < b[0] < a[2]:  # b inside a's arguments: before a
                continue
            why = unsequenced(names, match, a, b)
            if why:
                findings.append((toks[a[0]][1], toks[b[0]][1], names[a[0]], names[b[0]], why))
    return findings


def unsequenced(names, match, a, b):
    """Why draws a and b (a before b in the text) are in unspecified order,
    or None when they are sequenced."""
    lo, hi = a[0], b[2]
    # the innermost bracket group holding both
    best, stack, holders = None, [], []
    for k in range(0, hi + 1):
        t = names[k]
        if t in '([{':
            stack.append(k)
        elif t in ')]}':
            stack.pop()
        if k == lo:
            holders = list(stack)
    # holders: groups open at lo; the innermost one still open at hi
    for g in reversed(holders):
        if match[g] > hi:
            best = g
            break
    start = best + 1 if best is not None else 0
    end = match[best] if best is not None else len(names)
    # top-level tokens of that group between the two draws
    depth, between = 0, []
    for k in range(start, end):
        t = names[k]
        if t in '([{':
            if depth == 0 and a[2] < k < b[0]:
                between.append(t)
            depth += 1
            continue
        if t in ')]}':
            depth -= 1
            if depth == 0 and a[2] < k < b[0] and t == '}':
                between.append('{')
            continue
        if depth == 0 and a[2] < k < b[0]:
            between.append(t)
    if ';' in between or best is None or '{' in between:
        return None  # separate statements (or declarations)
    kind = names[best] if best is not None else ''
    prev = names[best - 1] if best is not None and best > 0 else ''
    if any(t in ('&&', '||', '?', ':') for t in between):
        return None
    if kind == '(' and re.match(r'[A-Za-z_]\w*$', prev) and prev not in ('if', 'while', 'for', 'switch', 'return', 'sizeof') \
            and ',' in between:
        return 'two arguments of %s()' % prev
    if kind == '{':
        block = prev in (')', 'else', 'do', ';', '{', '}')
        if prev == ')':
            before = names[match[best - 1] - 1]
            block = re.match(r'[A-Za-z_]\w*$', before) is not None and before != 'return'
        if not block and ',' in between:
            return 'two elements of an initializer list'
    if ',' in between:
        return None  # comma operator or declarators: sequenced
    return 'two operands (%s)' % ' '.join(t for t in between if t not in '([{') or 'two operands'


def main():
    total = 0
    for path in sys.argv[1:]:
        for la, lb, na, nb, why in scan(path):
            print('%s:%d: %s() and %s() (line %d): %s' % (path, la, na, nb, lb, why))
            total += 1
    print('rng_order: %d unsequenced pairs' % total, file=sys.stderr)
    return 1 if total else 0


if __name__ == '__main__':
    sys.exit(main())
