; target: gfx1030 wave: 32
; vector ALU, two sources (VOP2).
; Checked to assemble with llvm-mc -arch=amdgcn -mcpu=gfx1030 -show-encoding.

; every opcode once, as llvm-mc-14 disassembles a plain encoding of it
	v_cndmask_b32_e32 v4, v2, v6, vcc_lo
	v_dot2c_f32_f16_e32 v4, v2, v6
	v_add_f32_e32 v4, v2, v6
	v_sub_f32_e32 v4, v2, v6
	v_subrev_f32_e32 v4, v2, v6
	v_fmac_legacy_f32_e32 v4, v2, v6
	v_mul_legacy_f32_e32 v4, v2, v6
	v_mul_f32_e32 v4, v2, v6
	v_mul_i32_i24_e32 v4, v2, v6
	v_mul_hi_i32_i24_e32 v4, v2, v6
	v_mul_u32_u24_e32 v4, v2, v6
	v_mul_hi_u32_u24_e32 v4, v2, v6
	v_dot4c_i32_i8_e32 v4, v2, v6
	v_min_f32_e32 v4, v2, v6
	v_max_f32_e32 v4, v2, v6
	v_min_i32_e32 v4, v2, v6
	v_max_i32_e32 v4, v2, v6
	v_min_u32_e32 v4, v2, v6
	v_max_u32_e32 v4, v2, v6
	v_lshrrev_b32_e32 v4, v2, v6
	v_ashrrev_i32_e32 v4, v2, v6
	v_lshlrev_b32_e32 v4, v2, v6
	v_and_b32_e32 v4, v2, v6
	v_or_b32_e32 v4, v2, v6
	v_xor_b32_e32 v4, v2, v6
	v_xnor_b32_e32 v4, v2, v6
	v_add_nc_u32_e32 v4, v2, v6
	v_sub_nc_u32_e32 v4, v2, v6
	v_subrev_nc_u32_e32 v4, v2, v6
	v_add_co_ci_u32_e32 v4, vcc_lo, v2, v6, vcc_lo
	v_sub_co_ci_u32_e32 v4, vcc_lo, v2, v6, vcc_lo
	v_subrev_co_ci_u32_e32 v4, vcc_lo, v2, v6, vcc_lo
	v_fmac_f32_e32 v4, v2, v6
	v_cvt_pkrtz_f16_f32_e32 v4, v2, v6
	v_add_f16_e32 v4, v2, v6
	v_sub_f16_e32 v4, v2, v6
	v_subrev_f16_e32 v4, v2, v6
	v_mul_f16_e32 v4, v2, v6
	v_fmac_f16_e32 v4, v2, v6
	v_max_f16_e32 v4, v2, v6
	v_min_f16_e32 v4, v2, v6
	v_ldexp_f16_e32 v4, v2, v6
	v_pk_fmac_f16 v4, v2, v6

; sources and literals
	v_add_f32 v0, v1, v2
	v_add_f32 v0, s1, v2
	v_add_f32 v0, 0.5, v2
	v_add_f32 v0, 0x41200000, v2
	v_add_f32 v0, -1, v255
	v_add_f32_e64 v0, v1, s2
	v_add_f32_e64 v0, -v1, |v2| clamp
	v_add_f32_e64 v0, v1, v2 mul:2
	v_sub_f32_e64 v0, 0.5, -1.0 div:2
	v_mul_f32 v0, vcc_lo, v1
	v_mul_f32 v0, exec_hi, v1
	v_add_nc_u32 v0, 64, v1
	v_add_nc_u32 v0, 0x40, v1
	v_add_nc_u32 v0, 0x41, v1
	v_sub_nc_u32_e64 v0, v1, v2 clamp
	v_and_b32 v0, 0xff00ff00, v1
	v_lshlrev_b32 v0, 4, v1
	v_max_i32 v0, -16, v1
	v_min_u32 v0, 0xffffffff, v1
	v_mul_i32_i24 v0, 0x7fffff, v1
	v_mul_u32_u24_e64 v0, v1, 2
	v_add_f16 v0, v1, v2
	v_add_f16 v0, 0.5, v2
	v_add_f16 v0, 0x3c00, v2
	v_add_f16 v0, 0x3456, v2
	v_add_f16 v0, -2.0, v2
	v_ldexp_f16 v0, v1, v2
	v_max_f16_e64 v0, -v1, |v2| clamp
; carries and masks
	v_cndmask_b32 v0, v1, v2, vcc_lo
	v_cndmask_b32 v0, 0, v2, vcc_lo
	v_cndmask_b32 v0, 0x12345678, v2, vcc_lo
	v_cndmask_b32_e64 v0, v1, v2, s0
	v_cndmask_b32_e64 v0, -v1, |v2|, s0
	v_add_co_ci_u32 v0, vcc_lo, v1, v2, vcc_lo
	v_add_co_ci_u32_e64 v0, s0, v1, v2, s1
	v_sub_co_ci_u32 v0, vcc_lo, 5, v2, vcc_lo
	v_subrev_co_ci_u32_e64 v0, s0, v1, 7, s2
; fused and literal-constant forms
	v_fmac_f32 v0, v1, v2
	v_fmac_f32 v0, 0.5, v2
	v_fmac_f32_e64 v0, -v1, v2 clamp
	v_fmac_f16 v0, v1, v2
	v_fmamk_f32 v0, v1, 0x42000000, v2
	v_fmaak_f32 v0, v1, v2, 0x42000000
	v_fmamk_f32 v0, 1.0, 0x3f800000, v2
	v_fmaak_f16 v0, v1, v2, 0x4200
	v_fmamk_f16 v0, v1, 0x4200, v2
	v_pk_fmac_f16 v0, v1, v2
	v_fmac_legacy_f32 v0, v1, v2
	v_dot2c_f32_f16 v0, v1, v2
	v_dot4c_i32_i8 v0, v1, v2
	v_cvt_pkrtz_f16_f32 v0, v1, v2
	v_xnor_b32 v0, -1, v1
