/* Scalar memory (SMEM; RDNA2 ISA guide chapter 5, "Scalar Memory Operations"): s_load and
 * s_buffer_load, gfx1013's scalar stores, atomics and scratch accesses, s_memtime, cache controls.
 * The rules are the interpreter's (interp/exec_smem.c): addresses aligned down to the access, a
 * buffer's dwords past its range read 0 and are not written, an unmapped dword faults UNMAPPED
 * with its address before anything changes. Scalar state is the same in every invocation, so a
 * store or atomic is performed by one elected invocation, and an atomic's old value is
 * broadcast from it. */
#include "recomp/lower_mem.h"

#define T32 (l->t_u32)
#define T64 (l->t_u64)
#define TB (l->t_bool)

/* Cache controls: every access completes at once. */
#define MEM_NOP(name)                                                         \
   enum rdna_status lower_##name(struct lower *l, const struct rdna_inst *in) \
   {                                                                          \
      (void)l;                                                                \
      (void)in;                                                               \
      return RDNA_OK;                                                         \
   }

/* The byte offset: the immediate, or soffset's SGPR plus the 21-bit field (guide 5.2). */
static uint32_t smem_offset(struct lower *l, const struct rdna_inst *in)
{
   const struct rdna_operand *op = &in->operands[2];
   if (op->reg == RDNA_REG_IMM)
      return c64(l, (uint64_t)(int64_t)(int32_t)op->value);
   return bin64(l, SpvOpIAdd, lw_zext64(l, lw_scalar_src(l, op)),
                c64(l, (uint64_t)(int64_t)in->mod.offset));
}

/* The base address (u64) of sbase: an SGPR pair, or a V#'s base; for a V# *limit receives the
 * byte range, num_records (times the stride when there is one); 0 otherwise. */
static uint32_t smem_base(struct lower *l, const struct rdna_inst *in, bool buffer, uint32_t *limit)
{
   *limit = 0;
   if (!buffer)
      return lw_scalar_src64(l, &in->operands[1]);
   unsigned r = in->operands[1].reg;
   uint32_t d1 = lw_sreg(l, r + 1);
   uint32_t stride = lw_zext64(
      l, bin(l, SpvOpBitwiseAnd, bin(l, SpvOpShiftRightLogical, d1, c32(l, 16)), c32(l, 0x3fff)));
   uint32_t records = lw_zext64(l, lw_sreg(l, r + 2));
   *limit = lw_select(l, T64, lw_nz64(l, stride), bin64(l, SpvOpIMul, records, stride), records);
   return lw_pack64(l, lw_sreg(l, r), bin(l, SpvOpBitwiseAnd, d1, c32(l, 0xffff)));
}

/* The dwords from `address` (u64, aligned): whether each lies in the buffer's range (always
 * without a V#), its word index in the memory buffer; records the fault of the first dword in
 * range that is unmapped and returns the bool "no fault". */
static uint32_t smem_dwords(struct lower *l, uint32_t address, uint32_t base, uint32_t limit,
                            unsigned dwords, uint32_t in_range[], uint32_t words[])
{
   uint32_t bad_any = lw_bool(l, false), bad_addr = c64(l, 0);
   for (unsigned i = 0; i < dwords; i++) {
      uint32_t a = bin64(l, SpvOpIAdd, address, c64(l, 4 * i));
      in_range[i] = lw_bool(l, true);
      if (limit)
         in_range[i] = cmp(l, SpvOpULessThanEqual,
                           bin64(l, SpvOpIAdd, bin64(l, SpvOpISub, a, base), c64(l, 4)), limit);
      struct mem_place p;
      mem_place_global(l, a, 4, 4, &p);
      words[i] = bin(l, SpvOpShiftRightLogical, p.offset, c32(l, 2));
      uint32_t bad = and_b(l, in_range[i], lw_nz(l, p.fault));
      /* the first bad dword's address */
      bad_addr = lw_select(l, T64, and_b(l, bad, not_b(l, bad_any)), a, bad_addr);
      bad_any = or_b(l, bad_any, bad);
   }
   lw_fault(l, bad_any, RDNA_FAULT_UNMAPPED, 0, bad_addr);
   return not_b(l, bad_any);
}

/* s_load / s_buffer_load of 1-16 dwords. The address is dword aligned: the two low bits are
 * ignored (guide 5.2). s_buffer_load's dwords at or past num_records (num_records * stride with
 * a stride) read 0. An unmapped dword faults UNMAPPED with its address, before any SGPR is
 * written. */
