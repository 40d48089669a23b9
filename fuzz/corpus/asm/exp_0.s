; target: gfx1030 wave: 32
exp mrt0 v0, v1, v2, v3
exp mrt7 v0, v1, v2, v3 done
exp mrtz v0, off, off, off
exp null off, off, off, off
exp pos0 v0, v1, v2, v3
exp pos3 v0, v1, v2, v3 done
exp param0 v0, off, v2, off
exp param31 v0, v1, v2, v3
exp mrt0 v0, v0, v1, v1 compr
exp mrt1 v0, off, v1, off done compr vm
exp mrt2 v255, v254, v253, v252 vm
exp prim v0, off, off, off done
