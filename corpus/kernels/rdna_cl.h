/* Work-item functions, barriers and atomics for kernels compiled with clang-14 -nogpulib (no
 * device library): each one a compiler builtin or a read of the dispatch packet / implicit
 * kernel arguments the loader fills (README.md, "Compiled kernels"). Included with -include. */
#ifndef RDNA_CL_H
#define RDNA_CL_H

static inline size_t rdna_local_id(uint d)
{
   return d == 0   ? __builtin_amdgcn_workitem_id_x()
          : d == 1 ? __builtin_amdgcn_workitem_id_y()
          : d == 2 ? __builtin_amdgcn_workitem_id_z()
                   : 0;
}

static inline size_t rdna_group_id(uint d)
{
   return d == 0   ? __builtin_amdgcn_workgroup_id_x()
          : d == 1 ? __builtin_amdgcn_workgroup_id_y()
          : d == 2 ? __builtin_amdgcn_workgroup_id_z()
                   : 0;
}

/* hsa_kernel_dispatch_packet_t: workgroup_size_x/y/z are the 16-bit fields at bytes 4, 6, 8. */
static inline size_t rdna_local_size(uint d)
{
   __constant ushort *packet = (__constant ushort *)__builtin_amdgcn_dispatch_ptr();
   return d < 3 ? packet[2 + d] : 1;
}

/* The hidden global offsets clang places first among the implicit kernel arguments. */
static inline size_t rdna_global_offset(uint d)
{
   __constant ulong *implicit = (__constant ulong *)__builtin_amdgcn_implicitarg_ptr();
   return d < 3 ? implicit[d] : 0;
}

static inline size_t rdna_global_id(uint d)
{
   return rdna_group_id(d) * rdna_local_size(d) + rdna_local_id(d) + rdna_global_offset(d);
}

/* A workgroup barrier that also orders LDS accesses. */
static inline void rdna_barrier(void)
{
   __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
   __builtin_amdgcn_s_barrier();
   __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}

/* The lane's index within its wave. */
static inline uint rdna_lane_id(void)
{
#if __AMDGCN_WAVEFRONT_SIZE == 64
   return __builtin_amdgcn_mbcnt_hi(~0u, __builtin_amdgcn_mbcnt_lo(~0u, 0u));
#else
   return __builtin_amdgcn_mbcnt_lo(~0u, 0u);
#endif
}

#define get_local_id rdna_local_id
#define get_group_id rdna_group_id
#define get_local_size rdna_local_size
#define get_global_offset rdna_global_offset
#define get_global_id rdna_global_id

#endif
