# HOSTILE submission "line_pci": the attack as first seen: two lines appended, a "#line" naming the reference through /proc/self/cwd behind a sysfs folder whose name holds ":00", so a scan that took a file name to end at its first ":<digit>" let it through and gcc quoted the reference's line 24 under the error.
# Expected outcome: no_compile. Applied to solutions/02_law_of_cosines/law_of_cosines.c by make test.
$a\
#line 24 "/sys/devices/pci0000:00/../../../proc/self/cwd/solutions/02_law_of_cosines/law_of_cosines.c"\
int hostile_a = hostile_b;
