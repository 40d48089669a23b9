; target: gfx1030 wave: 32
tbuffer_load_format_x v0, off, s[4:7], 0 format:1
tbuffer_load_format_x v0, off, s[4:7], 0 format:77
tbuffer_load_format_x v0, off, s[4:7], 0
tbuffer_load_format_x v0, off, s[4:7], 0 format:[BUF_FMT_32_FLOAT] offset:4095 glc slc dlc
tbuffer_load_format_d16_xyzw v[0:1], off, s[4:7], 0 format:[BUF_FMT_16_16_16_16_FLOAT]
tbuffer_store_format_x v0, off, s[4:7], 0 format:[BUF_FMT_32_FLOAT]
tbuffer_store_format_xyzw v[0:3], v4, s[4:7], s0 format:[BUF_FMT_8_8_8_8_UNORM] offen glc
tbuffer_store_format_d16_x v0, off, s[4:7], 0 format:[BUF_FMT_16_FLOAT]
