/* terrain.h - the ground that section 07 (foot IK) stands on.
 *
 * Given complete to students, like ikmath.h: it plays the part of Unity's
 * Physics.Raycast in chapter section 9. The ground is a handful of flat or
 * sloped rectangular patches seen from above (a heightfield in pieces), so
 * it can hold a flat floor, ramps, stairs and a ledge with nothing beyond
 * it, and a ray straight down finds its hit point and surface normal
 * exactly, with no physics engine.
 *
 * A patch covers min_x <= x < max_x and min_z <= z < max_z (half-open, so
 * two stair treads sharing an edge never both claim a point) and its
 * surface is the plane y = height + slope_x * x + slope_z * z (measured
 * from the world origin, not the patch corner). Where no patch covers a
 * point there is no ground at all: a ledge is the edge of the last patch.
 */
#ifndef TERRAIN_H
#define TERRAIN_H

#include "ikmath.h"

#define TERRAIN_MAX_PATCHES 16

typedef struct {
    float min_x, max_x;  /* min_x < max_x, both finite */
    float min_z, max_z;  /* min_z < max_z, both finite */
    float height;        /* surface y at x = 0, z = 0 (on the plane's extension) */
    float slope_x;       /* dy/dx: 0 for flat ground, 0.5 for a 26.6 deg ramp */
    float slope_z;       /* dy/dz */
} terrain_patch;

typedef struct {
    int patch_count;     /* 0 .. TERRAIN_MAX_PATCHES */
    terrain_patch patches[TERRAIN_MAX_PATCHES];
} terrain;

typedef struct {
    vec3 point;          /* where the ray met the surface */
    vec3 normal;         /* unit surface normal, pointing up out of the ground */
    float distance;      /* from the ray's origin down to the point */
} terrain_hit;

/* An empty terrain (no ground anywhere). */
terrain terrain_empty(void);

/* A patch with finite numbers and a non-empty area. */
int terrain_patch_is_valid(const terrain_patch *patch);

/* Every patch valid and patch_count within 0 .. TERRAIN_MAX_PATCHES. */
int terrain_is_valid(const terrain *ground);

/* Appends a patch. Returns 1, or 0 (terrain unchanged) when the terrain is
 * full, NULL or invalid, or the patch is invalid. */
int terrain_add_patch(terrain *ground, terrain_patch patch);

/* Surface height of one patch's plane at (x, z), inside the patch or not. */
float terrain_patch_height(const terrain_patch *patch, float x, float z);

/* Unit normal of one patch's plane: (-slope_x, 1, -slope_z) normalized. */
vec3 terrain_patch_normal(const terrain_patch *patch);

/* The chapter's Physics.Raycast(origin, Vector3.down, out hit, distance):
 * a ray from `origin` straight down (-Y), at most `max_distance` long.
 * Returns 1 and fills *hit with the first surface it meets (the highest
 * surface at or below the origin within reach), or 0 when nothing is
 * there: no patch under the point, ground too far down, or ground only
 * above the origin (a ray starting under a surface does not hit it, as in
 * Unity). A surface exactly at the origin is hit at distance 0. Bad input
 * (NULL, invalid terrain, non-finite origin, max_distance < 0 or not
 * finite) is a miss. *hit is written only on a hit. */
int terrain_raycast_down(const terrain *ground, vec3 origin, float max_distance, terrain_hit *hit);

#endif /* TERRAIN_H */
