# Planted bug proving the "delta_not_turned" diagnosis: the clip's delta added in world axes, as the chapter's transform.position += animator.deltaPosition reads, not turned by the character's yaw.
# Applied to solutions/09_root_motion/ by make test; must change the file.
s/rm_rotate_yaw(delta->translation, character->yaw)/delta->translation/
