; target: gfx1030 wave: 64
v_cmp_eq_f16_e32 vcc, v2, v4
v_cmp_le_f16_e32 vcc, v2, v4
v_cmp_gt_f16_e32 vcc, v2, v4
v_cmp_lg_f16_e32 vcc, v2, v4
v_cmp_ge_f16_e32 vcc, v2, v4
v_cmp_o_f16_e32 vcc, v2, v4
v_cmp_f_u64_e32 vcc, v[2:3], v[4:5]
v_cmp_lt_u64_e32 vcc, v[2:3], v[4:5]
v_cmp_eq_u64_e32 vcc, v[2:3], v[4:5]
v_cmp_le_u64_e32 vcc, v[2:3], v[4:5]
v_cmp_gt_u64_e32 vcc, v[2:3], v[4:5]
v_cmp_ne_u64_e32 vcc, v[2:3], v[4:5]
