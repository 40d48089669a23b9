/* HIP for amdgcn without the HIP runtime headers (clang-14 -x hip --cuda-device-only -nogpulib
 * -nogpuinc): the function attributes and the thread and block indices hip_runtime.h would give,
 * as compiler builtins. blockDim reads the dispatch packet, as for the OpenCL kernels
 * (rdna_cl.h). Included with -include. */
#ifndef RDNA_HIP_H
#define RDNA_HIP_H

#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))

static __device__ inline unsigned rdna_thread_idx_x()
{
   return __builtin_amdgcn_workitem_id_x();
}

static __device__ inline unsigned rdna_block_idx_x()
{
   return __builtin_amdgcn_workgroup_id_x();
}

static __device__ inline unsigned rdna_block_dim_x()
{
   return __builtin_amdgcn_workgroup_size_x();
}

/* __syncthreads: a workgroup barrier that also orders LDS and global accesses. */
static __device__ inline void __syncthreads()
{
   __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
   __builtin_amdgcn_s_barrier();
   __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}

#endif
