/* FLAT, GLOBAL and SCRATCH loads, stores and atomics (RDNA2 ISA guide chapter 9, "Flat Memory
 * Instructions"): per-lane addresses from VGPRs and SGPRs plus the signed immediate offset, then
 * the shared access rules of interp/mem.h (alignment, bounds, EXEC masking, lane order). */
#include "interp/mem.h"

enum seg {
   SEG_FLAT,
   SEG_GLOBAL,
   SEG_SCRATCH,
};

/* A FLAT address picks its space by aperture (RDNA2 ISA guide chapter 9 "Flat Memory
 * Instructions"): the high dword equal to src_shared_base's value is LDS, src_private_base's is
 * the lane's scratch, both at the low dword's offset; anything else is global memory. */
static void flat_space(uint64_t address, uint8_t *space, uint64_t *addr)
{
   uint32_t hi = (uint32_t)(address >> 32);
   if (hi == APERTURE_SHARED_HI) {
      *space = MEM_LDS;
      *addr = (uint32_t)address;
   } else if (hi == APERTURE_PRIVATE_HI) {
      *space = MEM_SCRATCH;
      *addr = (uint32_t)address;
   } else {
      *space = MEM_GLOBAL;
      *addr = address;
   }
}

/* The addresses of every EXEC lane. GLOBAL: saddr pair + zero-extended 32-bit vaddr, or the
 * 64-bit vaddr when saddr is off; SCRATCH: the VGPR, the SGPR or 0 (gfx1030 "off, off") as a
 * per-lane private offset; FLAT: the 64-bit vaddr by aperture. The offset is signed for GLOBAL
 * and SCRATCH (12 bits), unsigned for FLAT (RDNA2 ISA guide chapter 9, "Addressing"). */
static void flat_addresses(struct wave *w, const struct rdna_inst *in, enum seg seg,
                           struct lane_addrs *la)
{
   const struct rdna_operand *vaddr = inst_role(in, RDNA_ROLE_vaddr);
   const struct rdna_operand *saddr = inst_role(in, RDNA_ROLE_saddr);
   bool has_v = vaddr && operand_is_vgpr(vaddr);
   bool has_s = saddr && saddr->reg < NUM_SREGS;
   const uint32_t *v = has_v ? wave_vgpr(w, vaddr->reg - RDNA_REG_VGPR0) : NULL;
   int64_t offset = in->mod.offset;
   uint64_t sbase = 0;
   if (has_s)
      sbase = seg == SEG_SCRATCH ? wave_read_scalar(w, saddr) : wave_read_scalar64(w, saddr);
   la->lanes = wave_exec(w);
   la->zero = 0;
   for (unsigned lane = 0; lane < w->wave_size; lane++) {
      uint64_t a;
      switch (seg) {
      case SEG_FLAT:
         flat_space(v[lane] + ((uint64_t)v[MAX_LANES + lane] << 32) + (uint64_t)offset,
                    &la->space[lane], &la->addr[lane]);
         continue;
      case SEG_GLOBAL:
         if (!has_v) /* global_*_addtid: saddr + offset + lane id * 4 */
            a = sbase + lane * 4u;
         else if (has_s)
            a = sbase + v[lane];
         else
            a = v[lane] | (uint64_t)v[MAX_LANES + lane] << 32;
         la->space[lane] = MEM_GLOBAL;
         la->addr[lane] = a + (uint64_t)offset;
         continue;
      case SEG_SCRATCH:
      default:
         a = has_v ? v[lane] : sbase;
         la->space[lane] = MEM_SCRATCH;
         la->addr[lane] = (uint32_t)(a + (uint64_t)offset);
         continue;
      }
   }
}

static enum rdna_status flat_load(struct wave *w, const struct rdna_inst *in, enum seg seg,
                                  enum mem_shape shape, unsigned dwords)
{
   struct lane_addrs la;
   flat_addresses(w, in, seg, &la);
   struct mem_access a = { shape, dwords };
   return vmem_load(w, &la, a, inst_role(in, RDNA_ROLE_vdst)->reg - RDNA_REG_VGPR0);
}

