; target: gfx1030 wave: 32
; scratch memory (FLAT encoding, segment 1).
; Checked to assemble with llvm-mc -arch=amdgcn -mcpu=gfx1030 -show-encoding.

; every opcode once, as llvm-mc-14 disassembles a plain encoding of it
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
	scratch_store_dword v2, v4, off
	scratch_store_dwordx2 v2, v[4:5], off
	scratch_store_dwordx4 v2, v[4:7], off
	scratch_store_dwordx3 v2, v[4:6], off
	scratch_load_ubyte_d16 v6, v2, off
	scratch_load_ubyte_d16_hi v6, v2, off
	scratch_load_sbyte_d16 v6, v2, off
	scratch_load_sbyte_d16_hi v6, v2, off
	scratch_load_short_d16 v6, v2, off
	scratch_load_short_d16_hi v6, v2, off

; vector or scalar address, offsets
	scratch_load_dword v0, v1, off
	scratch_load_dword v0, v1, off offset:-2048
	scratch_load_dword v0, off, s2 offset:4
	scratch_load_dword v0, off, vcc_lo
	scratch_load_dword v0, off, off offset:16
	scratch_load_dwordx4 v[0:3], v4, off glc slc dlc
	scratch_load_short_d16_hi v0, off, s0
	scratch_store_dword v1, v0, off
	scratch_store_dword off, v0, s2 offset:2047
	scratch_store_dwordx2 v1, v[2:3], off
	scratch_store_byte_d16_hi off, v0, s1
