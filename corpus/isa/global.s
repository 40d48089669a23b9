; target: gfx1030 wave: 32
; global memory (FLAT encoding, segment 2).
; Checked to assemble with llvm-mc -arch=amdgcn -mcpu=gfx1030 -show-encoding.

; every opcode once, as llvm-mc-14 disassembles a plain encoding of it
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
	global_store_short v[2:3], v4, off
	global_store_short_d16_hi v[2:3], v4, off
	global_store_dword v[2:3], v4, off
	global_store_dwordx2 v[2:3], v[4:5], off
	global_store_dwordx4 v[2:3], v[4:7], off
	global_store_dwordx3 v[2:3], v[4:6], off
	global_load_ubyte_d16 v6, v[2:3], off
	global_load_ubyte_d16_hi v6, v[2:3], off
	global_load_sbyte_d16 v6, v[2:3], off
	global_load_sbyte_d16_hi v6, v[2:3], off
	global_load_short_d16 v6, v[2:3], off
	global_load_short_d16_hi v6, v[2:3], off
	global_atomic_swap v[2:3], v4, off
	global_atomic_cmpswap v[2:3], v[4:5], off
	global_atomic_add v[2:3], v4, off
	global_atomic_sub v[2:3], v4, off
	global_atomic_smin v[2:3], v4, off
	global_atomic_umin v[2:3], v4, off
	global_atomic_smax v[2:3], v4, off
	global_atomic_umax v[2:3], v4, off
	global_atomic_and v[2:3], v4, off
	global_atomic_or v[2:3], v4, off
	global_atomic_xor v[2:3], v4, off
	global_atomic_inc v[2:3], v4, off
	global_atomic_dec v[2:3], v4, off
	global_atomic_fcmpswap v[2:3], v[4:5], off
	global_atomic_fmin v[2:3], v4, off
	global_atomic_fmax v[2:3], v4, off
	global_atomic_swap_x2 v[2:3], v[4:5], off
	global_atomic_cmpswap_x2 v[2:3], v[4:7], off
	global_atomic_add_x2 v[2:3], v[4:5], off
	global_atomic_sub_x2 v[2:3], v[4:5], off
	global_atomic_smin_x2 v[2:3], v[4:5], off
	global_atomic_umin_x2 v[2:3], v[4:5], off
	global_atomic_smax_x2 v[2:3], v[4:5], off
	global_atomic_umax_x2 v[2:3], v[4:5], off
	global_atomic_and_x2 v[2:3], v[4:5], off
	global_atomic_or_x2 v[2:3], v[4:5], off
	global_atomic_xor_x2 v[2:3], v[4:5], off
	global_atomic_inc_x2 v[2:3], v[4:5], off
	global_atomic_dec_x2 v[2:3], v[4:5], off
	global_atomic_fcmpswap_x2 v[2:3], v[4:7], off
	global_atomic_fmin_x2 v[2:3], v[4:5], off
	global_atomic_fmax_x2 v[2:3], v[4:5], off

; vector and scalar addresses, signed offsets
	global_load_dword v0, v[1:2], off
	global_load_dword v0, v[1:2], off offset:-2048
	global_load_dword v0, v[1:2], off offset:2047
	global_load_dword v0, v1, s[2:3]
	global_load_dword v0, v1, s[2:3] offset:-1 glc slc dlc
	global_load_dword v0, v1, vcc
	global_load_dword v0, v1, ttmp[0:1]
	global_load_dwordx4 v[0:3], v4, s[2:3] offset:16
	global_load_short_d16 v0, v[1:2], off
	global_load_sbyte_d16_hi v0, v1, s[0:1]
	global_store_dword v[1:2], v0, off
	global_store_dword v1, v0, s[4:5] offset:128
	global_store_dwordx2 v1, v[2:3], s[4:5] glc
	global_atomic_add v1, v0, s[4:5]
	global_atomic_add v0, v1, v2, s[4:5] glc
	global_atomic_cmpswap v0, v[1:2], v[4:5], off glc
	global_atomic_fcmpswap_x2 v[0:1], v2, v[4:7], s[0:1] offset:8 glc
	global_atomic_csub v0, v1, v2, s[0:1] glc
	global_load_dword_addtid v0, s[2:3]
	global_store_dword_addtid v0, s[2:3] offset:4
