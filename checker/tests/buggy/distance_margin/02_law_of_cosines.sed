# Planted bug proving the "distance_margin" diagnosis: the distance is clamped with the chapter C#'s 1e-4 margin: [min + 1e-4, max - 1e-4].
# Applied to solutions/02_law_of_cosines/ by make test; must change the file.
s/if (dist > max_reach)$/if (dist > max_reach - 1e-4f)/
s/dist = max_reach;/dist = max_reach - 1e-4f;/
s/if (dist < min_reach)$/if (dist < min_reach + 1e-4f)/
s/dist = min_reach;/dist = min_reach + 1e-4f;/
