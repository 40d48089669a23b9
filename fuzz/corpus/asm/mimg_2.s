; target: gfx1030 wave: 32
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
