#!/usr/bin/env python3
"""code_scan.py - no run of a reference's machine code in what a student gets back.

    code_scan.py --ref REF.o... --own OWN.o... -- FILE...

The secret is every 16-byte run of the references' .text (REF.o, built as
make builds them) that holds no relocation (those bytes are the linker's,
not the code's) and that is not also in OWN.o (code any student build
holds too: the stubs, the given helpers). FILE is anything graded output
(results.json, junit.xml, log.txt), searched for those runs printed as
hex, the way a constructor in the student's file would print them. Exits 1
and names the file when one is found.
"""
import re, subprocess, sys, tempfile, os

WINDOW = 16


def text_bytes(obj):
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, 'text.bin')
        subprocess.run(['objcopy', '-O', 'binary', '--only-section=.text', obj, out], check=True)
        with open(out, 'rb') as f:
            code = f.read()
    relocs = set()
    dump = subprocess.run(['objdump', '-r', '-j', '.text', obj], capture_output=True, text=True).stdout
    for line in dump.splitlines():
        m = re.match(r'^([0-9a-f]{8,16})\s+R_', line)
        if m:
            start = int(m.group(1), 16)
            relocs.update(range(start, start + 8))
    return code, relocs


def windows(obj):
    code, relocs = text_bytes(obj)
    return {code[i:i + WINDOW].hex() for i in range(len(code) - WINDOW + 1)
            if not any(k in relocs for k in range(i, i + WINDOW))}


def main(argv):
    if '--' not in argv:
        sys.exit(__doc__)
    opts, files = argv[:argv.index('--')], argv[argv.index('--') + 1:]
    ref, own, into = [], [], None
    for a in opts:
        if a in ('--ref', '--own'):
            into = ref if a == '--ref' else own
        elif into is not None:
            into.append(a)
    secret = set()
    for o in ref:
        secret |= windows(o)
    for o in own:
        secret -= windows(o)
    found = 0
    for path in files:
        with open(path, encoding='utf-8', errors='replace') as f:
            text = f.read().lower()
        for run in re.findall(r'[0-9a-f]{%d,}' % (2 * WINDOW), text):
            hits = [i for i in range(0, len(run) - 2 * WINDOW + 1, 2) if run[i:i + 2 * WINDOW] in secret]
            if hits:
                found += 1
                print(f'code_scan: {path}: {len(hits)} runs of a reference\'s machine code, first at hex offset {hits[0]}')
                break
    print(f'code_scan: {len(secret)} distinct {WINDOW}-byte runs of reference code, {len(files)} files looked at')
    return 1 if found else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
