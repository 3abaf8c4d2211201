# A correct collide-and-slide that sweeps the boxes first to last on even
# push passes and last to first on odd ones (the header leaves the order
# of pushes within a pass free).
s/^static int push_out_once(const ctrl_world \*world, const ctrl_settings \*settings, vec3 \*center,$/static int push_out_once(int pass, const ctrl_world *world, const ctrl_settings *settings, vec3 *center,/
s/for (int i = 0; i < world->box_count; i++) {/for (int k = 0; k < world->box_count; k++) {\
        const int i = pass % 2 ? world->box_count - 1 - k : k;/
s/moved = push_out_once(world, settings, &center, out);/moved = push_out_once(pass, world, settings, \&center, out);/
