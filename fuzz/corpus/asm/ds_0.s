; target: gfx1030 wave: 32
ds_add_u32 v2, v4
ds_sub_u32 v2, v4
ds_rsub_u32 v2, v4
ds_inc_u32 v2, v4
ds_dec_u32 v2, v4
ds_min_i32 v2, v4
ds_max_i32 v2, v4
ds_min_u32 v2, v4
ds_max_u32 v2, v4
ds_and_b32 v2, v4
ds_or_b32 v2, v4
ds_xor_b32 v2, v4
