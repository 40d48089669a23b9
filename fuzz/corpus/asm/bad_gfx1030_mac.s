v_mac_f32 v0, v1, v2