static enum rdna_status smem_load(struct lower *l, const struct rdna_inst *in, unsigned dwords,
                                  bool buffer)
{
   uint32_t limit, base = smem_base(l, in, buffer, &limit);
   uint32_t address =
      bin64(l, SpvOpBitwiseAnd, bin64(l, SpvOpIAdd, base, smem_offset(l, in)), c64(l, ~3ull));
   uint32_t in_range[16], words[16];
   uint32_t merge = lw_if_begin(l, smem_dwords(l, address, base, limit, dwords, in_range, words));
   uint32_t values[16];
   for (unsigned i = 0; i < dwords; i++) {
      uint32_t temp = spvb_function_variable(l->b, l->t_ptr_u32);
      spvb_store(l->b, temp, c32(l, 0));
      uint32_t read_merge = lw_if_begin(l, in_range[i]);
      spvb_store(l->b, temp, spvb_load(l->b, T32, mem_word_ptr(l, l->memory, words[i])));
      lw_if_end(l, read_merge);
      values[i] = spvb_load(l->b, T32, temp);
   }
   for (unsigned i = 0; i < dwords; i++)
      lw_sreg_write(l, in->operands[0].reg + i, values[i]);
   lw_if_end(l, merge);
   return RDNA_OK;
}

/* bool: this invocation is the subgroup's elected one (the lowest active). */
static uint32_t elected(struct lower *l)
{
   uint32_t scope = c32(l, SpvScopeSubgroup);
   return spvb_op(l->b, SpvOpGroupNonUniformElect, TB, &scope, 1);
}

/* gfx1013's s_store / s_buffer_store of 1, 2 or 4 dwords: sdata's SGPRs; a buffer's dwords out
 * of range are dropped. */
static enum rdna_status smem_store(struct lower *l, const struct rdna_inst *in, unsigned dwords,
                                   bool buffer)
{
   uint32_t limit, base = smem_base(l, in, buffer, &limit);
   uint32_t address =
      bin64(l, SpvOpBitwiseAnd, bin64(l, SpvOpIAdd, base, smem_offset(l, in)), c64(l, ~3ull));
   uint32_t in_range[4], words[4], values[4];
   for (unsigned i = 0; i < dwords; i++)
      values[i] = lw_sreg(l, in->operands[0].reg + i);
   uint32_t merge = lw_if_begin(l, smem_dwords(l, address, base, limit, dwords, in_range, words));
   uint32_t one = elected(l);
   for (unsigned i = 0; i < dwords; i++) {
      uint32_t write_merge = lw_if_begin(l, and_b(l, one, in_range[i]));
      spvb_store(l->b, mem_word_ptr(l, l->memory, words[i]), values[i]);
      lw_if_end(l, write_merge);
   }
   lw_if_end(l, merge);
   return RDNA_OK;
}

/* gfx1013's scalar atomics: sdata holds the data (cmpswap: {new, compare}); with glc the old
 * value replaces sdata's first 32 or 64 bits, 0 when a buffer atomic is out of range (which
 * changes nothing). The address is aligned down to the operand size. A 32-bit atomic is a
 * compare-exchange loop (device-atomic); a 64-bit one reads and writes its two dwords with
 * atomic loads and stores (atomic against nothing else, as the vector 64-bit rows). */
