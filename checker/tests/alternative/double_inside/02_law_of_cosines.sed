# Alternative correct solution: the cosine is computed and clamped in double, acos taken in double; must pass every check.
# Applied to solutions/02_law_of_cosines/; must change the file.
s/    float cosine = ((a - c) \* (a + c) + b \* b) \/ denominator;/    double cosine = ((double)a * a + (double)b * b - (double)c * c) \/ (2.0 * a * b);/
s/    if (cosine < -1.0f)/    if (cosine < -1.0)/
s/        cosine = -1.0f;/        cosine = -1.0;/
s/    if (cosine > 1.0f)/    if (cosine > 1.0)/
s/        cosine = 1.0f;/        cosine = 1.0;/
s/    return acosf(cosine);/    return (float)acos(cosine);/
