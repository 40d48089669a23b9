; target: gfx1030 wave: 32
global_load_dword v0, v[1:2], off offset:-2048
global_load_dword v0, v[1:2], off offset:2047
global_load_dword v0, v1, s[2:3]
global_load_dword v0, v1, s[2:3] offset:-1 glc slc dlc
global_load_dword v0, v1, vcc
global_load_dword v0, v1, ttmp[0:1]
global_load_dwordx4 v[0:3], v4, s[2:3] offset:16
global_load_short_d16 v0, v[1:2], off
global_load_sbyte_d16_hi v0, v1, s[0:1]
global_store_dword v[1:2], v0, off
global_store_dword v1, v0, s[4:5] offset:128
global_store_dwordx2 v1, v[2:3], s[4:5] glc
