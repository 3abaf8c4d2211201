/* shims.c - one shim per public reference function (replay.h): the same
 * signature, the inputs and pointed-to data serialised, the outputs
 * recorded (REPLAY_RECORD, calling the real reference as ref_<name>) or
 * replayed (REPLAY_PLAY). Counts are clamped to their arrays, so a bad
 * count (the suites probe with them) reads nothing past an array. */
#ifdef REPLAY_RECORD
#include "ref_names.h" /* the headers below declare ref_<name> */
#endif
#include "forward_kinematics.h"
#include "law_of_cosines.h"
#include "two_bone.h"
#include "pole_vector.h"
#include "ccd.h"
#include "fabrik.h"
#include "foot_ik.h"
#include "aim_ik.h"
#include "root_motion.h"
#include "controller_sync.h"
#ifdef REPLAY_RECORD
#undef fk_validate
#undef fk_compute_world
#undef elbow_interior_angle
#undef shoulder_angle
#undef elbow_bend_angle
#undef two_bone_solve
#undef pole_offset_for
#undef pole_from_hip
#undef bone_rotations_from_positions
#undef ccd_solve
#undef fabrik_solve
#undef foot_ik_default_settings
#undef foot_ik_fade_weight
#undef foot_ik_step
#undef aim_bone
#undef look_at_solve
#undef wall_reach_weight
#undef wall_reach_solve
#undef rm_validate
#undef rm_heading
#undef rm_sample
#undef rm_delta_between
#undef rm_apply
#undef rm_bake_in_place
#undef ctrl_slide
#undef ctrl_root_motion_frame
/* the real call, made only while recording */
#define REF(call) ref_##call
#define DO_CALL(r, expr) ((r) = (expr))
#else
#define DO_CALL(r, expr) ((void)0)
#endif

#include "replay.h"

#include <string.h>

/* The shims below, in this file only: the header's prototypes are under
 * ref_ names while recording. */
#if defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wmissing-prototypes"
#endif

static int clamp_count(int n, int max) { return n < 0 ? 0 : n > max ? max : n; }

#define IN(c, p) replay_in((c), (p), (p) ? sizeof *(p) : 0)
#define IN_VALUE(c, v) replay_in((c), &(v), sizeof(v))
#define OUT(c, p) replay_out((c), (p), (p) ? sizeof *(p) : 0)

/* A function of a few values returning one: all of 02, and the like. */
#define VALUE_RESULT(type, c, expr)                                                                        \
    do {                                                                                                   \
        type r_;                                                                                           \
        memset(&r_, 0, sizeof r_);                                                                         \
        replay_out((c), &r_, sizeof r_);                                                                   \
        DO_CALL(r_, expr);                                                                                 \
        replay_end(c);                                                                                     \
        return r_;                                                                                         \
    } while (0)

/* ---- 01 */
static void in_bones(replay_call *c, const fk_bone *bones, int count)
{
    replay_word(c, (uint32_t)count);
    replay_in(c, bones, bones ? (size_t)clamp_count(count, FK_MAX_BONES) * sizeof *bones : 0);
}

fk_status fk_validate(const fk_bone *bones, int count, int *bad_bone)
{
    static replay_call c;
    replay_begin(&c, "fk_validate");
    in_bones(&c, bones, count);
    replay_word(&c, bad_bone != NULL);
    OUT(&c, bad_bone);
    VALUE_RESULT(fk_status, &c, REF(fk_validate(bones, count, bad_bone)));
}

fk_status fk_compute_world(const fk_bone *bones, int count, fk_transform *world)
{
    static replay_call c;
    replay_begin(&c, "fk_compute_world");
    in_bones(&c, bones, count);
    replay_word(&c, world != NULL);
    replay_out(&c, world, world ? (size_t)clamp_count(count, FK_MAX_BONES) * sizeof *world : 0);
    VALUE_RESULT(fk_status, &c, REF(fk_compute_world(bones, count, world)));
}

