/* f32 add, multiply, fma, min/max and a correctly rounded division (built with
 * -cl-fp32-correctly-rounded-divide-sqrt), on values exact in binary. */
kernel void float_math(global float *out, global const uint *in)
{
   uint i = get_global_id(0);
   float x = (float)((int)(in[i] % 2001u) - 1000) * 0.125f;
   float y = (float)((int)(in[i ^ 5] % 301u) - 150) * 0.0625f + 0.03125f;
   float z = (float)(in[i ^ 9] & 0xffffu) * 1.5f;
   out[4 * i + 0] = x + y;
   out[4 * i + 1] = x * y;
   out[4 * i + 2] = __builtin_fmaf(x, y, z);
   out[4 * i + 3] = x / y;
}
