/* Cross-lane builtins: readfirstlane, ds_bpermute (a rotation within the wave) and mbcnt. */
kernel void crosslane(global uint *out, global const uint *in)
{
   uint i = get_global_id(0);
   uint a = in[i];
   uint lane = rdna_lane_id();
   uint first = __builtin_amdgcn_readfirstlane(a);
   uint rotated = (uint)__builtin_amdgcn_ds_bpermute((int)(((lane + 3u) % __AMDGCN_WAVEFRONT_SIZE) * 4u), (int)a);
   out[3 * i + 0] = first;
   out[3 * i + 1] = rotated;
   out[3 * i + 2] = lane;
}
