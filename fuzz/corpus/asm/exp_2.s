; target: gfx1030 wave: 32
exp mrt1 v0, off, v1, off done compr vm
exp mrt2 v255, v254, v253, v252 vm
exp prim v0, off, off, off done
v_interp_p1_f32 v0, v1, attr0.x
v_interp_p1_f32 v255, v255, attr32.w
v_interp_p2_f32 v0, v1, attr1.y
v_interp_mov_f32 v0, p10, attr2.z
v_interp_mov_f32 v0, p20, attr3.w
v_interp_mov_f32 v0, p0, attr63.x
