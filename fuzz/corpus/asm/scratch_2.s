; target: gfx1030 wave: 32
scratch_load_ubyte_d16 v6, v2, off
scratch_load_ubyte_d16_hi v6, v2, off
scratch_load_sbyte_d16 v6, v2, off
scratch_load_sbyte_d16_hi v6, v2, off
scratch_load_short_d16 v6, v2, off
scratch_load_short_d16_hi v6, v2, off
scratch_load_dword v0, v1, off
scratch_load_dword v0, v1, off offset:-2048
scratch_load_dword v0, off, s2 offset:4
scratch_load_dword v0, off, vcc_lo
scratch_load_dword v0, off, off offset:16
scratch_load_dwordx4 v[0:3], v4, off glc slc dlc
