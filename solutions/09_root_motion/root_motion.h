/* 09 Root motion (chapter sections 11-12).
 *
 * A clip's root bone (the hips) does not only bob in place: it travels.
 * Root motion reads that travel out of the clip as deltas - "how far did
 * the root move, and how much did it turn, since last frame" (Unity's
 * Animator.deltaPosition / deltaRotation) - and hands them to the
 * character, which adds them to its own transform (section 11):
 *
 *     transform.position += deltaPosition;
 *     transform.rotation *= deltaRotation;
 *
 * This section works on the root's track alone: one position and one
 * rotation per frame, sampled at any time between frames, turned into
 * deltas between two times (across the loop point of a looping clip), and
 * applied to a character standing anywhere, facing anywhere. Baking into
 * pose (section 12) does the opposite: it takes the travel and the turning
 * out of the clip, so the clip plays in place and code moves the
 * character instead.
 *
 * Conventions: metres, seconds, radians; +Y up, +Z forward (the chapter's
 * Unity axes); a heading (yaw) of 0 faces +Z and a heading h faces
 * (sin h, 0, cos h).
 */
#ifndef ROOT_MOTION_H
#define ROOT_MOTION_H

#include "bvh.h"
#include "ikmath.h"

#define RM_MAX_FRAMES 1024

/* The root's track: where the root is and how it is turned at each
 * frame. Frame i plays at time i * frame_time, so the clip lasts
 * (frame_count - 1) * frame_time seconds (rm_duration).
 *
 * A looping clip repeats seamlessly: its last frame is where the walk
 * stands one cycle later, so one pass moves the root by
 * positions[last] - positions[0] and turns it by the heading change from
 * the first to the last frame. Played again, the cycle starts from where
 * the last one ended, facing the way it ended. */
typedef struct {
    int frame_count;                /* 2..RM_MAX_FRAMES */
    float frame_time;               /* seconds between frames, > 0 */
    int looping;                    /* non-zero: the clip repeats */
    vec3 positions[RM_MAX_FRAMES];  /* root position per frame, clip space, metres */
    quat rotations[RM_MAX_FRAMES];  /* root rotation per frame, clip space; any non-zero length */
} rm_clip;

/* The root at one instant, in clip space. */
typedef struct {
    vec3 position;                  /* clip space, metres */
    quat rotation;                  /* clip space, unit length */
} rm_root_pose;

/* Root motion between two times, as the character should receive it.
 * `translation` is measured in the character's own frame at the start
 * time - the frame of the clip's root heading then: +Z straight ahead,
 * +X to the side, +Y up - so the same clip moves a character forward
 * whichever way the character faces. `turn` is how much the heading
 * changed (radians, wrapped into (-pi, pi]). */
typedef struct {
    vec3 translation;               /* the character's frame at the start time, metres */
    float turn;                     /* heading change, radians, (-pi, pi] */
} rm_delta;

/* Where a character stands in the world and which way it faces. */
typedef struct {
    vec3 position;                  /* world space, metres */
    float yaw;                      /* heading about world +Y, radians */
} rm_character;

typedef enum {
    RM_OK = 0,
    RM_ERR_NULL,          /* a pointer argument is NULL */
    RM_ERR_FRAME_COUNT,   /* frame_count outside 2..RM_MAX_FRAMES */
    RM_ERR_FRAME_TIME,    /* frame_time not finite or <= 0, or a duration that overflows */
    RM_ERR_NOT_FINITE,    /* NaN/inf in a position or rotation, a position beyond IK_WORLD_LIMIT, a zero rotation,
                             or the same in a delta or character */
    RM_ERR_TIME           /* a time NaN/inf, outside a non-looping clip, end before start, or more than one loop apart */
} rm_status;

static inline const char *rm_status_text(rm_status s)
{
    switch (s) {
    case RM_OK: return "ok";
    case RM_ERR_NULL: return "a pointer argument is NULL";
    case RM_ERR_FRAME_COUNT: return "frame_count must be 2..RM_MAX_FRAMES";
    case RM_ERR_FRAME_TIME: return "frame_time must be finite and > 0";
    case RM_ERR_NOT_FINITE: return "NaN/inf, a position beyond IK_WORLD_LIMIT or a zero rotation in the data";
    case RM_ERR_TIME: return "time not finite, outside the clip, running backwards or more than one loop apart";
    }
    return "unknown status";
}

/* ---- given helpers (not graded) --------------------------------------- */

/* Length of one pass through the clip, in seconds. */
static inline float rm_duration(const rm_clip *clip)
{
    return (float)(clip->frame_count - 1) * clip->frame_time;
}

