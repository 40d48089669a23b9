; target: gfx1030 wave: 32
ds_wrxchg2st64_rtn_b32 v[8:9], v2, v4, v6
ds_cmpst_rtn_b32 v8, v2, v4, v6
ds_cmpst_rtn_f32 v8, v2, v4, v6
ds_min_rtn_f32 v8, v2, v4
ds_max_rtn_f32 v8, v2, v4
ds_wrap_rtn_b32 v8, v2, v4, v6
ds_swizzle_b32 v8, v2
ds_read_b32 v8, v2
ds_read2_b32 v[8:9], v2
ds_read2st64_b32 v[8:9], v2
ds_read_i8 v8, v2
ds_read_u8 v8, v2
