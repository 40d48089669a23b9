; target: gfx1030 wave: 32
v_cmpx_ge_u16_e64 v2, v6
v_cmp_f_u32_e64 s4, v2, v6
v_cmp_lt_u32_e64 s4, v2, v6
v_cmp_eq_u32_e64 s4, v2, v6
v_cmp_le_u32_e64 s4, v2, v6
v_cmp_gt_u32_e64 s4, v2, v6
v_cmp_ne_u32_e64 s4, v2, v6
v_cmp_ge_u32_e64 s4, v2, v6
v_cmp_t_u32_e64 s4, v2, v6
v_cmp_f_f16_e64 s4, v2, v6
v_cmp_lt_f16_e64 s4, v2, v6
v_cmp_eq_f16_e64 s4, v2, v6
