; target: gfx1030 wave: 64
v_cndmask_b32 v0, v1, v2, vcc_lo
