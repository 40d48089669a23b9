; target: gfx1030 wave: 64
; wave64: lane masks are SGPR pairs (vcc, s[0:1]).
; Checked to assemble with llvm-mc -arch=amdgcn -mcpu=gfx1030 -mattr=+wavefrontsize64 -show-encoding.

; every opcode once, as llvm-mc-14 disassembles a plain encoding of it
	v_cndmask_b32_e32 v4, v2, v6, vcc
	v_add_co_ci_u32_e32 v4, vcc, v2, v6, vcc
	v_sub_co_ci_u32_e32 v4, vcc, v2, v6, vcc
	v_subrev_co_ci_u32_e32 v4, vcc, v2, v6, vcc
	v_cmp_f_f32_e32 vcc, v2, v4
	v_cmp_lt_f32_e32 vcc, v2, v4
	v_cmp_eq_f32_e32 vcc, v2, v4
	v_cmp_le_f32_e32 vcc, v2, v4
	v_cmp_gt_f32_e32 vcc, v2, v4
	v_cmp_lg_f32_e32 vcc, v2, v4
	v_cmp_ge_f32_e32 vcc, v2, v4
	v_cmp_o_f32_e32 vcc, v2, v4
	v_cmp_u_f32_e32 vcc, v2, v4
	v_cmp_nge_f32_e32 vcc, v2, v4
	v_cmp_nlg_f32_e32 vcc, v2, v4
	v_cmp_ngt_f32_e32 vcc, v2, v4
	v_cmp_nle_f32_e32 vcc, v2, v4
	v_cmp_neq_f32_e32 vcc, v2, v4
	v_cmp_nlt_f32_e32 vcc, v2, v4
	v_cmp_tru_f32_e32 vcc, v2, v4
	v_cmp_f_f64_e32 vcc, v[2:3], v[4:5]
	v_cmp_lt_f64_e32 vcc, v[2:3], v[4:5]
	v_cmp_eq_f64_e32 vcc, v[2:3], v[4:5]
	v_cmp_le_f64_e32 vcc, v[2:3], v[4:5]
	v_cmp_gt_f64_e32 vcc, v[2:3], v[4:5]
	v_cmp_lg_f64_e32 vcc, v[2:3], v[4:5]
	v_cmp_ge_f64_e32 vcc, v[2:3], v[4:5]
	v_cmp_o_f64_e32 vcc, v[2:3], v[4:5]
	v_cmp_u_f64_e32 vcc, v[2:3], v[4:5]
	v_cmp_nge_f64_e32 vcc, v[2:3], v[4:5]
	v_cmp_nlg_f64_e32 vcc, v[2:3], v[4:5]
	v_cmp_ngt_f64_e32 vcc, v[2:3], v[4:5]
	v_cmp_nle_f64_e32 vcc, v[2:3], v[4:5]
	v_cmp_neq_f64_e32 vcc, v[2:3], v[4:5]
	v_cmp_nlt_f64_e32 vcc, v[2:3], v[4:5]
	v_cmp_tru_f64_e32 vcc, v[2:3], v[4:5]
	v_cmp_f_i32_e32 vcc, v2, v4
	v_cmp_lt_i32_e32 vcc, v2, v4
	v_cmp_eq_i32_e32 vcc, v2, v4
	v_cmp_le_i32_e32 vcc, v2, v4
	v_cmp_gt_i32_e32 vcc, v2, v4
	v_cmp_ne_i32_e32 vcc, v2, v4
	v_cmp_ge_i32_e32 vcc, v2, v4
	v_cmp_t_i32_e32 vcc, v2, v4
	v_cmp_class_f32_e32 vcc, v2, v4
	v_cmp_lt_i16_e32 vcc, v2, v4
	v_cmp_eq_i16_e32 vcc, v2, v4
	v_cmp_le_i16_e32 vcc, v2, v4
	v_cmp_gt_i16_e32 vcc, v2, v4
	v_cmp_ne_i16_e32 vcc, v2, v4
	v_cmp_ge_i16_e32 vcc, v2, v4
	v_cmp_class_f16_e32 vcc, v2, v4
	v_cmp_f_i64_e32 vcc, v[2:3], v[4:5]
	v_cmp_lt_i64_e32 vcc, v[2:3], v[4:5]
	v_cmp_eq_i64_e32 vcc, v[2:3], v[4:5]
	v_cmp_le_i64_e32 vcc, v[2:3], v[4:5]
	v_cmp_gt_i64_e32 vcc, v[2:3], v[4:5]
	v_cmp_ne_i64_e32 vcc, v[2:3], v[4:5]
	v_cmp_ge_i64_e32 vcc, v[2:3], v[4:5]
	v_cmp_t_i64_e32 vcc, v[2:3], v[4:5]
	v_cmp_class_f64_e32 vcc, v[2:3], v4
	v_cmp_lt_u16_e32 vcc, v2, v4
	v_cmp_eq_u16_e32 vcc, v2, v4
	v_cmp_le_u16_e32 vcc, v2, v4
	v_cmp_gt_u16_e32 vcc, v2, v4
	v_cmp_ne_u16_e32 vcc, v2, v4
	v_cmp_ge_u16_e32 vcc, v2, v4
	v_cmp_f_u32_e32 vcc, v2, v4
	v_cmp_lt_u32_e32 vcc, v2, v4
	v_cmp_eq_u32_e32 vcc, v2, v4
	v_cmp_le_u32_e32 vcc, v2, v4
	v_cmp_gt_u32_e32 vcc, v2, v4
	v_cmp_ne_u32_e32 vcc, v2, v4
	v_cmp_ge_u32_e32 vcc, v2, v4
	v_cmp_t_u32_e32 vcc, v2, v4
	v_cmp_f_f16_e32 vcc, v2, v4
	v_cmp_lt_f16_e32 vcc, v2, v4
	v_cmp_eq_f16_e32 vcc, v2, v4
	v_cmp_le_f16_e32 vcc, v2, v4
	v_cmp_gt_f16_e32 vcc, v2, v4
	v_cmp_lg_f16_e32 vcc, v2, v4
	v_cmp_ge_f16_e32 vcc, v2, v4
	v_cmp_o_f16_e32 vcc, v2, v4
	v_cmp_f_u64_e32 vcc, v[2:3], v[4:5]
	v_cmp_lt_u64_e32 vcc, v[2:3], v[4:5]
	v_cmp_eq_u64_e32 vcc, v[2:3], v[4:5]
	v_cmp_le_u64_e32 vcc, v[2:3], v[4:5]
	v_cmp_gt_u64_e32 vcc, v[2:3], v[4:5]
	v_cmp_ne_u64_e32 vcc, v[2:3], v[4:5]
	v_cmp_ge_u64_e32 vcc, v[2:3], v[4:5]
	v_cmp_t_u64_e32 vcc, v[2:3], v[4:5]
	v_cmp_u_f16_e32 vcc, v2, v4
	v_cmp_nge_f16_e32 vcc, v2, v4
	v_cmp_nlg_f16_e32 vcc, v2, v4
	v_cmp_ngt_f16_e32 vcc, v2, v4
	v_cmp_nle_f16_e32 vcc, v2, v4
	v_cmp_neq_f16_e32 vcc, v2, v4
	v_cmp_nlt_f16_e32 vcc, v2, v4
	v_cmp_tru_f16_e32 vcc, v2, v4
	v_cmp_f_f32_e64 s[4:5], v2, v6
	v_cmp_lt_f32_e64 s[4:5], v2, v6
	v_cmp_eq_f32_e64 s[4:5], v2, v6
	v_cmp_le_f32_e64 s[4:5], v2, v6
	v_cmp_gt_f32_e64 s[4:5], v2, v6
	v_cmp_lg_f32_e64 s[4:5], v2, v6
	v_cmp_ge_f32_e64 s[4:5], v2, v6
	v_cmp_o_f32_e64 s[4:5], v2, v6
	v_cmp_u_f32_e64 s[4:5], v2, v6
	v_cmp_nge_f32_e64 s[4:5], v2, v6
	v_cmp_nlg_f32_e64 s[4:5], v2, v6
	v_cmp_ngt_f32_e64 s[4:5], v2, v6
	v_cmp_nle_f32_e64 s[4:5], v2, v6
	v_cmp_neq_f32_e64 s[4:5], v2, v6
	v_cmp_nlt_f32_e64 s[4:5], v2, v6
	v_cmp_tru_f32_e64 s[4:5], v2, v6
	v_cmp_f_f64_e64 s[4:5], v[2:3], v[6:7]
	v_cmp_lt_f64_e64 s[4:5], v[2:3], v[6:7]
	v_cmp_eq_f64_e64 s[4:5], v[2:3], v[6:7]
	v_cmp_le_f64_e64 s[4:5], v[2:3], v[6:7]
	v_cmp_gt_f64_e64 s[4:5], v[2:3], v[6:7]
	v_cmp_lg_f64_e64 s[4:5], v[2:3], v[6:7]
	v_cmp_ge_f64_e64 s[4:5], v[2:3], v[6:7]
	v_cmp_o_f64_e64 s[4:5], v[2:3], v[6:7]
	v_cmp_u_f64_e64 s[4:5], v[2:3], v[6:7]
	v_cmp_nge_f64_e64 s[4:5], v[2:3], v[6:7]
	v_cmp_nlg_f64_e64 s[4:5], v[2:3], v[6:7]
	v_cmp_ngt_f64_e64 s[4:5], v[2:3], v[6:7]
	v_cmp_nle_f64_e64 s[4:5], v[2:3], v[6:7]
	v_cmp_neq_f64_e64 s[4:5], v[2:3], v[6:7]
	v_cmp_nlt_f64_e64 s[4:5], v[2:3], v[6:7]
	v_cmp_tru_f64_e64 s[4:5], v[2:3], v[6:7]
	v_cmp_f_i32_e64 s[4:5], v2, v6
	v_cmp_lt_i32_e64 s[4:5], v2, v6
	v_cmp_eq_i32_e64 s[4:5], v2, v6
	v_cmp_le_i32_e64 s[4:5], v2, v6
	v_cmp_gt_i32_e64 s[4:5], v2, v6
	v_cmp_ne_i32_e64 s[4:5], v2, v6
	v_cmp_ge_i32_e64 s[4:5], v2, v6
	v_cmp_t_i32_e64 s[4:5], v2, v6
	v_cmp_class_f32_e64 s[4:5], v2, v6
	v_cmp_lt_i16_e64 s[4:5], v2, v6
	v_cmp_eq_i16_e64 s[4:5], v2, v6
	v_cmp_le_i16_e64 s[4:5], v2, v6
	v_cmp_gt_i16_e64 s[4:5], v2, v6
	v_cmp_ne_i16_e64 s[4:5], v2, v6
	v_cmp_ge_i16_e64 s[4:5], v2, v6
	v_cmp_class_f16_e64 s[4:5], v2, v6
	v_cmp_f_i64_e64 s[4:5], v[2:3], v[6:7]
	v_cmp_lt_i64_e64 s[4:5], v[2:3], v[6:7]
	v_cmp_eq_i64_e64 s[4:5], v[2:3], v[6:7]
	v_cmp_le_i64_e64 s[4:5], v[2:3], v[6:7]
	v_cmp_gt_i64_e64 s[4:5], v[2:3], v[6:7]
	v_cmp_ne_i64_e64 s[4:5], v[2:3], v[6:7]
	v_cmp_ge_i64_e64 s[4:5], v[2:3], v[6:7]
	v_cmp_t_i64_e64 s[4:5], v[2:3], v[6:7]
	v_cmp_class_f64_e64 s[4:5], v[2:3], v6
	v_cmp_lt_u16_e64 s[4:5], v2, v6
	v_cmp_eq_u16_e64 s[4:5], v2, v6
	v_cmp_le_u16_e64 s[4:5], v2, v6
	v_cmp_gt_u16_e64 s[4:5], v2, v6
	v_cmp_ne_u16_e64 s[4:5], v2, v6
	v_cmp_ge_u16_e64 s[4:5], v2, v6
	v_cmp_f_u32_e64 s[4:5], v2, v6
	v_cmp_lt_u32_e64 s[4:5], v2, v6
	v_cmp_eq_u32_e64 s[4:5], v2, v6
	v_cmp_le_u32_e64 s[4:5], v2, v6
	v_cmp_gt_u32_e64 s[4:5], v2, v6
	v_cmp_ne_u32_e64 s[4:5], v2, v6
	v_cmp_ge_u32_e64 s[4:5], v2, v6
	v_cmp_t_u32_e64 s[4:5], v2, v6
	v_cmp_f_f16_e64 s[4:5], v2, v6
	v_cmp_lt_f16_e64 s[4:5], v2, v6
	v_cmp_eq_f16_e64 s[4:5], v2, v6
	v_cmp_le_f16_e64 s[4:5], v2, v6
	v_cmp_gt_f16_e64 s[4:5], v2, v6
	v_cmp_lg_f16_e64 s[4:5], v2, v6
	v_cmp_ge_f16_e64 s[4:5], v2, v6
	v_cmp_o_f16_e64 s[4:5], v2, v6
	v_cmp_f_u64_e64 s[4:5], v[2:3], v[6:7]
	v_cmp_lt_u64_e64 s[4:5], v[2:3], v[6:7]
	v_cmp_eq_u64_e64 s[4:5], v[2:3], v[6:7]
	v_cmp_le_u64_e64 s[4:5], v[2:3], v[6:7]
	v_cmp_gt_u64_e64 s[4:5], v[2:3], v[6:7]
	v_cmp_ne_u64_e64 s[4:5], v[2:3], v[6:7]
	v_cmp_ge_u64_e64 s[4:5], v[2:3], v[6:7]
	v_cmp_t_u64_e64 s[4:5], v[2:3], v[6:7]
	v_cmp_u_f16_e64 s[4:5], v2, v6
	v_cmp_nge_f16_e64 s[4:5], v2, v6
	v_cmp_nlg_f16_e64 s[4:5], v2, v6
	v_cmp_ngt_f16_e64 s[4:5], v2, v6
	v_cmp_nle_f16_e64 s[4:5], v2, v6
	v_cmp_neq_f16_e64 s[4:5], v2, v6
	v_cmp_nlt_f16_e64 s[4:5], v2, v6
	v_cmp_tru_f16_e64 s[4:5], v2, v6
	v_div_scale_f32 v4, s[0:1], v2, v6, v8
	v_div_scale_f64 v[4:5], s[0:1], v[2:3], v[6:7], v[8:9]
	v_mad_u64_u32 v[4:5], s[0:1], v2, v6, v[8:9]
	v_mad_i64_i32 v[4:5], s[0:1], v2, v6, v[8:9]
	v_add_co_u32 v4, s[0:1], v2, v6
	v_sub_co_u32 v4, s[0:1], v2, v6
	v_subrev_co_u32 v4, s[0:1], v2, v6
	v_cndmask_b32_dpp v4, v2, v6, vcc quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_add_co_ci_u32_dpp v4, vcc, v2, v6, vcc quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_sub_co_ci_u32_dpp v4, vcc, v2, v6, vcc quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_subrev_co_ci_u32_dpp v4, vcc, v2, v6, vcc quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_cndmask_b32_dpp v4, v2, v6, vcc dpp8:[0,1,2,3,4,5,6,7]
	v_add_co_ci_u32_dpp v4, vcc, v2, v6, vcc dpp8:[0,1,2,3,4,5,6,7]
	v_sub_co_ci_u32_dpp v4, vcc, v2, v6, vcc dpp8:[0,1,2,3,4,5,6,7]
	v_subrev_co_ci_u32_dpp v4, vcc, v2, v6, vcc dpp8:[0,1,2,3,4,5,6,7]
	v_cndmask_b32_sdwa v4, v2, v6, vcc dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:DWORD src1_sel:DWORD
	v_add_co_ci_u32_sdwa v4, vcc, v2, v6, vcc dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:DWORD src1_sel:DWORD
	v_sub_co_ci_u32_sdwa v4, vcc, v2, v6, vcc dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:DWORD src1_sel:DWORD
	v_subrev_co_ci_u32_sdwa v4, vcc, v2, v6, vcc dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:DWORD src1_sel:DWORD
	v_cmp_f_f32_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_lt_f32_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_eq_f32_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_le_f32_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_gt_f32_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_lg_f32_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_ge_f32_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_o_f32_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_u_f32_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_nge_f32_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_nlg_f32_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_ngt_f32_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_nle_f32_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_neq_f32_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_nlt_f32_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_tru_f32_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_f_i32_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_lt_i32_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_eq_i32_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_le_i32_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_gt_i32_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_ne_i32_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_ge_i32_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_t_i32_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_class_f32_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_lt_i16_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_eq_i16_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_le_i16_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_gt_i16_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_ne_i16_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_ge_i16_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_class_f16_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_lt_u16_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_eq_u16_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_le_u16_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_gt_u16_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_ne_u16_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_ge_u16_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_f_u32_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_lt_u32_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_eq_u32_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_le_u32_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_gt_u32_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_ne_u32_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_ge_u32_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_t_u32_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_f_f16_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_lt_f16_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_eq_f16_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_le_f16_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_gt_f16_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_lg_f16_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_ge_f16_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_o_f16_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_u_f16_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_nge_f16_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_nlg_f16_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_ngt_f16_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_nle_f16_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_neq_f16_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_nlt_f16_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD
	v_cmp_tru_f16_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD

