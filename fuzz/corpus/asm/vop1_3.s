; target: gfx1030 wave: 32
v_sqrt_f16 v0, 0xbc00
v_cvt_f64_f32 v[0:1], v2
v_cvt_f32_f64 v0, v[2:3]
v_cvt_f32_f64 v0, 2.0
v_cvt_f32_f64 v0, 0x40000000
v_rcp_f64 v[0:1], 0.5
v_rsq_f64 v[0:1], s[2:3]
v_frexp_mant_f64 v[254:255], v[254:255]
v_fract_f64 v[0:1], -4.0
v_cvt_f64_i32 v[0:1], 0x7fffffff
v_cvt_i32_f64 v0, v[2:3]
v_readfirstlane_b32 s0, v1
