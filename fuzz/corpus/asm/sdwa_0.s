; target: gfx1030 wave: 32
v_mov_b32_sdwa v4, v2 dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:DWORD
v_cvt_f32_i32_sdwa v4, v2 dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:DWORD
v_cvt_f32_u32_sdwa v4, v2 dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:DWORD
v_cvt_u32_f32_sdwa v4, v2 dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:DWORD
v_cvt_i32_f32_sdwa v4, v2 dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:DWORD
v_cvt_f16_f32_sdwa v4, v2 dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:DWORD
v_cvt_f32_f16_sdwa v4, v2 dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:DWORD
v_cvt_rpi_i32_f32_sdwa v4, v2 dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:DWORD
v_cvt_flr_i32_f32_sdwa v4, v2 dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:DWORD
v_cvt_off_f32_i4_sdwa v4, v2 dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:DWORD
v_cvt_f32_ubyte0_sdwa v4, v2 dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:DWORD
v_cvt_f32_ubyte1_sdwa v4, v2 dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:DWORD
