/* Integer and float min/max, clamps and selects. */
kernel void min_max_select(global uint *out, global const uint *in)
{
   uint i = get_global_id(0);
   int a = (int)in[i], b = (int)in[i ^ 1];
   float x = (float)(a >> 12) * 0.5f, y = (float)(b >> 12) * 0.25f;
   out[4 * i + 0] = (uint)(a < b ? a : b);
   out[4 * i + 1] = ((uint)a > (uint)b ? (uint)a : (uint)b);
   out[4 * i + 2] = as_uint(__builtin_fminf(x, y) + __builtin_fmaxf(x, -y));
   out[4 * i + 3] = (uint)(a >> 20 < -100 ? -100 : a >> 20 > 100 ? 100 : a >> 20);
}
