/* ref_names.h - every public reference function, renamed ref_<name> (the
 * recording checker: the real reference under these names, the shims of
 * shims.c under the real ones). Generated list, kept in step with the
 * headers by make test-classroom. */
#define fk_validate ref_fk_validate
#define fk_compute_world ref_fk_compute_world
#define elbow_interior_angle ref_elbow_interior_angle
#define shoulder_angle ref_shoulder_angle
#define elbow_bend_angle ref_elbow_bend_angle
#define two_bone_solve ref_two_bone_solve
#define pole_offset_for ref_pole_offset_for
#define pole_from_hip ref_pole_from_hip
#define bone_rotations_from_positions ref_bone_rotations_from_positions
#define ccd_solve ref_ccd_solve
#define fabrik_solve ref_fabrik_solve
#define foot_ik_default_settings ref_foot_ik_default_settings
#define foot_ik_fade_weight ref_foot_ik_fade_weight
#define foot_ik_step ref_foot_ik_step
#define aim_bone ref_aim_bone
#define look_at_solve ref_look_at_solve
#define wall_reach_weight ref_wall_reach_weight
#define wall_reach_solve ref_wall_reach_solve
#define rm_validate ref_rm_validate
#define rm_heading ref_rm_heading
#define rm_sample ref_rm_sample
#define rm_delta_between ref_rm_delta_between
#define rm_apply ref_rm_apply
#define rm_bake_in_place ref_rm_bake_in_place
#define ctrl_slide ref_ctrl_slide
#define ctrl_root_motion_frame ref_ctrl_root_motion_frame
