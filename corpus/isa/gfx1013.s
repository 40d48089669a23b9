; target: gfx1013 wave: 32
; gfx1013 (PS5): instructions gfx1030 lacks.
; Checked to assemble with llvm-mc -arch=amdgcn -mcpu=gfx1013 -show-encoding.

; every opcode once, as llvm-mc-14 disassembles a plain encoding of it
	s_scratch_load_dword s4, s[2:3], 0x10
	s_scratch_load_dwordx2 s[4:5], s[2:3], 0x10
	s_scratch_load_dwordx4 s[4:7], s[2:3], 0x10
	s_store_dword s4, s[2:3], 0x10
	s_store_dwordx2 s[4:5], s[2:3], 0x10
	s_store_dwordx4 s[4:7], s[2:3], 0x10
	s_scratch_store_dword s4, s[2:3], 0x10
	s_scratch_store_dwordx2 s[4:5], s[2:3], 0x10
	s_scratch_store_dwordx4 s[4:7], s[2:3], 0x10
	s_buffer_store_dword s4, s[0:3], 0x10
	s_buffer_store_dwordx2 s[4:5], s[0:3], 0x10
	s_buffer_store_dwordx4 s[4:7], s[0:3], 0x10
	s_dcache_wb
	s_dcache_discard s[2:3], 0x10
	s_dcache_discard_x2 s[2:3], 0x10
	s_get_waveid_in_workgroup s4
	s_buffer_atomic_swap s4, s[0:3], 0x10
	s_buffer_atomic_cmpswap s[4:5], s[0:3], 0x10
	s_buffer_atomic_add s4, s[0:3], 0x10
	s_buffer_atomic_sub s4, s[0:3], 0x10
	s_buffer_atomic_smin s4, s[0:3], 0x10
	s_buffer_atomic_umin s4, s[0:3], 0x10
	s_buffer_atomic_smax s4, s[0:3], 0x10
	s_buffer_atomic_umax s4, s[0:3], 0x10
	s_buffer_atomic_and s4, s[0:3], 0x10
	s_buffer_atomic_or s4, s[0:3], 0x10
	s_buffer_atomic_xor s4, s[0:3], 0x10
	s_buffer_atomic_inc s4, s[0:3], 0x10
	s_buffer_atomic_dec s4, s[0:3], 0x10
	s_buffer_atomic_swap_x2 s[4:5], s[0:3], 0x10
	s_buffer_atomic_cmpswap_x2 s[4:7], s[0:3], 0x10
	s_buffer_atomic_add_x2 s[4:5], s[0:3], 0x10
	s_buffer_atomic_sub_x2 s[4:5], s[0:3], 0x10
	s_buffer_atomic_smin_x2 s[4:5], s[0:3], 0x10
	s_buffer_atomic_umin_x2 s[4:5], s[0:3], 0x10
	s_buffer_atomic_smax_x2 s[4:5], s[0:3], 0x10
	s_buffer_atomic_umax_x2 s[4:5], s[0:3], 0x10
	s_buffer_atomic_and_x2 s[4:5], s[0:3], 0x10
	s_buffer_atomic_or_x2 s[4:5], s[0:3], 0x10
	s_buffer_atomic_xor_x2 s[4:5], s[0:3], 0x10
	s_buffer_atomic_inc_x2 s[4:5], s[0:3], 0x10
	s_buffer_atomic_dec_x2 s[4:5], s[0:3], 0x10
	s_atomic_swap s4, s[2:3], 0x10
	s_atomic_cmpswap s[4:5], s[2:3], 0x10
	s_atomic_add s4, s[2:3], 0x10
	s_atomic_sub s4, s[2:3], 0x10
	s_atomic_smin s4, s[2:3], 0x10
	s_atomic_umin s4, s[2:3], 0x10
	s_atomic_smax s4, s[2:3], 0x10
	s_atomic_umax s4, s[2:3], 0x10
	s_atomic_and s4, s[2:3], 0x10
	s_atomic_or s4, s[2:3], 0x10
	s_atomic_xor s4, s[2:3], 0x10
	s_atomic_inc s4, s[2:3], 0x10
	s_atomic_dec s4, s[2:3], 0x10
	s_atomic_swap_x2 s[4:5], s[2:3], 0x10
	s_atomic_cmpswap_x2 s[4:7], s[2:3], 0x10
	s_atomic_add_x2 s[4:5], s[2:3], 0x10
	s_atomic_sub_x2 s[4:5], s[2:3], 0x10
	s_atomic_smin_x2 s[4:5], s[2:3], 0x10
	s_atomic_umin_x2 s[4:5], s[2:3], 0x10
	s_atomic_smax_x2 s[4:5], s[2:3], 0x10
	s_atomic_umax_x2 s[4:5], s[2:3], 0x10
	s_atomic_and_x2 s[4:5], s[2:3], 0x10
	s_atomic_or_x2 s[4:5], s[2:3], 0x10
	s_atomic_xor_x2 s[4:5], s[2:3], 0x10
	s_atomic_inc_x2 s[4:5], s[2:3], 0x10
	s_atomic_dec_x2 s[4:5], s[2:3], 0x10
	v_mac_legacy_f32_e32 v4, v2, v6
	v_mac_f32_e32 v4, v2, v6
	v_mac_legacy_f32_e64 v4, v2, v6
	v_mac_f32_e64 v4, v2, v6
	v_mad_legacy_f32 v4, v2, v6, v8
	v_mad_f32 v4, v2, v6, v8
	v_mul_lo_i32 v4, v2, v6
	ds_add_src2_u32 v2
	ds_sub_src2_u32 v2
	ds_rsub_src2_u32 v2
	ds_inc_src2_u32 v2
	ds_dec_src2_u32 v2
	ds_min_src2_i32 v2
	ds_max_src2_i32 v2
	ds_min_src2_u32 v2
	ds_max_src2_u32 v2
	ds_and_src2_b32 v2
	ds_or_src2_b32 v2
	ds_xor_src2_b32 v2
	ds_write_src2_b32 v2
	ds_min_src2_f32 v2
	ds_max_src2_f32 v2
	ds_add_src2_f32 v2
	ds_add_src2_u64 v2
	ds_sub_src2_u64 v2
	ds_rsub_src2_u64 v2
	ds_inc_src2_u64 v2
	ds_dec_src2_u64 v2
	ds_min_src2_i64 v2
	ds_max_src2_i64 v2
	ds_min_src2_u64 v2
	ds_max_src2_u64 v2
	ds_and_src2_b64 v2
	ds_or_src2_b64 v2
	ds_xor_src2_b64 v2
	ds_write_src2_b64 v2
	ds_min_src2_f64 v2
	ds_max_src2_f64 v2
	v_mac_f32_dpp v4, v2, v6 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_mac_f32_dpp v4, v2, v6 dpp8:[0,1,2,3,4,5,6,7]

