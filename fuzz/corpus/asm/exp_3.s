; target: gfx1030 wave: 32
v_interp_p1_f32 v255, v255, attr32.w
v_interp_p2_f32 v0, v1, attr1.y
v_interp_mov_f32 v0, p10, attr2.z
v_interp_mov_f32 v0, p20, attr3.w
v_interp_mov_f32 v0, p0, attr63.x
