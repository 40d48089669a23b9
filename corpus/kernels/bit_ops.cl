/* Bit manipulation: population count, leading and trailing zeros, bit reversal, rotation. */
kernel void bit_ops(global uint *out, global const uint *in)
{
   uint i = get_global_id(0);
   uint a = in[i] >> (i % 32u);
   uint clz = a ? (uint)__builtin_clz(a) : 32u;
   uint ctz = a ? (uint)__builtin_ctz(a) : 32u;
   out[i] = (uint)__builtin_popcount(a) | clz << 8 | ctz << 16 |
            (__builtin_bitreverse32(a) ^ (a << (i % 32u) | a >> ((32u - i % 32u) % 32u))) << 24;
}
