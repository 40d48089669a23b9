v_add_f32 v0, v[1:0], v2
