; target: gfx1030 wave: 32
; data-parallel primitives: DPP16 and DPP8 forms of VOP1/VOP2.
; Checked to assemble with llvm-mc -arch=amdgcn -mcpu=gfx1030 -show-encoding.

; every opcode once, as llvm-mc-14 disassembles a plain encoding of it
	v_mov_b32_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_cvt_f64_i32_dpp v[4:5], v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_cvt_f32_i32_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_cvt_f32_u32_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_cvt_u32_f32_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_cvt_i32_f32_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_cvt_f16_f32_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_cvt_f32_f16_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_cvt_rpi_i32_f32_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_cvt_flr_i32_f32_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_cvt_off_f32_i4_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_cvt_f64_f32_dpp v[4:5], v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_cvt_f32_ubyte0_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_cvt_f32_ubyte1_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_cvt_f32_ubyte2_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_cvt_f32_ubyte3_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_cvt_f64_u32_dpp v[4:5], v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_fract_f32_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_trunc_f32_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_ceil_f32_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_rndne_f32_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_floor_f32_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_exp_f32_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_log_f32_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_rcp_f32_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_rcp_iflag_f32_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_rsq_f32_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_sqrt_f32_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_sin_f32_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_cos_f32_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_not_b32_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_bfrev_b32_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_ffbh_u32_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_ffbl_b32_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_ffbh_i32_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_frexp_exp_i32_f32_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_frexp_mant_f32_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_movreld_b32_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_movrels_b32_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_movrelsd_b32_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_movrelsd_2_b32_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_cvt_f16_u16_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_cvt_f16_i16_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_cvt_u16_f16_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_cvt_i16_f16_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_rcp_f16_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_sqrt_f16_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_rsq_f16_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_log_f16_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_exp_f16_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_frexp_mant_f16_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_frexp_exp_i16_f16_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_floor_f16_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_ceil_f16_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_trunc_f16_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_rndne_f16_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_fract_f16_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_sin_f16_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_cos_f16_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_sat_pk_u8_i16_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_cvt_norm_i16_f16_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_cvt_norm_u16_f16_dpp v4, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_cndmask_b32_dpp v4, v2, v6, vcc_lo quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_dot2c_f32_f16_dpp v4, v2, v6 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_add_f32_dpp v4, v2, v6 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_sub_f32_dpp v4, v2, v6 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_subrev_f32_dpp v4, v2, v6 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_mul_legacy_f32_dpp v4, v2, v6 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_mul_f32_dpp v4, v2, v6 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_mul_i32_i24_dpp v4, v2, v6 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_mul_hi_i32_i24_dpp v4, v2, v6 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_mul_u32_u24_dpp v4, v2, v6 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_mul_hi_u32_u24_dpp v4, v2, v6 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_dot4c_i32_i8_dpp v4, v2, v6 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_min_f32_dpp v4, v2, v6 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_max_f32_dpp v4, v2, v6 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_min_i32_dpp v4, v2, v6 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_max_i32_dpp v4, v2, v6 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_min_u32_dpp v4, v2, v6 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_max_u32_dpp v4, v2, v6 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_lshrrev_b32_dpp v4, v2, v6 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_ashrrev_i32_dpp v4, v2, v6 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_lshlrev_b32_dpp v4, v2, v6 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_and_b32_dpp v4, v2, v6 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_or_b32_dpp v4, v2, v6 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_xor_b32_dpp v4, v2, v6 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_xnor_b32_dpp v4, v2, v6 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_add_nc_u32_dpp v4, v2, v6 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_sub_nc_u32_dpp v4, v2, v6 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_subrev_nc_u32_dpp v4, v2, v6 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_add_co_ci_u32_dpp v4, vcc_lo, v2, v6, vcc_lo quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_sub_co_ci_u32_dpp v4, vcc_lo, v2, v6, vcc_lo quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_subrev_co_ci_u32_dpp v4, vcc_lo, v2, v6, vcc_lo quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_fmac_f32_dpp v4, v2, v6 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_add_f16_dpp v4, v2, v6 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_sub_f16_dpp v4, v2, v6 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_subrev_f16_dpp v4, v2, v6 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_mul_f16_dpp v4, v2, v6 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_fmac_f16_dpp v4, v2, v6 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_max_f16_dpp v4, v2, v6 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_min_f16_dpp v4, v2, v6 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_ldexp_f16_dpp v4, v2, v6 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_mov_b32_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_cvt_i32_f64_dpp v4, v[2:3] dpp8:[0,1,2,3,4,5,6,7]
	v_cvt_f64_i32_dpp v[4:5], v2 dpp8:[0,1,2,3,4,5,6,7]
	v_cvt_f32_i32_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_cvt_f32_u32_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_cvt_u32_f32_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_cvt_i32_f32_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_cvt_f16_f32_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_cvt_f32_f16_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_cvt_rpi_i32_f32_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_cvt_flr_i32_f32_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_cvt_off_f32_i4_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_cvt_f32_f64_dpp v4, v[2:3] dpp8:[0,1,2,3,4,5,6,7]
	v_cvt_f64_f32_dpp v[4:5], v2 dpp8:[0,1,2,3,4,5,6,7]
	v_cvt_f32_ubyte0_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_cvt_f32_ubyte1_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_cvt_f32_ubyte2_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_cvt_f32_ubyte3_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_cvt_u32_f64_dpp v4, v[2:3] dpp8:[0,1,2,3,4,5,6,7]
	v_cvt_f64_u32_dpp v[4:5], v2 dpp8:[0,1,2,3,4,5,6,7]
	v_trunc_f64_dpp v[4:5], v[2:3] dpp8:[0,1,2,3,4,5,6,7]
	v_ceil_f64_dpp v[4:5], v[2:3] dpp8:[0,1,2,3,4,5,6,7]
	v_rndne_f64_dpp v[4:5], v[2:3] dpp8:[0,1,2,3,4,5,6,7]
	v_floor_f64_dpp v[4:5], v[2:3] dpp8:[0,1,2,3,4,5,6,7]
	v_fract_f32_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_trunc_f32_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_ceil_f32_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_rndne_f32_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_floor_f32_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_exp_f32_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_log_f32_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_rcp_f32_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_rcp_iflag_f32_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_rsq_f32_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_rcp_f64_dpp v[4:5], v[2:3] dpp8:[0,1,2,3,4,5,6,7]
	v_rsq_f64_dpp v[4:5], v[2:3] dpp8:[0,1,2,3,4,5,6,7]
	v_sqrt_f32_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_sqrt_f64_dpp v[4:5], v[2:3] dpp8:[0,1,2,3,4,5,6,7]
	v_sin_f32_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_cos_f32_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_not_b32_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_bfrev_b32_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_ffbh_u32_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_ffbl_b32_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_ffbh_i32_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_frexp_exp_i32_f64_dpp v4, v[2:3] dpp8:[0,1,2,3,4,5,6,7]
	v_frexp_mant_f64_dpp v[4:5], v[2:3] dpp8:[0,1,2,3,4,5,6,7]
	v_fract_f64_dpp v[4:5], v[2:3] dpp8:[0,1,2,3,4,5,6,7]
	v_frexp_exp_i32_f32_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_frexp_mant_f32_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_movreld_b32_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_movrels_b32_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_movrelsd_b32_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_movrelsd_2_b32_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_cvt_f16_u16_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_cvt_f16_i16_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_cvt_u16_f16_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_cvt_i16_f16_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_rcp_f16_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_sqrt_f16_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_rsq_f16_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_log_f16_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_exp_f16_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_frexp_mant_f16_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_frexp_exp_i16_f16_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_floor_f16_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_ceil_f16_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_trunc_f16_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_rndne_f16_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_fract_f16_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_sin_f16_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_cos_f16_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_sat_pk_u8_i16_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_cvt_norm_i16_f16_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_cvt_norm_u16_f16_dpp v4, v2 dpp8:[0,1,2,3,4,5,6,7]
	v_cndmask_b32_dpp v4, v2, v6, vcc_lo dpp8:[0,1,2,3,4,5,6,7]
	v_dot2c_f32_f16_dpp v4, v2, v6 dpp8:[0,1,2,3,4,5,6,7]
	v_add_f32_dpp v4, v2, v6 dpp8:[0,1,2,3,4,5,6,7]
	v_sub_f32_dpp v4, v2, v6 dpp8:[0,1,2,3,4,5,6,7]
	v_subrev_f32_dpp v4, v2, v6 dpp8:[0,1,2,3,4,5,6,7]
	v_mul_legacy_f32_dpp v4, v2, v6 dpp8:[0,1,2,3,4,5,6,7]
	v_mul_f32_dpp v4, v2, v6 dpp8:[0,1,2,3,4,5,6,7]
	v_mul_i32_i24_dpp v4, v2, v6 dpp8:[0,1,2,3,4,5,6,7]
	v_mul_hi_i32_i24_dpp v4, v2, v6 dpp8:[0,1,2,3,4,5,6,7]
	v_mul_u32_u24_dpp v4, v2, v6 dpp8:[0,1,2,3,4,5,6,7]
	v_mul_hi_u32_u24_dpp v4, v2, v6 dpp8:[0,1,2,3,4,5,6,7]
	v_dot4c_i32_i8_dpp v4, v2, v6 dpp8:[0,1,2,3,4,5,6,7]
	v_min_f32_dpp v4, v2, v6 dpp8:[0,1,2,3,4,5,6,7]
	v_max_f32_dpp v4, v2, v6 dpp8:[0,1,2,3,4,5,6,7]
	v_min_i32_dpp v4, v2, v6 dpp8:[0,1,2,3,4,5,6,7]
	v_max_i32_dpp v4, v2, v6 dpp8:[0,1,2,3,4,5,6,7]
	v_min_u32_dpp v4, v2, v6 dpp8:[0,1,2,3,4,5,6,7]
	v_max_u32_dpp v4, v2, v6 dpp8:[0,1,2,3,4,5,6,7]
	v_lshrrev_b32_dpp v4, v2, v6 dpp8:[0,1,2,3,4,5,6,7]
	v_ashrrev_i32_dpp v4, v2, v6 dpp8:[0,1,2,3,4,5,6,7]
	v_lshlrev_b32_dpp v4, v2, v6 dpp8:[0,1,2,3,4,5,6,7]
	v_and_b32_dpp v4, v2, v6 dpp8:[0,1,2,3,4,5,6,7]
	v_or_b32_dpp v4, v2, v6 dpp8:[0,1,2,3,4,5,6,7]
	v_xor_b32_dpp v4, v2, v6 dpp8:[0,1,2,3,4,5,6,7]
	v_xnor_b32_dpp v4, v2, v6 dpp8:[0,1,2,3,4,5,6,7]
	v_add_nc_u32_dpp v4, v2, v6 dpp8:[0,1,2,3,4,5,6,7]
	v_sub_nc_u32_dpp v4, v2, v6 dpp8:[0,1,2,3,4,5,6,7]
	v_subrev_nc_u32_dpp v4, v2, v6 dpp8:[0,1,2,3,4,5,6,7]
	v_add_co_ci_u32_dpp v4, vcc_lo, v2, v6, vcc_lo dpp8:[0,1,2,3,4,5,6,7]
	v_sub_co_ci_u32_dpp v4, vcc_lo, v2, v6, vcc_lo dpp8:[0,1,2,3,4,5,6,7]
	v_subrev_co_ci_u32_dpp v4, vcc_lo, v2, v6, vcc_lo dpp8:[0,1,2,3,4,5,6,7]
	v_fmac_f32_dpp v4, v2, v6 dpp8:[0,1,2,3,4,5,6,7]
	v_add_f16_dpp v4, v2, v6 dpp8:[0,1,2,3,4,5,6,7]
	v_sub_f16_dpp v4, v2, v6 dpp8:[0,1,2,3,4,5,6,7]
	v_subrev_f16_dpp v4, v2, v6 dpp8:[0,1,2,3,4,5,6,7]
	v_mul_f16_dpp v4, v2, v6 dpp8:[0,1,2,3,4,5,6,7]
	v_fmac_f16_dpp v4, v2, v6 dpp8:[0,1,2,3,4,5,6,7]
	v_max_f16_dpp v4, v2, v6 dpp8:[0,1,2,3,4,5,6,7]
	v_min_f16_dpp v4, v2, v6 dpp8:[0,1,2,3,4,5,6,7]
	v_ldexp_f16_dpp v4, v2, v6 dpp8:[0,1,2,3,4,5,6,7]