static enum rdna_status flat_store(struct wave *w, const struct rdna_inst *in, enum seg seg,
                                   enum mem_shape shape, unsigned dwords)
{
   struct lane_addrs la;
   flat_addresses(w, in, seg, &la);
   struct mem_access a = { shape, dwords };
   return vmem_store(w, &la, a, inst_role(in, RDNA_ROLE_vdata)->reg - RDNA_REG_VGPR0);
}

/* Atomics return the old value only with glc; without it the vdst slot is RDNA_REG_NONE. */
static enum rdna_status flat_atomic(struct wave *w, const struct rdna_inst *in, enum seg seg,
                                    enum atomic_op op, unsigned bits)
{
   struct lane_addrs la;
   flat_addresses(w, in, seg, &la);
   const struct rdna_operand *vdst = inst_role(in, RDNA_ROLE_vdst);
   int dst = vdst && operand_is_vgpr(vdst) ? (int)(vdst->reg - RDNA_REG_VGPR0) : -1;
   return vmem_atomic(w, &la, op, bits, inst_role(in, RDNA_ROLE_vdata)->reg - RDNA_REG_VGPR0, dst);
}

#define LOAD(name, seg, shape, dwords)                                      \
   enum rdna_status exec_##name(struct wave *w, const struct rdna_inst *in) \
   {                                                                        \
      return flat_load(w, in, seg, shape, dwords);                          \
   }
#define STORE(name, seg, shape, dwords)                                     \
   enum rdna_status exec_##name(struct wave *w, const struct rdna_inst *in) \
   {                                                                        \
      return flat_store(w, in, seg, shape, dwords);                         \
   }
#define ATOMIC(name, seg, op, bits)                                         \
   enum rdna_status exec_##name(struct wave *w, const struct rdna_inst *in) \
   {                                                                        \
      return flat_atomic(w, in, seg, op, bits);                             \
   }

