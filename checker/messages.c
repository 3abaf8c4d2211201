/* messages.c - the catalogue (see messages.h). Format strings take the same
 * arguments in the same order in both languages. */
#include "messages.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    const char *name;
    const char *th;
    const char *en;
} message;

#define M(id, th, en) [id] = {#id, th, en}

static const message CATALOGUE[MSG_COUNT] = {
    M(MSG_MISSING_FILE, "  ไม่พบไฟล์ %s — ต้องมีไฟล์นี้ (ไฟล์โครงเริ่มต้นคือ exercises/%s/%s ของ workbook: git checkout -- ไฟล์นั้นเพื่อเอากลับมา)",
      "  %s is missing - the section needs it (the starting stub is the workbook's exercises/%s/%s: git checkout -- that file brings it back)"),
    M(MSG_MISSING_UPLOAD, "  ไม่มีไฟล์ %s ในงานที่ส่ง — ส่งไฟล์นี้มาพร้อมกับไฟล์อื่น (ไฟล์โครงเริ่มต้นคือ exercises/%s/%s ของ workbook)",
      "  %s is not in your upload - hand it in with the others (the starting stub is the workbook's exercises/%s/%s)"),
    M(MSG_UNREADABLE_FILE, "  อ่านไฟล์ %s ไม่ได้", "  cannot read %s"),
    M(MSG_NO_COMPILER, "  เรียก compiler '%s' ไม่ได้ — ติดตั้ง gcc หรือกำหนด CC=",
      "  cannot run the compiler '%s' - install gcc or set CC="),
    M(MSG_COMPILE_TIMEOUT,
      "  คอมไพล์นานเกิน %.1f วินาที จึงถูกหยุด (เฉลยคอมไพล์เสร็จในไม่ถึงครึ่งวินาที) — ดู #include, #if หรือ macro ที่ขยายตัวไม่รู้จบ",
      "  compiling took more than %.1f seconds and was stopped (the reference compiles in under half a second) - look for an #include, #if or macro that grows without end"),
    M(MSG_COMPILE_LIMITS,
      "  compiler ถูกหยุดเพราะเกินขีดจำกัด (หน่วยความจำ %d MiB, ไฟล์ที่เขียน %d MiB) — array ขนาดยักษ์ที่มีค่าเริ่มต้น หรือ #include ไฟล์ที่ไม่รู้จบ? ข้อความจาก compiler:\n%s",
      "  the compiler was stopped by a limit (memory %d MiB, files written %d MiB) - a giant initialized array, or an #include of an endless file? The compiler says:\n%s"),
    M(MSG_RUNNER_REFUSED,
      "  โปรแกรมที่ link จาก %s ไม่ใช่ runner ปกติ (%s) จึงไม่ถูกรัน (section นี้ได้ 0)",
      "  the program linked from %s is not a plain runner (%s), so it is not run (this section scores 0)"),
    M(MSG_LINK_MISSING,
      "  คอมไพล์ผ่านแต่ link ไม่ได้: ไม่พบฟังก์ชัน %s ใน %s\n  ทุกฟังก์ชันใน header ต้องมีอยู่ (ชื่อและ parameter ตรงกับ header)",
      "  compiled but did not link: no function %s in %s\n  every function in the header must exist (same name and parameters)"),
    M(MSG_COMPILE_ERROR, "  คอมไพล์ไม่ผ่าน (compile error) — ข้อความจาก compiler:\n%s",
      "  does not compile - the compiler says:\n%s"),
    M(MSG_NOT_OWN_FILE,
      "  %s เป็น symbolic link หรืออยู่นอกโฟลเดอร์งานที่ส่ง — ส่งตัวไฟล์จริงแทน (section นี้ได้ 0)",
      "  %s is a symbolic link or lies outside the submission folder - submit the file itself (this section scores 0)"),
    M(MSG_INCLUDE_OUTSIDE,
      "  %s ดึงไฟล์จากนอกงานที่ส่งเข้ามา (ด้วย #include, #line หรือ .incbin/.include ใน asm): %s\n  include ได้เฉพาะ header ของ section, include/ ของ workbook และ header มาตรฐาน (section นี้ได้ 0)",
      "  %s pulls in a file from outside the submission (#include, #line, or .incbin/.include in asm): %s\n  only the section's headers, the workbook's include/ and standard headers may be included (this section scores 0)"),
    M(MSG_STATUS_DONE, "ผ่านแล้ว (done)", "done"),
    M(MSG_STATUS_FAILING, "ยังไม่ผ่าน (failing)", "failing"),
    M(MSG_STATUS_NOT_STARTED, "ยังไม่เริ่ม (not started)", "not started"),
    M(MSG_REREAD, "  อ่านทบทวน: บท 9.3 %s — สรุปไว้ในหนังสือ หน้า %s (สร้างด้วย make book)",
      "  reread: chapter 9.3 %s - summed up in the book, page %s (made by make book)"),
    M(MSG_MEMCHECK_ON,
      "MEMCHECK: โค้ดของคุณถูก build ด้วย AddressSanitizer + UBSan และรันกับทุกข้อข้างบนแล้ว (นอก sandbox, ช้ากว่าปกติ) — ข้อผิดพลาดของหน่วยความจำหรือ undefined behavior ที่พบจะบอกไว้ใต้ข้อที่ไม่ผ่าน พร้อมฟังก์ชันและบรรทัด",
      "MEMCHECK: your code was built with AddressSanitizer + UBSan and ran every check above (outside the sandbox, slower) - a memory error or undefined behaviour they find is named under its failing check, with the function and line"),
    M(MSG_NO_PICTURE,
      "  (ไม่มีรูปของข้อนี้: check นี้ไม่ได้วาดกรณีที่ไม่ผ่าน — ตัวเลขด้านบนคือทั้งหมดที่ต้องดู)",
      "  (no picture for this check: it does not draw its failing case - the numbers above are all there is)"),
    M(MSG_NO_PICTURE_STUB,
      "  (ไม่มีรูป: ไฟล์ยังเป็น stub เดิม จึงยังไม่มีอะไรของคุณให้วาด — รูปจะมาเมื่อเริ่มแก้)",
      "  (no picture: the file is still the stub, so there is nothing of yours to draw yet - pictures come once you start)"),
    M(MSG_SEED_IGNORED,
      "(ฉบับผู้เรียนนี้มีคำตอบของ seed %llu เท่านั้น: SEED=%s ไม่มีผล — seed อื่นใช้ตอนผู้สอนตรวจให้คะแนน)\n",
      "(this student edition has the answers of seed %llu only: SEED=%s is ignored - other seeds are your instructor's grading)\n"),
    M(MSG_CHECKING_FOLDER, "\nตรวจ %s/\n\n", "\nchecking %s/\n\n"),
    M(MSG_PROGRESS, "ความคืบหน้า (progress)", "progress"),
    M(MSG_PROGRESS_COUNTS, "%zu/%zu sections, %zu/%zu checks", "%zu/%zu sections, %zu/%zu checks passed"),
    M(MSG_FIRST_FAILURE, "ข้อแรกที่ยังไม่ผ่าน (first failing check):", "first failing check:"),
    M(MSG_LEAD_DIAGNOSED,
      "ข้อที่ยังไม่ผ่านและบอกชื่อความผิดพลาดได้ (failing check that names the mistake; ข้อที่ไม่ผ่านก่อนหน้านี้น่าจะมาจากสาเหตุเดียวกัน):",
      "failing check that names the mistake (the checks failing before it probably fail for the same reason):"),
    M(MSG_NEXT_STEP, "  ขั้นต่อไป: แก้ %s/%s/%s แล้วรัน make check S=%s",
      "  next: edit %s/%s/%s, then run make check S=%s"),
    M(MSG_ALL_PASS, "ทุก section ผ่านครบแล้ว เยี่ยมมาก! (all checks pass)", "every section passes - well done!"),
    M(MSG_ROW_NO_COMPILE, "คอมไพล์ไม่ผ่าน", "does not compile"),
    M(MSG_ROW_MISSING, "ไม่พบไฟล์", "file missing"),
    M(MSG_ALL_SELECTED_PASS, "section ที่เลือกผ่านครบแล้ว เยี่ยมมาก! (all selected checks pass) — make check ตรวจทุก section",
      "the selected sections pass - well done! (make check runs them all)"),
    M(MSG_GRADE_SUMMARY, "ตรวจ %zu sections: %.2f / %.2f คะแนน", "graded %zu sections: %.2f / %.2f points"),
    M(MSG_GRADE_PASSED, "ผ่าน (passed)", "passed"),
    M(MSG_REPRODUCE_HIDDEN, "  ทำซ้ำในเครื่องตัวเองเมื่อผู้สอนประกาศ seed: make check S=%s SEED=<seed>",
      "  reproduce once the instructor releases the seed: make check S=%s SEED=<seed>"),
    M(MSG_REPRODUCE, "  ทำซ้ำ: make check S=%s", "  reproduce: make check S=%s"),
    M(MSG_GRADE_SUMMARY_VISIBLE,
      "ตรวจ %zu sections: test ที่เห็นได้ %.2f / %.2f คะแนน — ผลของ test ที่ซ่อน (hidden) จะแสดงหลังกำหนดส่ง",
      "graded %zu sections: the visible tests %.2f / %.2f points - the hidden tests' results are shown after the due date"),
    M(MSG_PL_HIDDEN_NAME, "%s › ชุดทดสอบซ่อน (hidden checks)", "%s › hidden checks"),
    M(MSG_PL_HIDDEN_TEXT,
      "ผ่าน %d จาก %d check ที่ซ่อน (hidden): ตรวจฟังก์ชันของคุณด้วยกรณีสุ่มชุดอื่น คะแนนนับรวมแล้ว "
      "ส่วน input ของกรณีที่ไม่ผ่านจะแสดงเมื่อผู้สอนเปิดเผย (แล้ว make check S=%s SEED=<seed ที่ซ่อน> ทำซ้ำได้ทุกกรณี)",
      "%d of %d hidden checks passed: they run your functions on other random cases and count in the score; "
      "the inputs of the failing ones are shown once the instructor releases them (then make check S=%s "
      "SEED=<the hidden seed> reproduces each)"),
    M(MSG_PL_NOT_GRADABLE,
      "คอมไพล์ไม่ผ่าน: ครั้งนี้ไม่นับเป็นการส่ง (not gradable) แก้แล้วส่งใหม่ได้",
      "does not compile: this submission is not graded and costs no attempt; fix it and submit again"),
    M(MSG_GRADE_UNGRADABLE,
      "ไม่พบไฟล์ที่ต้องตรวจเลยสักไฟล์ในงานที่ส่ง: ต้องมีโฟลเดอร์ของ section พร้อมไฟล์ของมัน เช่น %s",
      "no file to grade was found in the submission: it must hold the sections' folders with their files, e.g. %s"),
    M(MSG_GRADE_NOT_STARTED,
      "%s/%s ยังเป็น stub เดิมที่ไม่ได้แก้ (not started): ยังไม่ผ่านสักข้อ (0 จาก %.2f คะแนน)\n"
      "  เริ่มจาก TODO ในไฟล์ แล้วรัน make check S=%s ในเครื่องตัวเอง จะเห็นทีละข้อว่าให้อะไร คาดว่าอะไร ได้อะไร",
      "%s/%s is still the untouched stub (not started): none of its checks passes yet (0 of %.2f points)\n"
      "  start from the TODO in the file, then run make check S=%s on your machine to see each check's given, expected and got"),
    M(MSG_NO_FOLDER, "checker: ไม่พบโฟลเดอร์ '%s' (folder not found)\n", "checker: folder '%s' not found\n"),
    M(MSG_NO_SECTION_NAMED, "checker: ไม่รู้จัก section '%s'\n", "checker: no section is called '%s'\n"),
    M(MSG_NO_SECTION, "checker: ไม่มี section ชื่อนั้น (no such section) — section ที่มี:",
      "checker: no such section - the sections are:"),
    M(MSG_CANNOT_STAGE, "checker: เตรียมโฟลเดอร์ %s ไม่ได้ (cannot stage headers from %s)\n",
      "checker: cannot prepare %s (staging headers from %s)\n"),
    M(MSG_CHECKING_SECTION, "  กำลังตรวจ %s ...\n", "  checking %s ...\n"),
    M(MSG_DEP_MISSING,
      "  คอมไพล์ผ่านแต่ link ไม่ได้: ไม่พบฟังก์ชัน %s\n  section นี้ใช้โค้ดของคุณเองจาก %s แต่ไม่พบไฟล์นั้นในโฟลเดอร์: ทำ %s ก่อน (write it first)",
      "  compiled but did not link: no function %s\n  this section runs on your own %s, whose file is not in the folder: write %s first"),
    M(MSG_DEP_BROKEN,
      "  คอมไพล์ผ่านแต่ link ไม่ได้: ไม่พบฟังก์ชัน %s\n  section นี้ใช้โค้ดของคุณเองจาก %s ซึ่งยังคอมไพล์ไม่ผ่าน: แก้ %s ก่อน (fix it first)",
      "  compiled but did not link: no function %s\n  this section runs on your own %s, which does not compile: fix %s first"),
    M(MSG_DEP_FIX_FIRST,
      "%s%s: section นี้ใช้โค้ด %s ของคุณเอง ซึ่งยังไม่ผ่าน check ของตัวเอง: แก้ %s ก่อน (fix it first)",
      "%s%s: this section runs on your own %s, which still fails its own checks: fix %s first."),
    M(MSG_SCORE_HEADER, "\nคะแนน (score):\n", "\nscore:\n"),
    M(MSG_SIG_SEGV, "SIGSEGV — segmentation fault: อ่าน/เขียนหน่วยความจำนอกขอบเขต เช่น index เกินขนาด array หรือใช้ pointer ที่เป็น NULL",
      "SIGSEGV - segmentation fault: memory read or written out of bounds, e.g. an index past an array or a NULL pointer"),
    M(MSG_SIG_BUS, "SIGBUS — เข้าถึงหน่วยความจำที่ไม่ถูกต้อง", "SIGBUS - invalid memory access"),
    M(MSG_SIG_FPE, "SIGFPE — หารจำนวนเต็มด้วยศูนย์", "SIGFPE - integer division by zero"),
    M(MSG_SIG_ABRT, "SIGABRT — abort() ถูกเรียก (assert ไม่ผ่าน หรือ free ผิด)",
      "SIGABRT - abort() was called (a failed assert or a bad free)"),
    M(MSG_SIG_XCPU, "SIGXCPU — ใช้เวลา CPU เกินกำหนด (loop ไม่รู้จบ?)", "SIGXCPU - CPU time limit (an endless loop?)"),
    M(MSG_SIG_KILL, "SIGKILL — ถูกระบบหยุด (อาจใช้หน่วยความจำมากเกินไป)",
      "SIGKILL - stopped by the system (too much memory?)"),
    M(MSG_SIG_SYS, "SIGSYS — เรียก system call ที่ไม่อนุญาตใน sandbox (เปิด/สร้างไฟล์, fork, network, ส่ง signal ถึง process อื่น): ฟังก์ชันที่ตรวจต้องคำนวณอย่างเดียว",
      "SIGSYS - a system call the sandbox forbids (opening or creating files, fork, network, signalling another process): graded functions must only compute"),
    M(MSG_SIG_XFSZ, "SIGXFSZ — พยายามเขียนไฟล์ (sandbox ไม่อนุญาต)", "SIGXFSZ - tried to write a file (the sandbox forbids it)"),
    M(MSG_SIG_OTHER, "signal %d", "signal %d"),
    M(MSG_BUDGET_SECTION_USED,
      "  ไม่ได้รัน: section นี้ใช้เวลาครบงบ %.1f วินาทีแล้ว (เฉลยใช้ไม่ถึงครึ่งวินาที) — หา loop ที่ไม่จบ, sleep หรืองานใน constructor แล้วข้อนี้จะถูกตรวจอีกครั้ง",
      "  not run: this section has used its whole time budget of %.1f s (the reference needs under half a second) - look for a loop that never ends, a sleep or work in a constructor, then this check runs again"),
    M(MSG_BUDGET_SUBMISSION_USED,
      "  ไม่ได้รัน: งานที่ส่งนี้ใช้เวลาครบงบรวม %.1f วินาทีแล้วใน section ก่อนหน้า — แก้ section ที่หมดเวลาหรือคอมไพล์นานก่อน",
      "  not run: this submission has used its whole time budget of %.1f s in earlier sections - fix the sections that timed out or compiled for long first"),
    M(MSG_TIMED_OUT, "ไม่เสร็จภายใน %.1f วินาที (timeout) — น่าจะมี loop ที่ไม่มีวันจบ เช่นเงื่อนไขหยุดของ pass ที่ไม่มีวันเป็นจริง",
      "did not finish within %.1f seconds (timeout) - probably an endless loop, such as a pass condition that never becomes true"),
    M(MSG_CRASHED, "โปรแกรม crash: %s (make check MEMCHECK=1 บอกฟังก์ชันและบรรทัดที่พังได้)",
      "the program crashed: %s (make check MEMCHECK=1 names the function and line)"),
    M(MSG_FLOODED, "พิมพ์ output เกิน %u bytes จึงถูกหยุด — ลบ printf ที่อยู่ใน loop ออก",
      "printed more than %u bytes and was stopped - remove the printf inside the loop"),
    M(MSG_NOT_STARTED, "เริ่ม runner (%s) ไม่ได้ (หรือเครื่องนี้เปิด seccomp sandbox ไม่ได้)",
      "cannot start the runner (%s) (or this machine cannot enable the seccomp sandbox)"),
    M(MSG_GARBAGE, "ผลลัพธ์ที่ส่งกลับมาอ่านไม่ได้ (ช่องสื่อสารกับ checker ถูกเขียนทับ) — อย่าเขียนลง file descriptor อื่นนอกจาก stdout/stderr",
      "the answers came back unreadable (the channel to the checker was written over) - write only to stdout/stderr"),
    M(MSG_EXITED, "โปรแกรมจบเองกลางทาง (exit code %d) — ฟังก์ชันที่ตรวจต้อง return ค่ากลับมา ห้ามเรียก exit() หรือ abort()",
      "the program ended on its own (exit code %d) - graded functions must return, never call exit() or abort()"),
    M(MSG_AT_CASE, "  %s\n  เกิดขึ้นที่ case %zu จาก %zu", "  %s\n  at case %zu of %zu"),
    M(MSG_PRINTED, "\n  โปรแกรมของคุณพิมพ์ออกมา (%zu bytes แรก):\n%s", "\n  your program printed (first %zu bytes):\n%s"),
    M(MSG_GIVEN, "  ให้ (input):       %s\n", "  input:    %s\n"),
    M(MSG_EXPECTED, "  คาดว่า (expected): %s\n", "  expected: %s\n"),
    M(MSG_GOT, "  ได้ (got):         %s\n", "  got:      %s\n"),
    M(MSG_DIAGNOSIS, "  วินิจฉัย [%s]: %s\n", "  diagnosis [%s]: %s\n"),
    M(MSG_MEMCHECK, "  MEMCHECK พบ %s ในฟังก์ชัน %s (%s บรรทัด %d)", "  MEMCHECK found %s in %s (%s line %d)"),
    M(MSG_MEMCHECK_UNPLACED, "  MEMCHECK พบ %s (ดูรายงานด้านล่าง)", "  MEMCHECK found %s (see the report below)"),
    M(MSG_HINT_NONE, "ยังไม่มีคำใบ้สำหรับ %s", "no hints for %s yet"),
    M(MSG_HINT_HEADER, "คำใบ้ %d/%d สำหรับ %s:", "hint %d/%d for %s:"),
    M(MSG_HINT_LAST, "(นี่คือคำใบ้สุดท้ายแล้ว — ลบ %s/ เพื่อเริ่มใหม่)",
      "(that was the last hint - delete %s/ to start over)"),
    M(MSG_HINT_MORE, "(ต้องการคำใบ้ที่แรงขึ้น: make hint S=%s อีกครั้ง)", "(for a stronger hint: make hint S=%s again)"),
    M(MSG_HINT_FOR, "(เลือกคำใบ้นี้เพราะ checker วินิจฉัยความผิดพลาดที่เห็นอยู่ได้: %s)",
      "(chosen for the mistake the checker names in the failure you see: %s)"),
    M(MSG_HINT_IN_ORDER, "(คำใบ้ที่อ่อนที่สุดที่ยังไม่ได้ดู: คำใบ้มาตามลำดับ เว้นแต่ checker วินิจฉัยความผิดพลาดที่มีคำใบ้ของมันเอง)",
      "(the weakest hint not shown yet: hints come in order unless the checker names a mistake that has a hint of its own)"),
    M(MSG_FIGURE, "  กราฟ convergence ของคุณทับบนของ reference (chain และ target ชุดเดียวกัน): %s.png (%s.svg)",
      "  your convergence curve over the reference's (same chains and targets): %s.png (%s.svg)"),
    M(MSG_FIGURE_NO_PASSES,
      "  โค้ดของคุณยังไม่ได้รันสัก pass (คืน 0 pass ทุกกรณี) จึงยังไม่มีกราฟ convergence ของคุณ: รูปนี้มีแต่ของ reference %s.png (%s.svg)",
      "  your solver has not run a pass yet (0 passes on every case), so there is no convergence curve of yours yet: the figure shows the reference's alone, %s.png (%s.svg)"),
    /* grading (--plot-defer) draws the figures as SVG only */
    M(MSG_FIGURE_SVG, "  กราฟ convergence ของคุณทับบนของ reference (chain และ target ชุดเดียวกัน): %s.svg",
      "  your convergence curve over the reference's (same chains and targets): %s.svg"),
    M(MSG_FIGURE_NO_PASSES_SVG,
      "  โค้ดของคุณยังไม่ได้รันสัก pass (คืน 0 pass ทุกกรณี) จึงยังไม่มีกราฟ convergence ของคุณ: รูปนี้มีแต่ของ reference %s.svg",
      "  your solver has not run a pass yet (0 passes on every case), so there is no convergence curve of yours yet: the figure shows the reference's alone, %s.svg"),
    M(MSG_OVERRUN_GIVEN, "%s, call ที่ %d จาก %d", "%s, call %d of %d"),
    M(MSG_NO_OVERRUN, "เขียนเฉพาะ output ของตัวเอง: ไม่มี byte ก่อนหรือหลัง output เปลี่ยน",
      "writes only its outputs: no byte before or past an output changes"),
    M(MSG_OVERRUN_GOT, "guard byte รอบ output เปลี่ยนไป %d byte: มีการเขียนก่อนหรือเลยปลาย output (เช่น out[1], out[-1]); ลอง make check MEMCHECK=1 เพื่อดูบรรทัด",
      "%d guard bytes around the outputs changed: something was written before or past an output (out[1], out[-1], ...); make check MEMCHECK=1 names the line"),
#define DIAGNOSIS(name, id, sections, th, en) M(MSG_ADVICE_##name, th, en),
#include "diagnoses.def"
#undef DIAGNOSIS
#define MSG(id, th, en) M(id, th, en),
#define SECTION_MESSAGES
#include "sections.def"
#undef SECTION_MESSAGES
#undef MSG
};

static int g_english;

void msg_set_language(const char *lang)
{
    g_english = lang && strncmp(lang, "en", 2) == 0;
}

void msg_choose_language(const char *flag)
{
    /* Thai unless asked: a machine-wide LANG=en_US.UTF-8 is not a request,
     * LANG=en (exactly) or --lang en is. */
    const char *env = getenv("LANG");
    msg_set_language(flag ? flag : (env && strcmp(env, "en") == 0) ? "en" : "th");
}

const char *msg_in(msg_id id, int english)
{
    if (id < 0 || id >= MSG_COUNT || !CATALOGUE[id].th)
        return "?";
    return english ? CATALOGUE[id].en : CATALOGUE[id].th;
}

const char *msg(msg_id id) { return msg_in(id, g_english); }

int msg_is_english(void) { return g_english; }

const char *msg_name(msg_id id)
{
    return (id >= 0 && id < MSG_COUNT && CATALOGUE[id].name) ? CATALOGUE[id].name : "?";
}
