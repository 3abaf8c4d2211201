# Planted bug proving the "nan_acos" diagnosis: neither the distance nor the cosine is clamped before acosf().
# Applied to solutions/02_law_of_cosines/ by make test; must change the file.
/if (dist > max_reach)$/,+3d
/if (cosine < -1.0f)$/,+3d
