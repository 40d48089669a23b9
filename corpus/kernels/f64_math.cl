/* f64 add, multiply, fma and division (correctly rounded on AMDGPU). */
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
kernel void f64_math(global double *out, global const uint *in)
{
   uint i = get_global_id(0);
   double x = (double)((int)in[i] >> 8) * 0.0009765625;
   double y = (double)(in[i ^ 1] % 100000u) + 0.5;
   double z = (double)(int)in[i ^ 2];
   out[4 * i + 0] = x + y;
   out[4 * i + 1] = x * y;
   out[4 * i + 2] = __builtin_fma(x, y, z);
   out[4 * i + 3] = x / y;
}
