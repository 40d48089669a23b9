; target: gfx1030 wave: 32
v_cmp_t_u64_e32 vcc_lo, v[2:3], v[4:5]
v_cmp_u_f16_e32 vcc_lo, v2, v4
v_cmp_nge_f16_e32 vcc_lo, v2, v4
v_cmp_nlg_f16_e32 vcc_lo, v2, v4
v_cmp_ngt_f16_e32 vcc_lo, v2, v4
v_cmp_nle_f16_e32 vcc_lo, v2, v4
v_cmp_neq_f16_e32 vcc_lo, v2, v4
v_cmp_nlt_f16_e32 vcc_lo, v2, v4
v_cmp_tru_f16_e32 vcc_lo, v2, v4
v_cmpx_f_u64_e32 v[2:3], v[4:5]
v_cmpx_lt_u64_e32 v[2:3], v[4:5]
v_cmpx_eq_u64_e32 v[2:3], v[4:5]
