; target: gfx1030 wave: 32
; local and global data share (DS).
; Checked to assemble with llvm-mc -arch=amdgcn -mcpu=gfx1030 -show-encoding.

; every opcode once, as llvm-mc-14 disassembles a plain encoding of it
	ds_add_u32 v2, v4
	ds_sub_u32 v2, v4
	ds_rsub_u32 v2, v4
	ds_inc_u32 v2, v4
	ds_dec_u32 v2, v4
	ds_min_i32 v2, v4
	ds_max_i32 v2, v4
	ds_min_u32 v2, v4
	ds_max_u32 v2, v4
	ds_and_b32 v2, v4
	ds_or_b32 v2, v4
	ds_xor_b32 v2, v4
	ds_mskor_b32 v2, v4, v6
	ds_write_b32 v2, v4
	ds_write2_b32 v2, v4, v6
	ds_write2st64_b32 v2, v4, v6
	ds_cmpst_b32 v2, v4, v6
	ds_cmpst_f32 v2, v4, v6
	ds_min_f32 v2, v4
	ds_max_f32 v2, v4
	ds_nop
	ds_add_f32 v2, v4
	ds_write_b8 v2, v4
	ds_write_b16 v2, v4
	ds_add_rtn_u32 v8, v2, v4
	ds_sub_rtn_u32 v8, v2, v4
	ds_rsub_rtn_u32 v8, v2, v4
	ds_inc_rtn_u32 v8, v2, v4
	ds_dec_rtn_u32 v8, v2, v4
	ds_min_rtn_i32 v8, v2, v4
	ds_max_rtn_i32 v8, v2, v4
	ds_min_rtn_u32 v8, v2, v4
	ds_max_rtn_u32 v8, v2, v4
	ds_and_rtn_b32 v8, v2, v4
	ds_or_rtn_b32 v8, v2, v4
	ds_xor_rtn_b32 v8, v2, v4
	ds_mskor_rtn_b32 v8, v2, v4, v6
	ds_wrxchg_rtn_b32 v8, v2, v4
	ds_wrxchg2_rtn_b32 v[8:9], v2, v4, v6
	ds_wrxchg2st64_rtn_b32 v[8:9], v2, v4, v6
	ds_cmpst_rtn_b32 v8, v2, v4, v6
	ds_cmpst_rtn_f32 v8, v2, v4, v6
	ds_min_rtn_f32 v8, v2, v4
	ds_max_rtn_f32 v8, v2, v4
	ds_wrap_rtn_b32 v8, v2, v4, v6
	ds_swizzle_b32 v8, v2
	ds_read_b32 v8, v2
	ds_read2_b32 v[8:9], v2
	ds_read2st64_b32 v[8:9], v2
	ds_read_i8 v8, v2
	ds_read_u8 v8, v2
	ds_read_i16 v8, v2
	ds_read_u16 v8, v2
	ds_consume v8
	ds_append v8
	ds_add_u64 v2, v[4:5]
	ds_sub_u64 v2, v[4:5]
	ds_rsub_u64 v2, v[4:5]
	ds_inc_u64 v2, v[4:5]
	ds_dec_u64 v2, v[4:5]
	ds_min_i64 v2, v[4:5]
	ds_max_i64 v2, v[4:5]
	ds_min_u64 v2, v[4:5]
	ds_max_u64 v2, v[4:5]
	ds_and_b64 v2, v[4:5]
	ds_or_b64 v2, v[4:5]
	ds_xor_b64 v2, v[4:5]
	ds_mskor_b64 v2, v[4:5], v[6:7]
	ds_write_b64 v2, v[4:5]
	ds_write2_b64 v2, v[4:5], v[6:7]
	ds_write2st64_b64 v2, v[4:5], v[6:7]
	ds_cmpst_b64 v2, v[4:5], v[6:7]
	ds_cmpst_f64 v2, v[4:5], v[6:7]
	ds_min_f64 v2, v[4:5]
	ds_max_f64 v2, v[4:5]
	ds_add_rtn_f32 v8, v2, v4
	ds_add_rtn_u64 v[8:9], v2, v[4:5]
	ds_sub_rtn_u64 v[8:9], v2, v[4:5]
	ds_rsub_rtn_u64 v[8:9], v2, v[4:5]
	ds_inc_rtn_u64 v[8:9], v2, v[4:5]
	ds_dec_rtn_u64 v[8:9], v2, v[4:5]
	ds_min_rtn_i64 v[8:9], v2, v[4:5]
	ds_max_rtn_i64 v[8:9], v2, v[4:5]
	ds_min_rtn_u64 v[8:9], v2, v[4:5]
	ds_max_rtn_u64 v[8:9], v2, v[4:5]
	ds_and_rtn_b64 v[8:9], v2, v[4:5]
	ds_or_rtn_b64 v[8:9], v2, v[4:5]
	ds_xor_rtn_b64 v[8:9], v2, v[4:5]
	ds_mskor_rtn_b64 v[8:9], v2, v[4:5], v[6:7]
	ds_wrxchg_rtn_b64 v[8:9], v2, v[4:5]
	ds_wrxchg2_rtn_b64 v[8:11], v2, v[4:5], v[6:7]
	ds_wrxchg2st64_rtn_b64 v[8:11], v2, v[4:5], v[6:7]
	ds_cmpst_rtn_b64 v[8:9], v2, v[4:5], v[6:7]
	ds_cmpst_rtn_f64 v[8:9], v2, v[4:5], v[6:7]
	ds_min_rtn_f64 v[8:9], v2, v[4:5]
	ds_max_rtn_f64 v[8:9], v2, v[4:5]
	ds_read_b64 v[8:9], v2
	ds_read2_b64 v[8:11], v2
	ds_read2st64_b64 v[8:11], v2
	ds_condxchg32_rtn_b64 v[8:9], v2, v[4:5]
	ds_write_b8_d16_hi v2, v4
	ds_write_b16_d16_hi v2, v4
	ds_read_u8_d16 v8, v2
	ds_read_u8_d16_hi v8, v2
	ds_read_i8_d16 v8, v2
	ds_read_i8_d16_hi v8, v2
	ds_read_u16_d16 v8, v2
	ds_read_u16_d16_hi v8, v2
	ds_write_addtid_b32 v4
	ds_read_addtid_b32 v8
	ds_permute_b32 v8, v2, v4
	ds_bpermute_b32 v8, v2, v4
	ds_write_b96 v2, v[4:6]
	ds_write_b128 v2, v[4:7]
	ds_read_b96 v[8:10], v2
	ds_read_b128 v[8:11], v2

