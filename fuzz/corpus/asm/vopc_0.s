; target: gfx1030 wave: 32
v_cmp_f_f32_e32 vcc_lo, v2, v4
v_cmp_lt_f32_e32 vcc_lo, v2, v4
v_cmp_eq_f32_e32 vcc_lo, v2, v4
v_cmp_le_f32_e32 vcc_lo, v2, v4
v_cmp_gt_f32_e32 vcc_lo, v2, v4
v_cmp_lg_f32_e32 vcc_lo, v2, v4
v_cmp_ge_f32_e32 vcc_lo, v2, v4
v_cmp_o_f32_e32 vcc_lo, v2, v4
v_cmp_u_f32_e32 vcc_lo, v2, v4
v_cmp_nge_f32_e32 vcc_lo, v2, v4
v_cmp_nlg_f32_e32 vcc_lo, v2, v4
v_cmp_ngt_f32_e32 vcc_lo, v2, v4
