; target: gfx1030 wave: 32
; vector ALU, one source (VOP1).
; Checked to assemble with llvm-mc -arch=amdgcn -mcpu=gfx1030 -show-encoding.

; every opcode once, as llvm-mc-14 disassembles a plain encoding of it
	v_nop
	v_mov_b32_e32 v4, v2
	v_readfirstlane_b32 s4, v2
	v_cvt_i32_f64_e32 v4, v[2:3]
	v_cvt_f64_i32_e32 v[4:5], v2
	v_cvt_f32_i32_e32 v4, v2
	v_cvt_f32_u32_e32 v4, v2
	v_cvt_u32_f32_e32 v4, v2
	v_cvt_i32_f32_e32 v4, v2
	v_cvt_f16_f32_e32 v4, v2
	v_cvt_f32_f16_e32 v4, v2
	v_cvt_rpi_i32_f32_e32 v4, v2
	v_cvt_flr_i32_f32_e32 v4, v2
	v_cvt_off_f32_i4_e32 v4, v2
	v_cvt_f32_f64_e32 v4, v[2:3]
	v_cvt_f64_f32_e32 v[4:5], v2
	v_cvt_f32_ubyte0_e32 v4, v2
	v_cvt_f32_ubyte1_e32 v4, v2
	v_cvt_f32_ubyte2_e32 v4, v2
	v_cvt_f32_ubyte3_e32 v4, v2
	v_cvt_u32_f64_e32 v4, v[2:3]
	v_cvt_f64_u32_e32 v[4:5], v2
	v_trunc_f64_e32 v[4:5], v[2:3]
	v_ceil_f64_e32 v[4:5], v[2:3]
	v_rndne_f64_e32 v[4:5], v[2:3]
	v_floor_f64_e32 v[4:5], v[2:3]
	v_pipeflush
	v_fract_f32_e32 v4, v2
	v_trunc_f32_e32 v4, v2
	v_ceil_f32_e32 v4, v2
	v_rndne_f32_e32 v4, v2
	v_floor_f32_e32 v4, v2
	v_exp_f32_e32 v4, v2
	v_log_f32_e32 v4, v2
	v_rcp_f32_e32 v4, v2
	v_rcp_iflag_f32_e32 v4, v2
	v_rsq_f32_e32 v4, v2
	v_rcp_f64_e32 v[4:5], v[2:3]
	v_rsq_f64_e32 v[4:5], v[2:3]
	v_sqrt_f32_e32 v4, v2
	v_sqrt_f64_e32 v[4:5], v[2:3]
	v_sin_f32_e32 v4, v2
	v_cos_f32_e32 v4, v2
	v_not_b32_e32 v4, v2
	v_bfrev_b32_e32 v4, v2
	v_ffbh_u32_e32 v4, v2
	v_ffbl_b32_e32 v4, v2
	v_ffbh_i32_e32 v4, v2
	v_frexp_exp_i32_f64_e32 v4, v[2:3]
	v_frexp_mant_f64_e32 v[4:5], v[2:3]
	v_fract_f64_e32 v[4:5], v[2:3]
	v_frexp_exp_i32_f32_e32 v4, v2
	v_frexp_mant_f32_e32 v4, v2
	v_clrexcp
	v_movreld_b32_e32 v4, v2
	v_movrels_b32_e32 v4, v2
	v_movrelsd_b32_e32 v4, v2
	v_movrelsd_2_b32_e32 v4, v2
	v_cvt_f16_u16_e32 v4, v2
	v_cvt_f16_i16_e32 v4, v2
	v_cvt_u16_f16_e32 v4, v2
	v_cvt_i16_f16_e32 v4, v2
	v_rcp_f16_e32 v4, v2
	v_sqrt_f16_e32 v4, v2
	v_rsq_f16_e32 v4, v2
	v_log_f16_e32 v4, v2
	v_exp_f16_e32 v4, v2
	v_frexp_mant_f16_e32 v4, v2
	v_frexp_exp_i16_f16_e32 v4, v2
	v_floor_f16_e32 v4, v2
	v_ceil_f16_e32 v4, v2
	v_trunc_f16_e32 v4, v2
	v_rndne_f16_e32 v4, v2
	v_fract_f16_e32 v4, v2
	v_sin_f16_e32 v4, v2
	v_cos_f16_e32 v4, v2
	v_sat_pk_u8_i16_e32 v4, v2
	v_cvt_norm_i16_f16_e32 v4, v2
	v_cvt_norm_u16_f16_e32 v4, v2
	v_swap_b32 v4, v2
	v_swaprel_b32 v4, v2

