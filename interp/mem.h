/* Guest memory access shared by the memory instruction classes (interp/exec_smem.c,
 * exec_flat.c, exec_mubuf.c): address spaces (global regions, per-lane scratch, LDS), the
 * alignment and bounds rules, per-lane load/store shapes and the atomic operations. The
 * implementation is interp/mem.c. */
#ifndef RDNA_INTERP_MEM_H
#define RDNA_INTERP_MEM_H

#include "interp/wave.h"

/* Per-lane private (scratch) memory: each lane of each wave owns SCRATCH_LANE_BYTES bytes,
 * zero-filled when the wave first touches scratch, addressed from 0. A scratch address is that
 * offset; FLAT reaches the same bytes at (APERTURE_PRIVATE_HI << 32) + offset. Faults on scratch
 * report the aperture address. A documented choice: the hardware swizzles lanes' private
 * memory inside a driver-sized buffer, which no instruction can observe. */
#define SCRATCH_LANE_BYTES 4096u

enum mem_space {
   MEM_GLOBAL,  /* guest regions */
   MEM_SCRATCH, /* the lane's private memory */
   MEM_LDS,     /* the workgroup's LDS */
};

/* The shape of one lane's access: how many bytes move and how they map onto the 32-bit data
 * registers (RDNA2 ISA guide chapter 12, the MUBUF and FLAT load/store opcode descriptions). */
enum mem_shape {
   SHAPE_U8,         /* byte, zero-extended on load; a store writes bits 7:0 */
   SHAPE_I8,         /* byte, sign-extended */
   SHAPE_U16,        /* short, zero-extended; a store writes bits 15:0 */
   SHAPE_I16,        /* short, sign-extended */
   SHAPE_B32,        /* 1..4 dwords (see mem_access.dwords) */
   SHAPE_U8_D16,     /* byte zero-extended into bits 15:0, bits 31:16 kept */
   SHAPE_U8_D16_HI,  /* byte zero-extended into bits 31:16, bits 15:0 kept; store: bits 23:16 */
   SHAPE_I8_D16,     /* byte sign-extended into bits 15:0 */
   SHAPE_I8_D16_HI,  /* byte sign-extended into bits 31:16 */
   SHAPE_B16_D16,    /* short into bits 15:0 */
   SHAPE_B16_D16_HI, /* short into bits 31:16; store: bits 31:16 */
};

struct mem_access {
   enum mem_shape shape;
   unsigned dwords; /* SHAPE_B32: 1..4; others 1 */
};

/* Bytes one lane moves. */
unsigned mem_access_bytes(struct mem_access a);

/* The alignment rule (a documented choice; the hardware in its unaligned mode, which Linux
 * programs, accepts any byte address for loads and stores): an access must be aligned to its
 * element size, at most 4 bytes (shorts to 2, dwords and wider to 4); atomics to their full
 * size (4 or 8), as the hardware requires. A violation faults MISALIGNED. Making the rule strict
 * keeps the reference total and catches address bugs that hardware would hide. */
unsigned mem_access_align(struct mem_access a);

/* Host bytes of [address, address + size) in `space` for `lane`, or NULL after recording a
 * fault (MISALIGNED when address % align != 0, UNMAPPED when no region / outside the lane's
 * scratch / outside the workgroup's LDS). `write`: drops cached decodes of overwritten code. */
uint8_t *mem_lane_ptr(struct wave *w, enum mem_space space, int lane, uint64_t address,
                      unsigned size, unsigned align, bool write);

/* One lane's load from `p` into data registers out[0..dwords); `old` is the destination's
 * current low dword (kept halves of the d16 shapes). Returns the number of dwords written. */
unsigned mem_load_lane(struct mem_access a, const uint8_t *p, uint32_t old, uint32_t out[4]);
/* One lane's store of data registers in[0..dwords) to `p`. */
void mem_store_lane(struct mem_access a, uint8_t *p, const uint32_t in[4]);

/* Atomic operations (RDNA2 ISA guide, "Buffer Instructions" and "Flat/Global atomics"):
 * memory = op(old, data) returning old. cmpswap's data is {new value, compare value}. */
