; target: gfx1030 wave: 32
scratch_load_ubyte v6, v2, off
scratch_load_sbyte v6, v2, off
scratch_load_ushort v6, v2, off
scratch_load_sshort v6, v2, off
scratch_load_dword v6, v2, off
scratch_load_dwordx2 v[6:7], v2, off
scratch_load_dwordx4 v[6:9], v2, off
scratch_load_dwordx3 v[6:8], v2, off
scratch_store_byte v2, v4, off
scratch_store_byte_d16_hi v2, v4, off
scratch_store_short v2, v4, off
scratch_store_short_d16_hi v2, v4, off
