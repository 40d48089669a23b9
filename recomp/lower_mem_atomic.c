/* The atomic operations' arithmetic in 64-bit integers (the float rows' IEEE compare included),
 * and the 64-bit vector memory atomics (buffer, global and FLAT *_x2 rows; RDNA2 ISA guide
 * chapter 12, the MUBUF and FLAT atomic opcode descriptions).
 *
 * SPIR-V has no 64-bit atomics on the module's u32 memory, so a 64-bit atomic runs one enabled
 * lane at a time in ascending lane order, as the interpreter does (interp/mem.c vmem_atomic):
 * a uniform loop over the wave's ballot, the lane's owner reading and writing both dwords with
 * atomic loads and stores. Lanes of one wave that hit the same qword see each other's results in
 * the interpreter's order; against another wave the qword update is not atomic. */

#include "recomp/lower_mem.h"

#define T32 (l->t_u32)
#define T64 (l->t_u64)
#define TB (l->t_bool)

/* ---- float compares on bits ------------------------------------------------------------------
 * The manual's pseudocode for fcmpswap, fmin and fmax compares as IEEE floats: a NaN on either
 * side compares false and -0 equals +0; denormals compare as their values (the interpreter's
 * rules, interp/mem.c float_atomic; docs/float.md). */

static uint32_t float_is_nan(struct lower *l, uint32_t x, unsigned bits)
{
   uint64_t exp = bits == 64 ? 0x7ff0000000000000ull : 0x7f800000ull;
   uint64_t mant = bits == 64 ? 0x000fffffffffffffull : 0x007fffffull;
   return and_b(l, cmp(l, SpvOpIEqual, bin64(l, SpvOpBitwiseAnd, x, c64(l, exp)), c64(l, exp)),
                lw_nz64(l, bin64(l, SpvOpBitwiseAnd, x, c64(l, mant))));
}

/* Both are zeros of either sign. */
static uint32_t both_zero(struct lower *l, uint32_t a, uint32_t b, unsigned bits)
{
   uint64_t magnitude = bits == 64 ? ~0ull >> 1 : 0x7fffffffull;
   return not_b(
      l, lw_nz64(l, bin64(l, SpvOpBitwiseAnd, bin64(l, SpvOpBitwiseOr, a, b), c64(l, magnitude))));
}

/* A key whose unsigned order is the float order of non-NaN values. */
static uint32_t order_key(struct lower *l, uint32_t x, unsigned bits)
{
   uint64_t sign = 1ull << (bits - 1), mask = bits == 64 ? ~0ull : 0xffffffffull;
   uint32_t negative = lw_nz64(l, bin64(l, SpvOpBitwiseAnd, x, c64(l, sign)));
   return sel64(l, negative, bin64(l, SpvOpBitwiseAnd, lw_op1(l, SpvOpNot, T64, x), c64(l, mask)),
                bin64(l, SpvOpBitwiseOr, x, c64(l, sign)));
}

/* IEEE a < b. */
static uint32_t float_less(struct lower *l, uint32_t a, uint32_t b, unsigned bits)
{
   uint32_t unordered = or_b(l, or_b(l, float_is_nan(l, a, bits), float_is_nan(l, b, bits)),
                             both_zero(l, a, b, bits));
   return and_b(l, not_b(l, unordered),
                cmp(l, SpvOpULessThan, order_key(l, a, bits), order_key(l, b, bits)));
}

uint32_t mem_atomic_value(struct lower *l, enum mem_atomic_op op, unsigned bits, uint32_t old,
                          uint32_t data, uint32_t compare)
{
   switch (op) {
   case ATOMIC_SWAP:
      return data;
   case ATOMIC_CMPSWAP:
      return sel64(l, cmp(l, SpvOpIEqual, old, compare), data, old);
   case ATOMIC_ADD:
      return bin64(l, SpvOpIAdd, old, data);
   case ATOMIC_SUB:
      return bin64(l, SpvOpISub, old, data);
   case ATOMIC_CSUB:
      return sel64(l, cmp(l, SpvOpUGreaterThanEqual, old, data), bin64(l, SpvOpISub, old, data),
                   c64(l, 0));
   case ATOMIC_SMIN:
      if (bits == 32)
         return sel64(l, cmp(l, SpvOpSLessThan, lw_lo(l, data), lw_lo(l, old)), data, old);
      return sel64(l, cmp(l, SpvOpSLessThan, data, old), data, old);
   case ATOMIC_UMIN:
      return sel64(l, cmp(l, SpvOpULessThan, data, old), data, old);
   case ATOMIC_SMAX:
      if (bits == 32)
         return sel64(l, cmp(l, SpvOpSGreaterThan, lw_lo(l, data), lw_lo(l, old)), data, old);
      return sel64(l, cmp(l, SpvOpSGreaterThan, data, old), data, old);
   case ATOMIC_UMAX:
      return sel64(l, cmp(l, SpvOpUGreaterThan, data, old), data, old);
   case ATOMIC_AND:
      return bin64(l, SpvOpBitwiseAnd, old, data);
   case ATOMIC_OR:
      return bin64(l, SpvOpBitwiseOr, old, data);
   case ATOMIC_XOR:
      return bin64(l, SpvOpBitwiseXor, old, data);
   case ATOMIC_INC:
      return sel64(l, cmp(l, SpvOpUGreaterThanEqual, old, data), c64(l, 0),
                   bin64(l, SpvOpIAdd, old, c64(l, 1)));
   case ATOMIC_DEC:
      return sel64(
         l, or_b(l, cmp(l, SpvOpIEqual, old, c64(l, 0)), cmp(l, SpvOpUGreaterThan, old, data)),
         data, bin64(l, SpvOpISub, old, c64(l, 1)));
   case ATOMIC_FCMPSWAP: {
      uint32_t ordered =
         not_b(l, or_b(l, float_is_nan(l, old, bits), float_is_nan(l, compare, bits)));
      uint32_t equal = and_b(
         l, ordered, or_b(l, cmp(l, SpvOpIEqual, old, compare), both_zero(l, old, compare, bits)));
      return sel64(l, equal, data, old);
   }
   case ATOMIC_FMIN:
      return sel64(l, float_less(l, data, old, bits), data, old);
   case ATOMIC_FMAX:
   default:
      return sel64(l, float_less(l, old, data, bits), data, old);
   }
}

