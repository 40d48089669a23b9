; target: gfx1030 wave: 32
; untyped buffer memory (MUBUF).
; Checked to assemble with llvm-mc -arch=amdgcn -mcpu=gfx1030 -show-encoding.

; every opcode once, as llvm-mc-14 disassembles a plain encoding of it
	buffer_load_format_x v4, off, s[8:11], 0
	buffer_load_format_xy v[4:5], off, s[8:11], 0
	buffer_load_format_xyz v[4:6], off, s[8:11], 0
	buffer_load_format_xyzw v[4:7], off, s[8:11], 0
	buffer_store_format_x v4, off, s[8:11], 0
	buffer_store_format_xy v[4:5], off, s[8:11], 0
	buffer_store_format_xyz v[4:6], off, s[8:11], 0
	buffer_store_format_xyzw v[4:7], off, s[8:11], 0
	buffer_load_ubyte v4, off, s[8:11], 0
	buffer_load_sbyte v4, off, s[8:11], 0
	buffer_load_ushort v4, off, s[8:11], 0
	buffer_load_sshort v4, off, s[8:11], 0
	buffer_load_dword v4, off, s[8:11], 0
	buffer_load_dwordx2 v[4:5], off, s[8:11], 0
	buffer_load_dwordx4 v[4:7], off, s[8:11], 0
	buffer_load_dwordx3 v[4:6], off, s[8:11], 0
	buffer_store_byte v4, off, s[8:11], 0
	buffer_store_byte_d16_hi v4, off, s[8:11], 0
	buffer_store_short v4, off, s[8:11], 0
	buffer_store_short_d16_hi v4, off, s[8:11], 0
	buffer_store_dword v4, off, s[8:11], 0
	buffer_store_dwordx2 v[4:5], off, s[8:11], 0
	buffer_store_dwordx4 v[4:7], off, s[8:11], 0
	buffer_store_dwordx3 v[4:6], off, s[8:11], 0
	buffer_load_ubyte_d16 v4, off, s[8:11], 0
	buffer_load_ubyte_d16_hi v4, off, s[8:11], 0
	buffer_load_sbyte_d16 v4, off, s[8:11], 0
	buffer_load_sbyte_d16_hi v4, off, s[8:11], 0
	buffer_load_short_d16 v4, off, s[8:11], 0
	buffer_load_short_d16_hi v4, off, s[8:11], 0
	buffer_atomic_swap v4, off, s[8:11], 0
	buffer_atomic_cmpswap v[4:5], off, s[8:11], 0
	buffer_atomic_add v4, off, s[8:11], 0
	buffer_atomic_sub v4, off, s[8:11], 0
	buffer_atomic_smin v4, off, s[8:11], 0
	buffer_atomic_umin v4, off, s[8:11], 0
	buffer_atomic_smax v4, off, s[8:11], 0
	buffer_atomic_umax v4, off, s[8:11], 0
	buffer_atomic_and v4, off, s[8:11], 0
	buffer_atomic_or v4, off, s[8:11], 0
	buffer_atomic_xor v4, off, s[8:11], 0
	buffer_atomic_inc v4, off, s[8:11], 0
	buffer_atomic_dec v4, off, s[8:11], 0
	buffer_atomic_fcmpswap v[4:5], off, s[8:11], 0
	buffer_atomic_fmin v4, off, s[8:11], 0
	buffer_atomic_fmax v4, off, s[8:11], 0
	buffer_atomic_swap_x2 v[4:5], off, s[8:11], 0
	buffer_atomic_cmpswap_x2 v[4:7], off, s[8:11], 0
	buffer_atomic_add_x2 v[4:5], off, s[8:11], 0
	buffer_atomic_sub_x2 v[4:5], off, s[8:11], 0
	buffer_atomic_smin_x2 v[4:5], off, s[8:11], 0
	buffer_atomic_umin_x2 v[4:5], off, s[8:11], 0
	buffer_atomic_smax_x2 v[4:5], off, s[8:11], 0
	buffer_atomic_umax_x2 v[4:5], off, s[8:11], 0
	buffer_atomic_and_x2 v[4:5], off, s[8:11], 0
	buffer_atomic_or_x2 v[4:5], off, s[8:11], 0
	buffer_atomic_xor_x2 v[4:5], off, s[8:11], 0
	buffer_atomic_inc_x2 v[4:5], off, s[8:11], 0
	buffer_atomic_dec_x2 v[4:5], off, s[8:11], 0
	buffer_atomic_fcmpswap_x2 v[4:7], off, s[8:11], 0
	buffer_atomic_fmin_x2 v[4:5], off, s[8:11], 0
	buffer_atomic_fmax_x2 v[4:5], off, s[8:11], 0
	buffer_gl0_inv
	buffer_gl1_inv

; addressing: off, offen, idxen, both; immediate and scalar offsets; cache bits
	buffer_load_dword v0, off, s[4:7], 0
	buffer_load_dword v0, off, s[4:7], s1 offset:4095
	buffer_load_dword v0, v1, s[4:7], 0 offen
	buffer_load_dword v0, v1, s[4:7], 0 offen offset:16
	buffer_load_dword v0, v1, s[4:7], s2 idxen
	buffer_load_dword v0, v[1:2], s[4:7], s2 idxen offen
	buffer_load_dword v0, off, s[4:7], m0 glc
	buffer_load_dword v0, off, s[4:7], null slc
	buffer_load_dword v0, off, s[4:7], 64 dlc
	buffer_load_dword v0, off, s[4:7], -1 glc slc dlc
	buffer_load_dword v0, off, ttmp[4:7], ttmp8
	buffer_load_dword v0, off, s[4:7], 0 lds
	buffer_load_dwordx2 v[0:1], v2, s[8:11], s3 offen offset:8
	buffer_load_dwordx3 v[0:2], off, s[8:11], 0
	buffer_load_dwordx4 v[0:3], off, s[8:11], 0 glc
	buffer_load_ubyte v0, off, s[4:7], 0
	buffer_load_short_d16_hi v0, off, s[4:7], 0
	buffer_load_format_xyzw v[0:3], v4, s[8:11], 0 idxen
	buffer_load_format_d16_xy v0, v4, s[8:11], 0 idxen
	buffer_load_format_d16_xyzw v[0:1], v4, s[8:11], 0 idxen
	buffer_store_dword v0, off, s[4:7], 0
	buffer_store_dwordx4 v[0:3], v4, s[8:11], s0 offen offset:64 glc slc
	buffer_store_byte_d16_hi v0, off, s[4:7], 0
	buffer_store_format_x v0, v1, s[4:7], 0 idxen
	buffer_atomic_add v0, off, s[4:7], s0
	buffer_atomic_add v0, off, s[4:7], s0 glc
	buffer_atomic_cmpswap v[0:1], v2, s[4:7], 0 offen glc
	buffer_atomic_cmpswap_x2 v[0:3], off, s[4:7], 0 glc
	buffer_atomic_fmin v0, v1, s[4:7], 0 idxen slc
	buffer_atomic_smax_x2 v[0:1], off, s[4:7], 0
	buffer_gl0_inv
	buffer_gl1_inv
