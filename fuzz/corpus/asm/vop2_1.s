; target: gfx1030 wave: 32
v_or_b32_e32 v4, v2, v6
v_xor_b32_e32 v4, v2, v6
v_xnor_b32_e32 v4, v2, v6
v_add_nc_u32_e32 v4, v2, v6
v_sub_nc_u32_e32 v4, v2, v6
v_subrev_nc_u32_e32 v4, v2, v6
v_add_co_ci_u32_e32 v4, vcc_lo, v2, v6, vcc_lo
v_sub_co_ci_u32_e32 v4, vcc_lo, v2, v6, vcc_lo
v_subrev_co_ci_u32_e32 v4, vcc_lo, v2, v6, vcc_lo
v_fmac_f32_e32 v4, v2, v6
v_cvt_pkrtz_f16_f32_e32 v4, v2, v6
v_add_f16_e32 v4, v2, v6