static enum rdna_status smem_atomic(struct lower *l, const struct rdna_inst *in,
                                    enum mem_atomic_op op, unsigned bits, bool buffer)
{
   unsigned words = bits / 32, sdata = in->operands[0].reg;
   uint32_t limit, base = smem_base(l, in, buffer, &limit);
   uint32_t address = bin64(l, SpvOpBitwiseAnd, bin64(l, SpvOpIAdd, base, smem_offset(l, in)),
                            c64(l, ~(uint64_t)(bits / 8 - 1)));
   uint32_t data = lw_sreg(l, sdata), compare = c64(l, 0);
   data = words == 2 ? lw_pack64(l, data, lw_sreg(l, sdata + 1)) : lw_zext64(l, data);
   if (op == ATOMIC_CMPSWAP)
      compare = words == 2 ? lw_pack64(l, lw_sreg(l, sdata + 2), lw_sreg(l, sdata + 3))
                           : lw_zext64(l, lw_sreg(l, sdata + 1));
   uint32_t in_range = lw_bool(l, true);
   if (limit)
      in_range =
         cmp(l, SpvOpULessThanEqual,
             bin64(l, SpvOpIAdd, bin64(l, SpvOpISub, address, base), c64(l, bits / 8)), limit);
   struct mem_place p;
   mem_place_global(l, address, bits / 8, bits / 8, &p);
   uint32_t bad = and_b(l, in_range, lw_nz(l, p.fault));
   lw_fault_value(l, bad, p.fault, 0, address);
   uint32_t old_var = spvb_function_variable(l->b, l->t_ptr_u64);
   spvb_store(l->b, old_var, c64(l, 0));
   uint32_t merge = lw_if_begin(l, not_b(l, bad));
   uint32_t one = elected(l);
   uint32_t run = lw_if_begin(l, and_b(l, one, in_range));
   uint32_t word = bin(l, SpvOpShiftRightLogical, p.offset, c32(l, 2));
   uint32_t scope = c32(l, SpvScopeDevice), semantics = c32(l, 0);
   uint32_t ptr[2] = { mem_word_ptr(l, l->memory, word), 0 };
   if (words == 2) {
      ptr[1] = mem_word_ptr(l, l->memory, bin(l, SpvOpIAdd, word, c32(l, 1)));
      uint32_t load_lo[3] = { ptr[0], scope, semantics }, load_hi[3] = { ptr[1], scope, semantics };
      uint32_t old = lw_pack64(l, spvb_op(l->b, SpvOpAtomicLoad, T32, load_lo, 3),
                               spvb_op(l->b, SpvOpAtomicLoad, T32, load_hi, 3));
      uint32_t next = mem_atomic_value(l, op, 64, old, data, compare);
      uint32_t store_lo[4] = { ptr[0], scope, semantics, lw_lo(l, next) };
      uint32_t store_hi[4] = { ptr[1], scope, semantics, lw_hi(l, next) };
      spvb_op_void(l->b, SpvOpAtomicStore, store_lo, 4);
      spvb_op_void(l->b, SpvOpAtomicStore, store_hi, 4);
      spvb_store(l->b, old_var, old);
   } else {
      uint32_t load[3] = { ptr[0], scope, semantics };
      uint32_t seen_var = spvb_function_variable(l->b, l->t_ptr_u32);
      spvb_store(l->b, seen_var, spvb_op(l->b, SpvOpAtomicLoad, T32, load, 3));
      uint32_t header = spvb_id(l->b), body = spvb_id(l->b), cont = spvb_id(l->b),
               done = spvb_id(l->b);
      lw_branch(l, header);
      lw_label(l, header);
      spvb_loop_merge(l->b, done, cont);
      spvb_branch(l->b, body);
      lw_label(l, body);
      uint32_t old = spvb_load(l->b, T32, seen_var);
      uint32_t next = lw_lo(l, mem_atomic_value(l, op, 32, lw_zext64(l, old), data, compare));
      uint32_t operands[6] = { ptr[0], scope, semantics, semantics, next, old };
      uint32_t seen = spvb_op(l->b, SpvOpAtomicCompareExchange, T32, operands, 6);
      spvb_store(l->b, seen_var, seen);
      spvb_store(l->b, old_var, lw_zext64(l, old));
      uint32_t swapped = cmp(l, SpvOpIEqual, seen, old);
      spvb_branch_conditional(l->b, swapped, done, cont);
      lw_label(l, cont);
      spvb_branch(l->b, header);
      lw_label(l, done);
   }
   lw_if_end(l, run);
   if (in->mod.flags & RDNA_FLAG_GLC) {
      uint32_t old = spvb_load(l->b, T64, old_var);
      lw_sreg_write(l, sdata, lw_broadcast_first(l, lw_lo(l, old)));
      if (words == 2)
         lw_sreg_write(l, sdata + 1, lw_broadcast_first(l, lw_hi(l, old)));
   }
   lw_if_end(l, merge);
   return RDNA_OK;
}

/* gfx1013's scalar scratch: the wave's private memory as one space laid out as the hardware's
 * swizzled scratch buffer, as the interpreter sees it (interp/exec_smem.c): byte address A (sbase's
 * low dword + offset, aligned down to 4) is dword (A / 4) / wave_size of lane (A / 4) % wave_size.
 * A dword past the lane's scratch faults UNMAPPED with that lane and its aperture address. */
