; target: gfx1030 wave: 64
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
