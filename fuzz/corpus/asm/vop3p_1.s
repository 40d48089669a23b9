; target: gfx1030 wave: 32
v_pk_fma_f16 v4, v2, v6, v8
v_pk_add_f16 v4, v2, v6
v_pk_mul_f16 v4, v2, v6
v_pk_min_f16 v4, v2, v6
v_pk_max_f16 v4, v2, v6
v_dot2_f32_f16 v4, v2, v6, v8
v_dot2_i32_i16 v4, v2, v6, v8
v_dot2_u32_u16 v4, v2, v6, v8
v_dot4_i32_i8 v4, v2, v6, v8
v_dot4_u32_u8 v4, v2, v6, v8
v_dot8_i32_i4 v4, v2, v6, v8
v_dot8_u32_u4 v4, v2, v6, v8
