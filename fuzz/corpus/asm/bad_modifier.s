v_add_f32 v0, v1, v2 glc
