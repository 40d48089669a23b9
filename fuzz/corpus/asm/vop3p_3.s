; target: gfx1030 wave: 32
v_pk_add_u16 v0, v1, -1 clamp
v_pk_add_i16 v0, v1, v2 op_sel:[1,0]
v_pk_lshlrev_b16 v0, 1, v2
v_pk_mad_u16 v0, v1, v2, v3
v_pk_max_i16 v0, 0x10001, v2
v_dot2_f32_f16 v0, v1, v2, v3
v_dot2_f32_f16 v0, v1, v2, v3 neg_lo:[1,1,0] clamp
v_dot2_i32_i16 v0, v1, v2, v3 clamp
v_dot4_u32_u8 v0, v1, v2, 0
v_dot8_i32_i4 v0, v1, v2, v3
v_fma_mix_f32 v0, v1, v2, v3
v_fma_mix_f32 v0, v1, v2, v3 op_sel:[1,0,0] op_sel_hi:[1,1,1]
