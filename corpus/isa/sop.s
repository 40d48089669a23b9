; target: gfx1030 wave: 32
; scalar ALU: SOP2, SOPK, SOP1, SOPC, SOPP.
; Checked to assemble with llvm-mc -arch=amdgcn -mcpu=gfx1030 -show-encoding.

; every opcode once, as llvm-mc-14 disassembles a plain encoding of it
	s_add_u32 s4, s2, s6
	s_sub_u32 s4, s2, s6
	s_add_i32 s4, s2, s6
	s_sub_i32 s4, s2, s6
	s_addc_u32 s4, s2, s6
	s_subb_u32 s4, s2, s6
	s_min_i32 s4, s2, s6
	s_min_u32 s4, s2, s6
	s_max_i32 s4, s2, s6
	s_max_u32 s4, s2, s6
	s_cselect_b32 s4, s2, s6
	s_cselect_b64 s[4:5], s[2:3], s[6:7]
	s_and_b32 s4, s2, s6
	s_and_b64 s[4:5], s[2:3], s[6:7]
	s_or_b32 s4, s2, s6
	s_or_b64 s[4:5], s[2:3], s[6:7]
	s_xor_b32 s4, s2, s6
	s_xor_b64 s[4:5], s[2:3], s[6:7]
	s_andn2_b32 s4, s2, s6
	s_andn2_b64 s[4:5], s[2:3], s[6:7]
	s_orn2_b32 s4, s2, s6
	s_orn2_b64 s[4:5], s[2:3], s[6:7]
	s_nand_b32 s4, s2, s6
	s_nand_b64 s[4:5], s[2:3], s[6:7]
	s_nor_b32 s4, s2, s6
	s_nor_b64 s[4:5], s[2:3], s[6:7]
	s_xnor_b32 s4, s2, s6
	s_xnor_b64 s[4:5], s[2:3], s[6:7]
	s_lshl_b32 s4, s2, s6
	s_lshl_b64 s[4:5], s[2:3], s6
	s_lshr_b32 s4, s2, s6
	s_lshr_b64 s[4:5], s[2:3], s6
	s_ashr_i32 s4, s2, s6
	s_ashr_i64 s[4:5], s[2:3], s6
	s_bfm_b32 s4, s2, s6
	s_bfm_b64 s[4:5], s2, s6
	s_mul_i32 s4, s2, s6
	s_bfe_u32 s4, s2, s6
	s_bfe_i32 s4, s2, s6
	s_bfe_u64 s[4:5], s[2:3], s6
	s_bfe_i64 s[4:5], s[2:3], s6
	s_absdiff_i32 s4, s2, s6
	s_lshl1_add_u32 s4, s2, s6
	s_lshl2_add_u32 s4, s2, s6
	s_lshl3_add_u32 s4, s2, s6
	s_lshl4_add_u32 s4, s2, s6
	s_pack_ll_b32_b16 s4, s2, s6
	s_pack_lh_b32_b16 s4, s2, s6
	s_pack_hh_b32_b16 s4, s2, s6
	s_mul_hi_u32 s4, s2, s6
	s_mul_hi_i32 s4, s2, s6
	s_movk_i32 s4, 0x1234
	s_version 0x1234
	s_cmovk_i32 s4, 0x1234
	s_cmpk_eq_i32 s4, 0x1234
	s_cmpk_lg_i32 s4, 0x1234
	s_cmpk_gt_i32 s4, 0x1234
	s_cmpk_ge_i32 s4, 0x1234
	s_cmpk_lt_i32 s4, 0x1234
	s_cmpk_le_i32 s4, 0x1234
	s_cmpk_eq_u32 s4, 0x1234
	s_cmpk_lg_u32 s4, 0x1234
	s_cmpk_gt_u32 s4, 0x1234
	s_cmpk_ge_u32 s4, 0x1234
	s_cmpk_lt_u32 s4, 0x1234
	s_cmpk_le_u32 s4, 0x1234
	s_addk_i32 s4, 0x1234
	s_mulk_i32 s4, 0x1234
	s_getreg_b32 s4, hwreg(52, 8, 3)
	s_setreg_b32 hwreg(52, 8, 3), s4
	s_call_b64 s[4:5], 4660
	s_waitcnt_vscnt s4, 0x1234
	s_waitcnt_vmcnt s4, 0x1234
	s_waitcnt_expcnt s4, 0x1234
	s_waitcnt_lgkmcnt s4, 0x1234
	s_subvector_loop_begin s4, 4660
	s_subvector_loop_end s4, 4660
	s_mov_b32 s4, s2
	s_mov_b64 s[4:5], s[2:3]
	s_cmov_b32 s4, s2
	s_cmov_b64 s[4:5], s[2:3]
	s_not_b32 s4, s2
	s_not_b64 s[4:5], s[2:3]
	s_wqm_b32 s4, s2
	s_wqm_b64 s[4:5], s[2:3]
	s_brev_b32 s4, s2
	s_brev_b64 s[4:5], s[2:3]
	s_bcnt0_i32_b32 s4, s2
	s_bcnt0_i32_b64 s4, s[2:3]
	s_bcnt1_i32_b32 s4, s2
	s_bcnt1_i32_b64 s4, s[2:3]
	s_ff0_i32_b32 s4, s2
	s_ff0_i32_b64 s4, s[2:3]
	s_ff1_i32_b32 s4, s2
	s_ff1_i32_b64 s4, s[2:3]
	s_flbit_i32_b32 s4, s2
	s_flbit_i32_b64 s4, s[2:3]
	s_flbit_i32 s4, s2
	s_flbit_i32_i64 s4, s[2:3]
	s_sext_i32_i8 s4, s2
	s_sext_i32_i16 s4, s2
	s_bitset0_b32 s4, s2
	s_bitset0_b64 s[4:5], s2
	s_bitset1_b32 s4, s2
	s_bitset1_b64 s[4:5], s2
	s_getpc_b64 s[4:5]
	s_setpc_b64 s[2:3]
	s_swappc_b64 s[4:5], s[2:3]
	s_rfe_b64 s[2:3]
	s_and_saveexec_b64 s[4:5], s[2:3]
	s_or_saveexec_b64 s[4:5], s[2:3]
	s_xor_saveexec_b64 s[4:5], s[2:3]
	s_andn2_saveexec_b64 s[4:5], s[2:3]
	s_orn2_saveexec_b64 s[4:5], s[2:3]
	s_nand_saveexec_b64 s[4:5], s[2:3]
	s_nor_saveexec_b64 s[4:5], s[2:3]
	s_xnor_saveexec_b64 s[4:5], s[2:3]
	s_quadmask_b32 s4, s2
	s_quadmask_b64 s[4:5], s[2:3]
	s_movrels_b32 s4, s2
	s_movrels_b64 s[4:5], s[2:3]
	s_movreld_b32 s4, s2
	s_movreld_b64 s[4:5], s[2:3]
	s_abs_i32 s4, s2
	s_andn1_saveexec_b64 s[4:5], s[2:3]
	s_orn1_saveexec_b64 s[4:5], s[2:3]
	s_andn1_wrexec_b64 s[4:5], s[2:3]
	s_andn2_wrexec_b64 s[4:5], s[2:3]
	s_bitreplicate_b64_b32 s[4:5], s2
	s_and_saveexec_b32 s4, s2
	s_or_saveexec_b32 s4, s2
	s_xor_saveexec_b32 s4, s2
	s_andn2_saveexec_b32 s4, s2
	s_orn2_saveexec_b32 s4, s2
	s_nand_saveexec_b32 s4, s2
	s_nor_saveexec_b32 s4, s2
	s_xnor_saveexec_b32 s4, s2
	s_andn1_saveexec_b32 s4, s2
	s_orn1_saveexec_b32 s4, s2
	s_andn1_wrexec_b32 s4, s2
	s_andn2_wrexec_b32 s4, s2
	s_movrelsd_2_b32 s4, s2
	s_cmp_eq_i32 s2, s4
	s_cmp_lg_i32 s2, s4
	s_cmp_gt_i32 s2, s4
	s_cmp_ge_i32 s2, s4
	s_cmp_lt_i32 s2, s4
	s_cmp_le_i32 s2, s4
	s_cmp_eq_u32 s2, s4
	s_cmp_lg_u32 s2, s4
	s_cmp_gt_u32 s2, s4
	s_cmp_ge_u32 s2, s4
	s_cmp_lt_u32 s2, s4
	s_cmp_le_u32 s2, s4
	s_bitcmp0_b32 s2, s4
	s_bitcmp1_b32 s2, s4
	s_bitcmp0_b64 s[2:3], s4
	s_bitcmp1_b64 s[2:3], s4
	s_cmp_eq_u64 s[2:3], s[4:5]
	s_cmp_lg_u64 s[2:3], s[4:5]
	s_nop 0
	s_endpgm
	s_branch 0
	s_wakeup
	s_cbranch_scc0 0
	s_cbranch_scc1 0
	s_cbranch_vccz 0
	s_cbranch_vccnz 0
	s_cbranch_execz 0
	s_cbranch_execnz 0
	s_barrier
	s_setkill 0
	s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)
	s_sethalt 0
	s_sleep 0
	s_setprio 0
	s_sendmsg sendmsg(0, 0, 0)
	s_sendmsghalt sendmsg(0, 0, 0)
	s_trap 0
	s_icache_inv
	s_incperflevel 0
	s_decperflevel 0
	s_ttracedata
	s_cbranch_cdbgsys 0
	s_cbranch_cdbguser 0
	s_cbranch_cdbgsys_or_user 0
	s_cbranch_cdbgsys_and_user 0
	s_endpgm_saved
	s_endpgm_ordered_ps_done
	s_code_end
	s_inst_prefetch 0x0
	s_clause 0x0
	s_wait_idle
	s_waitcnt_depctr 0x0
	s_round_mode 0x0
	s_denorm_mode 0
	s_ttracedata_imm 0x0