; DPP16 controls
	v_mov_b32_dpp v0, v1 quad_perm:[3,2,1,0] row_mask:0xf bank_mask:0xf
	v_mov_b32_dpp v0, v1 quad_perm:[0,0,0,0] row_mask:0x1 bank_mask:0x3
	v_mov_b32_dpp v0, v1 row_shl:1 row_mask:0xf bank_mask:0xf
	v_mov_b32_dpp v0, v1 row_shl:15 row_mask:0xf bank_mask:0xf
	v_mov_b32_dpp v0, v1 row_shr:4 row_mask:0xf bank_mask:0xf bound_ctrl:0
	v_mov_b32_dpp v0, v1 row_ror:7 row_mask:0xf bank_mask:0xf
	v_mov_b32_dpp v0, v1 row_mirror row_mask:0xf bank_mask:0xf
	v_mov_b32_dpp v0, v1 row_half_mirror row_mask:0xf bank_mask:0xf
	v_mov_b32_dpp v0, v1 row_share:3 row_mask:0xf bank_mask:0xf
	v_mov_b32_dpp v0, v1 row_xmask:15 row_mask:0xf bank_mask:0xf fi:1
	v_mov_b32_dpp v0, v1 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf bound_ctrl:0 fi:1
	v_add_f32_dpp v0, v1, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_add_f32_dpp v0, -v1, |v2| row_shl:1 row_mask:0xa bank_mask:0x5
	v_add_nc_u32_dpp v0, v1, v2 row_ror:1 row_mask:0xf bank_mask:0xf
	v_cndmask_b32_dpp v0, v1, v2, vcc_lo quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_add_co_ci_u32_dpp v0, vcc_lo, v1, v2, vcc_lo row_shr:1 row_mask:0xf bank_mask:0xf
	v_fmac_f32_dpp v0, v1, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_cvt_f32_i32_dpp v0, v1 row_mirror row_mask:0xf bank_mask:0xf
	v_add_f16_dpp v0, -v1, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
; DPP8
	v_mov_b32_dpp v0, v1 dpp8:[7,6,5,4,3,2,1,0]
	v_mov_b32_dpp v0, v1 dpp8:[0,0,0,0,0,0,0,0] fi:1
	v_add_f32_dpp v0, v1, v2 dpp8:[1,0,3,2,5,4,7,6]
	v_mul_u32_u24_dpp v255, v255, v255 dpp8:[7,7,7,7,0,0,0,0] fi:1
	v_cndmask_b32_dpp v0, v1, v2, vcc_lo dpp8:[0,1,2,3,4,5,6,7]
