/* terrain.c - the ground of section 07 and its downward raycast (given). */
#include "terrain.h"

#include <stddef.h>

terrain terrain_empty(void)
{
    terrain ground;
    ground.patch_count = 0;
    for (int i = 0; i < TERRAIN_MAX_PATCHES; i++) {
        terrain_patch none = {0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f};
        ground.patches[i] = none;
    }
    return ground;
}

int terrain_patch_is_valid(const terrain_patch *patch)
{
    if (patch == NULL)
        return 0;
    /* `!(a < b)` also rejects NaN bounds. */
    return isfinite(patch->min_x) && isfinite(patch->max_x) && isfinite(patch->min_z) &&
           isfinite(patch->max_z) && patch->min_x < patch->max_x && patch->min_z < patch->max_z &&
           isfinite(patch->height) && isfinite(patch->slope_x) && isfinite(patch->slope_z);
}

int terrain_is_valid(const terrain *ground)
{
    if (ground == NULL || ground->patch_count < 0 || ground->patch_count > TERRAIN_MAX_PATCHES)
        return 0;
    for (int i = 0; i < ground->patch_count; i++)
        if (!terrain_patch_is_valid(&ground->patches[i]))
            return 0;
    return 1;
}

int terrain_add_patch(terrain *ground, terrain_patch patch)
{
    if (!terrain_is_valid(ground) || ground->patch_count >= TERRAIN_MAX_PATCHES ||
        !terrain_patch_is_valid(&patch))
        return 0;
    ground->patches[ground->patch_count++] = patch;
    return 1;
}

float terrain_patch_height(const terrain_patch *patch, float x, float z)
{
    return patch->height + patch->slope_x * x + patch->slope_z * z;
}

vec3 terrain_patch_normal(const terrain_patch *patch)
{
    /* The plane y = h + sx x + sz z has gradient (sx, sz); (-sx, 1, -sz) is
     * perpendicular to both of its tangents (1, sx, 0) and (0, sz, 1). */
    return v3_normalize_or(v3(-patch->slope_x, 1.0f, -patch->slope_z), v3_up());
}

int terrain_raycast_down(const terrain *ground, vec3 origin, float max_distance, terrain_hit *hit)
{
    if (hit == NULL || !terrain_is_valid(ground) || !v3_is_finite(origin) || !isfinite(max_distance) ||
        max_distance < 0.0f)
        return 0;

    /* A vertical ray meets each patch's plane at most once, at the
     * plane's height right under the origin; the first surface going down
     * is the highest of those that is not above the origin. */
    int best = -1;
    float best_y = 0.0f;
    for (int i = 0; i < ground->patch_count; i++) {
        const terrain_patch *p = &ground->patches[i];
        if (origin.x < p->min_x || origin.x >= p->max_x || origin.z < p->min_z || origin.z >= p->max_z)
            continue;
        float y = terrain_patch_height(p, origin.x, origin.z);
        if (y > origin.y || origin.y - y > max_distance)
            continue;
        if (best < 0 || y > best_y) {
            best = i;
            best_y = y;
        }
    }
    if (best < 0)
        return 0;
    hit->point = v3(origin.x, best_y, origin.z);
    hit->normal = terrain_patch_normal(&ground->patches[best]);
    hit->distance = origin.y - best_y;
    return 1;
}
