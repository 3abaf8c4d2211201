# Planted bug proving the "target_on_root" diagnosis: a target on the root leaves both joints there, as the chapter's normalized zero vector does.
# Applied to solutions/03_two_bone/ by make test; must change the file.
/^    scaled_limb limb = limb_in_reach_units(in);$/i\
    if (in->target.x == in->root.x && in->target.y == in->root.y && in->target.z == in->root.z) {\
        out->mid = in->root;\
        out->tip = in->root;\
        return TWO_BONE_TOO_CLOSE;\
    }
