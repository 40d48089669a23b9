; target: gfx1030 wave: 64
v_cmp_t_i64_e64 s[4:5], v[2:3], v[6:7]
v_cmp_class_f64_e64 s[4:5], v[2:3], v6
v_cmp_lt_u16_e64 s[4:5], v2, v6
v_cmp_eq_u16_e64 s[4:5], v2, v6
v_cmp_le_u16_e64 s[4:5], v2, v6
v_cmp_gt_u16_e64 s[4:5], v2, v6
v_cmp_ne_u16_e64 s[4:5], v2, v6
v_cmp_ge_u16_e64 s[4:5], v2, v6
v_cmp_f_u32_e64 s[4:5], v2, v6
v_cmp_lt_u32_e64 s[4:5], v2, v6
v_cmp_eq_u32_e64 s[4:5], v2, v6
v_cmp_le_u32_e64 s[4:5], v2, v6
