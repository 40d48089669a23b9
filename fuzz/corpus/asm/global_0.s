; target: gfx1030 wave: 32
global_load_ubyte v6, v[2:3], off
global_load_sbyte v6, v[2:3], off
global_load_ushort v6, v[2:3], off
global_load_sshort v6, v[2:3], off
global_load_dword v6, v[2:3], off
global_load_dwordx2 v[6:7], v[2:3], off
global_load_dwordx4 v[6:9], v[2:3], off
global_load_dwordx3 v[6:8], v[2:3], off
global_load_dword_addtid v6, off
global_store_dword_addtid v4, off
global_store_byte v[2:3], v4, off
global_store_byte_d16_hi v[2:3], v4, off
