# Alternative correct solution: equal bones with the target on the shoulder give the shoulder angle's limit as D -> 0, pi/2, instead of 0 (the header leaves that angle free); must pass every check.
# Applied to solutions/02_law_of_cosines/; must change the file.
s/    if (denominator == 0.0f)$/    if (denominator == 0.0f \&\& b == 0.0f \&\& a == c)\n        return 0.5f * IK_PI;\n    if (denominator == 0.0f)/
