; target: gfx1030 wave: 32
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
