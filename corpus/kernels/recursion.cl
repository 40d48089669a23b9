/* A recursive function: its stack depth differs per lane, so the stack is dynamic. */
__attribute__((noinline)) static uint gcd_steps(uint a, uint b)
{
   return b == 0u ? 0u : 1u + gcd_steps(b, a % b);
}

kernel void recursion(global uint *out, global const uint *in)
{
   uint i = get_global_id(0);
   out[i] = gcd_steps(in[i] % 10000u, in[i ^ 1] % 10000u);
}
