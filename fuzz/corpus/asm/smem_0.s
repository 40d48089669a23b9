; target: gfx1030 wave: 32
s_load_dword s4, s[2:3], 0x10
s_load_dwordx2 s[4:5], s[2:3], 0x10
s_load_dwordx4 s[4:7], s[2:3], 0x10
s_load_dwordx8 s[4:11], s[2:3], 0x10
s_load_dwordx16 s[4:19], s[2:3], 0x10
s_buffer_load_dword s4, s[0:3], 0x10
s_buffer_load_dwordx2 s[4:5], s[0:3], 0x10
s_buffer_load_dwordx4 s[4:7], s[0:3], 0x10
s_buffer_load_dwordx8 s[4:11], s[0:3], 0x10
s_buffer_load_dwordx16 s[4:19], s[0:3], 0x10
s_gl1_inv
s_dcache_inv
