; target: gfx1030 wave: 32
v_rsq_f32_e32 v4, v2
v_rcp_f64_e32 v[4:5], v[2:3]
v_rsq_f64_e32 v[4:5], v[2:3]
v_sqrt_f32_e32 v4, v2
v_sqrt_f64_e32 v[4:5], v[2:3]
v_sin_f32_e32 v4, v2
v_cos_f32_e32 v4, v2
v_not_b32_e32 v4, v2
v_bfrev_b32_e32 v4, v2
v_ffbh_u32_e32 v4, v2
v_ffbl_b32_e32 v4, v2
v_ffbh_i32_e32 v4, v2