enum atomic_op {
   ATOMIC_SWAP,
   ATOMIC_CMPSWAP,
   ATOMIC_ADD,
   ATOMIC_SUB,
   ATOMIC_CSUB, /* clamped subtract: old >= data ? old - data : 0 (gfx1030) */
   ATOMIC_SMIN,
   ATOMIC_UMIN,
   ATOMIC_SMAX,
   ATOMIC_UMAX,
   ATOMIC_AND,
   ATOMIC_OR,
   ATOMIC_XOR,
   ATOMIC_INC,      /* old >= data ? 0 : old + 1 */
   ATOMIC_DEC,      /* old == 0 || old > data ? data : old - 1 */
   ATOMIC_FCMPSWAP, /* float compare: old == compare ? data : old (+0 == -0, NaN equals nothing) */
   ATOMIC_FMIN,     /* float minimum, maximum: see float_atomic in interp/mem.c */
   ATOMIC_FMAX,
};

/* The new memory value of one atomic on `bits` (32 or 64) bits. */
uint64_t atomic_apply(enum atomic_op op, unsigned bits, uint64_t old, uint64_t data,
                      uint64_t compare);

/* The per-lane addresses of one vector memory instruction. `lanes`: the EXEC lanes that access
 * memory; `zero`: EXEC lanes a buffer's range check rejected (loads return 0, stores and atomics
 * are dropped, atomics return 0). */
struct lane_addrs {
   uint64_t lanes, zero;
   uint8_t space[MAX_LANES]; /* enum mem_space */
   uint64_t addr[MAX_LANES];
};

/* A load into VGPRs from `vdst` on. Every lane's address is checked before any register is
 * written, so a faulting instruction changes nothing. */
enum rdna_status vmem_load(struct wave *w, const struct lane_addrs *la, struct mem_access a,
                           unsigned vdst);
/* A store of VGPRs from `vdata` on; all addresses are checked before any byte is written. */
enum rdna_status vmem_store(struct wave *w, const struct lane_addrs *la, struct mem_access a,
                            unsigned vdata);
/* An atomic of `bits` (32/64) with data (and, for cmpswap, the compare value after it) in VGPRs
 * from `vdata`; the old value goes to `vdst` unless it is -1. Lanes run in ascending order, each
 * seeing the earlier lanes' results (a documented order; the hardware's is unspecified). */
enum rdna_status vmem_atomic(struct wave *w, const struct lane_addrs *la, enum atomic_op op,
                             unsigned bits, unsigned vdata, int vdst);

/* Buffer resource fields (RDNA2 ISA guide 8.1, "Buffer Resource"): base [47:0], stride
 * [61:48], num_records dword 2, swizzle_enable bit 63, add_tid_enable dword 3 bit 23. */
struct vsharp {
   uint64_t base;
   uint32_t stride, num_records;
   bool swizzle, add_tid;
   unsigned format, oob_select, index_stride;
};

INTERP_INLINE struct vsharp vsharp_read(const struct wave *w, unsigned reg)
{
   const uint32_t *d = &w->sgpr[reg];
   struct vsharp v;
   v.base = d[0] | (uint64_t)(d[1] & 0xffffu) << 32;
   v.stride = (d[1] >> 16) & 0x3fffu;
   v.swizzle = d[1] >> 31;
   v.num_records = d[2];
   v.format = (d[3] >> 12) & 0x7fu;
   v.index_stride = (d[3] >> 21) & 3u;
   v.add_tid = (d[3] >> 23) & 1u;
   v.oob_select = (d[3] >> 28) & 3u;
   return v;
}

/* The status a handler returns after mem_lane_ptr recorded a fault. */
INTERP_INLINE enum rdna_status mem_failed(const struct wave *w)
{
   return w->fault.kind == RDNA_FAULT_MISALIGNED ? RDNA_INVALID_OPERAND : RDNA_OUT_OF_RANGE;
}

/* Little-endian guest reads and writes of host bytes. */
INTERP_INLINE uint32_t mem_get32(const uint8_t *p)
{
   return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

INTERP_INLINE void mem_put32(uint8_t *p, uint32_t v)
{
   p[0] = (uint8_t)v;
   p[1] = (uint8_t)(v >> 8);
   p[2] = (uint8_t)(v >> 16);
   p[3] = (uint8_t)(v >> 24);
}

/* The operand of `in` with encoding role `role`; NULL when the row has none. */
INTERP_INLINE const struct rdna_operand *inst_role(const struct rdna_inst *in, unsigned role)
{
   for (unsigned i = 0; i < in->num_operands; i++)
      if (in->operands[i].role == role)
         return &in->operands[i];
   return NULL;
}

#endif
