; target: gfx1030 wave: 32
v_pk_add_f16 v0, v1, v2
v_pk_add_f16 v0, v1, v2 op_sel:[1,0]
v_pk_add_f16 v0, v1, v2 op_sel_hi:[0,1]
v_pk_add_f16 v0, v1, v2 op_sel:[1,1] op_sel_hi:[0,0]
v_pk_add_f16 v0, v1, v2 neg_lo:[1,0] neg_hi:[0,1]
v_pk_add_f16 v0, v1, v2 clamp
v_pk_mul_f16 v0, 1.0, v2
v_pk_mul_f16 v0, -2.0, v2 op_sel_hi:[0,1]
v_pk_mul_f16 v0, 0x3c00, v2
v_pk_mul_f16 v0, 0x12345678, v2
v_pk_mul_f16 v0, s1, v2
v_pk_fma_f16 v0, v1, v2, v3 neg_lo:[0,0,1] neg_hi:[1,1,1]
