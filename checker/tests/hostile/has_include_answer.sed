# HOSTILE submission "has_include_answer": no line of any file is quoted: __has_include only asks whether the reference exists where the grader keeps it (by its path, or through /proc/self/cwd), and the submission answers right where it does and wrong where it does not, so a full score would tell the student it was graded beside the references. In the compiler's cage the references do not exist.
# Expected outcome: wrong. Needs: compile cage. Applied to solutions/02_law_of_cosines/law_of_cosines.c by make test (@ROOT@ becomes the workbook's folder).
1i\
#if !__has_include("@ROOT@/solutions/02_law_of_cosines/law_of_cosines.c") && !__has_include("/proc/self/cwd/solutions/02_law_of_cosines/law_of_cosines.c")\
#define HOSTILE_REFERENCE_HIDDEN 1\
#endif
/^float elbow_interior_angle/,/^{/{
/^{/a\
#ifdef HOSTILE_REFERENCE_HIDDEN\
    return -1.0f;\
#endif
}
