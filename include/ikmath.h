/* ikmath.h - the small vector/quaternion toolkit every section uses.
 *
 * Given complete to students (the earlier chapters taught it); it is not an
 * exercise. Value types, float like the engines, radians everywhere.
 * Conventions follow the chapter's Unity examples: +Y is up, +Z is forward,
 * quaternions rotate vectors as q * v * q^-1 and compose right to left
 * (quat_mul(a, b) applies b first, then a).
 *
 * Every function returns a finite, defined result for degenerate input
 * (zero vectors, opposite vectors, parallel forward/up) instead of NaN,
 * so a bug elsewhere is not hidden behind a NaN from here.
 */
#ifndef IKMATH_H
#define IKMATH_H

#include <float.h>
#include <math.h>

/* -std=c11 does not define M_PI, so the project carries its own. */
#define IK_PI 3.14159265358979323846f
#define IK_RAD_TO_DEG (180.0f / IK_PI)
#define IK_DEG_TO_RAD (IK_PI / 180.0f)

/* Below this squared length a vector has no usable direction. */
#define IK_EPSILON_SQ 1e-12f

/* The workbook's world: every coordinate and length the sections take lies
 * within +-IK_WORLD_LIMIT metres (millions of times the Earth's orbit, far
 * past any game level). Inside it the difference of two points squares
 * without overflowing float ((2e18)^2 * 3 = 1.2e37 < FLT_MAX = 3.4e38), so
 * validating inputs against it keeps inf and NaN out of the math; NaN and
 * inf fail the test too (see v3_in_world). */
#define IK_WORLD_LIMIT 1e18f

/* 2^-70, exact: a length whose square overflows float (1.8e19 .. 3.4e38)
 * times this squares finely again. Used where only a direction counts. */
#define IK_SHRINK 0x1p-70f

typedef struct { float x, y, z; } vec3;
typedef struct { float x, y, z, w; } quat;

/* ---- vec3 ------------------------------------------------------------ */

/* v3() and q4() are for callers. The helpers below build their results
 * with compound literals instead: the checker compiles student code at
 * -O0, where each helper call is a real call, and measured a quarter of
 * the chain sections' run time inside v3() alone. */
static inline vec3 v3(float x, float y, float z) { vec3 r = {x, y, z}; return r; }
static inline vec3 v3_zero(void) { return (vec3){0.0f, 0.0f, 0.0f}; }
static inline vec3 v3_up(void) { return (vec3){0.0f, 1.0f, 0.0f}; }
static inline vec3 v3_forward(void) { return (vec3){0.0f, 0.0f, 1.0f}; }
static inline vec3 v3_right(void) { return (vec3){1.0f, 0.0f, 0.0f}; }

