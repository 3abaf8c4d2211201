#!/usr/bin/env python3
"""build.py - the live figures' solvers, built for the browser (make live).

    build.py --dir exercises --out build/book/student/live [--ref solutions]
             [--edition student|instructor] [--lang th|en] [--work build/live]

For every section with a glue file (chapters/live/glue/<slug>.c) the graded
file of --dir is staged beside the contract headers, as the checker stages
it, compiled with clang for wasm32 and linked with the trusted glue; the
wasm travels as base64 inside <out>/<slug>.js, because browsers refuse
fetch() from file://. A section that does not compile gets the compiler's
message in that file instead (the page shows it as text, never as HTML):
student code never fails the build. --ref adds the reference's wasm (the
instructor edition draws it under the student's); the student edition is
built without it and ships nothing from solutions/.

A section that may call an earlier one (03 calls 02; 07 and 08 call 03
and 02) is linked with those earlier sections from the same folder: the
figure shows the student's 07 on the student's 03 and 02, as the checker
does (it links the student's own 02 and 03).

09's figure plays the workbook's CMU clip: the root's channels are cut out
of checker/data/mocap/'s file here, at build time, into live_clip.h (a
BVH text the glue reads with include/bvh.c, as the checker reads the whole
file); no number of it is typed anywhere.
"""
import argparse
import base64
import concurrent.futures
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
GLUE = os.path.join(HERE, "glue")
WASI_LIBC = "/usr/lib/wasm32-wasi/libc.a"
WASM_RT = "/usr/lib/llvm-14/lib/clang/14.0.6/lib/wasi/libclang_rt.builtins-wasm32.a"
COMPILE_SECONDS = 20
MESSAGE_LIMIT = 8000

# -O2 like the checker's build; --stack-first puts the stack below the data,
# so a recursion without end runs off address 0 and traps instead of
# silently overwriting the glue's buffers.
# The memory's most: a leak makes malloc answer NULL there instead of
# growing the page's memory to gigabytes within one call; the page, told
# this number, says that a solver reached it.
MEMORY_CAP = 64 << 20
WASM_FLAGS = ["--target=wasm32-wasi", "-std=c11", "-Wall", "-Wextra", "-O2", "-fno-math-errno",
              "-mexec-model=reactor", "-Wl,--stack-first", "-Wl,-z,stack-size=262144", "-Wl,--strip-all",
              "-Wl,--max-memory=%d" % MEMORY_CAP]


def sections_def():
    """slug -> the slugs it may call (checker/sections.def's DEPS)."""
    deps = {}
    with open(os.path.join(ROOT, "checker", "sections.def"), encoding="utf-8") as f:
        for line in f:
            m = re.match(r"SECTION\((\d\d), (\w+), \w+, .*?, (NO_DEPS|DEPS\(([^)]*)\))", line)
            if m:
                slug = m.group(1) + "_" + m.group(2)
                deps[slug] = re.findall(r'"([^"]+)"', m.group(4) or "")
    return deps


CLIP = os.path.join(ROOT, "checker", "data", "mocap", "cmu_131_01_start_walk_stop.bvh")


def root_clip_bvh(path):
    """The BVH text of the root joint alone: its HIERARCHY lines up to its
    CHANNELS, an End Site, and each frame row's first values (the root's
    channels come first in a row)."""
    with open(path, encoding="ascii") as f:
        lines = f.read().splitlines()
    head, i = [], 0
    while i < len(lines):
        head.append(lines[i].rstrip())
        if lines[i].strip().startswith("CHANNELS"):
            break
        i += 1
    channels = int(head[-1].split()[1])
    m = next(k for k, l in enumerate(lines) if l.strip() == "MOTION")
    frames = [l.split()[:channels] for l in lines[m + 3:] if l.strip()]
    out = head + ["\tEnd Site", "\t{", "\t\tOFFSET 0 0 0", "\t}", "}", "MOTION",
                  "Frames: %d" % len(frames), lines[m + 2].strip()]
    out += [" ".join(row) for row in frames]
    return "\n".join(out) + "\n"


