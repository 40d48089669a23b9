/* Signed 32-bit arithmetic: division and remainder truncate toward zero, arithmetic shifts. */
kernel void int_signed(global int *out, global const uint *in)
{
   uint i = get_global_id(0);
   int a = (int)in[i] >> 4, b = (int)(in[i ^ 3] % 2001u) - 1000;
   if (b == 0)
      b = 7;
   out[i] = a / b + a % b * 5 - (a >> 7) + (b < 0 ? -a / 3 : a / 9) + (int)(((long)a * b) >> 32);
}
