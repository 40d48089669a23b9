; target: gfx1030 wave: 32
s_buffer_load_dwordx4 s[0:3], s[8:11], 0x0 glc
s_load_dword vcc_lo, s[0:1], 0x0
s_load_dwordx2 vcc, s[0:1], 0x0
s_load_dword ttmp0, ttmp[2:3], 0x0
s_memtime s[0:1]
s_memrealtime s[2:3]
s_dcache_inv
s_gl1_inv
s_atc_probe 7, s[4:5], 0x64
s_atc_probe_buffer 0, s[8:11], s0
