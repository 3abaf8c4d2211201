# Planted bug proving the "distance_margin" diagnosis in 03: the distance is clamped with the chapter's TwoBoneIK.Solve margin, [minReach + 0.0001, maxReach - 0.0001] metres (here in the reference's reach units).
# Applied to solutions/03_two_bone/ by make test; must change the file.
s/^    float dist_sq = limb->raw_sq > limb->max_sq ? limb->max_sq : limb->raw_sq;$/    const float margin = ldexpf(1e-4f, -limb->reach_exp), hi = sqrtf(limb->max_sq) - margin, lo = sqrtf(limb->min_sq) + margin;\n    float dist_sq = limb->raw_sq > hi * hi ? hi * hi : limb->raw_sq;/
s/^    dist_sq = dist_sq < limb->min_sq ? limb->min_sq : dist_sq;$/    dist_sq = dist_sq < lo * lo ? lo * lo : dist_sq;/
s/if (limb->raw_sq >= limb->max_sq || limb->raw_sq <= limb->min_sq || !(elbow.height_sq > 0.0f))$/if (!(elbow.height_sq > 0.0f))/
