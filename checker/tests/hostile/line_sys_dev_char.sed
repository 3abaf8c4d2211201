# HOSTILE submission "line_sys_dev_char": the same through /sys/dev/char/1:3 (a link to /sys/devices/virtual/mem/null, on machines without pci0000:00), five ".." back to / and /proc/self/cwd to the workbook's reference, quoted line by line by several errors.
# Expected outcome: no_compile. Applied to solutions/02_law_of_cosines/law_of_cosines.c by make test.
$a\
#line 24 "/sys/dev/char/1:3/../../../../../proc/self/cwd/solutions/02_law_of_cosines/law_of_cosines.c"\
int hostile_a = hostile_b;\
#line 30 "/sys/dev/char/1:3/../../../../../proc/self/cwd/solutions/02_law_of_cosines/law_of_cosines.c"\
int hostile_c = hostile_d;