/* The rows every segment has: loads, d16 loads and stores. */
#define LOADS_AND_STORES(p, seg)                           \
   LOAD(p##_load_ubyte, seg, SHAPE_U8, 1)                  \
   LOAD(p##_load_sbyte, seg, SHAPE_I8, 1)                  \
   LOAD(p##_load_ushort, seg, SHAPE_U16, 1)                \
   LOAD(p##_load_sshort, seg, SHAPE_I16, 1)                \
   LOAD(p##_load_dword, seg, SHAPE_B32, 1)                 \
   LOAD(p##_load_dwordx2, seg, SHAPE_B32, 2)               \
   LOAD(p##_load_dwordx3, seg, SHAPE_B32, 3)               \
   LOAD(p##_load_dwordx4, seg, SHAPE_B32, 4)               \
   LOAD(p##_load_ubyte_d16, seg, SHAPE_U8_D16, 1)          \
   LOAD(p##_load_ubyte_d16_hi, seg, SHAPE_U8_D16_HI, 1)    \
   LOAD(p##_load_sbyte_d16, seg, SHAPE_I8_D16, 1)          \
   LOAD(p##_load_sbyte_d16_hi, seg, SHAPE_I8_D16_HI, 1)    \
   LOAD(p##_load_short_d16, seg, SHAPE_B16_D16, 1)         \
   LOAD(p##_load_short_d16_hi, seg, SHAPE_B16_D16_HI, 1)   \
   STORE(p##_store_byte, seg, SHAPE_U8, 1)                 \
   STORE(p##_store_byte_d16_hi, seg, SHAPE_U8_D16_HI, 1)   \
   STORE(p##_store_short, seg, SHAPE_U16, 1)               \
   STORE(p##_store_short_d16_hi, seg, SHAPE_B16_D16_HI, 1) \
   STORE(p##_store_dword, seg, SHAPE_B32, 1)               \
   STORE(p##_store_dwordx2, seg, SHAPE_B32, 2)             \
   STORE(p##_store_dwordx3, seg, SHAPE_B32, 3)             \
   STORE(p##_store_dwordx4, seg, SHAPE_B32, 4)

/* FLAT and GLOBAL atomics; the float ones (fcmpswap, fmin, fmax) compare as interp/mem.c's
 * float_atomic says. */
#define ATOMICS(p, seg)                                     \
   ATOMIC(p##_atomic_swap, seg, ATOMIC_SWAP, 32)            \
   ATOMIC(p##_atomic_cmpswap, seg, ATOMIC_CMPSWAP, 32)      \
   ATOMIC(p##_atomic_add, seg, ATOMIC_ADD, 32)              \
   ATOMIC(p##_atomic_sub, seg, ATOMIC_SUB, 32)              \
   ATOMIC(p##_atomic_smin, seg, ATOMIC_SMIN, 32)            \
   ATOMIC(p##_atomic_umin, seg, ATOMIC_UMIN, 32)            \
   ATOMIC(p##_atomic_smax, seg, ATOMIC_SMAX, 32)            \
   ATOMIC(p##_atomic_umax, seg, ATOMIC_UMAX, 32)            \
   ATOMIC(p##_atomic_and, seg, ATOMIC_AND, 32)              \
   ATOMIC(p##_atomic_or, seg, ATOMIC_OR, 32)                \
   ATOMIC(p##_atomic_xor, seg, ATOMIC_XOR, 32)              \
   ATOMIC(p##_atomic_inc, seg, ATOMIC_INC, 32)              \
   ATOMIC(p##_atomic_dec, seg, ATOMIC_DEC, 32)              \
   ATOMIC(p##_atomic_swap_x2, seg, ATOMIC_SWAP, 64)         \
   ATOMIC(p##_atomic_cmpswap_x2, seg, ATOMIC_CMPSWAP, 64)   \
   ATOMIC(p##_atomic_add_x2, seg, ATOMIC_ADD, 64)           \
   ATOMIC(p##_atomic_sub_x2, seg, ATOMIC_SUB, 64)           \
   ATOMIC(p##_atomic_smin_x2, seg, ATOMIC_SMIN, 64)         \
   ATOMIC(p##_atomic_umin_x2, seg, ATOMIC_UMIN, 64)         \
   ATOMIC(p##_atomic_smax_x2, seg, ATOMIC_SMAX, 64)         \
   ATOMIC(p##_atomic_umax_x2, seg, ATOMIC_UMAX, 64)         \
   ATOMIC(p##_atomic_and_x2, seg, ATOMIC_AND, 64)           \
   ATOMIC(p##_atomic_or_x2, seg, ATOMIC_OR, 64)             \
   ATOMIC(p##_atomic_xor_x2, seg, ATOMIC_XOR, 64)           \
   ATOMIC(p##_atomic_inc_x2, seg, ATOMIC_INC, 64)           \
   ATOMIC(p##_atomic_dec_x2, seg, ATOMIC_DEC, 64)           \
   ATOMIC(p##_atomic_fcmpswap, seg, ATOMIC_FCMPSWAP, 32)    \
   ATOMIC(p##_atomic_fmin, seg, ATOMIC_FMIN, 32)            \
   ATOMIC(p##_atomic_fmax, seg, ATOMIC_FMAX, 32)            \
   ATOMIC(p##_atomic_fcmpswap_x2, seg, ATOMIC_FCMPSWAP, 64) \
   ATOMIC(p##_atomic_fmin_x2, seg, ATOMIC_FMIN, 64)         \
   ATOMIC(p##_atomic_fmax_x2, seg, ATOMIC_FMAX, 64)

LOADS_AND_STORES(flat, SEG_FLAT)
LOADS_AND_STORES(global, SEG_GLOBAL)
LOADS_AND_STORES(scratch, SEG_SCRATCH)
ATOMICS(flat, SEG_FLAT)
ATOMICS(global, SEG_GLOBAL)
ATOMIC(global_atomic_csub, SEG_GLOBAL, ATOMIC_CSUB, 32)
LOAD(global_load_dword_addtid, SEG_GLOBAL, SHAPE_B32, 1)
STORE(global_store_dword_addtid, SEG_GLOBAL, SHAPE_B32, 1)
