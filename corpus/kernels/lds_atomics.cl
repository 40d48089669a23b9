/* LDS atomics: a workgroup histogram of 16 bins and a running maximum, then copied out. */
kernel void lds_atomics(global uint *out, global const uint *in)
{
   local uint bins[16];
   local uint maximum;
   uint l = get_local_id(0);
   if (l < 16)
      bins[l] = 0;
   if (l == 0)
      maximum = 0;
   rdna_barrier();
   uint a = in[get_global_id(0)];
   __atomic_fetch_add(&bins[a % 16u], 1u, __ATOMIC_RELAXED);
   __atomic_fetch_max(&maximum, a >> 4, __ATOMIC_RELAXED);
   rdna_barrier();
   if (l < 16)
      out[get_group_id(0) * 17u + l] = bins[l];
   if (l == 0)
      out[get_group_id(0) * 17u + 16u] = maximum;
}
