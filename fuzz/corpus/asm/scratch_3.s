; target: gfx1030 wave: 32
scratch_load_dword v0, off, s2 offset:4
scratch_load_dword v0, off, vcc_lo
scratch_load_dword v0, off, off offset:16
scratch_load_dwordx4 v[0:3], v4, off glc slc dlc
scratch_load_short_d16_hi v0, off, s0
scratch_store_dword v1, v0, off
scratch_store_dword off, v0, s2 offset:2047
scratch_store_dwordx2 v1, v[2:3], off
scratch_store_byte_d16_hi off, v0, s1