/* The same angle in (-pi, pi]. Non-finite input comes back unchanged. */
static inline float rm_wrap_angle(float radians)
{
    if (!isfinite(radians))
        return radians;
    float wrapped = fmodf(radians, 2.0f * IK_PI); /* (-2pi, 2pi) */
    if (wrapped > IK_PI)
        wrapped -= 2.0f * IK_PI;
    else if (wrapped <= -IK_PI)
        wrapped += 2.0f * IK_PI;
    return wrapped;
}

/* v turned by `yaw` about +Y: the character's frame -> the world. */
static inline vec3 rm_rotate_yaw(vec3 v, float yaw)
{
    return quat_rotate(quat_from_axis_angle(v3_up(), yaw), v);
}

/* Fills a clip with one joint's track from a BVH file (usually the root,
 * joint 0), positions scaled to metres. Returns RM_ERR_FRAME_COUNT when
 * the file has fewer than 2 or more than RM_MAX_FRAMES frames, RM_ERR_NULL
 * for NULL or a bad joint index. */
static inline rm_status rm_clip_from_bvh(const bvh_file *file, int joint, float metres_per_unit, int looping,
                                         rm_clip *out)
{
    if (!file || !out || joint < 0 || joint >= file->skeleton.joint_count)
        return RM_ERR_NULL;
    if (file->motion.frame_count < 2 || file->motion.frame_count > RM_MAX_FRAMES)
        return RM_ERR_FRAME_COUNT;
    out->frame_count = file->motion.frame_count;
    out->frame_time = file->motion.frame_time;
    out->looping = looping;
    for (int i = 0; i < out->frame_count; i++) {
        vec3 t;
        bvh_joint_local(file, i, joint, &t, &out->rotations[i]);
        out->positions[i] = v3_scale(t, metres_per_unit);
    }
    return RM_OK;
}

/* ---- what you write ------------------------------------------------------ */

/* Checks the clip without computing anything: NULL -> RM_ERR_NULL, then
 * frame_count, then frame_time (and a finite duration), then every
 * position and rotation. */
rm_status rm_validate(const rm_clip *clip);

/* The heading of a root rotation: the yaw of the rotated forward axis +Z
 * projected onto the ground, atan2(f.x, f.z), in (-pi, pi]. When the
 * forward axis points (almost) straight up or down (its horizontal part
 * shorter than 1e-3) the rotated side axis +X gives the heading instead,
 * atan2(-r.z, r.x). The rotation need not be unit length; a non-finite or
 * zero one has heading 0. */
float rm_heading(quat rotation);

/* The root at `time`: positions lerped and rotations slerped between the
 * two frames around it. A looping clip wraps time into [0, duration) (the
 * pose inside one pass, in clip space). A non-looping clip takes
 * 0 <= time <= duration.
 * Errors: invalid clip or NULL out -> its status, *out (when not NULL) =
 * origin + identity. Time NaN/inf -> RM_ERR_TIME, *out = frame 0. Time
 * outside a non-looping clip -> RM_ERR_TIME, *out = the pose at the
 * nearest end. */
rm_status rm_sample(const rm_clip *clip, float time, rm_root_pose *out);

/* Root motion from t0 to t1 (t0 <= t1). Within one pass:
 *     translation = (p(t1) - p(t0)) turned by -heading(t0)
 *     turn        = heading(t1) - heading(t0), wrapped
 * with p and the rotations from rm_sample. A looping clip takes any t0
 * and t1 up to one duration later; when the loop point falls between
 * them, the motion is the rest of this pass followed by the start of the
 * next one, chained in the character's frame: the second part is turned
 * by the first part's turn before it is added. A non-looping clip takes
 * 0 <= t0 <= t1 <= duration.
 * Errors (invalid clip, NULL, bad times) return their status and set
 * *out (when not NULL) to zero translation and zero turn. */
rm_status rm_delta_between(const rm_clip *clip, float t0, float t1, rm_delta *out);

/* The chapter's OnAnimatorMove: moves the character by the delta, turned
 * from the character's frame into the world by its current yaw, then adds
 * the turn (yaw wrapped into (-pi, pi]):
 *     position += translation turned by yaw;   yaw += turn
 * NULL -> RM_ERR_NULL; NaN/inf anywhere, or a position or translation
 * beyond IK_WORLD_LIMIT -> RM_ERR_NOT_FINITE. On error the character is
 * left as it was. */
rm_status rm_apply(rm_character *character, const rm_delta *delta);

/* "Bake Into Pose" (section 12), in place: every frame loses its
 * horizontal position (x = z = 0) and its heading (the rotation is turned
 * by -heading about +Y), and keeps its height (the vertical bob) and the
 * rest of its rotation (lean and sway). The clip then plays in place.
 * Validates first: on error the clip is left as it was. */
rm_status rm_bake_in_place(rm_clip *clip);

#endif /* ROOT_MOTION_H */
