; target: gfx1030 wave: 32
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
