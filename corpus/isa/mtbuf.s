; target: gfx1030 wave: 32
; typed buffer memory (MTBUF).
; Checked to assemble with llvm-mc -arch=amdgcn -mcpu=gfx1030 -show-encoding.

; every opcode once, as llvm-mc-14 disassembles a plain encoding of it
	tbuffer_load_format_x v4, off, s[8:11], 0 format:[BUF_FMT_32_FLOAT]
	tbuffer_load_format_xy v[4:5], off, s[8:11], 0 format:[BUF_FMT_32_FLOAT]
	tbuffer_load_format_xyz v[4:6], off, s[8:11], 0 format:[BUF_FMT_32_FLOAT]
	tbuffer_load_format_xyzw v[4:7], off, s[8:11], 0 format:[BUF_FMT_32_FLOAT]
	tbuffer_store_format_x v4, off, s[8:11], 0 format:[BUF_FMT_32_FLOAT]
	tbuffer_store_format_xy v[4:5], off, s[8:11], 0 format:[BUF_FMT_32_FLOAT]
	tbuffer_store_format_xyz v[4:6], off, s[8:11], 0 format:[BUF_FMT_32_FLOAT]
	tbuffer_store_format_xyzw v[4:7], off, s[8:11], 0 format:[BUF_FMT_32_FLOAT]
	tbuffer_load_format_d16_x v4, off, s[8:11], 0 format:[BUF_FMT_32_FLOAT]
	tbuffer_load_format_d16_xy v4, off, s[8:11], 0 format:[BUF_FMT_32_FLOAT]
	tbuffer_load_format_d16_xyz v[4:5], off, s[8:11], 0 format:[BUF_FMT_32_FLOAT]
	tbuffer_load_format_d16_xyzw v[4:5], off, s[8:11], 0 format:[BUF_FMT_32_FLOAT]
	tbuffer_store_format_d16_x v4, off, s[8:11], 0 format:[BUF_FMT_32_FLOAT]
	tbuffer_store_format_d16_xy v4, off, s[8:11], 0 format:[BUF_FMT_32_FLOAT]
	tbuffer_store_format_d16_xyz v[4:5], off, s[8:11], 0 format:[BUF_FMT_32_FLOAT]
	tbuffer_store_format_d16_xyzw v[4:5], off, s[8:11], 0 format:[BUF_FMT_32_FLOAT]

; formats, addressing, cache bits
	tbuffer_load_format_x v0, off, s[4:7], 0 format:[BUF_FMT_8_UNORM]
	tbuffer_load_format_x v0, off, s[4:7], 0 format:[BUF_FMT_32_UINT]
	tbuffer_load_format_xy v[0:1], v2, s[4:7], s1 format:[BUF_FMT_16_16_FLOAT] offen offset:8
	tbuffer_load_format_xyzw v[0:3], v4, s[8:11], 0 format:[BUF_FMT_32_32_32_32_FLOAT] idxen
	tbuffer_load_format_xyz v[0:2], v[4:5], s[8:11], 0 format:[BUF_FMT_10_11_11_FLOAT] idxen offen
	tbuffer_load_format_x v0, off, s[4:7], 0 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_FLOAT]
	tbuffer_load_format_x v0, off, s[4:7], 0 format:1
	tbuffer_load_format_x v0, off, s[4:7], 0 format:77
	tbuffer_load_format_x v0, off, s[4:7], 0
	tbuffer_load_format_x v0, off, s[4:7], 0 format:[BUF_FMT_32_FLOAT] offset:4095 glc slc dlc
	tbuffer_load_format_d16_xyzw v[0:1], off, s[4:7], 0 format:[BUF_FMT_16_16_16_16_FLOAT]
	tbuffer_store_format_x v0, off, s[4:7], 0 format:[BUF_FMT_32_FLOAT]
	tbuffer_store_format_xyzw v[0:3], v4, s[4:7], s0 format:[BUF_FMT_8_8_8_8_UNORM] offen glc
	tbuffer_store_format_d16_x v0, off, s[4:7], 0 format:[BUF_FMT_16_FLOAT]
