; target: gfx1030 wave: 32
s_cmp_eq_u64 s[2:3], s[4:5]
s_cmp_lg_u64 s[2:3], s[4:5]
s_nop 0
s_endpgm
s_branch 0
s_wakeup
s_cbranch_scc0 0
s_cbranch_scc1 0
s_cbranch_vccz 0
s_cbranch_vccnz 0
s_cbranch_execz 0
s_cbranch_execnz 0
