/* A workgroup tree reduction in LDS with barriers between the steps (workgroups of 64). */
kernel void lds_reduce(global uint *out, global const uint *in)
{
   local uint sums[64];
   uint l = get_local_id(0);
   sums[l] = in[get_global_id(0)];
   rdna_barrier();
   for (uint stride = 32; stride > 0; stride >>= 1) {
      if (l < stride)
         sums[l] += sums[l + stride];
      rdna_barrier();
   }
   if (l == 0)
      out[get_group_id(0)] = sums[0];
}
