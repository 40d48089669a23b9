; target: gfx1030 wave: 32
v_nop
v_mov_b32_e32 v4, v2
v_readfirstlane_b32 s4, v2
v_cvt_i32_f64_e32 v4, v[2:3]
v_cvt_f64_i32_e32 v[4:5], v2
v_cvt_f32_i32_e32 v4, v2
v_cvt_f32_u32_e32 v4, v2
v_cvt_u32_f32_e32 v4, v2
v_cvt_i32_f32_e32 v4, v2
v_cvt_f16_f32_e32 v4, v2
v_cvt_f32_f16_e32 v4, v2
v_cvt_rpi_i32_f32_e32 v4, v2
