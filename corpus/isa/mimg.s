; target: gfx1030 wave: 32
; image memory (MIMG), NSA included.
; Checked to assemble with llvm-mc -arch=amdgcn -mcpu=gfx1030 -show-encoding.

; every opcode once, as llvm-mc-14 disassembles a plain encoding of it
	image_load v[4:7], v2, s[8:15] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_load_mip v[4:7], v[2:3], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_load_pck v[4:7], v2, s[8:15] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_load_pck_sgn v[4:7], v2, s[8:15] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_load_mip_pck v[4:7], v[2:3], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_load_mip_pck_sgn v[4:7], v[2:3], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_store v[4:7], v2, s[8:15] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_store_mip v[4:7], v[2:3], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_store_pck v[4:7], v2, s[8:15] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_store_mip_pck v[4:7], v[2:3], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_get_resinfo v[4:7], v2, s[8:15] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_atomic_cmpswap v[4:7], v2, s[8:15] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_atomic_fcmpswap v[4:7], v2, s[8:15] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample v[4:7], v2, s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample_cl v[4:7], v[2:3], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample_d v[4:7], v[2:4], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample_d_cl v[4:7], v[2:5], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample_l v[4:7], v[2:3], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample_b v[4:7], v[2:3], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample_b_cl v[4:7], v[2:4], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample_lz v[4:7], v2, s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample_c v[4:7], v[2:3], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample_c_cl v[4:7], v[2:4], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample_c_d v[4:7], v[2:5], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample_c_d_cl v[4:7], v[2:6], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample_c_l v[4:7], v[2:4], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample_c_b v[4:7], v[2:4], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample_c_b_cl v[4:7], v[2:5], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample_c_lz v[4:7], v[2:3], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample_o v[4:7], v[2:3], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample_cl_o v[4:7], v[2:4], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample_d_o v[4:7], v[2:5], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample_d_cl_o v[4:7], v[2:6], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample_l_o v[4:7], v[2:4], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample_b_o v[4:7], v[2:4], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample_b_cl_o v[4:7], v[2:5], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample_lz_o v[4:7], v[2:3], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample_c_o v[4:7], v[2:4], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample_c_cl_o v[4:7], v[2:5], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample_c_d_o v[4:7], v[2:6], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample_c_d_cl_o v[4:7], v[2:7], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample_c_l_o v[4:7], v[2:5], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample_c_b_o v[4:7], v[2:5], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample_c_b_cl_o v[4:7], v[2:6], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample_c_lz_o v[4:7], v[2:4], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_get_lod v[4:7], v2, s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample_cd v[4:7], v[2:4], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample_cd_cl v[4:7], v[2:5], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample_c_cd v[4:7], v[2:5], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample_c_cd_cl v[4:7], v[2:6], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample_cd_o v[4:7], v[2:5], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample_cd_cl_o v[4:7], v[2:6], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample_c_cd_o v[4:7], v[2:6], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample_c_cd_cl_o v[4:7], v[2:7], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample_d_g16 v[4:7], v[2:4], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample_d_cl_g16 v[4:7], v[2:5], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample_c_d_g16 v[4:7], v[2:5], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample_c_d_cl_g16 v[4:7], v[2:6], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample_d_o_g16 v[4:7], v[2:5], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample_d_cl_o_g16 v[4:7], v[2:6], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample_c_d_o_g16 v[4:7], v[2:6], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample_c_d_cl_o_g16 v[4:7], v[2:7], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample_cd_g16 v[4:7], v[2:4], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample_cd_cl_g16 v[4:7], v[2:5], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample_c_cd_g16 v[4:7], v[2:5], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample_c_cd_cl_g16 v[4:7], v[2:6], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample_cd_o_g16 v[4:7], v[2:5], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample_cd_cl_o_g16 v[4:7], v[2:6], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample_c_cd_o_g16 v[4:7], v[2:6], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
	image_sample_c_cd_cl_o_g16 v[4:7], v[2:7], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D

; dimensions, NSA addresses, modifiers
	image_load v[0:3], v[4:5], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_2D
	image_load v0, v[4:6], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_3D
	image_load v[0:1], v[4:6], s[8:15] dmask:0x3 dim:SQ_RSRC_IMG_CUBE
	image_load v[0:2], v[4:5], s[8:15] dmask:0x7 dim:SQ_RSRC_IMG_1D_ARRAY
	image_load v[0:3], v[4:6], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_2D_ARRAY
	image_load v[0:3], v[4:6], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_2D_MSAA
	image_load v[0:3], v[4:7], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_2D_MSAA_ARRAY
	image_load v[0:3], [v4, v6], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_2D
	image_load v[0:3], [v4, v6, v1], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_3D
	image_load v[0:3], v4, s[8:15] dmask:0xf dim:SQ_RSRC_IMG_1D unorm glc slc dlc
	image_load v[0:4], v4, s[8:15] dmask:0xf dim:SQ_RSRC_IMG_1D tfe
	image_load v[0:3], v4, s[8:15] dmask:0xf dim:SQ_RSRC_IMG_1D lwe
	image_load v[0:1], v4, s[8:15] dmask:0xf dim:SQ_RSRC_IMG_1D d16
	image_load v[0:3], v4, s[8:15] dmask:0xf dim:SQ_RSRC_IMG_2D a16
	image_load v[0:1], v4, s[8:15] dmask:0x9 dim:SQ_RSRC_IMG_1D
	image_store v[0:3], v[4:5], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_2D
	image_store v0, v4, s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_1D glc
	image_sample v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_2D
	image_sample v[0:3], [v4, v5, v6], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_3D
	image_sample_c_d v[0:3], [v4, v5, v6, v7, v8, v9, v10], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_2D
	image_sample_c_d_cl_o v[0:3], [v4, v5, v6, v7, v8, v9, v10, v11, v12], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_2D
	image_sample_l v0, v[4:6], s[8:15], s[16:19] dmask:0x1 dim:SQ_RSRC_IMG_2D
	image_sample_b v[0:1], v[4:6], ttmp[8:15], ttmp[4:7] dmask:0x3 dim:SQ_RSRC_IMG_2D
	image_gather4 v[0:3], v[4:5], s[8:15], s[16:19] dmask:0x1 dim:SQ_RSRC_IMG_2D
	image_gather4_c_lz v[0:3], v[4:6], s[8:15], s[16:19] dmask:0x8 dim:SQ_RSRC_IMG_2D
	image_get_resinfo v[0:3], v4, s[8:15] dmask:0xf dim:SQ_RSRC_IMG_2D
	image_get_lod v[0:1], v[4:5], s[8:15], s[16:19] dmask:0x3 dim:SQ_RSRC_IMG_2D
	image_atomic_add v0, v[4:5], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_2D glc
	image_atomic_cmpswap v[0:1], v[4:5], s[8:15] dmask:0x3 dim:SQ_RSRC_IMG_2D glc
	image_msaa_load v[0:3], v[4:6], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_2D_MSAA
	image_bvh_intersect_ray v[0:3], v[4:11], s[8:11] a16
	image_bvh64_intersect_ray v[0:3], [v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15], s[8:11]
	image_bvh_intersect_ray v[0:3], [v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14], s[8:11]
