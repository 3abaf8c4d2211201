# Planted bug proving the "smaller_deficit" diagnosis: the hip drop is the smaller of the two feet's deficits (Mathf.Min for Mathf.Max), so the leg that must reach further down cannot.
# Applied to solutions/07_foot_ik/ by make test; must change the file.
s/^        hip_drop = fmaxf(hip_drop, foot->deficit);/        hip_drop = f == 0 ? foot->deficit : fminf(hip_drop, foot->deficit);/
