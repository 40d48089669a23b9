; target: gfx1030 wave: 32
; scalar memory (SMEM).
; Checked to assemble with llvm-mc -arch=amdgcn -mcpu=gfx1030 -show-encoding.

; every opcode once, as llvm-mc-14 disassembles a plain encoding of it
	s_load_dword s4, s[2:3], 0x10
	s_load_dwordx2 s[4:5], s[2:3], 0x10
	s_load_dwordx4 s[4:7], s[2:3], 0x10
	s_load_dwordx8 s[4:11], s[2:3], 0x10
	s_load_dwordx16 s[4:19], s[2:3], 0x10
	s_buffer_load_dword s4, s[0:3], 0x10
	s_buffer_load_dwordx2 s[4:5], s[0:3], 0x10
	s_buffer_load_dwordx4 s[4:7], s[0:3], 0x10
	s_buffer_load_dwordx8 s[4:11], s[0:3], 0x10
	s_buffer_load_dwordx16 s[4:19], s[0:3], 0x10
	s_gl1_inv
	s_dcache_inv
	s_memtime s[4:5]
	s_memrealtime s[4:5]
	s_atc_probe 4, s[2:3], 0x10
	s_atc_probe_buffer 4, s[0:3], 0x10

; offsets, scalar offsets, cache bits
	s_load_dword s0, s[0:1], 0x0
	s_load_dword s1, s[2:3], 0xfffff
	s_load_dword s1, s[2:3], -0x100000
	s_load_dword s1, s[2:3], -0x4
	s_load_dword s1, s[2:3], s4
	s_load_dword s1, s[2:3], m0
	s_load_dword s1, s[2:3], null
	s_load_dwordx2 s[0:1], s[4:5], 0x8 glc
	s_load_dwordx4 s[8:11], s[4:5], 0x10 dlc
	s_load_dwordx8 s[8:15], s[4:5], 0x20 glc dlc
	s_load_dwordx16 s[16:31], s[4:5], s6
	s_buffer_load_dword s0, s[4:7], 0x4
	s_buffer_load_dwordx2 s[0:1], s[4:7], s8
	s_buffer_load_dwordx4 s[0:3], s[8:11], 0x0 glc
	s_load_dword vcc_lo, s[0:1], 0x0
	s_load_dwordx2 vcc, s[0:1], 0x0
	s_load_dword ttmp0, ttmp[2:3], 0x0
	s_memtime s[0:1]
	s_memrealtime s[2:3]
	s_dcache_inv
	s_gl1_inv
	s_atc_probe 7, s[4:5], 0x64
	s_atc_probe_buffer 0, s[8:11], s0
