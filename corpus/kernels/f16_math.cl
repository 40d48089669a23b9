/* f16 add, multiply and fma on halves built from small integers (exact in binary16). */
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
kernel void f16_math(global ushort *out, global const uint *in)
{
   uint i = get_global_id(0);
   half x = (half)((int)(in[i] % 201u) - 100) * (half)0.25h;
   half y = (half)((int)(in[i ^ 1] % 61u) - 30) * (half)0.125h;
   half z = (half)(in[i ^ 2] % 50u);
   half r[3] = { x + y, x * y, __builtin_fmaf16(x, y, z) };
   for (int k = 0; k < 3; k++)
      out[3 * i + k] = as_ushort(r[k]);
}
