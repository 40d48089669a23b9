/* Vector integer compares: every v_cmp_* (a lane mask into VCC or an SGPR / pair) and v_cmpx_*
 * (the mask into EXEC; on GFX10 cmpx writes EXEC only) of the 16-, 32- and 64-bit integer types
 * (RDNA2 ISA guide 12.8). Inactive lanes give 0, so a cmpx can only narrow EXEC. The mask is a
 * ballot of each slot's predicate. */
#include "recomp/lower.h"

enum cmp_cond {
   COND_F,
   COND_LT,
   COND_EQ,
   COND_LE,
   COND_GT,
   COND_NE,
   COND_GE,
   COND_T
};

/* Sources of `bits` bits as u32 (16-bit ones sign- or zero-extended from the low half) or u64. */
static void sources(struct lower *l, const struct rdna_operand *op, unsigned bits, bool is_signed,
                    uint32_t out[])
{
   if (bits == 64) {
      lw_vsrc64(l, op, out);
      return;
   }
   lw_vsrc(l, op, out);
   if (bits == 16) {
      SpvOp shift = is_signed ? SpvOpShiftRightArithmetic : SpvOpShiftRightLogical;
      for (unsigned k = 0; k < l->slots; k++)
         out[k] = lw_op2(l, shift, l->t_u32,
                         lw_op2(l, SpvOpShiftLeftLogical, l->t_u32, out[k], lw_u32(l, 16)),
                         lw_u32(l, 16));
   }
}

static enum rdna_status vcmp(struct lower *l, const struct rdna_inst *in, enum cmp_cond cond,
                             unsigned bits, bool is_signed, bool to_exec)
{
   static const SpvOp signed_ops[] = {
      SpvOpNop,          SpvOpSLessThan, SpvOpIEqual,           SpvOpSLessThanEqual,
      SpvOpSGreaterThan, SpvOpINotEqual, SpvOpSGreaterThanEqual
   };
   static const SpvOp unsigned_ops[] = {
      SpvOpNop,          SpvOpULessThan, SpvOpIEqual,           SpvOpULessThanEqual,
      SpvOpUGreaterThan, SpvOpINotEqual, SpvOpUGreaterThanEqual
   };
   unsigned first = to_exec ? 0 : 1;
   uint32_t a[LOWER_MAX_SLOTS], b[LOWER_MAX_SLOTS], pred[LOWER_MAX_SLOTS];
   sources(l, &in->operands[first], bits, is_signed, a);
   sources(l, &in->operands[first + 1], bits, is_signed, b);
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t p;
      if (cond == COND_F)
         p = lw_bool(l, false);
      else if (cond == COND_T)
         p = lw_bool(l, true);
      else
         p = lw_op2(l, is_signed ? signed_ops[cond] : unsigned_ops[cond], l->t_bool, a[k], b[k]);
      pred[k] = lw_op2(l, SpvOpLogicalAnd, l->t_bool, p, lw_active(l, k));
   }
   uint32_t mask = lw_ballot(l, pred);
   lw_mask_write(l, to_exec ? RDNA_REG_EXEC_LO : in->operands[0].reg, mask);
   return RDNA_OK;
}

#define VCMP(cond, type, bits, is_signed)                                                     \
   enum rdna_status lower_v_cmp_##cond##_##type(struct lower *l, const struct rdna_inst *in)  \
   {                                                                                          \
      return vcmp(l, in, COND_##cond, bits, is_signed, false);                                \
   }                                                                                          \
   enum rdna_status lower_v_cmpx_##cond##_##type(struct lower *l, const struct rdna_inst *in) \
   {                                                                                          \
      return vcmp(l, in, COND_##cond, bits, is_signed, true);                                 \
   }
#define COND_f COND_F
#define COND_lt COND_LT
#define COND_eq COND_EQ
#define COND_le COND_LE
#define COND_gt COND_GT
#define COND_ne COND_NE
#define COND_ge COND_GE
#define COND_t COND_T

/* Every condition of a type; the 16-bit types have no f and t rows. */
#define VCMP_TYPE(type, bits, is_signed) \
   VCMP(f, type, bits, is_signed)        \
   VCMP(t, type, bits, is_signed)        \
   VCMP_TYPE16(type, bits, is_signed)
#define VCMP_TYPE16(type, bits, is_signed) \
   VCMP(lt, type, bits, is_signed)         \
   VCMP(eq, type, bits, is_signed)         \
   VCMP(le, type, bits, is_signed)         \
   VCMP(gt, type, bits, is_signed)         \
   VCMP(ne, type, bits, is_signed)         \
   VCMP(ge, type, bits, is_signed)

VCMP_TYPE(i32, 32, true)
VCMP_TYPE(u32, 32, false)
VCMP_TYPE(i64, 64, true)
VCMP_TYPE(u64, 64, false)
VCMP_TYPE16(i16, 16, true)
VCMP_TYPE16(u16, 16, false)
