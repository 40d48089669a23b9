; target: gfx1030 wave: 32
flat_load_ubyte v6, v[2:3]
flat_load_sbyte v6, v[2:3]
flat_load_ushort v6, v[2:3]
flat_load_sshort v6, v[2:3]
flat_load_dword v6, v[2:3]
flat_load_dwordx2 v[6:7], v[2:3]
flat_load_dwordx4 v[6:9], v[2:3]
flat_load_dwordx3 v[6:8], v[2:3]
flat_store_byte v[2:3], v4
flat_store_byte_d16_hi v[2:3], v4
flat_store_short v[2:3], v4
flat_store_short_d16_hi v[2:3], v4
