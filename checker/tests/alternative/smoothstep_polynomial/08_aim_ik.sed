# Alternative correct solution: the smooth step written as the polynomial 1 - 3t^2 + 2t^3.
# Applied to solutions/08_aim_ik/ like a buggy sed; must pass every check.
s/^    return 1.0f - t \* t \* (3.0f - 2.0f \* t);$/    return 1.0f - 3.0f * t * t + 2.0f * t * t * t;/
