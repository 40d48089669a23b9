; target: gfx1030 wave: 32
s_load_dword s1, s[2:3], -0x4
s_load_dword s1, s[2:3], s4
s_load_dword s1, s[2:3], m0
s_load_dword s1, s[2:3], null
s_load_dwordx2 s[0:1], s[4:5], 0x8 glc
s_load_dwordx4 s[8:11], s[4:5], 0x10 dlc
s_load_dwordx8 s[8:15], s[4:5], 0x20 glc dlc
s_load_dwordx16 s[16:31], s[4:5], s6
s_buffer_load_dword s0, s[4:7], 0x4
s_buffer_load_dwordx2 s[0:1], s[4:7], s8
s_buffer_load_dwordx4 s[0:3], s[8:11], 0x0 glc
s_load_dword vcc_lo, s[0:1], 0x0
