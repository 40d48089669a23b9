; target: gfx1030 wave: 32
; packed vector ALU (VOP3P).
; Checked to assemble with llvm-mc -arch=amdgcn -mcpu=gfx1030 -show-encoding.

; every opcode once, as llvm-mc-14 disassembles a plain encoding of it
	v_pk_mad_i16 v4, v2, v6, v8
	v_pk_mul_lo_u16 v4, v2, v6
	v_pk_add_i16 v4, v2, v6
	v_pk_sub_i16 v4, v2, v6
	v_pk_lshlrev_b16 v4, v2, v6
	v_pk_lshrrev_b16 v4, v2, v6
	v_pk_ashrrev_i16 v4, v2, v6
	v_pk_max_i16 v4, v2, v6
	v_pk_min_i16 v4, v2, v6
	v_pk_mad_u16 v4, v2, v6, v8
	v_pk_add_u16 v4, v2, v6
	v_pk_sub_u16 v4, v2, v6
	v_pk_max_u16 v4, v2, v6
	v_pk_min_u16 v4, v2, v6
	v_pk_fma_f16 v4, v2, v6, v8
	v_pk_add_f16 v4, v2, v6
	v_pk_mul_f16 v4, v2, v6
	v_pk_min_f16 v4, v2, v6
	v_pk_max_f16 v4, v2, v6
	v_dot2_f32_f16 v4, v2, v6, v8
	v_dot2_i32_i16 v4, v2, v6, v8
	v_dot2_u32_u16 v4, v2, v6, v8
	v_dot4_i32_i8 v4, v2, v6, v8
	v_dot4_u32_u8 v4, v2, v6, v8
	v_dot8_i32_i4 v4, v2, v6, v8
	v_dot8_u32_u4 v4, v2, v6, v8
	v_fma_mix_f32 v4, v2, v6, v8 op_sel_hi:[1,1,1]
	v_fma_mixlo_f16 v4, v2, v6, v8 op_sel_hi:[1,1,1]
	v_fma_mixhi_f16 v4, v2, v6, v8 op_sel_hi:[1,1,1]

; packed modifiers
	v_pk_add_f16 v0, v1, v2
	v_pk_add_f16 v0, v1, v2 op_sel:[1,0]
	v_pk_add_f16 v0, v1, v2 op_sel_hi:[0,1]
	v_pk_add_f16 v0, v1, v2 op_sel:[1,1] op_sel_hi:[0,0]
	v_pk_add_f16 v0, v1, v2 neg_lo:[1,0] neg_hi:[0,1]
	v_pk_add_f16 v0, v1, v2 clamp
	v_pk_mul_f16 v0, 1.0, v2
	v_pk_mul_f16 v0, -2.0, v2 op_sel_hi:[0,1]
	v_pk_mul_f16 v0, 0x3c00, v2
	v_pk_mul_f16 v0, 0x12345678, v2
	v_pk_mul_f16 v0, s1, v2
	v_pk_fma_f16 v0, v1, v2, v3 neg_lo:[0,0,1] neg_hi:[1,1,1]
	v_pk_fma_f16 v0, v1, v2, v3 op_sel:[0,0,1] op_sel_hi:[1,1,0]
	v_pk_add_u16 v0, v1, 64
	v_pk_add_u16 v0, v1, -1 clamp
	v_pk_add_i16 v0, v1, v2 op_sel:[1,0]
	v_pk_lshlrev_b16 v0, 1, v2
	v_pk_mad_u16 v0, v1, v2, v3
	v_pk_max_i16 v0, 0x10001, v2
	v_dot2_f32_f16 v0, v1, v2, v3
	v_dot2_f32_f16 v0, v1, v2, v3 neg_lo:[1,1,0] clamp
	v_dot2_i32_i16 v0, v1, v2, v3 clamp
	v_dot4_u32_u8 v0, v1, v2, 0
	v_dot8_i32_i4 v0, v1, v2, v3
	v_fma_mix_f32 v0, v1, v2, v3
	v_fma_mix_f32 v0, v1, v2, v3 op_sel:[1,0,0] op_sel_hi:[1,1,1]
	v_fma_mix_f32 v0, -v1, |v2|, v3 op_sel_hi:[1,0,1]
	v_fma_mixlo_f16 v0, v1, v2, v3 op_sel_hi:[1,1,1] clamp
	v_fma_mixhi_f16 v0, v1, v2, v3 op_sel:[0,0,1]
