; target: gfx1030 wave: 32
v_cmp_ge_u16_e32 vcc_lo, v2, v4
v_cmpx_f_i64_e32 v[2:3], v[4:5]
v_cmpx_lt_i64_e32 v[2:3], v[4:5]
v_cmpx_eq_i64_e32 v[2:3], v[4:5]
v_cmpx_le_i64_e32 v[2:3], v[4:5]
v_cmpx_gt_i64_e32 v[2:3], v[4:5]
v_cmpx_ne_i64_e32 v[2:3], v[4:5]
v_cmpx_ge_i64_e32 v[2:3], v[4:5]
v_cmpx_t_i64_e32 v[2:3], v[4:5]
v_cmpx_class_f64_e32 v[2:3], v4
v_cmpx_lt_u16_e32 v2, v4
v_cmpx_eq_u16_e32 v2, v4
