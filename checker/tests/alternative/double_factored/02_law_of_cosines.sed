# A correct 02 written another way: the cosine and the angle in double
# precision inside (the header fixes only float in and out). Closer to the
# exact angle than the float reference, never further: it must pass every
# check. Applied by make test-alternatives.
s|^    float cosine = ((a - c) \* (a + c) + b \* b) / denominator;$|    double cosine = (((double)a - c) * ((double)a + c) + (double)b * b) / (2.0 * a * b);|
s|^    return acosf(cosine);$|    return (float)acos(cosine);|
