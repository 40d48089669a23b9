; target: gfx1030 wave: 32
v_add_f32 v0, -1, v255
v_add_f32_e64 v0, v1, s2
v_add_f32_e64 v0, -v1, |v2| clamp
v_add_f32_e64 v0, v1, v2 mul:2
v_sub_f32_e64 v0, 0.5, -1.0 div:2
v_mul_f32 v0, vcc_lo, v1
v_mul_f32 v0, exec_hi, v1
v_add_nc_u32 v0, 64, v1
v_add_nc_u32 v0, 0x40, v1
v_add_nc_u32 v0, 0x41, v1
v_sub_nc_u32_e64 v0, v1, v2 clamp
v_and_b32 v0, 0xff00ff00, v1
