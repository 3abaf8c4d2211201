# Planted bug proving the "up_fallback" diagnosis: like the chapter's TwoBoneIK.Solve, one fallback plane only (cross with up), none for a limb that points straight up.
# Applied to solutions/03_two_bone/ by make test; must change the file.
/^        if (v3_length_sq(bend) < 1e-8f)$/d
/^            bend = v3_sub(v3_right(), v3_scale(aim, aim.x \* limb->inv_aim_sq));$/d
