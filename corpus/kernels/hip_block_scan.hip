/* HIP: an inclusive prefix sum over each block of 64 in __shared__ memory (Hillis-Steele, a
 * __syncthreads between the read and the write of every step). */
extern "C" __global__ void hip_block_scan(unsigned *out, const unsigned *in)
{
   __shared__ unsigned sums[64];
   unsigned t = rdna_thread_idx_x();
   unsigned i = rdna_block_idx_x() * rdna_block_dim_x() + t;
   sums[t] = in[i];
   __syncthreads();
   for (unsigned stride = 1; stride < 64; stride <<= 1) {
      unsigned add = t >= stride ? sums[t - stride] : 0;
      __syncthreads();
      sums[t] += add;
      __syncthreads();
   }
   out[i] = sums[t];
}