/* ---- 02 */
#define ANGLE_SHIM(name)                                                                                   \
    float name(float len_upper, float len_lower, float dist)                                               \
    {                                                                                                      \
        static replay_call c;                                                                              \
        replay_begin(&c, #name);                                                                           \
        IN_VALUE(&c, len_upper);                                                                           \
        IN_VALUE(&c, len_lower);                                                                           \
        IN_VALUE(&c, dist);                                                                                \
        VALUE_RESULT(float, &c, REF(name(len_upper, len_lower, dist)));                                    \
    }
ANGLE_SHIM(elbow_interior_angle)
ANGLE_SHIM(shoulder_angle)
ANGLE_SHIM(elbow_bend_angle)

/* ---- 03 */
two_bone_status two_bone_solve(const two_bone_input *in, two_bone_output *out)
{
    static replay_call c;
    replay_begin(&c, "two_bone_solve");
    IN(&c, in);
    replay_word(&c, out != NULL);
    OUT(&c, out);
    VALUE_RESULT(two_bone_status, &c, REF(two_bone_solve(in, out)));
}

/* ---- 04 */
vec3 pole_offset_for(limb_kind limb, float distance)
{
    static replay_call c;
    replay_begin(&c, "pole_offset_for");
    IN_VALUE(&c, limb);
    IN_VALUE(&c, distance);
    VALUE_RESULT(vec3, &c, REF(pole_offset_for(limb, distance)));
}

vec3 pole_from_hip(vec3 hip_position, quat hip_rotation, vec3 offset)
{
    static replay_call c;
    replay_begin(&c, "pole_from_hip");
    IN_VALUE(&c, hip_position);
    IN_VALUE(&c, hip_rotation);
    IN_VALUE(&c, offset);
    VALUE_RESULT(vec3, &c, REF(pole_from_hip(hip_position, hip_rotation, offset)));
}

pole_status bone_rotations_from_positions(vec3 root, vec3 mid, vec3 tip, vec3 pole, quat *upper_rotation,
                                          quat *lower_rotation)
{
    static replay_call c;
    replay_begin(&c, "bone_rotations_from_positions");
    IN_VALUE(&c, root);
    IN_VALUE(&c, mid);
    IN_VALUE(&c, tip);
    IN_VALUE(&c, pole);
    replay_word(&c, (upper_rotation != NULL) | (lower_rotation != NULL) << 1);
    OUT(&c, upper_rotation);
    OUT(&c, lower_rotation);
    VALUE_RESULT(pole_status, &c, REF(bone_rotations_from_positions(root, mid, tip, pole, upper_rotation, lower_rotation)));
}

/* ---- 05, 06: the chain is in and out */
static void chain_region(const ik_chain *chain, size_t *bytes)
{
    *bytes = chain ? sizeof chain->joint_count + (size_t)clamp_count(chain->joint_count, IK_CHAIN_MAX_JOINTS) *
                                                     sizeof chain->joints[0]
                   : 0;
}

#define CHAIN_SHIM(name)                                                                                   \
    int name(ik_chain *chain, vec3 target, const ik_settings *settings, ik_report *report)                 \
    {                                                                                                      \
        static replay_call c;                                                                              \
        size_t bytes;                                                                                      \
        chain_region(chain, &bytes);                                                                       \
        replay_begin(&c, #name);                                                                           \
        replay_in(&c, chain, bytes);                                                                       \
        IN_VALUE(&c, target);                                                                              \
        IN(&c, settings);                                                                                  \
        replay_word(&c, report != NULL);                                                                   \
        replay_out(&c, chain, bytes);                                                                      \
        OUT(&c, report);                                                                                   \
        VALUE_RESULT(int, &c, REF(name(chain, target, settings, report)));                                 \
    }
CHAIN_SHIM(ccd_solve)
CHAIN_SHIM(fabrik_solve)

/* ---- 07 */
foot_ik_settings foot_ik_default_settings(void)
{
    static replay_call c;
    replay_begin(&c, "foot_ik_default_settings");
    VALUE_RESULT(foot_ik_settings, &c, REF(foot_ik_default_settings()));
}

float foot_ik_fade_weight(float weight, int grounded, float rate_per_second, float dt)
{
    static replay_call c;
    replay_begin(&c, "foot_ik_fade_weight");
    IN_VALUE(&c, weight);
    IN_VALUE(&c, grounded);
    IN_VALUE(&c, rate_per_second);
    IN_VALUE(&c, dt);
    VALUE_RESULT(float, &c, REF(foot_ik_fade_weight(weight, grounded, rate_per_second, dt)));
}

static void in_terrain(replay_call *c, const terrain *t)
{
    replay_word(c, t != NULL);
    if (!t)
        return;
    replay_word(c, (uint32_t)t->patch_count);
    replay_in(c, t->patches, (size_t)clamp_count(t->patch_count, TERRAIN_MAX_PATCHES) * sizeof t->patches[0]);
}

foot_ik_status foot_ik_step(const foot_ik_input *in, const terrain *ground, foot_ik_output *out)
{
    static replay_call c;
    replay_begin(&c, "foot_ik_step");
    IN(&c, in);
    in_terrain(&c, ground);
    replay_word(&c, out != NULL);
    OUT(&c, out);
    VALUE_RESULT(foot_ik_status, &c, REF(foot_ik_step(in, ground, out)));
}

/* ---- 08 */
aim_status aim_bone(vec3 position, quat animated, vec3 target, float weight, quat *out)
{
    static replay_call c;
    replay_begin(&c, "aim_bone");
    IN_VALUE(&c, position);
    IN_VALUE(&c, animated);
    IN_VALUE(&c, target);
    IN_VALUE(&c, weight);
    replay_word(&c, out != NULL);
    OUT(&c, out);
    VALUE_RESULT(aim_status, &c, REF(aim_bone(position, animated, target, weight, out)));
}

aim_status look_at_solve(const look_at_input *in, look_at_pose *out)
{
    static replay_call c;
    replay_begin(&c, "look_at_solve");
    replay_word(&c, in != NULL);
    if (in) {
        replay_word(&c, (uint32_t)in->bone_count);
        replay_in(&c, in->bones, (size_t)clamp_count(in->bone_count, LOOK_MAX_BONES) * sizeof in->bones[0]);
        IN_VALUE(&c, in->target);
        IN_VALUE(&c, in->weight);
    }
    replay_word(&c, out != NULL);
    OUT(&c, out);
    VALUE_RESULT(aim_status, &c, REF(look_at_solve(in, out)));
}

float wall_reach_weight(float distance, float full_weight_distance, float zero_weight_distance)
{
    static replay_call c;
    replay_begin(&c, "wall_reach_weight");
    IN_VALUE(&c, distance);
    IN_VALUE(&c, full_weight_distance);
    IN_VALUE(&c, zero_weight_distance);
    VALUE_RESULT(float, &c, REF(wall_reach_weight(distance, full_weight_distance, zero_weight_distance)));
}

aim_status wall_reach_solve(const wall_reach_input *in, wall_reach_output *out)
{
    static replay_call c;
    replay_begin(&c, "wall_reach_solve");
    IN(&c, in);
    replay_word(&c, out != NULL);
    OUT(&c, out);
    VALUE_RESULT(aim_status, &c, REF(wall_reach_solve(in, out)));
}

/* ---- 09: a clip is its header and its frames (in, or in and out) */
static void in_clip(replay_call *c, const rm_clip *clip)
{
    replay_word(c, clip != NULL);
    if (!clip)
        return;
    size_t n = (size_t)clamp_count(clip->frame_count, RM_MAX_FRAMES);
    replay_word(c, (uint32_t)clip->frame_count);
    IN_VALUE(c, clip->frame_time);
    IN_VALUE(c, clip->looping);
    replay_in(c, clip->positions, n * sizeof clip->positions[0]);
    replay_in(c, clip->rotations, n * sizeof clip->rotations[0]);
}

static void out_clip(replay_call *c, rm_clip *clip)
{
    size_t n = clip ? (size_t)clamp_count(clip->frame_count, RM_MAX_FRAMES) : 0;
    replay_out(c, clip ? clip->positions : NULL, n * sizeof clip->positions[0]);
    replay_out(c, clip ? clip->rotations : NULL, n * sizeof clip->rotations[0]);
}

rm_status rm_validate(const rm_clip *clip)
{
    static replay_call c;
    replay_begin(&c, "rm_validate");
    in_clip(&c, clip);
    VALUE_RESULT(rm_status, &c, REF(rm_validate(clip)));
}

float rm_heading(quat rotation)
{
    static replay_call c;
    replay_begin(&c, "rm_heading");
    IN_VALUE(&c, rotation);
    VALUE_RESULT(float, &c, REF(rm_heading(rotation)));
}

rm_status rm_sample(const rm_clip *clip, float time, rm_root_pose *out)
{
    static replay_call c;
    replay_begin(&c, "rm_sample");
    in_clip(&c, clip);
    IN_VALUE(&c, time);
    replay_word(&c, out != NULL);
    OUT(&c, out);
    VALUE_RESULT(rm_status, &c, REF(rm_sample(clip, time, out)));
}

rm_status rm_delta_between(const rm_clip *clip, float t0, float t1, rm_delta *out)
{
    static replay_call c;
    replay_begin(&c, "rm_delta_between");
    in_clip(&c, clip);
    IN_VALUE(&c, t0);
    IN_VALUE(&c, t1);
    replay_word(&c, out != NULL);
    OUT(&c, out);
    VALUE_RESULT(rm_status, &c, REF(rm_delta_between(clip, t0, t1, out)));
}

rm_status rm_apply(rm_character *character, const rm_delta *delta)
{
    static replay_call c;
    replay_begin(&c, "rm_apply");
    IN(&c, character);
    IN(&c, delta);
    OUT(&c, character);
    VALUE_RESULT(rm_status, &c, REF(rm_apply(character, delta)));
}

rm_status rm_bake_in_place(rm_clip *clip)
{
    static replay_call c;
    replay_begin(&c, "rm_bake_in_place");
    in_clip(&c, clip);
    out_clip(&c, clip);
    VALUE_RESULT(rm_status, &c, REF(rm_bake_in_place(clip)));
}

/* ---- 10 */
static void in_world(replay_call *c, const ctrl_world *world)
{
    replay_word(c, world != NULL);
    if (!world)
        return;
    replay_word(c, (uint32_t)world->box_count);
    replay_in(c, world->boxes, (size_t)clamp_count(world->box_count, CTRL_MAX_BOXES) * sizeof world->boxes[0]);
}

ctrl_status ctrl_slide(const ctrl_world *world, const ctrl_settings *settings, vec3 start, vec3 motion,
                       ctrl_slide_result *out)
{
    static replay_call c;
    replay_begin(&c, "ctrl_slide");
    in_world(&c, world);
    IN(&c, settings);
    IN_VALUE(&c, start);
    IN_VALUE(&c, motion);
    replay_word(&c, out != NULL);
    OUT(&c, out);
    VALUE_RESULT(ctrl_status, &c, REF(ctrl_slide(world, settings, start, motion, out)));
}

ctrl_status ctrl_root_motion_frame(const ctrl_world *world, const ctrl_settings *settings, ctrl_state *state,
                                   vec3 delta_translation, float delta_turn, float dt)
{
    static replay_call c;
    replay_begin(&c, "ctrl_root_motion_frame");
    in_world(&c, world);
    IN(&c, settings);
    IN(&c, state);
    IN_VALUE(&c, delta_translation);
    IN_VALUE(&c, delta_turn);
    IN_VALUE(&c, dt);
    OUT(&c, state);
    VALUE_RESULT(ctrl_status, &c, REF(ctrl_root_motion_frame(world, settings, state, delta_translation, delta_turn, dt)));
}
