/* A private array written and read at indices known only at run time: it lives in scratch. The
 * loops stay loops (clang would unroll them into 64 scratch stores and 34 loads, a module
 * lavapipe compiles in minutes: bench/results/hsaco-lavapipe.md). */
kernel void private_array(global uint *out, global const uint *in)
{
   uint i = get_global_id(0);
   uint p[48];
#pragma nounroll
   for (uint j = 0; j < 48; j++)
      p[j] = in[(i + j) % 256u] ^ j;
#pragma nounroll
   for (uint j = 0; j < 16; j++)
      p[(in[i] + j * 7u) % 48u] += p[(in[i ^ 1] + j) % 48u];
   out[i] = p[in[i] % 48u] + p[(in[i] >> 8) % 48u];
}
