; target: gfx1030 wave: 32
v_cmpx_o_f64_e32 v[2:3], v[4:5]
v_cmpx_u_f64_e32 v[2:3], v[4:5]
v_cmpx_nge_f64_e32 v[2:3], v[4:5]
v_cmpx_nlg_f64_e32 v[2:3], v[4:5]
v_cmpx_ngt_f64_e32 v[2:3], v[4:5]
v_cmpx_nle_f64_e32 v[2:3], v[4:5]
v_cmpx_neq_f64_e32 v[2:3], v[4:5]
v_cmpx_nlt_f64_e32 v[2:3], v[4:5]
v_cmpx_tru_f64_e32 v[2:3], v[4:5]
v_cmp_f_i32_e32 vcc_lo, v2, v4
v_cmp_lt_i32_e32 vcc_lo, v2, v4
v_cmp_eq_i32_e32 vcc_lo, v2, v4