; sources: registers, inline constants by type, literals
	v_mov_b32 v0, v255
	v_mov_b32 v255, s105
	v_mov_b32 v0, vcc_hi
	v_mov_b32 v0, m0
	v_mov_b32 v0, exec_lo
	v_mov_b32 v0, ttmp11
	v_mov_b32 v0, null
	v_mov_b32 v0, 0
	v_mov_b32 v0, -16
	v_mov_b32 v0, 0.5
	v_mov_b32 v0, -4.0
	v_mov_b32 v0, 0.15915494
	v_mov_b32 v0, 0x3e22f983
	v_mov_b32 v0, 0x12345678
	v_mov_b32 v0, 0xffffff00
	v_mov_b32 v0, src_shared_limit
	v_mov_b32 v0, src_execz
	v_mov_b32 v0, src_scc
	v_mov_b32 v0, lds_direct
	v_mov_b32_e64 v0, v1
	v_mov_b32_e64 v0, 0x1234
	v_cvt_f32_i32 v0, -1
	v_cvt_f32_u32 v0, 0x80000000
	v_cvt_i32_f32 v0, 1.0
	v_cvt_f16_f32 v0, 0.5
	v_cvt_f16_f32 v0, 0x3f000001
	v_cvt_f32_f16 v0, 0.5
	v_cvt_f32_f16 v0, 0x3800
	v_rcp_f16 v0, -2.0
	v_sqrt_f16 v0, 0xbc00
	v_cvt_f64_f32 v[0:1], v2
	v_cvt_f32_f64 v0, v[2:3]
	v_cvt_f32_f64 v0, 2.0
	v_cvt_f32_f64 v0, 0x40000000
	v_rcp_f64 v[0:1], 0.5
	v_rsq_f64 v[0:1], s[2:3]
	v_frexp_mant_f64 v[254:255], v[254:255]
	v_fract_f64 v[0:1], -4.0
	v_cvt_f64_i32 v[0:1], 0x7fffffff
	v_cvt_i32_f64 v0, v[2:3]
	v_readfirstlane_b32 s0, v1
	v_readfirstlane_b32 vcc_lo, v255
	v_readfirstlane_b32 m0, v0
	v_movrels_b32 v0, v1
	v_movreld_b32 v2, v3
	v_movrelsd_b32 v4, v5
	v_movrelsd_2_b32 v6, v7
	v_swaprel_b32 v0, v1
	v_swap_b32 v1, v2
	v_nop
	v_clrexcp
	v_pipeflush
	v_not_b32 v0, 0x55555555
	v_bfrev_b32 v0, s1
	v_ffbh_u32 v0, v1
	v_cvt_u16_f16 v0, v1
	v_cvt_norm_i16_f16 v0, v1
	v_sat_pk_u8_i16 v0, v1
	v_cvt_f32_ubyte3 v0, v1
	v_trunc_f32_e64 v0, -v1
	v_ceil_f32_e64 v0, |v1| clamp
	v_floor_f32_e64 v0, -|v1| mul:2
	v_exp_f32_e64 v0, v1 div:2
	v_log_f32_e64 v0, s1 mul:4
	v_sin_f16_e64 v0, v1 clamp
	v_rcp_iflag_f32_e64 v0, 0.5
