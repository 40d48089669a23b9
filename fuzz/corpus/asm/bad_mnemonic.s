s_bogus s0, s1
