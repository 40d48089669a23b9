; target: gfx1030 wave: 32
global_load_ubyte_d16_hi v6, v[2:3], off
global_load_sbyte_d16 v6, v[2:3], off
global_load_sbyte_d16_hi v6, v[2:3], off
global_load_short_d16 v6, v[2:3], off
global_load_short_d16_hi v6, v[2:3], off
global_atomic_swap v[2:3], v4, off
global_atomic_cmpswap v[2:3], v[4:5], off
global_atomic_add v[2:3], v4, off
global_atomic_sub v[2:3], v4, off
global_atomic_smin v[2:3], v4, off
global_atomic_umin v[2:3], v4, off
global_atomic_smax v[2:3], v4, off