static enum rdna_status smem_scratch(struct lower *l, const struct rdna_inst *in, unsigned dwords,
                                     bool store)
{
   uint32_t address =
      bin(l, SpvOpBitwiseAnd,
          lw_lo(l, bin64(l, SpvOpIAdd, lw_zext64(l, lw_sreg(l, in->operands[1].reg)),
                         smem_offset(l, in))),
          c32(l, ~3u));
   uint32_t words[4], bad_any = lw_bool(l, false), bad_lane = c32(l, 0), bad_offset = c32(l, 0);
   for (unsigned i = 0; i < dwords; i++) {
      uint32_t dword =
         bin(l, SpvOpIAdd, bin(l, SpvOpShiftRightLogical, address, c32(l, 2)), c32(l, i));
      uint32_t lane = bin(l, SpvOpUMod, dword, c32(l, l->wave_size));
      uint32_t offset =
         bin(l, SpvOpIMul, bin(l, SpvOpUDiv, dword, c32(l, l->wave_size)), c32(l, 4));
      uint32_t bad = cmp(l, SpvOpUGreaterThan, offset, c32(l, (uint32_t)l->scratch_per_lane - 4));
      uint32_t first = and_b(l, bad, not_b(l, bad_any));
      bad_lane = lw_select(l, T32, first, lane, bad_lane);
      bad_offset = lw_select(l, T32, first, offset, bad_offset);
      bad_any = or_b(l, bad_any, bad);
      uint32_t global_lane =
         bin(l, SpvOpIAdd, bin(l, SpvOpIMul, l->wave_index, c32(l, l->wave_size)), lane);
      words[i] = bin(l, SpvOpIAdd,
                     bin(l, SpvOpIMul, global_lane, c32(l, (uint32_t)l->scratch_per_lane / 4)),
                     bin(l, SpvOpShiftRightLogical, offset, c32(l, 2)));
   }
   /* the interpreter's aperture of per-lane scratch (interp/mem.h) in the high dword */
   lw_fault(l, bad_any, RDNA_FAULT_UNMAPPED, bad_lane,
            lw_pack64(l, bad_offset, c32(l, 0x00020000u)));
   uint32_t merge = lw_if_begin(l, not_b(l, bad_any));
   if (store) {
      uint32_t values[4];
      for (unsigned i = 0; i < dwords; i++)
         values[i] = lw_sreg(l, in->operands[0].reg + i);
      uint32_t write = lw_if_begin(l, elected(l));
      for (unsigned i = 0; i < dwords; i++)
         spvb_store(l->b, mem_word_ptr(l, l->scratch, words[i]), values[i]);
      lw_if_end(l, write);
   } else {
      uint32_t values[4];
      for (unsigned i = 0; i < dwords; i++)
         values[i] = spvb_load(l->b, T32, mem_word_ptr(l, l->scratch, words[i]));
      for (unsigned i = 0; i < dwords; i++)
         lw_sreg_write(l, in->operands[0].reg + i, values[i]);
   }
   lw_if_end(l, merge);
   return RDNA_OK;
}

#define SMEM_LOAD(name, dwords, buffer)                                       \
   enum rdna_status lower_##name(struct lower *l, const struct rdna_inst *in) \
   {                                                                          \
      return smem_load(l, in, dwords, buffer);                                \
   }

SMEM_LOAD(s_load_dword, 1, false)
SMEM_LOAD(s_load_dwordx2, 2, false)
SMEM_LOAD(s_load_dwordx4, 4, false)
SMEM_LOAD(s_load_dwordx8, 8, false)
SMEM_LOAD(s_load_dwordx16, 16, false)
SMEM_LOAD(s_buffer_load_dword, 1, true)
SMEM_LOAD(s_buffer_load_dwordx2, 2, true)
SMEM_LOAD(s_buffer_load_dwordx4, 4, true)
SMEM_LOAD(s_buffer_load_dwordx8, 8, true)
SMEM_LOAD(s_buffer_load_dwordx16, 16, true)

MEM_NOP(s_gl1_inv)
MEM_NOP(s_dcache_inv)
MEM_NOP(s_dcache_wb)
MEM_NOP(s_dcache_discard)
MEM_NOP(s_dcache_discard_x2)
MEM_NOP(s_atc_probe)
MEM_NOP(s_atc_probe_buffer)

/* s_memtime and s_memrealtime: the interpreter's deterministic counters, the number of
 * instructions the wave executed before this one. */
static enum rdna_status memtime(struct lower *l, const struct rdna_inst *in)
{
   lw_sdst64(l, &in->operands[0], bin64(l, SpvOpISub, lw_steps_now(l), c64(l, 1)));
   return RDNA_OK;
}

enum rdna_status lower_s_memtime(struct lower *l, const struct rdna_inst *in)
{
   return memtime(l, in);
}

enum rdna_status lower_s_memrealtime(struct lower *l, const struct rdna_inst *in)
{
   return memtime(l, in);
}

/* The wave's index within its workgroup (gfx1013). */
enum rdna_status lower_s_get_waveid_in_workgroup(struct lower *l, const struct rdna_inst *in)
{
   lw_sdst(l, &in->operands[0], bin(l, SpvOpUMod, l->wave_index, c32(l, l->waves_per_group)));
   return RDNA_OK;
}

