/* Conversions between integers and f32/f64: truncation toward zero and round to nearest even. */
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
kernel void conversions(global uint *out, global const uint *in)
{
   uint i = get_global_id(0);
   uint a = in[i];
   float f = (float)a;                        /* rounds to nearest even */
   float g = (float)((int)a >> 9) * 0.375f;   /* exact */
   double d = (double)(int)a * 0.5;
   out[4 * i + 0] = as_uint(f);
   out[4 * i + 1] = (uint)(int)g;             /* truncates */
   out[4 * i + 2] = (uint)(long)d;
   out[4 * i + 3] = as_uint((float)d);
}
