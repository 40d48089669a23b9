; target: gfx1030 wave: 32
v_cmpx_nge_f32_sdwa v2, v4 src0_sel:DWORD src1_sel:DWORD
v_cmpx_nlg_f32_sdwa v2, v4 src0_sel:DWORD src1_sel:DWORD
v_cmpx_ngt_f32_sdwa v2, v4 src0_sel:DWORD src1_sel:DWORD
v_cmpx_nle_f32_sdwa v2, v4 src0_sel:DWORD src1_sel:DWORD
v_cmpx_neq_f32_sdwa v2, v4 src0_sel:DWORD src1_sel:DWORD
v_cmpx_nlt_f32_sdwa v2, v4 src0_sel:DWORD src1_sel:DWORD
v_cmpx_tru_f32_sdwa v2, v4 src0_sel:DWORD src1_sel:DWORD
v_cmp_f_i32_sdwa vcc_lo, v2, v4 src0_sel:DWORD src1_sel:DWORD
v_cmp_lt_i32_sdwa vcc_lo, v2, v4 src0_sel:DWORD src1_sel:DWORD
v_cmp_eq_i32_sdwa vcc_lo, v2, v4 src0_sel:DWORD src1_sel:DWORD
v_cmp_le_i32_sdwa vcc_lo, v2, v4 src0_sel:DWORD src1_sel:DWORD
v_cmp_gt_i32_sdwa vcc_lo, v2, v4 src0_sel:DWORD src1_sel:DWORD
