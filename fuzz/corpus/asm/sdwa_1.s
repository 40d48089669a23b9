; target: gfx1030 wave: 32
v_add_f32_sdwa v4, v2, v6 dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:DWORD src1_sel:DWORD
v_sub_f32_sdwa v4, v2, v6 dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:DWORD src1_sel:DWORD
v_subrev_f32_sdwa v4, v2, v6 dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:DWORD src1_sel:DWORD
v_mul_legacy_f32_sdwa v4, v2, v6 dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:DWORD src1_sel:DWORD
v_mul_f32_sdwa v4, v2, v6 dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:DWORD src1_sel:DWORD
v_mul_i32_i24_sdwa v4, v2, v6 dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:DWORD src1_sel:DWORD
v_mul_hi_i32_i24_sdwa v4, v2, v6 dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:DWORD src1_sel:DWORD
v_mul_u32_u24_sdwa v4, v2, v6 dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:DWORD src1_sel:DWORD
v_mul_hi_u32_u24_sdwa v4, v2, v6 dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:DWORD src1_sel:DWORD
v_min_f32_sdwa v4, v2, v6 dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:DWORD src1_sel:DWORD
v_max_f32_sdwa v4, v2, v6 dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:DWORD src1_sel:DWORD
v_min_i32_sdwa v4, v2, v6 dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:DWORD src1_sel:DWORD
