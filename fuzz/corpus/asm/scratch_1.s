; target: gfx1030 wave: 32
scratch_store_byte v2, v4, off
scratch_store_byte_d16_hi v2, v4, off
scratch_store_short v2, v4, off
scratch_store_short_d16_hi v2, v4, off
scratch_store_dword v2, v4, off
scratch_store_dwordx2 v2, v[4:5], off
scratch_store_dwordx4 v2, v[4:7], off
scratch_store_dwordx3 v2, v[4:6], off
scratch_load_ubyte_d16 v6, v2, off
scratch_load_ubyte_d16_hi v6, v2, off
scratch_load_sbyte_d16 v6, v2, off
scratch_load_sbyte_d16_hi v6, v2, off
