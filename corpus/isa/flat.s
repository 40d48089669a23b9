; target: gfx1030 wave: 32
; flat memory (FLAT, segment 0).
; Checked to assemble with llvm-mc -arch=amdgcn -mcpu=gfx1030 -show-encoding.

; every opcode once, as llvm-mc-14 disassembles a plain encoding of it
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
	flat_store_dword v[2:3], v4
	flat_store_dwordx2 v[2:3], v[4:5]
	flat_store_dwordx4 v[2:3], v[4:7]
	flat_store_dwordx3 v[2:3], v[4:6]
	flat_load_ubyte_d16 v6, v[2:3]
	flat_load_ubyte_d16_hi v6, v[2:3]
	flat_load_sbyte_d16 v6, v[2:3]
	flat_load_sbyte_d16_hi v6, v[2:3]
	flat_load_short_d16 v6, v[2:3]
	flat_load_short_d16_hi v6, v[2:3]
	flat_atomic_swap v[2:3], v4
	flat_atomic_cmpswap v[2:3], v[4:5]
	flat_atomic_add v[2:3], v4
	flat_atomic_sub v[2:3], v4
	flat_atomic_smin v[2:3], v4
	flat_atomic_umin v[2:3], v4
	flat_atomic_smax v[2:3], v4
	flat_atomic_umax v[2:3], v4
	flat_atomic_and v[2:3], v4
	flat_atomic_or v[2:3], v4
	flat_atomic_xor v[2:3], v4
	flat_atomic_inc v[2:3], v4
	flat_atomic_dec v[2:3], v4
	flat_atomic_fcmpswap v[2:3], v[4:5]
	flat_atomic_fmin v[2:3], v4
	flat_atomic_fmax v[2:3], v4
	flat_atomic_swap_x2 v[2:3], v[4:5]
	flat_atomic_cmpswap_x2 v[2:3], v[4:7]
	flat_atomic_add_x2 v[2:3], v[4:5]
	flat_atomic_sub_x2 v[2:3], v[4:5]
	flat_atomic_smin_x2 v[2:3], v[4:5]
	flat_atomic_umin_x2 v[2:3], v[4:5]
	flat_atomic_smax_x2 v[2:3], v[4:5]
	flat_atomic_umax_x2 v[2:3], v[4:5]
	flat_atomic_and_x2 v[2:3], v[4:5]
	flat_atomic_or_x2 v[2:3], v[4:5]
	flat_atomic_xor_x2 v[2:3], v[4:5]
	flat_atomic_inc_x2 v[2:3], v[4:5]
	flat_atomic_dec_x2 v[2:3], v[4:5]
	flat_atomic_fcmpswap_x2 v[2:3], v[4:7]
	flat_atomic_fmin_x2 v[2:3], v[4:5]
	flat_atomic_fmax_x2 v[2:3], v[4:5]

; offsets and cache bits
	flat_load_dword v0, v[1:2]
	flat_load_dword v0, v[1:2] offset:2047
	flat_load_dword v0, v[1:2] offset:4
	flat_load_dword v0, v[1:2] glc slc dlc
	flat_load_dwordx2 v[0:1], v[2:3]
	flat_load_dwordx4 v[0:3], v[4:5] offset:16
	flat_load_ubyte_d16_hi v0, v[1:2]
	flat_store_dword v[1:2], v0
	flat_store_dwordx3 v[1:2], v[4:6] offset:8 glc
	flat_store_short_d16_hi v[1:2], v0
	flat_atomic_add v[1:2], v0
	flat_atomic_add v0, v[1:2], v3 glc
	flat_atomic_cmpswap v0, v[1:2], v[4:5] glc
	flat_atomic_cmpswap_x2 v[0:1], v[2:3], v[4:7] offset:8 glc
	flat_atomic_fmax_x2 v[1:2], v[4:5]
	flat_atomic_swap v[254:255], v255 slc
