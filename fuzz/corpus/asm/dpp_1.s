; target: gfx1030 wave: 32
v_cvt_norm_i16_f16_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
v_cvt_norm_u16_f16_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
v_cndmask_b32_dpp v4, v2, v6, vcc_lo quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
v_dot2c_f32_f16_dpp v4, v2, v6 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
v_add_f32_dpp v4, v2, v6 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
v_sub_f32_dpp v4, v2, v6 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
v_subrev_f32_dpp v4, v2, v6 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
v_mul_legacy_f32_dpp v4, v2, v6 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
v_mul_f32_dpp v4, v2, v6 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
v_mul_i32_i24_dpp v4, v2, v6 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
v_mul_hi_i32_i24_dpp v4, v2, v6 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
v_mul_u32_u24_dpp v4, v2, v6 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
