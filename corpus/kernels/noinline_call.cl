/* Calls to functions kept out of line: arguments, results and the call stack in scratch. */
__attribute__((noinline)) static uint mix(uint a, uint b, uint c)
{
   return (a * 31u + b) ^ (c >> 3);
}

__attribute__((noinline)) static uint fold(const uint *p, uint n)
{
   uint s = 0;
   for (uint k = 0; k < n; k++)
      s = mix(s, p[k], k);
   return s;
}

kernel void noinline_call(global uint *out, global const uint *in)
{
   uint i = get_global_id(0);
   uint local_copy[8];
   for (uint k = 0; k < 8; k++)
      local_copy[k] = in[(i + k) % 256u];
   out[i] = fold(local_copy, in[i] % 8u + 1u);
}
