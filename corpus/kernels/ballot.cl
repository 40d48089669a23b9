/* Wave votes: the lanes whose value is odd, counted (ballot, popcount) and uniform per wave. */
kernel void ballot(global uint *out, global const uint *in)
{
   uint i = get_global_id(0);
   uint odd = in[i] & 1u;
#if __AMDGCN_WAVEFRONT_SIZE == 64
   ulong mask = __builtin_amdgcn_uicmpl(odd, 0u, 33); /* ICMP_NE */
   out[i] = (uint)__builtin_popcountl(mask);
#else
   uint mask = __builtin_amdgcn_uicmp(odd, 0u, 33); /* ICMP_NE */
   out[i] = (uint)__builtin_popcount(mask);
#endif
}
