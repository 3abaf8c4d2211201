# Alternative correct solution: with the pole on the root->target line the fallback bend plane is taken from +X first, +Y second (the header leaves the direction free); must pass every check.
# Applied to solutions/03_two_bone/; must change the file.
s/        bend = v3_sub(v3_up(), v3_scale(aim, aim.y \* limb->inv_aim_sq));/        bend = v3_sub(v3_right(), v3_scale(aim, aim.x * limb->inv_aim_sq));/
s/            bend = v3_sub(v3_right(), v3_scale(aim, aim.x \* limb->inv_aim_sq));/            bend = v3_sub(v3_up(), v3_scale(aim, aim.y * limb->inv_aim_sq));/
