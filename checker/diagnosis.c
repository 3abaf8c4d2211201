/* diagnosis.c - ids and student-facing advice for each named mistake. */
#include "diagnosis.h"

static const struct {
    const char *id;
    const char *advice;
} DIAGNOSES[DIAG_COUNT] = {
    [DIAG_NONE] = {"-", ""},
    [DIAG_DEGREES] = {"degrees",
        "ค่าที่ได้คือคำตอบที่ถูกคูณ 57.3 (180/π) พอดี: ฟังก์ชันคืนค่าเป็นองศา (degrees) "
        "แต่ API ของ workbook ใช้ radians ทั้งหมด — คืนค่าจาก acosf() ตรงๆ แปลงเป็นองศาเฉพาะตอนพิมพ์"},
    [DIAG_BEND_FOR_INTERIOR] = {"bend_for_interior",
        "ค่าที่ได้คือ π ลบคำตอบ: สับสนระหว่าง interior angle (มุมภายในสามเหลี่ยม แขนตรง = 180°) "
        "กับ bend angle (งอไปจากท่าตรงเท่าไร แขนตรง = 0°) — ดูตัวอย่าง 101.5° กับ 78.5° ใน §4"},
    [DIAG_NAN_ACOS] = {"nan_acos",
        "ได้ NaN: acos() ได้รับค่านอกช่วง [-1, 1] เช่น -1.0000001 จากการปัดเศษของ float "
        "หรือจาก target ที่เอื้อมไม่ถึง — clamp ค่า cosine ให้อยู่ใน [-1, 1] ก่อนเรียก acosf() (§4)"},
    [DIAG_DISTANCE_MARGIN] = {"distance_margin",
        "ที่ระยะเอื้อมสุดได้มุมเพี้ยนไปราว 1–2° (เช่น 178.4° แทน 180°): clamp ระยะ D ด้วย margin "
        "อย่าง 1e-4 แบบโค้ดใน §5 ทำให้ผิด เพราะ acos ชันมากใกล้ -1 — clamp D ในช่วง [|L1−L2|, L1+L2] "
        "แบบไม่มี margin แล้ว clamp ค่า cosine แทน"},
    [DIAG_POLE_SIDE] = {"pole_side",
        "ข้อศอก/เข่า (หรือแกน +Y ของ bone) หันไปฝั่งตรงข้ามกับ pole vector: ใน two-bone solve bend axis กลับทิศ "
        "(ลำดับใน cross product สลับกัน) หรือหมุนด้วยมุมติดลบ — หมุนรอบ cross(dirToTarget, dirToPole) ด้วยมุมบวก; "
        "ใน LookRotation ทิศ up ต้องเป็น pole − joint ไม่ใช่ joint − pole (§5–6)"},
    [DIAG_BONE_LENGTH] = {"bone_length",
        "ความยาว bone เปลี่ยน: bone ไม่ยืดหด ต้องใช้ rest length ที่เก็บไว้ตั้งแต่ต้นเสมอ ไม่วัดใหม่จาก pose "
        "ที่งอแล้ว และเมื่อ target เอื้อมไม่ถึงห้าม snap ปลายไปที่ target ตรงๆ (§5, §8)"},
    [DIAG_ROOT_DRIFT] = {"root_drift",
        "root เลื่อนไปจากตำแหน่งเดิม: root ของ chain ต้องอยู่กับที่ — ใน FABRIK forward pass ต้องเริ่มด้วยการวาง "
        "root กลับไปที่ตำแหน่งเดิมก่อนเดินไปทาง tip (§8)"},
    [DIAG_MULTIPLY_ORDER] = {"multiply_order",
        "ลำดับการคูณ quaternion กลับกัน: world rotation ของลูกคือ parent * local (หมุนด้วย local ก่อน "
        "แล้วตามด้วย parent) ไม่ใช่ local * parent (§1)"},
};

const char *diagnosis_id(diagnosis d)
{
    return (d >= 0 && d < DIAG_COUNT) ? DIAGNOSES[d].id : "?";
}

const char *diagnosis_advice(diagnosis d)
{
    return (d >= 0 && d < DIAG_COUNT) ? DIAGNOSES[d].advice : "";
}
