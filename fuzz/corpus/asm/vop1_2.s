; target: gfx1030 wave: 32
v_fract_f16_e32 v4, v2
v_sin_f16_e32 v4, v2
v_cos_f16_e32 v4, v2
v_sat_pk_u8_i16_e32 v4, v2
v_cvt_norm_i16_f16_e32 v4, v2
v_cvt_norm_u16_f16_e32 v4, v2
v_swap_b32 v4, v2
v_swaprel_b32 v4, v2
v_mov_b32 v0, v255
v_mov_b32 v255, s105
v_mov_b32 v0, vcc_hi
v_mov_b32 v0, m0
