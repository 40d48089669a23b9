/* A loop whose trip count differs per lane (Collatz steps, bounded), with an early break. */
kernel void divergent_loop(global uint *out, global const uint *in)
{
   uint i = get_global_id(0);
   uint x = in[i] % 1000u + 1u, steps = 0;
   while (x != 1u && steps < 300u) {
      x = (x & 1u) ? 3u * x + 1u : x >> 1;
      steps++;
      if (x == 16u && (in[i] & 4u))
         break;
   }
   out[i] = steps << 16 | (x & 0xffffu);
}
