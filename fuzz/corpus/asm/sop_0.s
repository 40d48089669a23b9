; target: gfx1030 wave: 32
s_add_u32 s4, s2, s6
s_sub_u32 s4, s2, s6
s_add_i32 s4, s2, s6
s_sub_i32 s4, s2, s6
s_addc_u32 s4, s2, s6
s_subb_u32 s4, s2, s6
s_min_i32 s4, s2, s6
s_min_u32 s4, s2, s6
s_max_i32 s4, s2, s6
s_max_u32 s4, s2, s6
s_cselect_b32 s4, s2, s6
s_cselect_b64 s[4:5], s[2:3], s[6:7]
