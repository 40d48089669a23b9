; target: gfx1030 wave: 32
s_cmov_b32 s4, s2
s_cmov_b64 s[4:5], s[2:3]
s_not_b32 s4, s2
s_not_b64 s[4:5], s[2:3]
s_wqm_b32 s4, s2
s_wqm_b64 s[4:5], s[2:3]
s_brev_b32 s4, s2
s_brev_b64 s[4:5], s[2:3]
s_bcnt0_i32_b32 s4, s2
s_bcnt0_i32_b64 s4, s[2:3]
s_bcnt1_i32_b32 s4, s2
s_bcnt1_i32_b64 s4, s[2:3]
