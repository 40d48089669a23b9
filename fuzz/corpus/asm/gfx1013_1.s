; target: gfx1013 wave: 32
s_buffer_atomic_smin_x2 s[4:5], s[0:3], 0x10
s_buffer_atomic_umin_x2 s[4:5], s[0:3], 0x10
s_buffer_atomic_smax_x2 s[4:5], s[0:3], 0x10
s_buffer_atomic_umax_x2 s[4:5], s[0:3], 0x10
s_buffer_atomic_and_x2 s[4:5], s[0:3], 0x10
s_buffer_atomic_or_x2 s[4:5], s[0:3], 0x10
s_buffer_atomic_xor_x2 s[4:5], s[0:3], 0x10
s_buffer_atomic_inc_x2 s[4:5], s[0:3], 0x10
s_buffer_atomic_dec_x2 s[4:5], s[0:3], 0x10
s_atomic_swap s4, s[2:3], 0x10
s_atomic_cmpswap s[4:5], s[2:3], 0x10
s_atomic_add s4, s[2:3], 0x10
