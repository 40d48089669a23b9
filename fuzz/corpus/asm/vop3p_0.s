; target: gfx1030 wave: 32
v_pk_mad_i16 v4, v2, v6, v8
v_pk_mul_lo_u16 v4, v2, v6
v_pk_add_i16 v4, v2, v6
v_pk_sub_i16 v4, v2, v6
v_pk_lshlrev_b16 v4, v2, v6
v_pk_lshrrev_b16 v4, v2, v6
v_pk_ashrrev_i16 v4, v2, v6
v_pk_max_i16 v4, v2, v6
v_pk_min_i16 v4, v2, v6
v_pk_mad_u16 v4, v2, v6, v8
v_pk_add_u16 v4, v2, v6
v_pk_sub_u16 v4, v2, v6
