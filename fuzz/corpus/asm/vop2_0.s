; target: gfx1030 wave: 32
v_cndmask_b32_e32 v4, v2, v6, vcc_lo
v_dot2c_f32_f16_e32 v4, v2, v6
v_add_f32_e32 v4, v2, v6
v_sub_f32_e32 v4, v2, v6
v_subrev_f32_e32 v4, v2, v6
v_fmac_legacy_f32_e32 v4, v2, v6
v_mul_legacy_f32_e32 v4, v2, v6
v_mul_f32_e32 v4, v2, v6
v_mul_i32_i24_e32 v4, v2, v6
v_mul_hi_i32_i24_e32 v4, v2, v6
v_mul_u32_u24_e32 v4, v2, v6
v_mul_hi_u32_u24_e32 v4, v2, v6
