# HOSTILE submission "cpp_bomb": an #if over 2^40 terms, built by doubling macros: the preprocessor would work for hours (and grow without end), so the compile must be cut by its own limit.
# Expected outcome: no_compile. Applied to solutions/02_law_of_cosines/law_of_cosines.c by make test.
1i\
#define BOMB0 1\
#define BOMB1 (BOMB0 + BOMB0)\
#define BOMB2 (BOMB1 + BOMB1)\
#define BOMB3 (BOMB2 + BOMB2)\
#define BOMB4 (BOMB3 + BOMB3)\
#define BOMB5 (BOMB4 + BOMB4)\
#define BOMB6 (BOMB5 + BOMB5)\
#define BOMB7 (BOMB6 + BOMB6)\
#define BOMB8 (BOMB7 + BOMB7)\
#define BOMB9 (BOMB8 + BOMB8)\
#define BOMB10 (BOMB9 + BOMB9)\
#define BOMB11 (BOMB10 + BOMB10)\
#define BOMB12 (BOMB11 + BOMB11)\
#define BOMB13 (BOMB12 + BOMB12)\
#define BOMB14 (BOMB13 + BOMB13)\
#define BOMB15 (BOMB14 + BOMB14)\
#define BOMB16 (BOMB15 + BOMB15)\
#define BOMB17 (BOMB16 + BOMB16)\
#define BOMB18 (BOMB17 + BOMB17)\
#define BOMB19 (BOMB18 + BOMB18)\
#define BOMB20 (BOMB19 + BOMB19)\
#define BOMB21 (BOMB20 + BOMB20)\
#define BOMB22 (BOMB21 + BOMB21)\
#define BOMB23 (BOMB22 + BOMB22)\
#define BOMB24 (BOMB23 + BOMB23)\
#define BOMB25 (BOMB24 + BOMB24)\
#define BOMB26 (BOMB25 + BOMB25)\
#define BOMB27 (BOMB26 + BOMB26)\
#define BOMB28 (BOMB27 + BOMB27)\
#define BOMB29 (BOMB28 + BOMB28)\
#define BOMB30 (BOMB29 + BOMB29)\
#define BOMB31 (BOMB30 + BOMB30)\
#define BOMB32 (BOMB31 + BOMB31)\
#define BOMB33 (BOMB32 + BOMB32)\
#define BOMB34 (BOMB33 + BOMB33)\
#define BOMB35 (BOMB34 + BOMB34)\
#define BOMB36 (BOMB35 + BOMB35)\
#define BOMB37 (BOMB36 + BOMB36)\
#define BOMB38 (BOMB37 + BOMB37)\
#define BOMB39 (BOMB38 + BOMB38)\
#define BOMB40 (BOMB39 + BOMB39)\
#if BOMB40 > 0\
#endif
