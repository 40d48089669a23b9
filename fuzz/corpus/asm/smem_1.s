; target: gfx1030 wave: 32
s_buffer_load_dwordx16 s[4:19], s[0:3], 0x10
s_gl1_inv
s_dcache_inv
s_memtime s[4:5]
s_memrealtime s[4:5]
s_atc_probe 4, s[2:3], 0x10
s_atc_probe_buffer 4, s[0:3], 0x10
s_load_dword s0, s[0:1], 0x0
s_load_dword s1, s[2:3], 0xfffff
s_load_dword s1, s[2:3], -0x100000
s_load_dword s1, s[2:3], -0x4
s_load_dword s1, s[2:3], s4