def generated(slug):
    """Files a section's glue includes that the build makes: name -> text."""
    if slug == "09_root_motion":
        text = root_clip_bvh(CLIP)
        body = "\n".join('    "%s"' % l.replace("\t", "\\t") + ' "\\n"' for l in text.splitlines())
        return {"live_clip.h": "/* made by chapters/live/build.py from %s: the root's channels */\n"
                               "static const char live_clip_bvh[] =\n%s;\n" % (os.path.relpath(CLIP, ROOT), body)}
    return {}


def section_name(slug):
    return slug.split("_", 1)[1]


def find_clang():
    for cc in ("clang-14", "clang"):
        path = shutil.which(cc)
        if path:
            return path
    return None


def toolchain_problem():
    missing = [p for p, pkg in ((WASI_LIBC, "wasi-libc"), (WASM_RT, "libclang-rt-14-dev-wasm32")) if not os.path.exists(p)]
    if not find_clang():
        missing.append("clang")
    if not shutil.which("wasm-ld") and not shutil.which("wasm-ld-14"):
        missing.append("lld-14")
    if missing:
        return ("ยังไม่มีเครื่องมือสร้าง wasm (wasm toolchain missing): " + ", ".join(missing) +
                " - sudo apt-get install -y clang lld-14 wasi-libc libclang-rt-14-dev-wasm32")
    return None


def headers_dir(slug, contract):
    """The contract's headers: the reference's, or the student edition's copy."""
    for base in contract:
        d = os.path.join(ROOT, base, slug)
        if os.path.isdir(d) and any(n.endswith(".h") for n in os.listdir(d)):
            return d
    return None


def copy_atomic(src, dst):
    """dst becomes a copy of src all at once: sections build in parallel
    and stage the same earlier section (03 and 07 both stage 02), so a
    plain copy could be read half written by the other's compiler."""
    with open(src, "rb") as f:
        data = f.read()
    if os.path.exists(dst):
        with open(dst, "rb") as f:
            if f.read() == data:
                return
    tmp = "%s.%d.%d.tmp" % (dst, os.getpid(), threading.get_ident())
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, dst)


def stage(tree, slug, deps, contract, work):
    """Copies the headers and the graded files into work/<slug>/; returns
    (sources, shown paths) or raises ValueError with what is missing."""
    sources, shown = [], {}
    for s in [slug] + deps:
        d = os.path.join(work, s)
        os.makedirs(d, exist_ok=True)
        hdir = headers_dir(s, contract)
        if not hdir:
            raise ValueError("no contract header for %s" % s)
        for n in os.listdir(hdir):
            if n.endswith(".h"):
                copy_atomic(os.path.join(hdir, n), os.path.join(d, n))
        name = section_name(s) + ".c"
        src = os.path.join(tree, s, name)
        if not os.path.isfile(src):
            raise ValueError("ไม่พบไฟล์ (file not found): %s" % os.path.relpath(src, ROOT))
        copy_atomic(src, os.path.join(d, name))
        sources.append(os.path.join(d, name))
        shown[os.path.join(d, name)] = os.path.relpath(src, ROOT) if src.startswith(ROOT) else src
    return sources, shown


_locks_guard = threading.Lock()
_locks = {}


def _lock(key):
    """One lock per cache entry: two threads wanting the same object (the
    glue, shared by the student's tree and the reference's) build it once."""
    with _locks_guard:
        return _locks.setdefault(key, threading.Lock())


def _run(cmd):
    try:
        p = subprocess.run(cmd, capture_output=True, timeout=COMPILE_SECONDS)
        return p.returncode == 0, p.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        return False, "คอมไพล์นานเกิน %d วินาที (the compile took over %d s)" % (COMPILE_SECONDS, COMPILE_SECONDS)


def _store(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    tmp = "%s.%d.%d.tmp" % (path, os.getpid(), threading.get_ident())
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)