#define SMEM_STORE(name, dwords, buffer)                                      \
   enum rdna_status lower_##name(struct lower *l, const struct rdna_inst *in) \
   {                                                                          \
      return smem_store(l, in, dwords, buffer);                               \
   }
#define SMEM_SCRATCH(name, dwords, store)                                     \
   enum rdna_status lower_##name(struct lower *l, const struct rdna_inst *in) \
   {                                                                          \
      return smem_scratch(l, in, dwords, store);                              \
   }
#define SMEM_ATOMIC(name, op, bits, buffer)                                   \
   enum rdna_status lower_##name(struct lower *l, const struct rdna_inst *in) \
   {                                                                          \
      return smem_atomic(l, in, op, bits, buffer);                            \
   }

SMEM_STORE(s_store_dword, 1, false)
SMEM_STORE(s_store_dwordx2, 2, false)
SMEM_STORE(s_store_dwordx4, 4, false)
SMEM_STORE(s_buffer_store_dword, 1, true)
SMEM_STORE(s_buffer_store_dwordx2, 2, true)
SMEM_STORE(s_buffer_store_dwordx4, 4, true)
SMEM_SCRATCH(s_scratch_load_dword, 1, false)
SMEM_SCRATCH(s_scratch_load_dwordx2, 2, false)
SMEM_SCRATCH(s_scratch_load_dwordx4, 4, false)
SMEM_SCRATCH(s_scratch_store_dword, 1, true)
SMEM_SCRATCH(s_scratch_store_dwordx2, 2, true)
SMEM_SCRATCH(s_scratch_store_dwordx4, 4, true)

#define SMEM_ATOMICS(p, buffer)                            \
   SMEM_ATOMIC(p##_swap, ATOMIC_SWAP, 32, buffer)          \
   SMEM_ATOMIC(p##_cmpswap, ATOMIC_CMPSWAP, 32, buffer)    \
   SMEM_ATOMIC(p##_add, ATOMIC_ADD, 32, buffer)            \
   SMEM_ATOMIC(p##_sub, ATOMIC_SUB, 32, buffer)            \
   SMEM_ATOMIC(p##_smin, ATOMIC_SMIN, 32, buffer)          \
   SMEM_ATOMIC(p##_umin, ATOMIC_UMIN, 32, buffer)          \
   SMEM_ATOMIC(p##_smax, ATOMIC_SMAX, 32, buffer)          \
   SMEM_ATOMIC(p##_umax, ATOMIC_UMAX, 32, buffer)          \
   SMEM_ATOMIC(p##_and, ATOMIC_AND, 32, buffer)            \
   SMEM_ATOMIC(p##_or, ATOMIC_OR, 32, buffer)              \
   SMEM_ATOMIC(p##_xor, ATOMIC_XOR, 32, buffer)            \
   SMEM_ATOMIC(p##_inc, ATOMIC_INC, 32, buffer)            \
   SMEM_ATOMIC(p##_dec, ATOMIC_DEC, 32, buffer)            \
   SMEM_ATOMIC(p##_swap_x2, ATOMIC_SWAP, 64, buffer)       \
   SMEM_ATOMIC(p##_cmpswap_x2, ATOMIC_CMPSWAP, 64, buffer) \
   SMEM_ATOMIC(p##_add_x2, ATOMIC_ADD, 64, buffer)         \
   SMEM_ATOMIC(p##_sub_x2, ATOMIC_SUB, 64, buffer)         \
   SMEM_ATOMIC(p##_smin_x2, ATOMIC_SMIN, 64, buffer)       \
   SMEM_ATOMIC(p##_umin_x2, ATOMIC_UMIN, 64, buffer)       \
   SMEM_ATOMIC(p##_smax_x2, ATOMIC_SMAX, 64, buffer)       \
   SMEM_ATOMIC(p##_umax_x2, ATOMIC_UMAX, 64, buffer)       \
   SMEM_ATOMIC(p##_and_x2, ATOMIC_AND, 64, buffer)         \
   SMEM_ATOMIC(p##_or_x2, ATOMIC_OR, 64, buffer)           \
   SMEM_ATOMIC(p##_xor_x2, ATOMIC_XOR, 64, buffer)         \
   SMEM_ATOMIC(p##_inc_x2, ATOMIC_INC, 64, buffer)         \
   SMEM_ATOMIC(p##_dec_x2, ATOMIC_DEC, 64, buffer)

SMEM_ATOMICS(s_atomic, false)
SMEM_ATOMICS(s_buffer_atomic, true)
