/* 64-bit integers: multiply, shifts, unsigned and signed division and remainder. */
kernel void int64_math(global ulong *out, global const uint *in)
{
   uint i = get_global_id(0);
   ulong a = (ulong)in[i] << 32 | in[i ^ 1];
   ulong b = ((ulong)in[i ^ 2] << 7 | 1u) ;
   long s = (long)a >> 3;
   out[2 * i + 0] = a * 0x9e3779b97f4a7c15ul + (a >> 17) + a / b;
   out[2 * i + 1] = (ulong)(s / (long)(in[i ^ 3] % 977u + 1u)) ^ (a % b);
}
