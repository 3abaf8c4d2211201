# Alternative correct solution: each world rotation is renormalized after the product (keeps unit quaternions down a deep chain); must pass every check.
# Applied to solutions/01_forward_kinematics/; must change the file.
s/world\[i\].rotation = quat_mul(parent->rotation, bone->local_rotation);/world[i].rotation = quat_normalize(quat_mul(parent->rotation, bone->local_rotation));/
