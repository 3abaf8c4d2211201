# Planted bug proving the "multiply_order" diagnosis: child world rotation = local * parent instead of parent * local.
# Applied to solutions/01_forward_kinematics/ by make test; must change the file.
s/quat_mul(parent->rotation, bone->local_rotation)/quat_mul(bone->local_rotation, parent->rotation)/