; offsets and GDS
	ds_write_b32 v1, v2 offset:16
	ds_write_b32 v1, v2 offset:65535
	ds_write_b64 v1, v[2:3] offset:8
	ds_write2_b32 v1, v2, v3 offset0:4 offset1:8
	ds_write2_b32 v1, v2, v3 offset1:255
	ds_write2st64_b64 v1, v[2:3], v[4:5] offset0:1 offset1:2
	ds_read_b32 v0, v1
	ds_read_b32 v0, v1 offset:4 gds
	ds_read_b64 v[0:1], v2 offset:65535
	ds_read_b128 v[0:3], v4
	ds_read2_b32 v[0:1], v2 offset0:1 offset1:2
	ds_read2st64_b64 v[0:3], v4 offset1:1
	ds_read_u8 v0, v1
	ds_read_i16 v0, v1 offset:2
	ds_read_u8_d16_hi v0, v1
	ds_write_b8_d16_hi v1, v2
	ds_add_u32 v1, v2
	ds_add_u32 v1, v2 gds
	ds_add_rtn_u32 v0, v1, v2 offset:12
	ds_cmpst_rtn_b32 v0, v1, v2, v3
	ds_cmpst_b64 v1, v[2:3], v[4:5] offset:8
	ds_max_rtn_f32 v0, v1, v2
	ds_wrxchg_rtn_b64 v[0:1], v2, v[4:5]
	ds_swizzle_b32 v0, v1 offset:swizzle(SWAP,16)
	ds_swizzle_b32 v0, v1 offset:swizzle(REVERSE,8)
	ds_swizzle_b32 v0, v1 offset:swizzle(BROADCAST,4,1)
	ds_swizzle_b32 v0, v1 offset:swizzle(QUAD_PERM,0,1,2,3)
	ds_swizzle_b32 v0, v1 offset:swizzle(BITMASK_PERM,"01pip")
	ds_swizzle_b32 v0, v1 offset:0xffff
	ds_permute_b32 v0, v1, v2
	ds_bpermute_b32 v0, v1, v2 offset:4
	ds_append v0
	ds_consume v0 offset:4
	ds_append v0 gds
	ds_gws_init v1 offset:4 gds
	ds_gws_barrier v1 gds
	ds_gws_sema_v offset:1 gds
	ds_gws_sema_release_all gds
	ds_nop
	ds_write_addtid_b32 v1 offset:4
	ds_read_addtid_b32 v0
	ds_ordered_count v0, v1 offset:772 gds
