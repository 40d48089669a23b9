/* HIP: C++ templates instantiated for 32- and 64-bit integers, a struct returned by value and a
 * lambda, all inlined into one kernel. */
template <typename T> __device__ T rotate_left(T x, unsigned s)
{
   const unsigned bits = sizeof(T) * 8;
   s %= bits;
   return s ? (T)(x << s | x >> (bits - s)) : x;
}

struct pair {
   unsigned lo, hi;
};

template <typename T> __device__ pair split(T x)
{
   return pair{ (unsigned)x, (unsigned)((unsigned long long)x >> 32) };
}

extern "C" __global__ void hip_templates(unsigned *out, const unsigned *in)
{
   unsigned i = rdna_block_idx_x() * rdna_block_dim_x() + rdna_thread_idx_x();
   unsigned a = in[i], b = in[i ^ 3];
   auto mix = [a, b](unsigned k) { return rotate_left<unsigned>(a, k) ^ b; };
   unsigned long long wide = (unsigned long long)a << 32 | b;
   pair p = split(rotate_left<unsigned long long>(wide, b));
   out[3 * i + 0] = mix(a & 31);
   out[3 * i + 1] = p.lo;
   out[3 * i + 2] = p.hi;
}
