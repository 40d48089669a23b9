; target: gfx1030 wave: 32
s_movrels_b32 s0, s1
s_movreld_b64 s[2:3], s[4:5]
s_movrels_b64 s[0:1], s[2:3]
s_abs_i32 s0, -5
s_getpc_b64 s[0:1]
s_setpc_b64 s[14:15]
s_swappc_b64 s[14:15], s[14:15]
s_rfe_b64 s[0:1]
s_add_u32 s0, s1, 0x12345
s_addc_u32 s0, s1, 1
s_sub_i32 s0, -1, s1
s_min_u32 s0, s1, s2
