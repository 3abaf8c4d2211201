/* sections.c - which sections exist, what file each grades, what it needs.
 * Nothing else in the driver knows the list. A section whose reference
 * folder (solutions/<slug>) does not exist yet is skipped by the driver. */
#include "sections.h"

#include <string.h>

const section_def SECTIONS[] = {
    {"01_forward_kinematics", "forward_kinematics.c", "Forward kinematics", "§1",
     {NULL}, FORWARD_KINEMATICS_CHECKS, NULL},
    {"02_law_of_cosines", "law_of_cosines.c", "Law of cosines: มุมข้อศอกและไหล่", "§3–4, §14",
     {NULL}, LAW_OF_COSINES_CHECKS, NULL},
    {"03_two_bone", "two_bone.c", "Two-bone IK", "§5",
     {"02_law_of_cosines"}, TWO_BONE_CHECKS, NULL},
    {"04_pole_vector", "pole_vector.c", "Pole vector และ rotation ของ bone", "§5–6",
     {NULL}, POLE_VECTOR_CHECKS, NULL},
    {"05_ccd", "ccd.c", "CCD (Cyclic Coordinate Descent)", "§7",
     {NULL}, CCD_CHECKS, CCD_FIGURE},
    {"06_fabrik", "fabrik.c", "FABRIK", "§8",
     {NULL}, FABRIK_CHECKS, FABRIK_FIGURE},
    /* 07 and 08 place limbs with the two-bone solver: the runner links the
     * reference 03 (and the 02 it uses), so a bug in a student's 03 never
     * fails their 07 or 08. */
    {"07_foot_ik", "foot_ik.c", "Foot IK บนพื้นไม่เรียบ", "§9",
     {"02_law_of_cosines", "03_two_bone"}, FOOT_IK_CHECKS, NULL},
    {"08_aim_ik", "aim_ik.c", "Look-at และ Aim IK", "§10",
     {"02_law_of_cosines", "03_two_bone"}, AIM_IK_CHECKS, NULL},
    {"09_root_motion", "root_motion.c", "Root motion", "§11–12",
     {NULL}, ROOT_MOTION_CHECKS, NULL},
    {"10_controller_sync", "controller_sync.c", "Root motion ผ่าน character controller", "§12",
     {NULL}, CONTROLLER_SYNC_CHECKS, NULL},
};
const size_t SECTION_COUNT = sizeof SECTIONS / sizeof SECTIONS[0];

size_t section_check_count(const section_def *section)
{
    size_t n = 0;
    while (section->checks[n].name)
        n++;
    return n;
}

const section_def *section_find(const char *slug)
{
    for (size_t i = 0; i < SECTION_COUNT; i++)
        if (strcmp(SECTIONS[i].slug, slug) == 0)
            return &SECTIONS[i];
    return NULL;
}
