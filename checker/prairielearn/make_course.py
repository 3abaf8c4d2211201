#!/usr/bin/env python3
"""make_course.py ROOT OUT IMAGE [SEED] [RELEASE] - the workbook's
PrairieLearn questions, ready to copy into a course (make prairielearn):

  OUT/questions/ik_workbook/all_sections/   the ten graded files uploaded
                                            (pl-file-upload, each optional)
  OUT/questions/ik_workbook/NN_slug/        one section in a file editor
                                            (pl-file-editor, the stub to start)
  OUT/serverFilesCourse/ik_workbook/        hidden_seed and release_hidden,
                                            copied into every grading job

Each question grades externally in IMAGE (checker/prairielearn/Dockerfile)
through /workbook/checker/prairielearn/entrypoint.sh, timeout 60 s (the
checker's budget is 25 s a submission). Question UUIDs are derived from the
slug, so a regenerated package updates the same questions."""
import json
import os
import re
import shutil
import sys
import uuid

NAMESPACE = uuid.UUID('6f1c3a52-9b8e-4d4f-a1e0-5c7d2b9e8a10')  # the workbook's own
ENTRYPOINT = '/workbook/checker/prairielearn/entrypoint.sh'
TIMEOUT = 60


def sections(root):
    """[(slug, graded file, Thai title)] from the registry, in order."""
    found = []
    text = open(os.path.join(root, 'checker/sections.def'), encoding='utf-8').read()
    for num, name, title in re.findall(r'^SECTION\((\d\d), (\w+), \w+, "([^"]*)"', text, re.M):
        slug = f'{num}_{name}'
        if os.path.isdir(os.path.join(root, 'exercises', slug)):
            found.append((slug, f'{name}.c', title))
    return found


def info(slug, title, image):
    return {
        'uuid': str(uuid.uuid5(NAMESPACE, slug)),
        'title': title,
        'topic': 'IK และ Root Motion',
        'tags': ['ik_workbook', 'c', 'external'],
        'type': 'v3',
        'singleVariant': True,
        'gradingMethod': 'External',
        'externalGradingOptions': {
            'enabled': True,
            'image': image,
            'entrypoint': ENTRYPOINT,
            'serverFilesCourse': ['ik_workbook/'],
            'timeout': TIMEOUT,
        },
    }


RESULTS = '''
<pl-submission-panel>
  <pl-external-grader-results></pl-external-grader-results>
  <pl-file-preview></pl-file-preview>
</pl-submission-panel>
'''


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'w', encoding='utf-8') as f:
        f.write(text)


def main():
    root, out, image = sys.argv[1:4]
    seed = sys.argv[4] if len(sys.argv) > 4 else ''
    release = sys.argv[5] if len(sys.argv) > 5 else ''
    if release and not re.fullmatch(r'\d{4}-\d\d-\d\d', release):
        sys.exit('make_course: RELEASE must be YYYY-MM-DD')
    qdir = os.path.join(out, 'questions', 'ik_workbook')
    shutil.rmtree(qdir, ignore_errors=True)
    secs = sections(root)
    files = ', '.join(f for _, f, _ in secs)
    listing = '\n'.join(f'    <li><code>{f}</code> ({s})</li>' for s, f, _ in secs)
    write(os.path.join(qdir, 'all_sections', 'info.json'),
          json.dumps(info('all_sections', 'IK workbook: ส่งไฟล์ทั้งสิบ (all ten graded files)', image),
                     ensure_ascii=False, indent=2) + '\n')
    write(os.path.join(qdir, 'all_sections', 'question.html'), f'''<pl-question-panel>
  <p>ส่งไฟล์ที่ตรวจของ workbook (ไฟล์ <code>.c</code> ที่คุณแก้ใน <code>exercises/</code>) ส่งเท่าที่ทำแล้วก็ได้
  ไฟล์ที่คอมไพล์ไม่ผ่านจะไม่นับเป็นการส่ง — upload the graded files you edited in the workbook's
  <code>exercises/</code>; any subset is fine, and a file that does not compile costs no attempt.</p>
  <ul>
{listing}
  </ul>
  <p>ทดสอบในเครื่องก่อนด้วย <code>make check</code> — check at home first with <code>make check</code>.</p>
  <pl-file-upload optional-file-names="{files}"></pl-file-upload>
</pl-question-panel>
{RESULTS}''')
    for slug, source, title in secs:
        d = os.path.join(qdir, slug)
        write(os.path.join(d, 'info.json'),
              json.dumps(info(slug, f'IK workbook {slug[:2]}: {title}', image), ensure_ascii=False, indent=2) + '\n')
        shutil.copyfile(os.path.join(root, 'exercises', slug, source), os.path.join(d, source))
        header = source[:-2] + '.h'
        write(os.path.join(d, 'tests', 'section'), slug + '\n')
        write(os.path.join(d, 'question.html'), f'''<pl-question-panel>
  <p>{title} — เขียน <code>{source}</code> ตามสัญญาใน <code>{header}</code> ของ workbook
  (<code>exercises/{slug}/</code>) แล้วกดส่ง — write <code>{source}</code> to the contract in
  <code>{header}</code>, then submit. Code that does not compile costs no attempt.</p>
  <pl-file-editor file-name="{source}" ace-mode="ace/mode/c_cpp" source-file-name="{source}"></pl-file-editor>
</pl-question-panel>
{RESULTS}''')
    conf = os.path.join(out, 'serverFilesCourse', 'ik_workbook')
    os.makedirs(conf, exist_ok=True)
    for name, value in (('hidden_seed', seed), ('release_hidden', release)):
        path = os.path.join(conf, name)
        if value:
            write(path, value + '\n')
        elif os.path.exists(path):
            os.remove(path)
    print(f'make_course: {len(secs) + 1} questions in {qdir}, grading files in {conf}'
          + ('' if seed else ' (no hidden seed: the visible checks only)'))


if __name__ == '__main__':
    main()
