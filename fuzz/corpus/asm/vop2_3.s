; target: gfx1030 wave: 32
v_cndmask_b32 v0, v1, v2, vcc_lo
v_cndmask_b32 v0, 0, v2, vcc_lo
v_cndmask_b32 v0, 0x12345678, v2, vcc_lo
v_cndmask_b32_e64 v0, v1, v2, s0
v_cndmask_b32_e64 v0, -v1, |v2|, s0
v_add_co_ci_u32 v0, vcc_lo, v1, v2, vcc_lo
v_add_co_ci_u32_e64 v0, s0, v1, v2, s1
v_sub_co_ci_u32 v0, vcc_lo, 5, v2, vcc_lo
v_subrev_co_ci_u32_e64 v0, s0, v1, 7, s2
v_fmac_f32 v0, v1, v2
v_fmac_f32 v0, 0.5, v2
v_fmac_f32_e64 v0, -v1, v2 clamp
