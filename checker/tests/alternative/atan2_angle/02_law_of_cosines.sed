# A correct 02 written another way: the angle from atan2 of its sine and
# cosine instead of acos. sin C = sqrt((1 - cos C)(1 + cos C)) (never
# negative for an interior angle in [0, pi]); atan2f(sin, cos) is the same
# angle and, unlike acosf, is defined for any pair, so it must pass every
# check just as the reference does. Applied by make test-alternatives.
s|^    return acosf(cosine);$|    return atan2f(sqrtf(fmaxf(0.0f, (1.0f - cosine) * (1.0f + cosine))), cosine);|