/* ---- 64-bit atomics ------------------------------------------------------------------------- */

struct qword_user {
   enum mem_atomic_op op;
   uint32_t data, compare, old; /* u64 ids; old: a Function u64 variable */
};

static void qword_update(struct lower *l, uint32_t buffer, uint32_t word, uint32_t shift,
                         void *user)
{
   (void)shift;
   struct qword_user *u = user;
   uint32_t scope = lw_u32(l, SpvScopeDevice), semantics = lw_u32(l, 0);
   uint32_t ptr[2];
   uint32_t half[2];
   for (unsigned i = 0; i < 2; i++) {
      ptr[i] = mem_word_ptr(l, buffer, lw_op2(l, SpvOpIAdd, T32, word, lw_u32(l, i)));
      uint32_t load[3] = { ptr[i], scope, semantics };
      half[i] = spvb_op(l->b, SpvOpAtomicLoad, T32, load, 3);
   }
   uint32_t old = lw_pack64(l, half[0], half[1]);
   uint32_t next = mem_atomic_value(l, u->op, 64, old, u->data, u->compare);
   uint32_t store_lo[4] = { ptr[0], scope, semantics, lw_lo(l, next) };
   spvb_op_void(l->b, SpvOpAtomicStore, store_lo, 4);
   uint32_t store_hi[4] = { ptr[1], scope, semantics, lw_hi(l, next) };
   spvb_op_void(l->b, SpvOpAtomicStore, store_hi, 4);
   spvb_store(l->b, u->old, old);
}

enum rdna_status mem_atomic64(struct lower *l, const struct mem_lanes *la, enum mem_segment seg,
                              enum mem_atomic_op op, unsigned vdata, int vdst)
{
   struct mem_place p[LOWER_MAX_SLOTS];
   uint32_t ok = mem_place_lanes(l, la, seg, 8, 8, p);
   uint32_t merge = lw_if_begin(l, ok);
   bool has_compare = op == ATOMIC_CMPSWAP || op == ATOMIC_FCMPSWAP;
   uint32_t data[LOWER_MAX_SLOTS], compare[LOWER_MAX_SLOTS], olds[LOWER_MAX_SLOTS];
   for (unsigned k = 0; k < l->slots; k++) {
      data[k] = lw_pack64(l, lw_vgpr(l, vdata, k), lw_vgpr(l, vdata + 1, k));
      compare[k] =
         has_compare ? lw_pack64(l, lw_vgpr(l, vdata + 2, k), lw_vgpr(l, vdata + 3, k)) : c64(l, 0);
      olds[k] = spvb_function_variable(l->b, l->t_ptr_u64);
      spvb_store(l->b, olds[k], c64(l, 0));
   }
   uint32_t old = spvb_function_variable(l->b, l->t_ptr_u64);
   struct lw_lane_loop lanes;
   uint32_t lane = lw_lane_loop_begin(l, lw_ballot(l, la->enabled), &lanes);
   /* The slot (if any) of this invocation that holds the lane: its place and operands. */
   uint32_t mine[LOWER_MAX_SLOTS], any = lw_bool(l, false);
   struct mem_place at = p[0];
   struct qword_user u = { op, data[0], compare[0], old };
   for (unsigned k = 0; k < l->slots; k++) {
      mine[k] = cmp(l, SpvOpIEqual, l->lane[k], lane);
      any = or_b(l, any, mine[k]);
      if (!k)
         continue;
      at.offset = lw_select(l, T32, mine[k], p[k].offset, at.offset);
      at.scratch = lw_select(l, TB, mine[k], p[k].scratch, at.scratch);
      if (at.lds)
         at.lds = lw_select(l, TB, mine[k], p[k].lds, at.lds);
      u.data = sel64(l, mine[k], data[k], u.data);
      u.compare = sel64(l, mine[k], compare[k], u.compare);
   }
   uint32_t owner = lw_if_begin(l, any);
   mem_with_buffer(l, &at, (struct mem_word_op){ qword_update, &u });
   uint32_t replaced = spvb_load(l->b, T64, old);
   for (unsigned k = 0; k < l->slots; k++)
      spvb_store(l->b, olds[k], sel64(l, mine[k], replaced, spvb_load(l->b, T64, olds[k])));
   lw_if_end(l, owner);
   lw_lane_loop_end(l, &lanes);
   if (vdst >= 0) {
      for (unsigned k = 0; k < l->slots; k++) {
         uint32_t write = la->zero[k] ? or_b(l, la->enabled[k], la->zero[k]) : la->enabled[k];
         uint32_t value = spvb_load(l->b, T64, olds[k]);
         for (unsigned i = 0; i < 2; i++) {
            unsigned reg = (unsigned)vdst + i;
            uint32_t kept = lw_vgpr(l, reg, k);
            lw_vgpr_store(l, reg, k,
                          lw_select(l, T32, write, i ? lw_hi(l, value) : lw_lo(l, value), kept));
         }
      }
   }
   lw_if_end(l, merge);
   return RDNA_OK;
}