; lane masks are SGPR pairs in wave64: vcc, s[0:1], exec
	v_cmp_lt_f32 vcc, v1, v2
	v_cmp_lt_f32_e64 s[0:1], v1, v2
	v_cmp_eq_u32_e64 s[4:5], s1, 0x1000
	v_cmp_ne_u64 vcc, v[0:1], v[2:3]
	v_cmp_class_f32_e64 s[2:3], -v1, 3
	v_cmpx_lt_f32 v1, v2
	v_cmpx_eq_u32_e64 v1, v2
	v_cndmask_b32 v0, v1, v2, vcc
	v_cndmask_b32_e64 v0, v1, v2, s[0:1]
	v_cndmask_b32_e64 v0, -v1, |v2|, s[4:5]
	v_add_co_u32 v0, vcc, v1, v2
	v_add_co_u32 v0, s[0:1], v1, v2
	v_add_co_ci_u32 v0, vcc, v1, v2, vcc
	v_add_co_ci_u32_e64 v0, s[0:1], v1, v2, s[2:3]
	v_sub_co_ci_u32 v0, vcc, 5, v2, vcc
	v_div_scale_f32 v0, vcc, v1, v2, v3
	v_div_scale_f64 v[0:1], s[0:1], v[2:3], v[4:5], v[6:7]
	v_mad_u64_u32 v[0:1], s[0:1], v1, v2, v[2:3]
	v_div_fmas_f32 v0, v1, v2, v3
	v_readlane_b32 s0, v1, 3
	v_writelane_b32 v0, s1, 63
	v_readfirstlane_b32 s0, v1
	v_cndmask_b32_dpp v0, v1, v2, vcc quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_add_co_ci_u32_dpp v0, vcc, v1, v2, vcc row_shr:1 row_mask:0xf bank_mask:0xf
	v_cndmask_b32_sdwa v0, v1, v2, vcc dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:DWORD src1_sel:DWORD
	v_cmp_eq_f32_sdwa vcc, v1, v2 src0_sel:WORD_1 src1_sel:BYTE_0
	v_cmp_eq_f32_sdwa s[0:1], v1, v2 src0_sel:DWORD src1_sel:DWORD
	s_and_saveexec_b64 s[0:1], s[2:3]
	s_or_saveexec_b64 s[0:1], vcc
	s_andn2_wrexec_b64 s[0:1], s[2:3]
	s_mov_b64 exec, -1
	s_cbranch_execz done
	s_and_b64 exec, exec, vcc
done:
	s_endpgm
