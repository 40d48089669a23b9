/* Unsigned 32-bit arithmetic: multiply, shifts, division and remainder by constants and values. */
kernel void int_math(global uint *out, global const uint *in)
{
   uint i = get_global_id(0);
   uint a = in[i], b = in[i ^ 1] | 1u;
   out[i] = a * 2654435761u + (a >> 3) - (a << 5) + a / 7u + a % 13u + a / b + (a % b) * 3u;
}
