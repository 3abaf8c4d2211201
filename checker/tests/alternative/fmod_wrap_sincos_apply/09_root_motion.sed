# Correct another way: the loop's time folded with fmodf (then moved into
# [0, duration)), and rm_apply turning the translation with sinf/cosf
# written out instead of a quaternion.
/^static float wrap_time(float time, float duration)$/,/^}$/{
s/^    float folded = time - floorf(time \/ duration) \* duration;$/    float folded = fmodf(time, duration);\
    if (folded < 0.0f)\
        folded += duration;/
}
/^rm_status rm_apply(/,/^}$/{
s/^    character->position = v3_add(character->position, rm_rotate_yaw(delta->translation, character->yaw));$/    const float s = sinf(character->yaw), c = cosf(character->yaw);\
    const vec3 t = delta->translation;\
    character->position = v3_add(character->position, v3(t.x * c + t.z * s, t.y, -t.x * s + t.z * c));/
}