; scalar operands: inline constants, literals, special registers
	s_mov_b32 s0, 0x12345678
	s_mov_b32 s1, -1
	s_mov_b32 s2, 64
	s_mov_b32 s3, -16
	s_mov_b32 s4, 0.5
	s_mov_b32 s5, -4.0
	s_mov_b32 s6, 0.15915494
	s_mov_b32 s7, 0x3f800001
	s_mov_b32 s8, vcc_lo
	s_mov_b32 s9, vcc_hi
	s_mov_b32 s10, exec_lo
	s_mov_b32 s11, m0
	s_mov_b32 m0, s12
	s_mov_b32 s105, null
	s_mov_b32 ttmp0, s0
	s_mov_b32 s0, ttmp15
	s_mov_b32 s0, src_shared_base
	s_mov_b32 s0, src_private_limit
	s_mov_b32 s0, src_pops_exiting_wave_id
	s_mov_b32 s0, scc
	s_mov_b32 s0, execz
	s_mov_b32 s0, vccz
	s_mov_b64 s[0:1], exec
	s_mov_b64 vcc, s[2:3]
	s_mov_b64 s[4:5], -2
	s_mov_b64 s[4:5], 0x12345678
	s_mov_b64 s[4:5], 1.0
	s_mov_b64 s[104:105], ttmp[14:15]
	s_mov_b64 exec, s[2:3]
	s_cmov_b32 s0, s1
	s_not_b32 s0, 0xffff
	s_brev_b32 s0, s1
	s_bcnt1_i32_b64 s0, s[2:3]
	s_ff1_i32_b32 s0, 0
	s_flbit_i32_b64 s0, s[4:5]
	s_sext_i32_i16 s0, 0xffff8000
	s_bitset1_b32 s0, 31
	s_and_saveexec_b32 s0, s1
	s_or_saveexec_b64 s[0:1], s[2:3]
	s_andn2_wrexec_b32 s0, s1
	s_movrels_b32 s0, s1
	s_movreld_b64 s[2:3], s[4:5]
	s_movrels_b64 s[0:1], s[2:3]
	s_abs_i32 s0, -5
	s_getpc_b64 s[0:1]
	s_setpc_b64 s[14:15]
	s_swappc_b64 s[14:15], s[14:15]
	s_rfe_b64 s[0:1]
