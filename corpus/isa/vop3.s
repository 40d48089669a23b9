; target: gfx1030 wave: 32
; vector ALU, three-operand encoding (VOP3, and VOP1/VOP2/VOPC as _e64).
; Checked to assemble with llvm-mc -arch=amdgcn -mcpu=gfx1030 -show-encoding.

; every opcode once, as llvm-mc-14 disassembles a plain encoding of it
	v_cmp_f_f32_e64 s4, v2, v6
	v_cmp_lt_f32_e64 s4, v2, v6
	v_cmp_eq_f32_e64 s4, v2, v6
	v_cmp_le_f32_e64 s4, v2, v6
	v_cmp_gt_f32_e64 s4, v2, v6
	v_cmp_lg_f32_e64 s4, v2, v6
	v_cmp_ge_f32_e64 s4, v2, v6
	v_cmp_o_f32_e64 s4, v2, v6
	v_cmp_u_f32_e64 s4, v2, v6
	v_cmp_nge_f32_e64 s4, v2, v6
	v_cmp_nlg_f32_e64 s4, v2, v6
	v_cmp_ngt_f32_e64 s4, v2, v6
	v_cmp_nle_f32_e64 s4, v2, v6
	v_cmp_neq_f32_e64 s4, v2, v6
	v_cmp_nlt_f32_e64 s4, v2, v6
	v_cmp_tru_f32_e64 s4, v2, v6
	v_cmpx_f_f32_e64 v2, v6
	v_cmpx_lt_f32_e64 v2, v6
	v_cmpx_eq_f32_e64 v2, v6
	v_cmpx_le_f32_e64 v2, v6
	v_cmpx_gt_f32_e64 v2, v6
	v_cmpx_lg_f32_e64 v2, v6
	v_cmpx_ge_f32_e64 v2, v6
	v_cmpx_o_f32_e64 v2, v6
	v_cmpx_u_f32_e64 v2, v6
	v_cmpx_nge_f32_e64 v2, v6
	v_cmpx_nlg_f32_e64 v2, v6
	v_cmpx_ngt_f32_e64 v2, v6
	v_cmpx_nle_f32_e64 v2, v6
	v_cmpx_neq_f32_e64 v2, v6
	v_cmpx_nlt_f32_e64 v2, v6
	v_cmpx_tru_f32_e64 v2, v6
	v_cmp_f_f64_e64 s4, v[2:3], v[6:7]
	v_cmp_lt_f64_e64 s4, v[2:3], v[6:7]
	v_cmp_eq_f64_e64 s4, v[2:3], v[6:7]
	v_cmp_le_f64_e64 s4, v[2:3], v[6:7]
	v_cmp_gt_f64_e64 s4, v[2:3], v[6:7]
	v_cmp_lg_f64_e64 s4, v[2:3], v[6:7]
	v_cmp_ge_f64_e64 s4, v[2:3], v[6:7]
	v_cmp_o_f64_e64 s4, v[2:3], v[6:7]
	v_cmp_u_f64_e64 s4, v[2:3], v[6:7]
	v_cmp_nge_f64_e64 s4, v[2:3], v[6:7]
	v_cmp_nlg_f64_e64 s4, v[2:3], v[6:7]
	v_cmp_ngt_f64_e64 s4, v[2:3], v[6:7]
	v_cmp_nle_f64_e64 s4, v[2:3], v[6:7]
	v_cmp_neq_f64_e64 s4, v[2:3], v[6:7]
	v_cmp_nlt_f64_e64 s4, v[2:3], v[6:7]
	v_cmp_tru_f64_e64 s4, v[2:3], v[6:7]
	v_cmpx_f_f64_e64 v[2:3], v[6:7]
	v_cmpx_lt_f64_e64 v[2:3], v[6:7]
	v_cmpx_eq_f64_e64 v[2:3], v[6:7]
	v_cmpx_le_f64_e64 v[2:3], v[6:7]
	v_cmpx_gt_f64_e64 v[2:3], v[6:7]
	v_cmpx_lg_f64_e64 v[2:3], v[6:7]
	v_cmpx_ge_f64_e64 v[2:3], v[6:7]
	v_cmpx_o_f64_e64 v[2:3], v[6:7]
	v_cmpx_u_f64_e64 v[2:3], v[6:7]
	v_cmpx_nge_f64_e64 v[2:3], v[6:7]
	v_cmpx_nlg_f64_e64 v[2:3], v[6:7]
	v_cmpx_ngt_f64_e64 v[2:3], v[6:7]
	v_cmpx_nle_f64_e64 v[2:3], v[6:7]
	v_cmpx_neq_f64_e64 v[2:3], v[6:7]
	v_cmpx_nlt_f64_e64 v[2:3], v[6:7]
	v_cmpx_tru_f64_e64 v[2:3], v[6:7]
	v_cmp_f_i32_e64 s4, v2, v6
	v_cmp_lt_i32_e64 s4, v2, v6
	v_cmp_eq_i32_e64 s4, v2, v6
	v_cmp_le_i32_e64 s4, v2, v6
	v_cmp_gt_i32_e64 s4, v2, v6
	v_cmp_ne_i32_e64 s4, v2, v6
	v_cmp_ge_i32_e64 s4, v2, v6
	v_cmp_t_i32_e64 s4, v2, v6
	v_cmp_class_f32_e64 s4, v2, v6
	v_cmp_lt_i16_e64 s4, v2, v6
	v_cmp_eq_i16_e64 s4, v2, v6
	v_cmp_le_i16_e64 s4, v2, v6
	v_cmp_gt_i16_e64 s4, v2, v6
	v_cmp_ne_i16_e64 s4, v2, v6
	v_cmp_ge_i16_e64 s4, v2, v6
	v_cmp_class_f16_e64 s4, v2, v6
	v_cmpx_f_i32_e64 v2, v6
	v_cmpx_lt_i32_e64 v2, v6
	v_cmpx_eq_i32_e64 v2, v6
	v_cmpx_le_i32_e64 v2, v6
	v_cmpx_gt_i32_e64 v2, v6
	v_cmpx_ne_i32_e64 v2, v6
	v_cmpx_ge_i32_e64 v2, v6
	v_cmpx_t_i32_e64 v2, v6
	v_cmpx_class_f32_e64 v2, v6
	v_cmpx_lt_i16_e64 v2, v6
	v_cmpx_eq_i16_e64 v2, v6
	v_cmpx_le_i16_e64 v2, v6
	v_cmpx_gt_i16_e64 v2, v6
	v_cmpx_ne_i16_e64 v2, v6
	v_cmpx_ge_i16_e64 v2, v6
	v_cmpx_class_f16_e64 v2, v6
	v_cmp_f_i64_e64 s4, v[2:3], v[6:7]
	v_cmp_lt_i64_e64 s4, v[2:3], v[6:7]
	v_cmp_eq_i64_e64 s4, v[2:3], v[6:7]
	v_cmp_le_i64_e64 s4, v[2:3], v[6:7]
	v_cmp_gt_i64_e64 s4, v[2:3], v[6:7]
	v_cmp_ne_i64_e64 s4, v[2:3], v[6:7]
	v_cmp_ge_i64_e64 s4, v[2:3], v[6:7]
	v_cmp_t_i64_e64 s4, v[2:3], v[6:7]
	v_cmp_class_f64_e64 s4, v[2:3], v6
	v_cmp_lt_u16_e64 s4, v2, v6
	v_cmp_eq_u16_e64 s4, v2, v6
	v_cmp_le_u16_e64 s4, v2, v6
	v_cmp_gt_u16_e64 s4, v2, v6
	v_cmp_ne_u16_e64 s4, v2, v6
	v_cmp_ge_u16_e64 s4, v2, v6
	v_cmpx_f_i64_e64 v[2:3], v[6:7]
	v_cmpx_lt_i64_e64 v[2:3], v[6:7]
	v_cmpx_eq_i64_e64 v[2:3], v[6:7]
	v_cmpx_le_i64_e64 v[2:3], v[6:7]
	v_cmpx_gt_i64_e64 v[2:3], v[6:7]
	v_cmpx_ne_i64_e64 v[2:3], v[6:7]
	v_cmpx_ge_i64_e64 v[2:3], v[6:7]
	v_cmpx_t_i64_e64 v[2:3], v[6:7]
	v_cmpx_class_f64_e64 v[2:3], v6
	v_cmpx_lt_u16_e64 v2, v6
	v_cmpx_eq_u16_e64 v2, v6
	v_cmpx_le_u16_e64 v2, v6
	v_cmpx_gt_u16_e64 v2, v6
	v_cmpx_ne_u16_e64 v2, v6
	v_cmpx_ge_u16_e64 v2, v6
	v_cmp_f_u32_e64 s4, v2, v6
	v_cmp_lt_u32_e64 s4, v2, v6
	v_cmp_eq_u32_e64 s4, v2, v6
	v_cmp_le_u32_e64 s4, v2, v6
	v_cmp_gt_u32_e64 s4, v2, v6
	v_cmp_ne_u32_e64 s4, v2, v6
	v_cmp_ge_u32_e64 s4, v2, v6
	v_cmp_t_u32_e64 s4, v2, v6
	v_cmp_f_f16_e64 s4, v2, v6
	v_cmp_lt_f16_e64 s4, v2, v6
	v_cmp_eq_f16_e64 s4, v2, v6
	v_cmp_le_f16_e64 s4, v2, v6
	v_cmp_gt_f16_e64 s4, v2, v6
	v_cmp_lg_f16_e64 s4, v2, v6
	v_cmp_ge_f16_e64 s4, v2, v6
	v_cmp_o_f16_e64 s4, v2, v6
	v_cmpx_f_u32_e64 v2, v6
	v_cmpx_lt_u32_e64 v2, v6
	v_cmpx_eq_u32_e64 v2, v6
	v_cmpx_le_u32_e64 v2, v6
	v_cmpx_gt_u32_e64 v2, v6
	v_cmpx_ne_u32_e64 v2, v6
	v_cmpx_ge_u32_e64 v2, v6
	v_cmpx_t_u32_e64 v2, v6
	v_cmpx_f_f16_e64 v2, v6
	v_cmpx_lt_f16_e64 v2, v6
	v_cmpx_eq_f16_e64 v2, v6
	v_cmpx_le_f16_e64 v2, v6
	v_cmpx_gt_f16_e64 v2, v6
	v_cmpx_lg_f16_e64 v2, v6
	v_cmpx_ge_f16_e64 v2, v6
	v_cmpx_o_f16_e64 v2, v6
	v_cmp_f_u64_e64 s4, v[2:3], v[6:7]
	v_cmp_lt_u64_e64 s4, v[2:3], v[6:7]
	v_cmp_eq_u64_e64 s4, v[2:3], v[6:7]
	v_cmp_le_u64_e64 s4, v[2:3], v[6:7]
	v_cmp_gt_u64_e64 s4, v[2:3], v[6:7]
	v_cmp_ne_u64_e64 s4, v[2:3], v[6:7]
	v_cmp_ge_u64_e64 s4, v[2:3], v[6:7]
	v_cmp_t_u64_e64 s4, v[2:3], v[6:7]
	v_cmp_u_f16_e64 s4, v2, v6
	v_cmp_nge_f16_e64 s4, v2, v6
	v_cmp_nlg_f16_e64 s4, v2, v6
	v_cmp_ngt_f16_e64 s4, v2, v6
	v_cmp_nle_f16_e64 s4, v2, v6
	v_cmp_neq_f16_e64 s4, v2, v6
	v_cmp_nlt_f16_e64 s4, v2, v6
	v_cmp_tru_f16_e64 s4, v2, v6
	v_cmpx_f_u64_e64 v[2:3], v[6:7]
	v_cmpx_lt_u64_e64 v[2:3], v[6:7]
	v_cmpx_eq_u64_e64 v[2:3], v[6:7]
	v_cmpx_le_u64_e64 v[2:3], v[6:7]
	v_cmpx_gt_u64_e64 v[2:3], v[6:7]
	v_cmpx_ne_u64_e64 v[2:3], v[6:7]
	v_cmpx_ge_u64_e64 v[2:3], v[6:7]
	v_cmpx_t_u64_e64 v[2:3], v[6:7]
	v_cmpx_u_f16_e64 v2, v6
	v_cmpx_nge_f16_e64 v2, v6
	v_cmpx_nlg_f16_e64 v2, v6
	v_cmpx_ngt_f16_e64 v2, v6
	v_cmpx_nle_f16_e64 v2, v6
	v_cmpx_neq_f16_e64 v2, v6
	v_cmpx_nlt_f16_e64 v2, v6
	v_cmpx_tru_f16_e64 v2, v6
	v_add_f32_e64 v4, v2, v6
	v_sub_f32_e64 v4, v2, v6
	v_subrev_f32_e64 v4, v2, v6
	v_fmac_legacy_f32_e64 v4, v2, v6
	v_mul_legacy_f32_e64 v4, v2, v6
	v_mul_f32_e64 v4, v2, v6
	v_mul_i32_i24_e64 v4, v2, v6
	v_mul_hi_i32_i24_e64 v4, v2, v6
	v_mul_u32_u24_e64 v4, v2, v6
	v_mul_hi_u32_u24_e64 v4, v2, v6
	v_min_f32_e64 v4, v2, v6
	v_max_f32_e64 v4, v2, v6
	v_min_i32_e64 v4, v2, v6
	v_max_i32_e64 v4, v2, v6
	v_min_u32_e64 v4, v2, v6
	v_max_u32_e64 v4, v2, v6
	v_lshrrev_b32_e64 v4, v2, v6
	v_ashrrev_i32_e64 v4, v2, v6
	v_lshlrev_b32_e64 v4, v2, v6
	v_and_b32_e64 v4, v2, v6
	v_or_b32_e64 v4, v2, v6
	v_xor_b32_e64 v4, v2, v6
	v_xnor_b32_e64 v4, v2, v6
	v_add_nc_u32_e64 v4, v2, v6
	v_sub_nc_u32_e64 v4, v2, v6
	v_subrev_nc_u32_e64 v4, v2, v6
	v_fmac_f32_e64 v4, v2, v6
	v_cvt_pkrtz_f16_f32_e64 v4, v2, v6
	v_add_f16_e64 v4, v2, v6
	v_sub_f16_e64 v4, v2, v6
	v_subrev_f16_e64 v4, v2, v6
	v_mul_f16_e64 v4, v2, v6
	v_fmac_f16_e64 v4, v2, v6
	v_max_f16_e64 v4, v2, v6
	v_min_f16_e64 v4, v2, v6
	v_ldexp_f16_e64 v4, v2, v6
	v_fma_legacy_f32 v4, v2, v6, v8
	v_mad_i32_i24 v4, v2, v6, v8
	v_mad_u32_u24 v4, v2, v6, v8
	v_cubeid_f32 v4, v2, v6, v8
	v_cubesc_f32 v4, v2, v6, v8
	v_cubetc_f32 v4, v2, v6, v8
	v_cubema_f32 v4, v2, v6, v8
	v_bfe_u32 v4, v2, v6, v8
	v_bfe_i32 v4, v2, v6, v8
	v_bfi_b32 v4, v2, v6, v8
	v_fma_f32 v4, v2, v6, v8
	v_fma_f64 v[4:5], v[2:3], v[6:7], v[8:9]
	v_lerp_u8 v4, v2, v6, v8
	v_alignbit_b32 v4, v2, v6, v8
	v_alignbyte_b32 v4, v2, v6, v8
	v_mullit_f32 v4, v2, v6, v8
	v_min3_f32 v4, v2, v6, v8
	v_min3_i32 v4, v2, v6, v8
	v_min3_u32 v4, v2, v6, v8
	v_max3_f32 v4, v2, v6, v8
	v_max3_i32 v4, v2, v6, v8
	v_max3_u32 v4, v2, v6, v8
	v_med3_f32 v4, v2, v6, v8
	v_med3_i32 v4, v2, v6, v8
	v_med3_u32 v4, v2, v6, v8
	v_sad_u8 v4, v2, v6, v8
	v_sad_hi_u8 v4, v2, v6, v8
	v_sad_u16 v4, v2, v6, v8
	v_sad_u32 v4, v2, v6, v8
	v_cvt_pk_u8_f32 v4, v2, v6, v8
	v_div_fixup_f32 v4, v2, v6, v8
	v_div_fixup_f64 v[4:5], v[2:3], v[6:7], v[8:9]
	v_add_f64 v[4:5], v[2:3], v[6:7]
	v_mul_f64 v[4:5], v[2:3], v[6:7]
	v_min_f64 v[4:5], v[2:3], v[6:7]
	v_max_f64 v[4:5], v[2:3], v[6:7]
	v_ldexp_f64 v[4:5], v[2:3], v6
	v_mul_lo_u32 v4, v2, v6
	v_mul_hi_u32 v4, v2, v6
	v_mul_hi_i32 v4, v2, v6
	v_div_scale_f32 v4, s0, v2, v6, v8
	v_div_scale_f64 v[4:5], s0, v[2:3], v[6:7], v[8:9]
	v_div_fmas_f32 v4, v2, v6, v8
	v_div_fmas_f64 v[4:5], v[2:3], v[6:7], v[8:9]
	v_msad_u8 v4, v2, v6, v8
	v_qsad_pk_u16_u8 v[4:5], v[2:3], v6, v[8:9]
	v_mqsad_pk_u16_u8 v[4:5], v[2:3], v6, v[8:9]
	v_trig_preop_f64 v[4:5], v[2:3], v6
	v_mad_u64_u32 v[4:5], s0, v2, v6, v[8:9]
	v_mad_i64_i32 v[4:5], s0, v2, v6, v[8:9]
	v_xor3_b32 v4, v2, v6, v8
	v_mov_b32_e64 v4, v2
	v_cvt_i32_f64_e64 v4, v[2:3]
	v_cvt_f64_i32_e64 v[4:5], v2
	v_cvt_f32_i32_e64 v4, v2
	v_cvt_f32_u32_e64 v4, v2
	v_cvt_u32_f32_e64 v4, v2
	v_cvt_i32_f32_e64 v4, v2
	v_cvt_f16_f32_e64 v4, v2
	v_cvt_f32_f16_e64 v4, v2
	v_cvt_rpi_i32_f32_e64 v4, v2
	v_cvt_flr_i32_f32_e64 v4, v2
	v_cvt_off_f32_i4_e64 v4, v2
	v_cvt_f32_f64_e64 v4, v[2:3]
	v_cvt_f64_f32_e64 v[4:5], v2
	v_cvt_f32_ubyte0_e64 v4, v2
	v_cvt_f32_ubyte1_e64 v4, v2
	v_cvt_f32_ubyte2_e64 v4, v2
	v_cvt_f32_ubyte3_e64 v4, v2
	v_cvt_u32_f64_e64 v4, v[2:3]
	v_cvt_f64_u32_e64 v[4:5], v2
	v_trunc_f64_e64 v[4:5], v[2:3]
	v_ceil_f64_e64 v[4:5], v[2:3]
	v_rndne_f64_e64 v[4:5], v[2:3]
	v_floor_f64_e64 v[4:5], v[2:3]
	v_fract_f32_e64 v4, v2
	v_trunc_f32_e64 v4, v2
	v_ceil_f32_e64 v4, v2
	v_rndne_f32_e64 v4, v2
	v_floor_f32_e64 v4, v2
	v_exp_f32_e64 v4, v2
	v_log_f32_e64 v4, v2
	v_rcp_f32_e64 v4, v2
	v_rcp_iflag_f32_e64 v4, v2
	v_rsq_f32_e64 v4, v2
	v_rcp_f64_e64 v[4:5], v[2:3]
	v_rsq_f64_e64 v[4:5], v[2:3]
	v_sqrt_f32_e64 v4, v2
	v_sqrt_f64_e64 v[4:5], v[2:3]
	v_sin_f32_e64 v4, v2
	v_cos_f32_e64 v4, v2
	v_not_b32_e64 v4, v2
	v_bfrev_b32_e64 v4, v2
	v_ffbh_u32_e64 v4, v2
	v_ffbl_b32_e64 v4, v2
	v_ffbh_i32_e64 v4, v2
	v_frexp_exp_i32_f64_e64 v4, v[2:3]
	v_frexp_mant_f64_e64 v[4:5], v[2:3]
	v_fract_f64_e64 v[4:5], v[2:3]
	v_frexp_exp_i32_f32_e64 v4, v2
	v_frexp_mant_f32_e64 v4, v2
	v_movreld_b32_e64 v4, v2
	v_movrels_b32_e64 v4, v2
	v_movrelsd_b32_e64 v4, v2
	v_movrelsd_2_b32_e64 v4, v2
	v_cvt_f16_u16_e64 v4, v2
	v_cvt_f16_i16_e64 v4, v2
	v_cvt_u16_f16_e64 v4, v2
	v_cvt_i16_f16_e64 v4, v2
	v_rcp_f16_e64 v4, v2
	v_sqrt_f16_e64 v4, v2
	v_rsq_f16_e64 v4, v2
	v_log_f16_e64 v4, v2
	v_exp_f16_e64 v4, v2
	v_frexp_mant_f16_e64 v4, v2
	v_frexp_exp_i16_f16_e64 v4, v2
	v_floor_f16_e64 v4, v2
	v_ceil_f16_e64 v4, v2
	v_trunc_f16_e64 v4, v2
	v_rndne_f16_e64 v4, v2
	v_fract_f16_e64 v4, v2
	v_sin_f16_e64 v4, v2
	v_cos_f16_e64 v4, v2
	v_sat_pk_u8_i16_e64 v4, v2
	v_cvt_norm_i16_f16_e64 v4, v2
	v_cvt_norm_u16_f16_e64 v4, v2
	v_lshlrev_b64 v[4:5], v2, v[6:7]
	v_lshrrev_b64 v[4:5], v2, v[6:7]
	v_ashrrev_i64 v[4:5], v2, v[6:7]
	v_add_nc_u16 v4, v2, v6
	v_sub_nc_u16 v4, v2, v6
	v_mul_lo_u16 v4, v2, v6
	v_lshrrev_b16 v4, v2, v6
	v_ashrrev_i16 v4, v2, v6
	v_max_u16 v4, v2, v6
	v_max_i16 v4, v2, v6
	v_min_u16 v4, v2, v6
	v_min_i16 v4, v2, v6
	v_add_nc_i16 v4, v2, v6
	v_sub_nc_i16 v4, v2, v6
	v_add_co_u32 v4, s0, v2, v6
	v_sub_co_u32 v4, s0, v2, v6
	v_pack_b32_f16 v4, v2, v6
	v_cvt_pknorm_i16_f16 v4, v2, v6
	v_cvt_pknorm_u16_f16 v4, v2, v6
	v_lshlrev_b16 v4, v2, v6
	v_subrev_co_u32 v4, s0, v2, v6
	v_mad_u16 v4, v2, v6, v8
	v_interp_p1ll_f16 v4, v6, attr2.x high
	v_interp_p1lv_f16 v4, v6, attr2.x, v8 high
	v_perm_b32 v4, v2, v6, v8
	v_xad_u32 v4, v2, v6, v8
	v_lshl_add_u32 v4, v2, v6, v8
	v_add_lshl_u32 v4, v2, v6, v8
	v_fma_f16 v4, v2, v6, v8
	v_min3_f16 v4, v2, v6, v8
	v_min3_i16 v4, v2, v6, v8
	v_min3_u16 v4, v2, v6, v8
	v_max3_f16 v4, v2, v6, v8
	v_max3_i16 v4, v2, v6, v8
	v_max3_u16 v4, v2, v6, v8
	v_med3_f16 v4, v2, v6, v8
	v_med3_i16 v4, v2, v6, v8
	v_med3_u16 v4, v2, v6, v8
	v_interp_p2_f16 v4, v6, attr2.x, v8 high
	v_mad_i16 v4, v2, v6, v8
	v_div_fixup_f16 v4, v2, v6, v8
	v_ldexp_f32 v4, v2, v6
	v_bfm_b32 v4, v2, v6
	v_bcnt_u32_b32 v4, v2, v6
	v_mbcnt_lo_u32_b32 v4, v2, v6
	v_mbcnt_hi_u32_b32 v4, v2, v6
	v_cvt_pknorm_i16_f32 v4, v2, v6
	v_cvt_pknorm_u16_f32 v4, v2, v6
	v_cvt_pk_u16_u32 v4, v2, v6
	v_cvt_pk_i16_i32 v4, v2, v6
	v_add3_u32 v4, v2, v6, v8
	v_lshl_or_b32 v4, v2, v6, v8
	v_and_or_b32 v4, v2, v6, v8
	v_or3_b32 v4, v2, v6, v8
	v_mad_u32_u16 v4, v2, v6, v8
	v_mad_i32_i16 v4, v2, v6, v8
	v_sub_nc_i32 v4, v2, v6
	v_add_nc_i32 v4, v2, v6

