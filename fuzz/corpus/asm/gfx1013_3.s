; target: gfx1013 wave: 32
ds_max_src2_u64 v2
ds_and_src2_b64 v2
ds_or_src2_b64 v2
ds_xor_src2_b64 v2
ds_write_src2_b64 v2
ds_min_src2_f64 v2
ds_max_src2_f64 v2
v_mac_f32_dpp v4, v2, v6 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
v_mac_f32_dpp v4, v2, v6 dpp8:[0,1,2,3,4,5,6,7]
v_mac_f32 v0, v1, v2
v_mac_f32_e64 v0, -v1, v2 clamp
v_mac_f32_dpp v0, v1, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
