/* A 2-D dispatch: C = A x B for 16x16 integer matrices, one work-item per element. */
kernel void matrix_2d(global uint *out, global const uint *in)
{
   uint x = get_global_id(0), y = get_global_id(1);
   uint sum = 0;
   for (uint k = 0; k < 16; k++)
      sum += (in[y * 16u + k] & 0xffu) * (in[(k * 16u + x) ^ 0x80u] & 0xffu);
   out[y * 16u + x] = sum;
}
