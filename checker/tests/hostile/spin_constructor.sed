# HOSTILE submission "spin_constructor": a constructor spins forever, before any check can even start: it must cost the section's time budget, not a timeout per check.
# Expected outcome: timed_out. Applied to solutions/02_law_of_cosines/law_of_cosines.c by make test.
1i\
__attribute__((constructor)) static void spin(void) { for (volatile int forever = 1; forever;) {} }
