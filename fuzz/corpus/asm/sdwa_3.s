; target: gfx1030 wave: 32
v_cmp_lt_f16_sdwa vcc_lo, v2, v4 src0_sel:DWORD src1_sel:DWORD
v_cmp_eq_f16_sdwa vcc_lo, v2, v4 src0_sel:DWORD src1_sel:DWORD
v_cmp_le_f16_sdwa vcc_lo, v2, v4 src0_sel:DWORD src1_sel:DWORD
v_cmp_gt_f16_sdwa vcc_lo, v2, v4 src0_sel:DWORD src1_sel:DWORD
v_cmp_lg_f16_sdwa vcc_lo, v2, v4 src0_sel:DWORD src1_sel:DWORD
v_cmp_ge_f16_sdwa vcc_lo, v2, v4 src0_sel:DWORD src1_sel:DWORD
v_cmp_o_f16_sdwa vcc_lo, v2, v4 src0_sel:DWORD src1_sel:DWORD
v_cmpx_f_u32_sdwa v2, v4 src0_sel:DWORD src1_sel:DWORD
v_cmpx_lt_u32_sdwa v2, v4 src0_sel:DWORD src1_sel:DWORD
v_cmpx_eq_u32_sdwa v2, v4 src0_sel:DWORD src1_sel:DWORD
v_cmpx_le_u32_sdwa v2, v4 src0_sel:DWORD src1_sel:DWORD
v_cmpx_gt_u32_sdwa v2, v4 src0_sel:DWORD src1_sel:DWORD
