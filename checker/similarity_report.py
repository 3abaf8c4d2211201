#!/usr/bin/env python3
"""similarity_report.py OUT THRESHOLD TOP SIM_VERSION SECTION... - the
report of checker/similarity.sh from what it left in OUT: students.bin
(the compared students' folder names, NUL-separated, as they are),
unlaid.bin (the folders whose upload matched no layout), and per section
files/<slug>/ids.tsv (sim_c's file s0001.c <tab> the student's number in
students.bin) and pairs.txt (sim_c -e -p). Writes OUT/similarity.csv and
OUT/similarity.md and prints the pairs from THRESHOLD %.

A folder's name is shown as itself: Thai or any UTF-8 as it is, and only
what could garble a line or pass for another name escaped - a control or
format character as \\xNN or \\uNNNN, a byte that is not UTF-8 as \\xNN,
the backslash as \\\\ - so no two folders ever show the same name."""
import csv
import os
import re
import subprocess
import sys
import unicodedata


def shown(name: bytes) -> str:
    out = []
    for ch in name.decode('utf-8', 'surrogateescape'):
        o = ord(ch)
        if 0xDC80 <= o <= 0xDCFF:  # a byte that was not UTF-8
            out.append('\\x%02X' % (o - 0xDC00))
        elif ch == '\\':
            out.append('\\\\')
        elif unicodedata.category(ch) in ('Cc', 'Cf', 'Zl', 'Zp', 'Cs', 'Co', 'Cn'):
            out.append('\\x%02X' % o if o < 0x100 else '\\u%04X' % o if o < 0x10000 else '\\U%08X' % o)
        else:
            out.append(ch)
    return ''.join(out)


def cell(text: str) -> str:
    return text.replace('|', '\\|')


def fence(text: str) -> str:
    runs = [len(r) for r in re.findall(r'`+', text)]
    return '`' * max(3, max(runs, default=0) + 1)


def read_names(path: str):
    with open(path, 'rb') as f:
        data = f.read()
    return [shown(n) for n in data.split(b'\0')[:-1]] if data else []


PAIR = re.compile(r'^(s\d{4}\.c) consists for (\d+) % of (s\d{4}\.c) material')


def ranked_pairs(folder: str, students):
    """[(percent, name a, name b, file a, file b)], best first."""
    who = {}
    with open(os.path.join(folder, 'ids.tsv'), encoding='ascii') as f:
        for line in f:
            file_id, number = line.split()
            who[file_id + '.c'] = students[int(number) - 1]
    best = {}
    with open(os.path.join(folder, 'pairs.txt'), encoding='utf-8', errors='replace') as f:
        for line in f:
            m = PAIR.match(line)
            if not m or m.group(1) not in who or m.group(3) not in who:
                continue
            key = tuple(sorted((m.group(1), m.group(3))))
            best[key] = max(best.get(key, 0), int(m.group(2)))
    rows = [(pct, who[a], who[b], a, b) for (a, b), pct in best.items()]
    rows.sort(key=lambda r: (-r[0], r[1], r[2]))
    return rows


def regions(folder: str, fa: str, fb: str, na: str, nb: str) -> str:
    run = subprocess.run(['sim_c', '-w', '140', '-s', fa, fb], cwd=folder, capture_output=True)
    lines = [ln for ln in run.stdout.decode('utf-8', 'replace').splitlines() if not ln.startswith('File ')]
    # s0001.c shown as the student's name (one pass, so a name holding
    # "s0002.c" is not replaced again)
    names = {fa: na, fb: nb}
    swap = re.compile('|'.join(re.escape(k) for k in names))
    return '\n'.join(swap.sub(lambda m: names[m.group(0)], ln) for ln in lines[:120])


def main():
    out, threshold, top, version = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    sections = sys.argv[5:]
    students = read_names(os.path.join(out, 'students.bin'))
    unlaid = read_names(os.path.join(out, 'unlaid.bin'))
    md = [
        '# Similarity of submissions', '',
        f'Compared with sim_c ({version}), section by section; the stub\'s lines are',
        'left out. A pair\'s score is how much of one file sim_c finds in the other. Pairs from',
        f'{threshold} % are listed; the regions below are sim_c\'s, line numbers in each student\'s own file.',
        'A high score is a reason to look, not a verdict: short sections leave little room to differ.', '',
        f'{len(students)} submissions compared, laid out as grading lays them out (checker/submission.sh).',
    ]
    if unlaid:
        md.append(f'Not compared, no layout the grader recognises: {", ".join(cell(n) for n in unlaid)}.')
    all_rows = []
    with open(os.path.join(out, 'similarity.csv'), 'w', newline='', encoding='utf-8') as f:
        w = csv.writer(f, lineterminator='\n')
        w.writerow(['section', 'a', 'b', 'percent'])
        for slug in sections:
            folder = os.path.join(out, 'files', slug)
            if not os.path.exists(os.path.join(folder, 'pairs.txt')):
                continue
            rows = ranked_pairs(folder, students)
            for pct, na, nb, _, _ in rows:
                w.writerow([slug, na, nb, pct])
                all_rows.append((pct, slug, na, nb))
            with open(os.path.join(folder, 'ids.tsv'), encoding='ascii') as ids:
                count = sum(1 for _ in ids)
            listed = [r for r in rows if r[0] >= threshold]
            md += ['', f'## {slug} ({count} submissions, {len(listed)} pairs from {threshold} %)', '']
            if not listed:
                md.append('No pair above the threshold.')
                continue
            md += ['| rank | a | b | similarity |', '| --- | --- | --- | --- |']
            md += [f'| {k} | {cell(na)} | {cell(nb)} | {pct} % |' for k, (pct, na, nb, _, _) in enumerate(listed, 1)]
            for pct, na, nb, fa, fb in listed[:top]:
                text = regions(folder, fa, fb, na, nb)
                md += ['', f'### {na} ~ {nb}', '', fence(text), text, fence(text)]
    with open(os.path.join(out, 'similarity.md'), 'w', encoding='utf-8') as f:
        f.write('\n'.join(md) + '\n')
    print(f'similarity: {len(students)} submissions compared, {len(all_rows)} pairs share 1 % or more; '
          f'{out}/similarity.md, {out}/similarity.csv')
    if unlaid:
        print(f'  not compared (no layout the grader recognises): {", ".join(unlaid)}')
    above = sorted((r for r in all_rows if r[0] >= threshold), key=lambda r: (-r[0], r[1], r[2], r[3]))
    for pct, slug, na, nb in above[:5]:
        print(f'  {slug}: {na} ~ {nb}  {pct} %')
    if not above:
        print(f'  no pair above {threshold} %')


if __name__ == '__main__':
    main()
