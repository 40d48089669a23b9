; target: gfx1030 wave: 32
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
