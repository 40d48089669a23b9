/* Nested divergent if/else chains: every lane takes its own path. */
kernel void divergent_branch(global uint *out, global const uint *in)
{
   uint i = get_global_id(0);
   uint a = in[i], r;
   if (a & 1) {
      if (a & 2)
         r = a * 3u;
      else
         r = a ^ 0x5a5a5a5au;
   } else if ((a >> 2) % 3 == 0) {
      r = a >> 1;
   } else {
      r = ~a;
      if (r & 0x100)
         r += 17u;
   }
   out[i] = r;
}
