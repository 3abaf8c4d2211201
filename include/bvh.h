/* bvh.h - a small, strict loader for BVH motion-capture files.
 *
 * Given complete to students, like ikmath.h: sections 09 and 10 and the
 * closing scene read the CMU clip in checker/data/mocap/ with it.
 *
 * A BVH file has two parts. HIERARCHY describes the skeleton: one ROOT,
 * nested JOINTs and End Sites, each joint with an OFFSET from its parent
 * and a CHANNELS list saying which values it reads from every frame row
 * (any of Xposition Yposition Zposition Xrotation Yrotation Zrotation, in
 * any order). MOTION gives "Frames: N", "Frame Time: seconds" and then N
 * rows, one per line, holding every joint's channel values in hierarchy
 * order. Rotations are Euler angles in degrees applied in the order the
 * file lists them: "Zrotation Yrotation Xrotation" means
 * local = Rz * Ry * Rx (X is applied first, then Y, then Z).
 *
 * Values are kept exactly as in the file (file units, degrees); the
 * helpers at the end turn a frame into radians and quaternions.
 *
 * Malformed input never crashes and never leaks: every problem comes back
 * as a bvh_error naming the line ("line 12: ..."), and a failed load
 * leaves the output empty (nothing to free, though bvh_free is harmless).
 */
#ifndef BVH_H
#define BVH_H

#include <stddef.h>

#include "ikmath.h"

#define BVH_MAX_JOINTS 128                 /* ROOT + JOINTs (End Sites not counted) */
#define BVH_MAX_CHANNELS (BVH_MAX_JOINTS * 6)
#define BVH_NAME_SIZE 64                   /* joint names up to 63 characters */
/* Files larger than this are refused before parsing. The workbook's clip is
 * 0.7 MB; 4 MiB holds about six such takes, keeps a parse under ~50 ms and
 * the frame data under 16 MB, and turns a wrong path (a video, a disk
 * image) into a quick, clear error instead of a long wait. */
#define BVH_MAX_BYTES (4u * 1024u * 1024u)
#define BVH_MESSAGE_SIZE 200

/* The CMU conversion's unit: 1 unit = 0.0254 / 0.45 m (see
 * checker/data/mocap/README.md). Other BVH files use other units. */
#define BVH_CMU_METRES_PER_UNIT (0.0254f / 0.45f)

typedef enum {
    BVH_X_POSITION = 0,
    BVH_Y_POSITION,
    BVH_Z_POSITION,
    BVH_X_ROTATION,
    BVH_Y_ROTATION,
    BVH_Z_ROTATION
} bvh_channel;

typedef struct {
    char name[BVH_NAME_SIZE];
    int parent;                 /* index of the parent joint, -1 for the root */
    vec3 offset;                /* from the parent, in the parent's space, file units */
    int channel_count;          /* 0..6 */
    bvh_channel channels[6];    /* in the order the file lists them */
    int first_channel;          /* where this joint's values start in a frame row */
    int has_end_site;           /* 1 when the joint ends in an End Site */
    vec3 end_site;              /* the End Site's OFFSET (file units) */
} bvh_joint;

/* Joints are stored parent before child, in file order. */
typedef struct {
    int joint_count;            /* 1..BVH_MAX_JOINTS after a successful load */
    int channel_count;          /* values per frame row: the sum over joints */
    bvh_joint joints[BVH_MAX_JOINTS];
} bvh_skeleton;

typedef struct {
    int frame_count;            /* >= 1 after a successful load */
    float frame_time;           /* seconds per frame, > 0 */
    int channel_count;          /* values per frame (same as the skeleton's) */
    float *values;              /* frame_count * channel_count values, as in the file */
} bvh_motion;

typedef struct {
    bvh_skeleton skeleton;
    bvh_motion motion;
} bvh_file;

typedef struct {
    int failed;                 /* 0: loaded fine, the rest is empty */
    int line;                   /* 1-based line of the problem; 0 when no line applies */
    char message[BVH_MESSAGE_SIZE]; /* "line 12: CHANNELS says 3 but lists 2 channel names" */
} bvh_error;

/* Reads and parses a file. On failure *out is left empty (zeroed). */
bvh_error bvh_load(const char *path, bvh_file *out);

/* Parses `length` bytes of BVH text (need not end in '\0'). On failure
 * *out is left empty (zeroed). */
bvh_error bvh_parse(const char *text, size_t length, bvh_file *out);

/* Frees the frame data and empties *file. Safe on an empty or failed file
 * and on NULL. */
void bvh_free(bvh_file *file);

/* Index of the joint called `name`, or -1. */
int bvh_find_joint(const bvh_skeleton *skeleton, const char *name);

/* "Xposition", ..., "Zrotation" (the file's spelling). */
const char *bvh_channel_name(bvh_channel channel);

/* The values of one frame (channel_count of them), or NULL when the frame
 * is out of range. */
const float *bvh_frame_values(const bvh_file *file, int frame);

/* One joint's local transform at one frame: translation = OFFSET plus any
 * position channels (file units), rotation = the product of its rotation
 * channels in file order, degrees turned into radians. Returns 1, or 0 for
 * a bad frame/joint index (outputs then untouched). Either output may be
 * NULL. */
int bvh_joint_local(const bvh_file *file, int frame, int joint, vec3 *translation, quat *rotation);

/* Every joint's local transform at one frame, in the shape forward
 * kinematics wants (section 01's fk_bone has the same three fields). */
typedef struct {
    int parent;
    vec3 local_offset;          /* file units */
    quat local_rotation;
} bvh_local;

/* Fills out[0..joint_count-1]; returns joint_count, or -1 when the frame is
 * out of range or `capacity` is too small (out untouched). */
int bvh_frame_local(const bvh_file *file, int frame, bvh_local *out, int capacity);

#endif /* BVH_H */
