# Alternative correct solution: with no ground the remembered normal is handed on as it came (not normalized); only its direction counts (foot_ik.h).
# Applied to solutions/07_foot_ik/ like a buggy sed; must pass every check.
s/^    out->memory\[f\].ground_normal = normal;$/    out->memory[f].ground_normal = foot->grounded ? normal : before->ground_normal;/
