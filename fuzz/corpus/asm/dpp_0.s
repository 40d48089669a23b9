; target: gfx1030 wave: 32
v_mov_b32_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
v_cvt_f64_i32_dpp v[4:5], v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
v_cvt_f32_i32_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
v_cvt_f32_u32_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
v_cvt_u32_f32_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
v_cvt_i32_f32_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
v_cvt_f16_f32_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
v_cvt_f32_f16_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
v_cvt_rpi_i32_f32_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
v_cvt_flr_i32_f32_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
v_cvt_off_f32_i4_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
v_cvt_f64_f32_dpp v[4:5], v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
