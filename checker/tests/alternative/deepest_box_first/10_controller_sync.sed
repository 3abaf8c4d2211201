# A correct collide-and-slide that, in every push pass, lets the boxes push
# deepest overlap first (ordered by their contact distance at the start of
# the pass); the header leaves the order of pushes within a pass free.
/^    const float walkable = cosf(settings->slope_limit);$/a\
    int order[CTRL_MAX_BOXES];\
    float depth[CTRL_MAX_BOXES];\
    for (int k = 0; k < world->box_count; k++) {\
        depth[k] = ctrl_box_contact(&world->boxes[k], *center).distance;\
        int j = k;\
        while (j > 0 && depth[order[j - 1]] > depth[k]) {\
            order[j] = order[j - 1];\
            j--;\
        }\
        order[j] = k;\
    }
s/for (int i = 0; i < world->box_count; i++) {/for (int k = 0; k < world->box_count; k++) {\
        const int i = order[k];/
