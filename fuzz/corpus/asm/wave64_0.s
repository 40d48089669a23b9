; target: gfx1030 wave: 64
v_cndmask_b32_e32 v4, v2, v6, vcc
v_add_co_ci_u32_e32 v4, vcc, v2, v6, vcc
v_sub_co_ci_u32_e32 v4, vcc, v2, v6, vcc
v_subrev_co_ci_u32_e32 v4, vcc, v2, v6, vcc
v_cmp_f_f32_e32 vcc, v2, v4
v_cmp_lt_f32_e32 vcc, v2, v4
v_cmp_eq_f32_e32 vcc, v2, v4
v_cmp_le_f32_e32 vcc, v2, v4
v_cmp_gt_f32_e32 vcc, v2, v4
v_cmp_lg_f32_e32 vcc, v2, v4
v_cmp_ge_f32_e32 vcc, v2, v4
v_cmp_o_f32_e32 vcc, v2, v4
