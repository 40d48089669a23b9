; target: gfx1030 wave: 32
; vector compares (VOPC).
; Checked to assemble with llvm-mc -arch=amdgcn -mcpu=gfx1030 -show-encoding.

; every opcode once, as llvm-mc-14 disassembles a plain encoding of it
	v_cmp_f_f32_e32 vcc_lo, v2, v4
	v_cmp_lt_f32_e32 vcc_lo, v2, v4
	v_cmp_eq_f32_e32 vcc_lo, v2, v4
	v_cmp_le_f32_e32 vcc_lo, v2, v4
	v_cmp_gt_f32_e32 vcc_lo, v2, v4
	v_cmp_lg_f32_e32 vcc_lo, v2, v4
	v_cmp_ge_f32_e32 vcc_lo, v2, v4
	v_cmp_o_f32_e32 vcc_lo, v2, v4
	v_cmp_u_f32_e32 vcc_lo, v2, v4
	v_cmp_nge_f32_e32 vcc_lo, v2, v4
	v_cmp_nlg_f32_e32 vcc_lo, v2, v4
	v_cmp_ngt_f32_e32 vcc_lo, v2, v4
	v_cmp_nle_f32_e32 vcc_lo, v2, v4
	v_cmp_neq_f32_e32 vcc_lo, v2, v4
	v_cmp_nlt_f32_e32 vcc_lo, v2, v4
	v_cmp_tru_f32_e32 vcc_lo, v2, v4
	v_cmpx_f_f32_e32 v2, v4
	v_cmpx_lt_f32_e32 v2, v4
	v_cmpx_eq_f32_e32 v2, v4
	v_cmpx_le_f32_e32 v2, v4
	v_cmpx_gt_f32_e32 v2, v4
	v_cmpx_lg_f32_e32 v2, v4
	v_cmpx_ge_f32_e32 v2, v4
	v_cmpx_o_f32_e32 v2, v4
	v_cmpx_u_f32_e32 v2, v4
	v_cmpx_nge_f32_e32 v2, v4
	v_cmpx_nlg_f32_e32 v2, v4
	v_cmpx_ngt_f32_e32 v2, v4
	v_cmpx_nle_f32_e32 v2, v4
	v_cmpx_neq_f32_e32 v2, v4
	v_cmpx_nlt_f32_e32 v2, v4
	v_cmpx_tru_f32_e32 v2, v4
	v_cmp_f_f64_e32 vcc_lo, v[2:3], v[4:5]
	v_cmp_lt_f64_e32 vcc_lo, v[2:3], v[4:5]
	v_cmp_eq_f64_e32 vcc_lo, v[2:3], v[4:5]
	v_cmp_le_f64_e32 vcc_lo, v[2:3], v[4:5]
	v_cmp_gt_f64_e32 vcc_lo, v[2:3], v[4:5]
	v_cmp_lg_f64_e32 vcc_lo, v[2:3], v[4:5]
	v_cmp_ge_f64_e32 vcc_lo, v[2:3], v[4:5]
	v_cmp_o_f64_e32 vcc_lo, v[2:3], v[4:5]
	v_cmp_u_f64_e32 vcc_lo, v[2:3], v[4:5]
	v_cmp_nge_f64_e32 vcc_lo, v[2:3], v[4:5]
	v_cmp_nlg_f64_e32 vcc_lo, v[2:3], v[4:5]
	v_cmp_ngt_f64_e32 vcc_lo, v[2:3], v[4:5]
	v_cmp_nle_f64_e32 vcc_lo, v[2:3], v[4:5]
	v_cmp_neq_f64_e32 vcc_lo, v[2:3], v[4:5]
	v_cmp_nlt_f64_e32 vcc_lo, v[2:3], v[4:5]
	v_cmp_tru_f64_e32 vcc_lo, v[2:3], v[4:5]
	v_cmpx_f_f64_e32 v[2:3], v[4:5]
	v_cmpx_lt_f64_e32 v[2:3], v[4:5]
	v_cmpx_eq_f64_e32 v[2:3], v[4:5]
	v_cmpx_le_f64_e32 v[2:3], v[4:5]
	v_cmpx_gt_f64_e32 v[2:3], v[4:5]
	v_cmpx_lg_f64_e32 v[2:3], v[4:5]
	v_cmpx_ge_f64_e32 v[2:3], v[4:5]
	v_cmpx_o_f64_e32 v[2:3], v[4:5]
	v_cmpx_u_f64_e32 v[2:3], v[4:5]
	v_cmpx_nge_f64_e32 v[2:3], v[4:5]
	v_cmpx_nlg_f64_e32 v[2:3], v[4:5]
	v_cmpx_ngt_f64_e32 v[2:3], v[4:5]
	v_cmpx_nle_f64_e32 v[2:3], v[4:5]
	v_cmpx_neq_f64_e32 v[2:3], v[4:5]
	v_cmpx_nlt_f64_e32 v[2:3], v[4:5]
	v_cmpx_tru_f64_e32 v[2:3], v[4:5]
	v_cmp_f_i32_e32 vcc_lo, v2, v4
	v_cmp_lt_i32_e32 vcc_lo, v2, v4
	v_cmp_eq_i32_e32 vcc_lo, v2, v4
	v_cmp_le_i32_e32 vcc_lo, v2, v4
	v_cmp_gt_i32_e32 vcc_lo, v2, v4
	v_cmp_ne_i32_e32 vcc_lo, v2, v4
	v_cmp_ge_i32_e32 vcc_lo, v2, v4
	v_cmp_t_i32_e32 vcc_lo, v2, v4
	v_cmp_class_f32_e32 vcc_lo, v2, v4
	v_cmp_lt_i16_e32 vcc_lo, v2, v4
	v_cmp_eq_i16_e32 vcc_lo, v2, v4
	v_cmp_le_i16_e32 vcc_lo, v2, v4
	v_cmp_gt_i16_e32 vcc_lo, v2, v4
	v_cmp_ne_i16_e32 vcc_lo, v2, v4
	v_cmp_ge_i16_e32 vcc_lo, v2, v4
	v_cmp_class_f16_e32 vcc_lo, v2, v4
	v_cmpx_f_i32_e32 v2, v4
	v_cmpx_lt_i32_e32 v2, v4
	v_cmpx_eq_i32_e32 v2, v4
	v_cmpx_le_i32_e32 v2, v4
	v_cmpx_gt_i32_e32 v2, v4
	v_cmpx_ne_i32_e32 v2, v4
	v_cmpx_ge_i32_e32 v2, v4
	v_cmpx_t_i32_e32 v2, v4
	v_cmpx_class_f32_e32 v2, v4
	v_cmpx_lt_i16_e32 v2, v4
	v_cmpx_eq_i16_e32 v2, v4
	v_cmpx_le_i16_e32 v2, v4
	v_cmpx_gt_i16_e32 v2, v4
	v_cmpx_ne_i16_e32 v2, v4
	v_cmpx_ge_i16_e32 v2, v4
	v_cmpx_class_f16_e32 v2, v4
	v_cmp_f_i64_e32 vcc_lo, v[2:3], v[4:5]
	v_cmp_lt_i64_e32 vcc_lo, v[2:3], v[4:5]
	v_cmp_eq_i64_e32 vcc_lo, v[2:3], v[4:5]
	v_cmp_le_i64_e32 vcc_lo, v[2:3], v[4:5]
	v_cmp_gt_i64_e32 vcc_lo, v[2:3], v[4:5]
	v_cmp_ne_i64_e32 vcc_lo, v[2:3], v[4:5]
	v_cmp_ge_i64_e32 vcc_lo, v[2:3], v[4:5]
	v_cmp_t_i64_e32 vcc_lo, v[2:3], v[4:5]
	v_cmp_class_f64_e32 vcc_lo, v[2:3], v4
	v_cmp_lt_u16_e32 vcc_lo, v2, v4
	v_cmp_eq_u16_e32 vcc_lo, v2, v4
	v_cmp_le_u16_e32 vcc_lo, v2, v4
	v_cmp_gt_u16_e32 vcc_lo, v2, v4
	v_cmp_ne_u16_e32 vcc_lo, v2, v4
	v_cmp_ge_u16_e32 vcc_lo, v2, v4
	v_cmpx_f_i64_e32 v[2:3], v[4:5]
	v_cmpx_lt_i64_e32 v[2:3], v[4:5]
	v_cmpx_eq_i64_e32 v[2:3], v[4:5]
	v_cmpx_le_i64_e32 v[2:3], v[4:5]
	v_cmpx_gt_i64_e32 v[2:3], v[4:5]
	v_cmpx_ne_i64_e32 v[2:3], v[4:5]
	v_cmpx_ge_i64_e32 v[2:3], v[4:5]
	v_cmpx_t_i64_e32 v[2:3], v[4:5]
	v_cmpx_class_f64_e32 v[2:3], v4
	v_cmpx_lt_u16_e32 v2, v4
	v_cmpx_eq_u16_e32 v2, v4
	v_cmpx_le_u16_e32 v2, v4
	v_cmpx_gt_u16_e32 v2, v4
	v_cmpx_ne_u16_e32 v2, v4
	v_cmpx_ge_u16_e32 v2, v4
	v_cmp_f_u32_e32 vcc_lo, v2, v4
	v_cmp_lt_u32_e32 vcc_lo, v2, v4
	v_cmp_eq_u32_e32 vcc_lo, v2, v4
	v_cmp_le_u32_e32 vcc_lo, v2, v4
	v_cmp_gt_u32_e32 vcc_lo, v2, v4
	v_cmp_ne_u32_e32 vcc_lo, v2, v4
	v_cmp_ge_u32_e32 vcc_lo, v2, v4
	v_cmp_t_u32_e32 vcc_lo, v2, v4
	v_cmp_f_f16_e32 vcc_lo, v2, v4
	v_cmp_lt_f16_e32 vcc_lo, v2, v4
	v_cmp_eq_f16_e32 vcc_lo, v2, v4
	v_cmp_le_f16_e32 vcc_lo, v2, v4
	v_cmp_gt_f16_e32 vcc_lo, v2, v4
	v_cmp_lg_f16_e32 vcc_lo, v2, v4
	v_cmp_ge_f16_e32 vcc_lo, v2, v4
	v_cmp_o_f16_e32 vcc_lo, v2, v4
	v_cmpx_f_u32_e32 v2, v4
	v_cmpx_lt_u32_e32 v2, v4
	v_cmpx_eq_u32_e32 v2, v4
	v_cmpx_le_u32_e32 v2, v4
	v_cmpx_gt_u32_e32 v2, v4
	v_cmpx_ne_u32_e32 v2, v4
	v_cmpx_ge_u32_e32 v2, v4
	v_cmpx_t_u32_e32 v2, v4
	v_cmpx_f_f16_e32 v2, v4
	v_cmpx_lt_f16_e32 v2, v4
	v_cmpx_eq_f16_e32 v2, v4
	v_cmpx_le_f16_e32 v2, v4
	v_cmpx_gt_f16_e32 v2, v4
	v_cmpx_lg_f16_e32 v2, v4
	v_cmpx_ge_f16_e32 v2, v4
	v_cmpx_o_f16_e32 v2, v4
	v_cmp_f_u64_e32 vcc_lo, v[2:3], v[4:5]
	v_cmp_lt_u64_e32 vcc_lo, v[2:3], v[4:5]
	v_cmp_eq_u64_e32 vcc_lo, v[2:3], v[4:5]
	v_cmp_le_u64_e32 vcc_lo, v[2:3], v[4:5]
	v_cmp_gt_u64_e32 vcc_lo, v[2:3], v[4:5]
	v_cmp_ne_u64_e32 vcc_lo, v[2:3], v[4:5]
	v_cmp_ge_u64_e32 vcc_lo, v[2:3], v[4:5]
	v_cmp_t_u64_e32 vcc_lo, v[2:3], v[4:5]
	v_cmp_u_f16_e32 vcc_lo, v2, v4
	v_cmp_nge_f16_e32 vcc_lo, v2, v4
	v_cmp_nlg_f16_e32 vcc_lo, v2, v4
	v_cmp_ngt_f16_e32 vcc_lo, v2, v4
	v_cmp_nle_f16_e32 vcc_lo, v2, v4
	v_cmp_neq_f16_e32 vcc_lo, v2, v4
	v_cmp_nlt_f16_e32 vcc_lo, v2, v4
	v_cmp_tru_f16_e32 vcc_lo, v2, v4
	v_cmpx_f_u64_e32 v[2:3], v[4:5]
	v_cmpx_lt_u64_e32 v[2:3], v[4:5]
	v_cmpx_eq_u64_e32 v[2:3], v[4:5]
	v_cmpx_le_u64_e32 v[2:3], v[4:5]
	v_cmpx_gt_u64_e32 v[2:3], v[4:5]
	v_cmpx_ne_u64_e32 v[2:3], v[4:5]
	v_cmpx_ge_u64_e32 v[2:3], v[4:5]
	v_cmpx_t_u64_e32 v[2:3], v[4:5]
	v_cmpx_u_f16_e32 v2, v4
	v_cmpx_nge_f16_e32 v2, v4
	v_cmpx_nlg_f16_e32 v2, v4
	v_cmpx_ngt_f16_e32 v2, v4
	v_cmpx_nle_f16_e32 v2, v4
	v_cmpx_neq_f16_e32 v2, v4
	v_cmpx_nlt_f16_e32 v2, v4
	v_cmpx_tru_f16_e32 v2, v4