; two sources
	s_add_u32 s0, s1, 0x12345
	s_addc_u32 s0, s1, 1
	s_sub_i32 s0, -1, s1
	s_min_u32 s0, s1, s2
	s_and_b64 s[0:1], s[2:3], exec
	s_or_b32 exec_lo, exec_lo, s0
	s_xor_b64 vcc, vcc, -1
	s_lshl_b64 s[0:1], s[2:3], 3
	s_lshr_b32 s0, s1, 31
	s_ashr_i64 s[0:1], s[2:3], s4
	s_bfm_b32 s0, 5, 3
	s_mul_i32 s0, s1, 0x10001
	s_bfe_u32 s0, s1, 0x80008
	s_bfe_i64 s[0:1], s[2:3], 0x100000
	s_cselect_b64 s[0:1], s[2:3], 0
	s_lshl1_add_u32 s0, s1, s2
	s_pack_ll_b32_b16 s0, s1, s2
	s_mul_hi_u32 s0, s1, s2
	s_absdiff_i32 s0, s1, -7
; compares
	s_cmp_eq_u32 s0, 0x1000
	s_cmp_lg_u64 s[0:1], 0
	s_cmp_lt_i32 s0, -1
	s_bitcmp1_b32 s0, 5
	s_bitcmp0_b64 s[0:1], 63
