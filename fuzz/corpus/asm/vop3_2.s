; target: gfx1030 wave: 32
v_sad_u8 v4, v2, v6, v8
v_sad_hi_u8 v4, v2, v6, v8
v_sad_u16 v4, v2, v6, v8
v_sad_u32 v4, v2, v6, v8
v_cvt_pk_u8_f32 v4, v2, v6, v8
v_div_fixup_f32 v4, v2, v6, v8
v_div_fixup_f64 v[4:5], v[2:3], v[6:7], v[8:9]
v_add_f64 v[4:5], v[2:3], v[6:7]
v_mul_f64 v[4:5], v[2:3], v[6:7]
v_min_f64 v[4:5], v[2:3], v[6:7]
v_max_f64 v[4:5], v[2:3], v[6:7]
v_ldexp_f64 v[4:5], v[2:3], v6