def visible_files(contract):
    """What any translation unit may include: the glue's headers, include/,
    and every section's contract header (a section includes an earlier
    one's as "../03_two_bone/two_bone.h"). An object's cache key holds them
    all, so it is the same whichever section's build compiles it."""
    files = [os.path.join(GLUE, n) for n in sorted(os.listdir(GLUE)) if n.endswith(".h")]
    inc = os.path.join(ROOT, "include")
    files += [os.path.join(inc, n) for n in sorted(os.listdir(inc)) if n.endswith((".h", ".c"))]
    for slug in sorted(sections_def()):
        d = headers_dir(slug, contract)
        if d:
            files += [os.path.join(d, n) for n in sorted(os.listdir(d)) if n.endswith(".h")]
    return files


def compile_object(clang, src, include_dirs, visible, cache):
    """src compiled on its own (cached by its text and what it may include)
    -> (object path, None) or (None, the compiler's message)."""
    key = hashlib.sha256((" ".join(WASM_FLAGS) + "\0-c\0" + os.path.basename(src)).encode())
    with open(src, "rb") as f:
        text = f.read()
    key.update(text)
    for p in visible:
        with open(p, "rb") as f:
            key.update(os.path.basename(p).encode() + b"\0" + f.read())
    obj = os.path.join(cache, "obj", key.hexdigest() + ".o")
    with _lock(obj):
        if os.path.exists(obj):
            return obj, None
        out = "%s.%d.%d.o" % (obj, os.getpid(), threading.get_ident())
        os.makedirs(os.path.dirname(obj), exist_ok=True)
        flags = [f for f in WASM_FLAGS if not f.startswith(("-Wl,", "-mexec-model"))]
        ok, message = _run([clang] + flags + ["-I" + d for d in include_dirs] + ["-c", src, "-o", out])
        if not ok:
            return None, message
        with open(src, "rb") as f:
            if f.read() != text:  # changed while compiling (a save): used once, never cached
                return out, None
        os.replace(out, obj)
        return obj, None


def compile_one(clang, slug, tree, deps, contract, work, cache, visible):
    """-> {"wasm": bytes} or {"error": text}, and the seconds it took.
    Each file is compiled on its own and cached (the trusted glue once for
    both trees; a save recompiles only the saved file), then linked."""
    start = time.monotonic()
    try:
        sources, shown = stage(tree, slug, deps, contract, work)
    except ValueError as e:
        return {"error": str(e)}, 0.0
    glue = os.path.join(GLUE, slug + ".c")
    made = []
    try:
        for name, text in generated(slug).items():
            made.append(os.path.join(work, slug, name))
            with open(made[-1], "w", encoding="ascii") as f:
                f.write(text)
    except (OSError, ValueError, StopIteration, IndexError) as e:
        return {"error": "สร้างข้อมูลของรูปไม่ได้ (the figure's data could not be made): %s" % e}, 0.0
    objects, text, ok = [], "", True
    for src in [glue] + sources:
        # each file sees the glue's headers, include/ and its own folder, as
        # the one command for all of them did
        own = os.path.join(work, slug) if src == glue else os.path.dirname(src)
        obj, message = compile_object(clang, src, [GLUE, os.path.join(ROOT, "include"), own],
                                      visible + (made if src == glue else []), cache)
        if obj is None:
            ok, text = False, message
            break
        objects.append(obj)
        shown.setdefault(obj, shown.get(src, os.path.relpath(src, ROOT)))
    wasm = None
    if ok:
        key = hashlib.sha256((" ".join(WASM_FLAGS) + "\0" + "\0".join(os.path.basename(o) for o in objects)).encode())
        cached = os.path.join(cache, key.hexdigest() + ".wasm")
        with _lock(cached):
            if os.path.exists(cached):
                with open(cached, "rb") as f:
                    return {"wasm": f.read()}, 0.0
            out = os.path.join(work, slug + ".wasm")
            ok, text = _run([clang] + WASM_FLAGS + objects + ["-o", out])
            if ok:
                with open(out, "rb") as f:
                    wasm = f.read()
                _store(cached, wasm)
    for staged, real in shown.items():
        text = text.replace(staged, real)
    text = text.replace(glue, os.path.relpath(glue, ROOT)).replace(work + "/", "")
    seconds = time.monotonic() - start
    if not ok:
        if len(text) > MESSAGE_LIMIT:
            text = text[:MESSAGE_LIMIT] + "\n..."
        return {"error": text or "the compiler failed without a message"}, seconds
    return {"wasm": wasm}, seconds