static inline vec3 v3_add(vec3 a, vec3 b) { return (vec3){a.x + b.x, a.y + b.y, a.z + b.z}; }
static inline vec3 v3_sub(vec3 a, vec3 b) { return (vec3){a.x - b.x, a.y - b.y, a.z - b.z}; }
static inline vec3 v3_scale(vec3 a, float s) { return (vec3){a.x * s, a.y * s, a.z * s}; }
static inline vec3 v3_neg(vec3 a) { return (vec3){-a.x, -a.y, -a.z}; }
static inline float v3_dot(vec3 a, vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

static inline vec3 v3_cross(vec3 a, vec3 b)
{
    return (vec3){a.y * b.z - a.z * b.y,
                  a.z * b.x - a.x * b.z,
                  a.x * b.y - a.y * b.x};
}

static inline float v3_length_sq(vec3 a) { return v3_dot(a, a); }
static inline float v3_length(vec3 a) { return sqrtf(v3_dot(a, a)); }
static inline float v3_distance(vec3 a, vec3 b) { return v3_length(v3_sub(a, b)); }

/* Unit vector along a, or `fallback` when a has no direction. */
static inline vec3 v3_normalize_or(vec3 a, vec3 fallback)
{
    float len_sq = v3_length_sq(a);
    if (!(len_sq > IK_EPSILON_SQ)) /* also catches NaN */
        return fallback;
    /* Longer than ~1.8e19, the square is inf and 1 / sqrt(inf) would make
     * the zero vector: shrink first (the direction is all that counts). An
     * infinite component has no direction. Rare: one compare otherwise. */
    if (!(len_sq <= FLT_MAX)) {
        a = v3_scale(a, IK_SHRINK);
        len_sq = v3_length_sq(a);
        if (!(len_sq <= FLT_MAX))
            return fallback;
    }
    return v3_scale(a, 1.0f / sqrtf(len_sq));
}

/* Unit vector along a; the zero vector when a has no direction. */
static inline vec3 v3_normalize(vec3 a) { return v3_normalize_or(a, v3_zero()); }

/* a + (b - a) * t; t is not clamped (FABRIK uses any ratio). */
static inline vec3 v3_lerp(vec3 a, vec3 b, float t) { return v3_add(a, v3_scale(v3_sub(b, a), t)); }

static inline int v3_is_finite(vec3 a) { return isfinite(a.x) && isfinite(a.y) && isfinite(a.z); }

/* A coordinate or length inside the workbook's world (IK_WORLD_LIMIT);
 * false for NaN and inf, so it also does v3_is_finite's job when
 * validating input. */
static inline int ik_in_world(float x) { return fabsf(x) <= IK_WORLD_LIMIT; }
static inline int v3_in_world(vec3 a) { return ik_in_world(a.x) && ik_in_world(a.y) && ik_in_world(a.z); }

/* Some unit vector perpendicular to a (a need not be unit length). */
static inline vec3 v3_any_perpendicular(vec3 a)
{
    /* Cross with the world axis least aligned with a, so the result is
     * never tiny. */
    vec3 helper = (fabsf(a.x) < 0.9f * v3_length(a)) ? v3_right() : v3_up();
    return v3_normalize_or(v3_cross(a, helper), v3_up());
}

/* ---- quat ------------------------------------------------------------ */

static inline quat q4(float x, float y, float z, float w) { quat r = {x, y, z, w}; return r; }
static inline quat quat_identity(void) { return (quat){0.0f, 0.0f, 0.0f, 1.0f}; }
static inline float quat_dot(quat a, quat b) { return a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w; }
static inline quat quat_neg(quat a) { return (quat){-a.x, -a.y, -a.z, -a.w}; }
static inline int quat_is_finite(quat a) { return isfinite(a.x) && isfinite(a.y) && isfinite(a.z) && isfinite(a.w); }

/* Unit quaternion along q; identity when q is (near) zero. */
static inline quat quat_normalize(quat q)
{
    float len_sq = quat_dot(q, q);
    if (!(len_sq > IK_EPSILON_SQ))
        return quat_identity();
    /* An overflowing square: shrink first, as in v3_normalize_or. */
    if (!(len_sq <= FLT_MAX)) {
        q = (quat){q.x * IK_SHRINK, q.y * IK_SHRINK, q.z * IK_SHRINK, q.w * IK_SHRINK};
        len_sq = quat_dot(q, q);
        if (!(len_sq <= FLT_MAX))
            return quat_identity();
    }
    float inv = 1.0f / sqrtf(len_sq);
    return (quat){q.x * inv, q.y * inv, q.z * inv, q.w * inv};
}

/* Rotation of `radians` about `axis` (any length); identity for a zero axis. */
static inline quat quat_from_axis_angle(vec3 axis, float radians)
{
    vec3 n = v3_normalize(axis);
    if (v3_length_sq(n) == 0.0f)
        return quat_identity();
    float s = sinf(0.5f * radians);
    return (quat){n.x * s, n.y * s, n.z * s, cosf(0.5f * radians)};
}

/* Hamilton product: the rotation "b, then a". */
static inline quat quat_mul(quat a, quat b)
{
    return (quat){a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
                  a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
                  a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w,
                  a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z};
}

static inline quat quat_conjugate(quat q) { return (quat){-q.x, -q.y, -q.z, q.w}; }

/* Inverse of any non-zero quaternion (the conjugate for unit ones). */
static inline quat quat_inverse(quat q)
{
    float len_sq = quat_dot(q, q);
    if (!(len_sq > IK_EPSILON_SQ))
        return quat_identity();
    float inv = 1.0f / len_sq;
    return (quat){-q.x * inv, -q.y * inv, -q.z * inv, q.w * inv};
}

/* q * v * q^-1 for unit q, in the cheap form v + 2w(u x v) + 2u x (u x v). */
static inline vec3 quat_rotate(quat q, vec3 v)
{
    vec3 u = (vec3){q.x, q.y, q.z};
    vec3 t = v3_scale(v3_cross(u, v), 2.0f);
    return v3_add(v3_add(v, v3_scale(t, q.w)), v3_cross(u, t));
}

/* Angle in radians (0..pi) of the rotation that takes a to b. Uses atan2
 * on the relative rotation, not acos of a dot product: acos is too coarse
 * near 1 to tell 1e-4 rad from 1e-3 rad in float. */
static inline float quat_angle_between(quat a, quat b)
{
    quat d = quat_mul(quat_conjugate(quat_normalize(a)), quat_normalize(b));
    float s = sqrtf(d.x * d.x + d.y * d.y + d.z * d.z);
    return 2.0f * atan2f(s, fabsf(d.w));
}

/* Smallest rotation taking direction `from` onto direction `to`.
 * Zero vector on either side: identity (there is no direction to turn).
 * Opposite vectors: a half turn about some axis perpendicular to `from`. */
static inline quat quat_from_to(vec3 from, vec3 to)
{
    vec3 a = v3_normalize(from);
    vec3 b = v3_normalize(to);
    if (v3_length_sq(a) == 0.0f || v3_length_sq(b) == 0.0f)
        return quat_identity();
    float d = v3_dot(a, b);
    /* Half-angle trick: (a x b, 1 + a.b) normalized is the rotation by the
     * angle between a and b, without calling acos. */
    vec3 c = v3_cross(a, b);
    if (d >= 0.0f)
        return quat_normalize((quat){c.x, c.y, c.z, 1.0f + d});
    /* Past a quarter turn 1 + a.b cancels; for unit a and b it equals
     * |a x b|^2 / (1 - a.b), which does not. Near opposite, a x b is short
     * and its rounding (an ulp of 1) tilts the axis; b is then almost -a,
     * so removing c's part along a squares the axis up with both. Only a c
     * with no direction left takes a half turn about any perpendicular.
     * This took the worst miss near opposite from 1.55e-3 rad (a half turn
     * for every pair within 1.4e-3 rad of opposite) to ~4e-7. */
    c = v3_sub(c, v3_scale(a, v3_dot(c, a)));
    float c_sq = v3_length_sq(c);
    if (!(c_sq > 1e-13f)) {
        vec3 axis = v3_any_perpendicular(a);
        return (quat){axis.x, axis.y, axis.z, 0.0f};
    }
    float inv = 1.0f / sqrtf(c_sq);
    return quat_normalize((quat){c.x * inv, c.y * inv, c.z * inv, c_sq * inv / (1.0f - d)});
}

/* Rotation from the three columns of an orthonormal basis (the caller's
 * job: an orthonormal basis gives a unit quaternion to float precision, so
 * no normalize here). One division per branch (a reciprocal, then
 * multiplies): this sits on the hot path of every bone rotation. */
static inline quat quat_from_basis(vec3 x, vec3 y, vec3 z)
{
    float trace = x.x + y.y + z.z;
    quat q;
    if (trace > 0.0f) {
        float s = sqrtf(trace + 1.0f) * 2.0f, inv = 1.0f / s;
        q = (quat){(y.z - z.y) * inv, (z.x - x.z) * inv, (x.y - y.x) * inv, 0.25f * s};
    } else if (x.x > y.y && x.x > z.z) {
        float s = sqrtf(1.0f + x.x - y.y - z.z) * 2.0f, inv = 1.0f / s;
        q = (quat){0.25f * s, (y.x + x.y) * inv, (z.x + x.z) * inv, (y.z - z.y) * inv};
    } else if (y.y > z.z) {
        float s = sqrtf(1.0f + y.y - x.x - z.z) * 2.0f, inv = 1.0f / s;
        q = (quat){(y.x + x.y) * inv, 0.25f * s, (z.y + y.z) * inv, (z.x - x.z) * inv};
    } else {
        float s = sqrtf(1.0f + z.z - x.x - y.y) * 2.0f, inv = 1.0f / s;
        q = (quat){(z.x + x.z) * inv, (z.y + y.z) * inv, 0.25f * s, (x.y - y.x) * inv};
    }
    return q;
}

/* The careful LookRotation: every degenerate case handled (see below).
 * quat_look_rotation calls it only when the quick path cannot be trusted. */
static inline quat quat_look_rotation_careful(vec3 forward, vec3 up)
{
    /* Only directions count: vectors whose squares overflow are shrunk
     * first (see v3_normalize_or); an infinite forward has none. */
    float forward_sq = v3_length_sq(forward);
    if (!(forward_sq <= FLT_MAX)) {
        forward = v3_scale(forward, IK_SHRINK);
        forward_sq = v3_length_sq(forward);
    }
    const float up_sq = v3_length_sq(up);
    if (!(up_sq <= FLT_MAX))
        up = v3_scale(up, IK_SHRINK);
    else if (up_sq < 0x1p-60f) {
        /* The other end: an up this short makes |up x forward|^2 a
         * denormal or 0 with only a few digits, and the roll came out
         * anywhere (3.1 rad off for a pole 1e-19 m from a joint). Grow it
         * (exact, only its direction counts); an up under ~1e-27 needs it
         * twice, which cannot overflow; zero stays zero. */
        up = v3_scale(up, 0x1p70f);
        if (v3_length_sq(up) < 0x1p-60f)
            up = v3_scale(up, 0x1p70f);
    }
    if (!(forward_sq > IK_EPSILON_SQ && forward_sq <= FLT_MAX))
        return quat_identity();
    /* The side axis comes from forward as given, not from its unit copy:
     * the two square roots then run side by side instead of one after
     * the other. */
    vec3 z = v3_scale(forward, 1.0f / sqrtf(forward_sq));
    vec3 x = v3_cross(up, forward);
    float x_sq = v3_length_sq(x);
    /* |up x forward|^2 = |up|^2 |forward|^2 sin^2: compare relative to
     * both lengths, so the parallel test means an angle. Vectors so long
     * that this product overflows take the unit forward instead. */
    float scale_sq = v3_length_sq(up) * forward_sq;
    if (!isfinite(scale_sq)) {
        x = v3_cross(up, z);
        x_sq = v3_length_sq(x);
        scale_sq = v3_length_sq(up);
    }
    if (!(x_sq > 1e-10f * scale_sq)) {
        x = v3_cross(v3_any_perpendicular(z), z);
        x_sq = v3_length_sq(x);
    } else if (x_sq < 1e-4f * scale_sq) {
        /* Up nearly parallel to forward: rounding in the short cross
         * product leaves x visibly off perpendicular to z; remove its z
         * part (cheap to skip in the common case). */
        x = v3_cross(up, z);
        x = v3_sub(x, v3_scale(z, v3_dot(x, z)));
        x_sq = v3_length_sq(x);
    }
    x = v3_scale(x, 1.0f / sqrtf(x_sq));
    vec3 y = v3_cross(z, x);
    return quat_from_basis(x, y, z);
}

/* gcc -O2 judged quat_look_rotation too big to inline while the careful
 * cases lived in it, so every call paid for a real call. The quick path
 * below is small; asking for it to be inlined made section 04's two bone
 * rotations 101 -> 89 ns (median of 9, 1 M random limbs, make bench). */
#if defined(__GNUC__)
#define IK_INLINE_HOT static inline __attribute__((always_inline))
#else
#define IK_INLINE_HOT static inline
#endif

/* Like Unity's LookRotation: the rotation that turns +Z onto `forward` and
 * +Y as close to `up` as it can get. Zero forward: identity. Up parallel to
 * forward (or zero): another up is chosen, so the result is still a proper
 * rotation with +Z on forward. */
IK_INLINE_HOT quat quat_look_rotation(vec3 forward, vec3 up)
{
    float forward_sq = v3_length_sq(forward);
    vec3 x = v3_cross(up, forward);
    float x_sq = v3_length_sq(x);
    float scale_sq = v3_length_sq(up) * forward_sq;
    /* One test for every rare case: no direction, up within ~0.6 degrees
     * of forward (or zero), lengths whose squares overflow, a side axis
     * whose square is not a normal float (an up some 1e-19 long). The
     * `!(...)` form also sends NaN to the careful path. */
    if (!(forward_sq > IK_EPSILON_SQ && x_sq > 1e-4f * scale_sq && scale_sq <= 3.0e38f && x_sq >= FLT_MIN))
        return quat_look_rotation_careful(forward, up);
    vec3 z = v3_scale(forward, 1.0f / sqrtf(forward_sq));
    x = v3_scale(x, 1.0f / sqrtf(x_sq));

    /* Two turns, each from a half-angle formula: swing +Z onto z along the
     * shortest arc, then roll about z until +X lands on x. quat_from_basis
     * would pick one of four formulas by the matrix's diagonal, and on
     * random limbs that choice is a coin toss the CPU keeps guessing wrong:
     * without it a two-bone solve with both rotations went 91 -> 83 ns
     * (make bench), and the worst error against double math over 4 M
     * random frames went 1.08e-6 -> 0.98e-6. Every value below is kept
     * multiplied by some positive factor instead of divided by it: the
     * normalization at the end removes them all at once.
     *
     * Swing: (-z.y, z.x, 0, 1 + z.z), times k = 1 + |z.z|. Its w is then
     * (1 + z.z)^2 for z.z >= 0 and (1 - z.z)(1 + z.z) = z.x^2 + z.y^2 for
     * z.z < 0; `swing_w` is both in one sum of non-negative terms, so it
     * keeps its digits when forward points almost straight down -Z, where
     * 1 + z.z would have lost them. */
    const float side_sq = z.x * z.x + z.y * z.y;
    const float z_up = 0.5f * (z.z + fabsf(z.z)); /* max(z.z, 0), no branch */
    const float k = 1.0f + fabsf(z.z);
    const float swing_w = side_sq + 2.0f * z_up * (1.0f + z.z);
    /* Forward within ~1e-5 rad of -Z: no arc is shortest, and the products
     * below would underflow. */
    if (!(swing_w > 1e-10f))
        return quat_look_rotation_careful(forward, up);

    /* Roll: after the swing, +X and +Y point along x1 and y1, and the roll
     * angle has cos = x1.x, sin = y1.x. Written out, both share one term:
     * times swing_w they are roll_cos and roll_sin. */
    const float shared = k * (z.x * x.x + z.y * x.y) + x.z * swing_w;
    const float roll_cos = swing_w * x.x - z.x * shared;
    const float roll_sin = swing_w * x.y - z.y * shared;
    /* Half the roll: (cos, sin) of it lie along (1 + cos, sin) and along
     * (sin, 1 - cos). Take the first when cos >= 0 and the second when it
     * is negative, so neither loses digits; scaled, they are (m, roll_sin)
     * and (roll_sin, m), one the other swapped. `pick` (+-1/2, from the
     * sign bit) does the swap by arithmetic, not by a branch. */
    const float m = swing_w + fabsf(roll_cos);
    const float pick = 0.5f * copysignf(1.0f, roll_cos);
    const float roll_w = (0.5f + pick) * m + (0.5f - pick) * roll_sin;
    const float roll_z = (0.5f + pick) * roll_sin + (0.5f - pick) * m;

    /* swing * roll, with roll = (0, 0, roll_z, roll_w); then unit length. */
    const float sx = -z.y * k, sy = z.x * k;
    const quat q = {roll_w * sx + sy * roll_z, roll_w * sy - sx * roll_z, swing_w * roll_z, swing_w * roll_w};
    const float inv = 1.0f / sqrtf(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
    return (quat){q.x * inv, q.y * inv, q.z * inv, q.w * inv};
}

/* Spherical interpolation along the shortest arc; t is clamped to 0..1.
 * q and -q are the same rotation, so b is flipped when the two point into
 * opposite hemispheres (otherwise slerp would take the long way round). */
static inline quat quat_slerp(quat a, quat b, float t)
{
    if (t < 0.0f) t = 0.0f;
    if (t > 1.0f) t = 1.0f;
    a = quat_normalize(a);
    b = quat_normalize(b);
    float d = quat_dot(a, b);
    if (d < 0.0f) {
        b = quat_neg(b);
        d = -d;
    }
    if (d > 0.9995f) {
        /* Nearly the same rotation: sin(theta) ~ 0, so lerp and normalize. */
        return quat_normalize((quat){a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t,
                                      a.z + (b.z - a.z) * t, a.w + (b.w - a.w) * t});
    }
    float theta = acosf(d);
    float s = sinf(theta);
    float wa = sinf((1.0f - t) * theta) / s;
    float wb = sinf(t * theta) / s;
    return (quat){a.x * wa + b.x * wb, a.y * wa + b.y * wb, a.z * wa + b.z * wb, a.w * wa + b.w * wb};
}

#endif /* IKMATH_H */
