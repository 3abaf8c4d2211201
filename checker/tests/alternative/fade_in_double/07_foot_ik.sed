# Alternative correct solution: the fade computed in double precision and clamped on the side it moves toward.
# Applied to solutions/07_foot_ik/ like a buggy sed; must pass every check.
s/^    float step = rate_per_second \* dt;$/    double step = (double)rate_per_second * (double)dt;/
s/^    weight += grounded ? step : -step;$/    return grounded ? (float)fmin(1.0, (double)weight + step) : (float)fmax(0.0, (double)weight - step);/