; modifiers: neg, abs, clamp, omod, op_sel
	v_fma_f32 v0, v1, v2, v3
	v_fma_f32 v0, -v1, |v2|, -|v3| clamp
	v_fma_f32 v0, v1, v2, v3 mul:2
	v_fma_f32 v0, v1, v2, v3 mul:4
	v_fma_f32 v0, v1, v2, v3 div:2
	v_fma_f32 v0, s1, 0.5, v3
	v_fma_f32 v0, v1, 0x40490fdb, v3
	v_fma_f32 v0, 0x40490fdb, 0x40490fdb, v3
	v_fma_f64 v[0:1], v[2:3], v[4:5], v[6:7]
	v_fma_f64 v[0:1], -v[2:3], 2.0, |v[6:7]|
	v_fma_f16 v0, v1, v2, v3 op_sel:[1,0,1,0]
	v_fma_f16 v0, v1, v2, v3 op_sel:[0,1,0,1]
	v_fma_f16 v0, v1, 0x3c00, v3
	v_mad_u16 v0, v1, v2, v3 op_sel:[0,0,0,1] clamp
	v_add_nc_i16 v0, v1, -1
	v_pack_b32_f16 v0, v1, v2 op_sel:[1,0,0]
	v_med3_f32 v0, v1, v2, v3
	v_med3_i32 v0, -1, v2, 0x100
	v_min3_f32 v0, v1, v2, v3
	v_max3_u32 v0, v1, s2, v3
	v_div_fixup_f32 v0, v1, v2, v3
	v_div_fixup_f64 v[0:1], v[2:3], v[4:5], v[6:7]
	v_div_fmas_f32 v0, v1, v2, v3
	v_div_fmas_f64 v[0:1], v[2:3], v[4:5], v[6:7]
	v_div_scale_f32 v0, vcc_lo, v1, v2, v3
	v_div_scale_f32 v0, s0, v1, v1, v3
	v_div_scale_f64 v[0:1], vcc_lo, v[2:3], v[4:5], v[6:7]
	v_mad_u64_u32 v[0:1], s0, v1, v2, v[2:3]
	v_mad_i64_i32 v[0:1], vcc_lo, v1, v2, 0
	v_add_co_u32 v0, s0, v1, v2
	v_add_co_u32 v0, vcc_lo, v1, 5
	v_sub_co_u32 v0, s0, v1, v2 clamp
	v_subrev_co_u32 v0, s0, v1, v2
	v_add_nc_u32_e64 v0, v1, 0x10000
	v_mul_lo_u32 v0, v1, v2
	v_mul_hi_u32 v0, v1, 0x55555556
	v_mul_hi_i32 v0, v1, v2
	v_mul_lo_u16 v0, v1, v2
	v_lshlrev_b64 v[0:1], 2, v[2:3]
	v_lshrrev_b64 v[0:1], v4, v[2:3]
	v_ashrrev_i64 v[0:1], 63, v[2:3]
	v_lshl_add_u32 v0, v1, 2, v3
	v_lshl_or_b32 v0, v1, 16, v3
	v_and_or_b32 v0, v1, 0xffff, v3
	v_or3_b32 v0, v1, v2, v3
	v_xor3_b32 v0, v1, v2, v3
	v_add3_u32 v0, v1, v2, v3
	v_xad_u32 v0, v1, v2, v3
	v_alignbit_b32 v0, v1, v2, 8
	v_alignbyte_b32 v0, v1, v2, v3
	v_bfe_u32 v0, v1, 8, 8
	v_bfe_i32 v0, v1, v2, 5
	v_bfi_b32 v0, 0xff, v2, v3
	v_bfm_b32 v0, 8, 4
	v_perm_b32 v0, v1, v2, 0x5040100
	v_bcnt_u32_b32 v0, v1, 0
	v_mbcnt_lo_u32_b32 v0, -1, 0
	v_mbcnt_hi_u32_b32 v0, -1, v0
	v_lerp_u8 v0, v1, v2, v3
	v_sad_u8 v0, v1, v2, v3
	v_sad_u32 v0, v1, v2, v3 clamp
	v_msad_u8 v0, v1, v2, v3
	v_qsad_pk_u16_u8 v[0:1], v[2:3], v4, v[6:7]
	v_mqsad_u32_u8 v[0:3], v[4:5], v6, v[8:11]
	v_cvt_pk_u8_f32 v0, v1, 1, v3
	v_cvt_pknorm_i16_f32 v0, v1, v2
	v_cvt_pk_i16_i32 v0, v1, v2
	v_ldexp_f32 v0, v1, v2
	v_ldexp_f64 v[0:1], v[2:3], v4
	v_trig_preop_f64 v[0:1], v[2:3], 1
	v_add_f64 v[0:1], v[2:3], v[4:5]
	v_add_f64 v[0:1], -v[2:3], 0x40000000
	v_mul_f64 v[0:1], v[2:3], 1.0 clamp
	v_max_f64 v[0:1], |v[2:3]|, v[4:5] div:2
	v_cubeid_f32 v0, v1, v2, v3
	v_cubema_f32 v0, v1, v2, v3
	v_cvt_pkrtz_f16_f32_e64 v0, v1, v2
	v_readlane_b32 s0, v1, 3
	v_readlane_b32 s0, v1, s2
	v_readlane_b32 vcc_lo, v255, m0
	v_writelane_b32 v0, s1, 2
	v_writelane_b32 v0, 0x1234, s2
	v_permlane16_b32 v0, v1, s2, s3
	v_permlanex16_b32 v0, v1, s2, s3 op_sel:[1,0]
	v_cndmask_b32_e64 v0, v1, v2, vcc_lo
	v_cndmask_b32_e64 v0, 1.0, -v2, s4
	v_interp_p1ll_f16 v0, v1, attr0.x
	v_interp_p1lv_f16 v0, v1, attr1.y, v2
	v_interp_p2_f16 v0, v1, attr2.z, v3 high
	v_interp_p1_f32_e64 v0, v1, attr3.w clamp
	v_interp_mov_f32_e64 v0, p10, attr4.x
	v_interp_p2_f32_e64 v0, v1, attr5.x
