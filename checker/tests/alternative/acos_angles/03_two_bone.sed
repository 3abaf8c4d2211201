# Alternative correct solution: the elbow's height off the line comes from the shoulder angle itself, L1 sin(acos(cos)), with the cosine clamped (the limits still put the arm straight or folded explicitly); must pass every check.
# Applied to solutions/03_two_bone/; must change the file.
s/^    float height_sq = upper \* upper - along \* (along \/ dist_sq);/    float cosine = along \/ (upper * sqrtf(dist_sq));\n    cosine = cosine > 1.0f ? 1.0f : cosine < -1.0f ? -1.0f : cosine;\n    const float height = upper * sinf(acosf(cosine));\n    float height_sq = height * height;/
