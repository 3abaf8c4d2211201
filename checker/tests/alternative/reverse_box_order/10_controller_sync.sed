# A correct collide-and-slide that visits the boxes last to first in every
# push pass: the header leaves the order of pushes within a pass free.
s/for (int i = 0; i < world->box_count; i++) {/for (int i = world->box_count - 1; i >= 0; i--) {/
