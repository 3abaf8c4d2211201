#!/usr/bin/env python3
"""plant.py SRC OUT KIND - a planted copy of SRC (one student's file) as a
copier disguises it: 'rename' (every local name and helper renamed),
'reorder' (the functions in the reverse order), 'comments' (comments
changed, added and removed), 'all' (the three at once)."""
import re
import sys

src, out, kind = sys.argv[1:4]
text = open(src).read()
if kind in ('rename', 'all'):
    names = {'lengths_ok': 'sides_valid', 'clamp_distance': 'fit_reach', 'safe_acos': 'acos_clamped',
             'num': 'top', 'den': 'bottom', 'd': 'reach', 'lo': 'low', 'hi': 'high', 'a': 'p', 'b': 'q', 'c': 'x'}
    text = re.sub(r'\b(' + '|'.join(names) + r')\b', lambda m: names[m.group(1)], text)
if kind in ('comments', 'all'):
    text = re.sub(r'/\*.*?\*/', '/* written by me, late at night */', text, flags=re.S)
    text = text.replace('{\n', '{\n    // careful here\n', 2)
if kind in ('reorder', 'all'):
    # the functions in the reverse order, the static helpers still first
    # (so the copy compiles): split at each definition's first line
    head, _, body = text.partition('\n\n')           # the comment and includes stay first
    blocks = [b.strip('\n') for b in re.split(r'\n(?=(?:static )?[a-z][a-z_ 0-9*]*\()', '\n' + body) if b.strip()]
    pre = [b for b in blocks if not re.match(r'(static )?[a-z]', b)]
    helpers = [b for b in blocks if b.startswith('static ')]
    public = [b for b in blocks if re.match(r'[a-z]', b) and not b.startswith('static ')]
    text = '\n\n'.join([head] + pre + helpers[::-1] + public[::-1]) + '\n'
open(out, 'w').write(text)
