; target: gfx1013 wave: 32
s_scratch_load_dword s4, s[2:3], 0x10
s_scratch_load_dwordx2 s[4:5], s[2:3], 0x10
s_scratch_load_dwordx4 s[4:7], s[2:3], 0x10
s_store_dword s4, s[2:3], 0x10
s_store_dwordx2 s[4:5], s[2:3], 0x10
s_store_dwordx4 s[4:7], s[2:3], 0x10
s_scratch_store_dword s4, s[2:3], 0x10
s_scratch_store_dwordx2 s[4:5], s[2:3], 0x10
s_scratch_store_dwordx4 s[4:7], s[2:3], 0x10
s_buffer_store_dword s4, s[0:3], 0x10
s_buffer_store_dwordx2 s[4:5], s[0:3], 0x10
s_buffer_store_dwordx4 s[4:7], s[0:3], 0x10
