; target: gfx1030 wave: 32
flat_atomic_fcmpswap v[2:3], v[4:5]
flat_atomic_fmin v[2:3], v4
flat_atomic_fmax v[2:3], v4
flat_atomic_swap_x2 v[2:3], v[4:5]
flat_atomic_cmpswap_x2 v[2:3], v[4:7]
flat_atomic_add_x2 v[2:3], v[4:5]
flat_atomic_sub_x2 v[2:3], v[4:5]
flat_atomic_smin_x2 v[2:3], v[4:5]
flat_atomic_umin_x2 v[2:3], v[4:5]
flat_atomic_smax_x2 v[2:3], v[4:5]
flat_atomic_umax_x2 v[2:3], v[4:5]
flat_atomic_and_x2 v[2:3], v[4:5]