; gfx1013 keeps the mac/mad family that gfx1030 dropped
	v_mac_f32 v0, v1, v2
	v_mac_f32_e64 v0, -v1, v2 clamp
	v_mac_f32_dpp v0, v1, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
	v_mac_legacy_f32 v0, v1, v2
	v_mad_f32 v0, v1, v2, v3
	v_mad_f32 v0, -v1, 0.5, |v3| mul:2
	v_mad_legacy_f32 v0, v1, v2, v3
	v_madak_f32 v0, v1, v2, 0x42000000
	v_madmk_f32 v0, v1, 0x42000000, v2
	v_mul_lo_i32 v0, v1, v2
; scalar stores and atomics
	s_store_dword s0, s[2:3], 0x10 glc
	s_store_dwordx2 s[0:1], s[2:3], s4
	s_buffer_store_dwordx4 s[4:7], s[8:11], 0x0
	s_atomic_add s0, s[2:3], 0x0 glc
	s_atomic_cmpswap_x2 s[4:7], s[2:3], 0x8 glc
	s_buffer_atomic_inc s0, s[4:7], s1
	s_scratch_load_dword s0, s[2:3], 0x4
	s_dcache_wb
	s_dcache_discard s[2:3], 0x0
	s_get_waveid_in_workgroup s0
; LDS src2 forms
	ds_add_src2_u32 v1 offset:4
	ds_max_src2_f64 v1 gds
; common instructions print the same as on gfx1030
	v_fma_f32 v0, v1, v2, v3
	v_add_f32 v0, v1, v2
	s_endpgm
