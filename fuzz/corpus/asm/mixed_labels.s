start:
  s_mov_b32 s0, 10
loop: s_sub_u32 s0, s0, 1 ; count down
  s_cbranch_scc0 loop // again
  .long 0xbf800000, 0x12345678
  s_branch start
  s_endpgm
