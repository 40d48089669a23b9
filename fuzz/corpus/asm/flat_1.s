; target: gfx1030 wave: 32
flat_load_ubyte_d16_hi v6, v[2:3]
flat_load_sbyte_d16 v6, v[2:3]
flat_load_sbyte_d16_hi v6, v[2:3]
flat_load_short_d16 v6, v[2:3]
flat_load_short_d16_hi v6, v[2:3]
flat_atomic_swap v[2:3], v4
flat_atomic_cmpswap v[2:3], v[4:5]
flat_atomic_add v[2:3], v4
flat_atomic_sub v[2:3], v4
flat_atomic_smin v[2:3], v4
flat_atomic_umin v[2:3], v4
flat_atomic_smax v[2:3], v4
