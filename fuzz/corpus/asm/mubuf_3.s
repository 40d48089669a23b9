; target: gfx1030 wave: 32
buffer_load_dword v0, off, s[4:7], 64 dlc
buffer_load_dword v0, off, s[4:7], -1 glc slc dlc
buffer_load_dword v0, off, ttmp[4:7], ttmp8
buffer_load_dword v0, off, s[4:7], 0 lds
buffer_load_dwordx2 v[0:1], v2, s[8:11], s3 offen offset:8
buffer_load_dwordx3 v[0:2], off, s[8:11], 0
buffer_load_dwordx4 v[0:3], off, s[8:11], 0 glc
buffer_load_ubyte v0, off, s[4:7], 0
buffer_load_short_d16_hi v0, off, s[4:7], 0
buffer_load_format_xyzw v[0:3], v4, s[8:11], 0 idxen
buffer_load_format_d16_xy v0, v4, s[8:11], 0 idxen
buffer_load_format_d16_xyzw v[0:1], v4, s[8:11], 0 idxen
