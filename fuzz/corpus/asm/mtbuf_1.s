; target: gfx1030 wave: 32
tbuffer_store_format_xyzw v[4:7], off, s[8:11], 0 format:[BUF_FMT_32_FLOAT]
tbuffer_load_format_d16_x v4, off, s[8:11], 0 format:[BUF_FMT_32_FLOAT]
tbuffer_load_format_d16_xy v4, off, s[8:11], 0 format:[BUF_FMT_32_FLOAT]
tbuffer_load_format_d16_xyz v[4:5], off, s[8:11], 0 format:[BUF_FMT_32_FLOAT]
tbuffer_load_format_d16_xyzw v[4:5], off, s[8:11], 0 format:[BUF_FMT_32_FLOAT]
tbuffer_store_format_d16_x v4, off, s[8:11], 0 format:[BUF_FMT_32_FLOAT]
tbuffer_store_format_d16_xy v4, off, s[8:11], 0 format:[BUF_FMT_32_FLOAT]
tbuffer_store_format_d16_xyz v[4:5], off, s[8:11], 0 format:[BUF_FMT_32_FLOAT]
tbuffer_store_format_d16_xyzw v[4:5], off, s[8:11], 0 format:[BUF_FMT_32_FLOAT]
tbuffer_load_format_x v0, off, s[4:7], 0 format:[BUF_FMT_8_UNORM]
tbuffer_load_format_x v0, off, s[4:7], 0 format:[BUF_FMT_32_UINT]
tbuffer_load_format_xy v[0:1], v2, s[4:7], s1 format:[BUF_FMT_16_16_FLOAT] offen offset:8
