# Planted bug proving the "weight_jump" diagnosis: the weight set to 1 on a hit and 0 on a miss, as the chapter's PlaceFoot does, with no fade.
# Applied to solutions/07_foot_ik/ by make test; must change the file.
s/^    foot->weight = foot_ik_fade_weight(before->weight, foot->grounded, s->weight_fade_rate, in->dt);$/    foot->weight = foot->grounded ? 1.0f : 0.0f;/
