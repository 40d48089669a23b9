image_sample v[0:3], [v4, v5, s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_2D