; 16-bit immediates
	s_movk_i32 s0, 0x1234
	s_movk_i32 s0, 0xffff
	s_cmovk_i32 s1, 0x7fff
	s_cmpk_eq_i32 s0, 0x8000
	s_cmpk_lg_u32 s0, 0xffff
	s_addk_i32 s0, 0x100
	s_mulk_i32 s0, 0xfffe
	s_getreg_b32 s0, hwreg(HW_REG_MODE)
	s_getreg_b32 s0, hwreg(HW_REG_HW_ID1, 8, 4)
	s_getreg_b32 s0, hwreg(HW_REG_SH_MEM_BASES, 0, 16)
	s_setreg_b32 hwreg(HW_REG_MODE, 0, 4), s0
	s_setreg_b32 hwreg(HW_REG_TRAPSTS, 8, 1), s1
	s_setreg_imm32_b32 hwreg(HW_REG_MODE), 0x12
	s_setreg_imm32_b32 hwreg(HW_REG_MODE, 4, 4), 0xf0
	s_call_b64 s[30:31], 4
	s_waitcnt_vscnt null, 0x0
	s_waitcnt_vmcnt s1, 0x3
	s_waitcnt_expcnt null, 0x1
	s_waitcnt_lgkmcnt s0, 0x2
	s_version 0x5
	s_subvector_loop_begin s0, 12
	s_subvector_loop_end s0, 12
; program control
	s_nop 7
	s_sleep 2
	s_setprio 3
	s_trap 2
	s_waitcnt vmcnt(0)
	s_waitcnt lgkmcnt(0)
	s_waitcnt vmcnt(1) expcnt(2) lgkmcnt(3)
	s_waitcnt vmcnt(63) lgkmcnt(15)
	s_sendmsg sendmsg(MSG_INTERRUPT)
	s_sendmsg sendmsg(MSG_GS, GS_OP_EMIT, 1)
	s_sendmsg sendmsg(MSG_GS_DONE, GS_OP_NOP)
	s_sendmsg sendmsg(MSG_GET_DOORBELL)
	s_sendmsghalt sendmsg(MSG_SAVEWAVE)
	s_inst_prefetch 0x1
	s_clause 0x3f
	s_round_mode 0x3
	s_denorm_mode 0xf
	s_waitcnt_depctr 0xffe3
	s_ttracedata_imm 0x10
	s_setkill 1
	s_sethalt 1
	s_incperflevel 3
	s_icache_inv
	s_code_end
; branches with labels
start:
	s_cbranch_scc0 start
	s_cbranch_execz skip
	s_cbranch_vccnz start
	s_branch skip
	s_cbranch_cdbgsys skip
skip:
	s_endpgm
