; target: gfx1013 wave: 32
s_atomic_inc_x2 s[4:5], s[2:3], 0x10
s_atomic_dec_x2 s[4:5], s[2:3], 0x10
v_mac_legacy_f32_e32 v4, v2, v6
v_mac_f32_e32 v4, v2, v6
v_mac_legacy_f32_e64 v4, v2, v6
v_mac_f32_e64 v4, v2, v6
v_mad_legacy_f32 v4, v2, v6, v8
v_mad_f32 v4, v2, v6, v8
v_mul_lo_i32 v4, v2, v6
ds_add_src2_u32 v2
ds_sub_src2_u32 v2
ds_rsub_src2_u32 v2
