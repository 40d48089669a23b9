; target: gfx1030 wave: 32
flat_atomic_fmin_x2 v[2:3], v[4:5]
flat_atomic_fmax_x2 v[2:3], v[4:5]
flat_load_dword v0, v[1:2]
flat_load_dword v0, v[1:2] offset:2047
flat_load_dword v0, v[1:2] offset:4
flat_load_dword v0, v[1:2] glc slc dlc
flat_load_dwordx2 v[0:1], v[2:3]
flat_load_dwordx4 v[0:3], v[4:5] offset:16
flat_load_ubyte_d16_hi v0, v[1:2]
flat_store_dword v[1:2], v0
flat_store_dwordx3 v[1:2], v[4:6] offset:8 glc
flat_store_short_d16_hi v[1:2], v0
