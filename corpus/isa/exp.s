; target: gfx1030 wave: 32
; exports (EXP) and parameter interpolation (VINTRP).
; Checked to assemble with llvm-mc -arch=amdgcn -mcpu=gfx1030 -show-encoding.


; export targets, enables, flags
	exp mrt0 v0, v1, v2, v3
	exp mrt7 v0, v1, v2, v3 done
	exp mrtz v0, off, off, off
	exp null off, off, off, off
	exp pos0 v0, v1, v2, v3
	exp pos3 v0, v1, v2, v3 done
	exp param0 v0, off, v2, off
	exp param31 v0, v1, v2, v3
	exp mrt0 v0, v0, v1, v1 compr
	exp mrt1 v0, off, v1, off done compr vm
	exp mrt2 v255, v254, v253, v252 vm
	exp prim v0, off, off, off done
; parameter interpolation (VINTRP)
	v_interp_p1_f32 v0, v1, attr0.x
	v_interp_p1_f32 v255, v255, attr32.w
	v_interp_p2_f32 v0, v1, attr1.y
	v_interp_mov_f32 v0, p10, attr2.z
	v_interp_mov_f32 v0, p20, attr3.w
	v_interp_mov_f32 v0, p0, attr63.x
