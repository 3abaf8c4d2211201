#!/usr/bin/env python3
"""leak_scan.py - no line of a reference solution in what a student gets back.

    leak_scan.py ROOT SUBS RESULTS

For every graded submission RESULTS/<name>/ (grade_all's results.json,
junit.xml, log.txt, results.tsv) the secret lines are the reference
solutions' distinctive lines (solutions/*/*.c, stripped, longer than 20
characters) less those the stubs share (exercises/) and those in the
submission's own files (SUBS/<name>/, which a compile error may quote back
to its author). JSON and XML are read decoded, so an escape hides nothing.
Prints each leak and exits 1 if there is any; prints how much it looked
at otherwise.
"""
import glob, json, os, sys
import xml.etree.ElementTree as ET

MIN_LEN = 20


def lines_of(paths):
    out = set()
    for p in paths:
        try:
            with open(p, encoding='utf-8', errors='replace') as f:
                out.update(line.strip() for line in f)
        except (OSError, IsADirectoryError):
            pass
    return out


def texts_of_json(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from texts_of_json(k)
            yield from texts_of_json(v)
    elif isinstance(value, list):
        for v in value:
            yield from texts_of_json(v)


def texts_of(path):
    with open(path, encoding='utf-8', errors='replace') as f:
        body = f.read()
    if path.endswith('.json'):
        return list(texts_of_json(json.loads(body))) + [body]
    if path.endswith('.xml'):
        texts = [body]
        for el in ET.fromstring(body).iter():
            texts += [el.text or '', el.tail or ''] + list(el.attrib.values())
        return texts
    return [body]


def main():
    root, subs, results = sys.argv[1:4]
    refs = lines_of(glob.glob(os.path.join(root, 'solutions', '*', '*.c')))
    shared = lines_of(p for p in glob.glob(os.path.join(root, 'exercises', '**', '*'), recursive=True)
                      if os.path.isfile(p))
    secret = {l for l in refs if len(l) > MIN_LEN} - shared
    if len(secret) < 100:
        print('leak_scan: only %d secret lines found under %s/solutions' % (len(secret), root))
        return 1
    leaks = files = 0
    for name in sorted(os.listdir(results)):
        graded = os.path.join(results, name)
        if not os.path.isdir(graded):
            continue
        own = lines_of(p for p in glob.glob(os.path.join(subs, name, '**', '*'), recursive=True)
                       if os.path.isfile(p))
        watched = secret - own
        for leaf in ('results.json', 'junit.xml', 'log.txt', 'results.tsv'):
            path = os.path.join(graded, leaf)
            if not os.path.exists(path):
                continue
            files += 1
            found = set()
            for text in texts_of(path):
                for line in text.splitlines():
                    # a quoted source line: "  24 | static int ..." or the line itself
                    body = line.split('|', 1)[1].strip() if '|' in line else line.strip()
                    for candidate in (body, line.strip()):
                        if candidate in watched:
                            found.add(candidate)
            for line in sorted(found):
                leaks += 1
                print('leak: %s/%s quotes a reference line: %s' % (name, leaf, line))
    print('leak_scan: %d files of %s, %d reference lines watched, %d leaks' % (files, results, len(secret), leaks))
    return 1 if leaks else 0


if __name__ == '__main__':
    sys.exit(main())