; sources, results in vcc_lo or an SGPR
	v_cmp_lt_f32 vcc_lo, v1, v2
	v_cmp_lt_f32 vcc_lo, 0.5, v2
	v_cmp_lt_f32 vcc_lo, s1, v2
	v_cmp_lt_f32 vcc_lo, 0x40490fdb, v2
	v_cmp_lt_f32_e64 s0, v1, v2
	v_cmp_lt_f32_e64 s0, -v1, |v2|
	v_cmp_lt_f32_e64 vcc_lo, v1, 1.0
	v_cmp_lt_f32_e64 s0, v1, v2 clamp
	v_cmp_eq_u32 vcc_lo, 0x1000, v2
	v_cmp_eq_u32_e64 s0, s1, 0x1000
	v_cmp_ne_u64 vcc_lo, v[0:1], v[2:3]
	v_cmp_ne_u64_e64 s0, 0, v[2:3]
	v_cmp_gt_i64 vcc_lo, -1, v[2:3]
	v_cmp_le_f64 vcc_lo, 0.5, v[2:3]
	v_cmp_le_f64_e64 s0, -v[0:1], |v[2:3]|
	v_cmp_class_f32 vcc_lo, v1, v2
	v_cmp_class_f32_e64 s0, v1, 3
	v_cmp_class_f64 vcc_lo, v[0:1], v2
	v_cmp_class_f16 vcc_lo, v1, v2
	v_cmp_eq_f16 vcc_lo, 0x3c00, v2
	v_cmp_eq_u16 vcc_lo, 0x1234, v2
	v_cmp_eq_i16_e64 s0, v1, -1
	v_cmp_f_f32 vcc_lo, v1, v2
	v_cmp_tru_f32_e64 s0, v1, v2
	v_cmp_u_f64 vcc_lo, v[0:1], v[2:3]
; v_cmpx writes EXEC
	v_cmpx_lt_f32 v1, v2
	v_cmpx_eq_u32 0x1000, v2
	v_cmpx_lt_f32_e64 v1, v2
	v_cmpx_eq_u32_e64 s1, 0x1000
	v_cmpx_class_f32_e64 -v1, 5
	v_cmpx_ne_u64 v[0:1], v[2:3]