def payload(result):
    if "wasm" in result:
        return {"wasm": base64.b64encode(result["wasm"]).decode("ascii"), "bytes": len(result["wasm"]), "memoryCap": MEMORY_CAP}
    return {"error": result["error"]}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", default="exercises")
    ap.add_argument("--ref")
    ap.add_argument("--out", required=True)
    ap.add_argument("--edition", default="student", choices=("student", "instructor"))
    ap.add_argument("--lang", default="th")
    ap.add_argument("--work", default=os.path.join(ROOT, "build", "live"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--sections", default="")
    a = ap.parse_args()
    lang = "en" if a.lang.startswith("en") else "th"
    tree = os.path.abspath(a.dir)
    work = os.path.abspath(a.work)
    deps = sections_def()
    slugs = sorted(n[:-2] for n in os.listdir(GLUE) if n.endswith(".c") and n[:-2] in deps)
    if a.sections:
        # a saved 03 changes the figures that link it too (07 and 08)
        chosen = [s for s in slugs if any(s.startswith(w) for w in a.sections.split(","))]
        slugs = [s for s in slugs if s in chosen or set(deps[s]) & set(chosen)]
    # the contract as the checker stages it: the reference's headers, or in
    # the student edition the copy the export made of them
    contract = ["solutions", "checker/headers"]
    problem = toolchain_problem()
    clang = find_clang()
    visible = visible_files(contract)
    jobs = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as pool:
        for slug in slugs:
            for which, src in (("student", tree), ("ref", os.path.abspath(a.ref) if a.ref else None)):
                if not src:
                    continue
                if problem:
                    jobs.append((slug, which, None))
                    continue
                wdir = os.path.join(work, "stage", which + "-" + hashlib.sha1(src.encode()).hexdigest()[:8])
                jobs.append((slug, which, pool.submit(compile_one, clang, slug, src, deps[slug], contract, wdir,
                                                      os.path.join(work, "cache"), visible)))
        results = {}
        for slug, which, fut in jobs:
            results[(slug, which)] = fut.result() if fut else ({"error": problem}, 0.0)
    os.makedirs(a.out, exist_ok=True)
    shutil.copyfile(os.path.join(HERE, "live.js"), os.path.join(a.out, "live.js"))
    shown_dir = os.path.relpath(tree, ROOT) if tree.startswith(ROOT + "/") else a.dir
    for slug in slugs:
        student, secs = results[(slug, "student")]
        data = {"slug": slug, "tree": shown_dir, "edition": a.edition, "lang": lang, "student": payload(student)}
        if (slug, "ref") in results:
            data["ref"] = payload(results[(slug, "ref")][0])
        body = json.dumps(data, ensure_ascii=True, sort_keys=True)
        data["stamp"] = hashlib.sha256(body.encode()).hexdigest()[:16]
        text = "LIVE_LOADED(" + json.dumps(data, ensure_ascii=True, sort_keys=True) + ");\n"
        # the page polls the small stamp file, and loads the solver's file
        # (up to 300 KB with 09's clip) only when the stamp changed; the
        # stamp is written last, so it never names a file not yet there
        stamp_text = "LIVE_STAMP(" + json.dumps({"slug": slug, "stamp": data["stamp"]}, sort_keys=True) + ");\n"
        for path, content in ((os.path.join(a.out, slug + ".js"), text), (os.path.join(a.out, slug + ".stamp.js"), stamp_text)):
            old = open(path, encoding="utf-8").read() if os.path.exists(path) else None
            if old != content:  # an unchanged file keeps its time
                with open(path + ".tmp", "w", encoding="utf-8") as f:
                    f.write(content)
                os.replace(path + ".tmp", path)
        what = ("%d B wasm" % len(student["wasm"])) if "wasm" in student else "ไม่ผ่านการคอมไพล์ (does not compile): shown under the figure"
        print("live: %s/%s %s%s" % (shown_dir, slug, what, " (%.2f s)" % secs if secs else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
