; target: gfx1030 wave: 32
ds_write_b64 v1, v[2:3] offset:8
ds_write2_b32 v1, v2, v3 offset0:4 offset1:8
ds_write2_b32 v1, v2, v3 offset1:255
ds_write2st64_b64 v1, v[2:3], v[4:5] offset0:1 offset1:2
ds_read_b32 v0, v1
ds_read_b32 v0, v1 offset:4 gds
ds_read_b64 v[0:1], v2 offset:65535
ds_read_b128 v[0:3], v4
ds_read2_b32 v[0:1], v2 offset0:1 offset1:2
ds_read2st64_b64 v[0:3], v4 offset1:1
ds_read_u8 v0, v1
ds_read_i16 v0, v1 offset:2
