/* Variant pv_double_basis: each bone's frame is built in double (z along the
 * bone, x = up x z, y = z x x; a pole on the line or on the joint takes an
 * axis-based perpendicular) and turned into a quaternion by Shepperd's
 * largest-component method. Zero length: |bone| <= 1e-6 m, tested on the
 * length itself. NULL outputs are checked before the positions. Any limb that
 * is not an elbow is treated as a knee; the hip rotation is normalized. */
#include "pole_vector.h"
#include <math.h>
#include <stddef.h>

vec3 pole_offset_for(limb_kind limb, float distance)
{
    float z = (limb == LIMB_ELBOW) ? -distance : distance;
    return v3(0.0f, 0.0f, z);
}

vec3 pole_from_hip(vec3 hip_position, quat hip_rotation, vec3 offset)
{
    return v3_add(hip_position, quat_rotate(quat_normalize(hip_rotation), offset));
}

typedef struct { double x, y, z; } dvec;

static dvec d_sub(vec3 a, vec3 b) { dvec r = {(double)a.x - b.x, (double)a.y - b.y, (double)a.z - b.z}; return r; }
static double d_dot(dvec a, dvec b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static dvec d_scale(dvec a, double s) { dvec r = {a.x * s, a.y * s, a.z * s}; return r; }
static dvec d_cross(dvec a, dvec b)
{
    dvec r = {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
    return r;
}

/* Rotation whose columns are x, y, z (orthonormal, right-handed). */
static quat quat_of_frame(dvec x, dvec y, dvec z)
{
    double m00 = x.x, m11 = y.y, m22 = z.z;
    double qw, qx, qy, qz;
    double trace = m00 + m11 + m22;
    if (trace >= m00 && trace >= m11 && trace >= m22) {
        double s = 2.0 * sqrt(1.0 + trace);
        qw = 0.25 * s;
        qx = (y.z - z.y) / s;
        qy = (z.x - x.z) / s;
        qz = (x.y - y.x) / s;
    } else if (m00 >= m11 && m00 >= m22) {
        double s = 2.0 * sqrt(1.0 + m00 - m11 - m22);
        qx = 0.25 * s;
        qw = (y.z - z.y) / s;
        qy = (y.x + x.y) / s;
        qz = (z.x + x.z) / s;
    } else if (m11 >= m22) {
        double s = 2.0 * sqrt(1.0 + m11 - m00 - m22);
        qy = 0.25 * s;
        qw = (z.x - x.z) / s;
        qx = (y.x + x.y) / s;
        qz = (z.y + y.z) / s;
    } else {
        double s = 2.0 * sqrt(1.0 + m22 - m00 - m11);
        qz = 0.25 * s;
        qw = (x.y - y.x) / s;
        qx = (z.x + x.z) / s;
        qy = (z.y + y.z) / s;
    }
    double n = sqrt(qx * qx + qy * qy + qz * qz + qw * qw);
    return q4((float)(qx / n), (float)(qy / n), (float)(qz / n), (float)(qw / n));
}

/* 1: rotation written; 0: bone too short, identity written. */
static int frame_for_bone(vec3 joint, vec3 child, vec3 pole, quat *out)
{
    dvec bone = d_sub(child, joint);
    double len = sqrt(d_dot(bone, bone));
    if (!(len > 1e-6)) {
        *out = quat_identity();
        return 0;
    }
    dvec z = d_scale(bone, 1.0 / len);
    dvec up = d_sub(pole, joint);
    double up_len = sqrt(d_dot(up, up));
    dvec x = d_cross(up, z);
    double x_len = sqrt(d_dot(x, x));
    if (!(x_len > 1e-12 * up_len) || x_len == 0.0) {
        /* No side from the pole: cross with the world axis least along z. */
        dvec axis = {0.0, 0.0, 0.0};
        if (fabs(z.y) < 0.9)
            axis.y = 1.0;
        else
            axis.x = 1.0;
        x = d_cross(axis, z);
        x_len = sqrt(d_dot(x, x));
    }
    x = d_scale(x, 1.0 / x_len);
    dvec y = d_cross(z, x);
    *out = quat_of_frame(x, y, z);
    return 1;
}

pole_status bone_rotations_from_positions(vec3 root, vec3 mid, vec3 tip, vec3 pole,
                                          quat *upper_rotation, quat *lower_rotation)
{
    if (!upper_rotation || !lower_rotation) {
        /* "NULL output: identity written" - into the one that exists. */
        if (upper_rotation)
            *upper_rotation = quat_identity();
        if (lower_rotation)
            *lower_rotation = quat_identity();
        return POLE_DEGENERATE;
    }
    if (!v3_in_world(root) || !v3_in_world(mid) || !v3_in_world(tip) || !v3_in_world(pole)) {
        if (upper_rotation)
            *upper_rotation = quat_identity();
        if (lower_rotation)
            *lower_rotation = quat_identity();
        return POLE_DEGENERATE;
    }
    int ok = frame_for_bone(root, mid, pole, upper_rotation);
    ok &= frame_for_bone(mid, tip, pole, lower_rotation);
    return ok ? POLE_OK : POLE_DEGENERATE;
}
