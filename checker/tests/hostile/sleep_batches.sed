# HOSTILE submission "sleep_batches": wrong answers (0, like the stub) that sleep 0.9 s on every third call, so a short check stays under its own time limit while the section's checks add up to minutes: the section's and the submission's budgets must cut it.
# Expected outcome: wrong or timed_out. Applied to solutions/02_law_of_cosines/law_of_cosines.c by make test.
1i\
#define _POSIX_C_SOURCE 200809L\
#include <time.h>\
static void dawdle(void) { static unsigned calls; if (calls++ % 3 == 0) { struct timespec nap = {0, 900000000L}; nanosleep(&nap, 0); } }
/^float [a-z_]*(/,/^{/{
/^{/a\
    dawdle(); return 0.0f;
}
