/* f32 and f16 compares of VOPC: the sixteen IEEE predicates of v_cmp_* (lane mask to VCC or an SGPR
 * / pair) and v_cmpx_* (to EXEC only, GFX10), and the class tests v_cmp_class_f32 /
 * v_cmpx_class_f32 (RDNA2 ISA guide 12.8). Sources take abs/neg and MODE's input flush (a flushed
 * denormal equals 0); the class test sees its source unflushed. Values are ordered by integer
 * keys of their bits, so no driver denormal or NaN behaviour enters; -0 == +0 and NaN is
 * unordered. Inactive lanes give 0. */
#include "recomp/lower_float.h"

enum fcmp {
   FCMP_F,
   FCMP_LT,
   FCMP_EQ,
   FCMP_LE,
   FCMP_GT,
   FCMP_LG,
   FCMP_GE,
   FCMP_O,
   FCMP_U,
   FCMP_NGE,
   FCMP_NLG,
   FCMP_NGT,
   FCMP_NLE,
   FCMP_NEQ,
   FCMP_NLT,
   FCMP_TRU
};

static uint32_t predicate(struct lower *l, enum fcmp p, uint32_t a, uint32_t b)
{
   uint32_t ka = fl_order_key(l, a), kb = fl_order_key(l, b);
   uint32_t ordered =
      lw_op2(l, SpvOpLogicalAnd, TB, lw_op1(l, SpvOpLogicalNot, TB, fl_is_nan(l, a)),
             lw_op1(l, SpvOpLogicalNot, TB, fl_is_nan(l, b)));
   SpvOp op;
   bool negated = p >= FCMP_NGE && p <= FCMP_NLT;
   switch (p) {
   case FCMP_F:
      return lw_bool(l, false);
   case FCMP_TRU:
      return lw_bool(l, true);
   case FCMP_O:
      return ordered;
   case FCMP_U:
      return lw_op1(l, SpvOpLogicalNot, TB, ordered);
   case FCMP_LT:
   case FCMP_NLT:
      op = SpvOpULessThan;
      break;
   case FCMP_EQ:
   case FCMP_NEQ:
      op = SpvOpIEqual;
      break;
   case FCMP_LE:
   case FCMP_NLE:
      op = SpvOpULessThanEqual;
      break;
   case FCMP_GT:
   case FCMP_NGT:
      op = SpvOpUGreaterThan;
      break;
   case FCMP_LG:
   case FCMP_NLG:
      op = SpvOpINotEqual;
      break;
   default:
      op = SpvOpUGreaterThanEqual;
      break;
   }
   uint32_t r = lw_op2(l, SpvOpLogicalAnd, TB, ordered, lw_op2(l, op, TB, ka, kb));
   return negated ? lw_op1(l, SpvOpLogicalNot, TB, r) : r;
}

static void write_mask(struct lower *l, const struct rdna_inst *in, bool to_exec, uint32_t *pred)
{
   for (unsigned k = 0; k < l->slots; k++)
      pred[k] = lw_op2(l, SpvOpLogicalAnd, TB, pred[k], lw_active(l, k));
   uint32_t mask = lw_ballot(l, pred);
   lw_mask_write(l, to_exec ? RDNA_REG_EXEC_LO : in->operands[0].reg, mask);
}

/* Source `index` of a compare as f32 bits (f16 sources widened exactly). */
static void cmp_source(struct lower *l, const struct rdna_inst *in, bool to_exec, unsigned index,
                       unsigned width, uint32_t flush, uint32_t out[])
{
   unsigned first = to_exec ? 0 : 1; /* v_cmp has its sdst first, v_cmpx none */
   const struct rdna_operand *op = &in->operands[first + index];
   if (width == 16)
      fl_src16(l, in, op, index, flush, out);
   else
      fl_src(l, op, flush, out);
}

static enum rdna_status fcmp(struct lower *l, const struct rdna_inst *in, enum fcmp p, bool to_exec,
                             unsigned width)
{
   struct fl_mode m;
   fl_mode(l, &m, width, width);
   uint32_t a[LOWER_MAX_SLOTS], b[LOWER_MAX_SLOTS], pred[LOWER_MAX_SLOTS];
   cmp_source(l, in, to_exec, 0, width, m.flush_in, a);
   cmp_source(l, in, to_exec, 1, width, m.flush_in, b);
   for (unsigned k = 0; k < l->slots; k++)
      pred[k] = predicate(l, p, a[k], b[k]);
   write_mask(l, in, to_exec, pred);
   return RDNA_OK;
}

#define FCMP_TYPE(name, p, type, width)                                                       \
   enum rdna_status lower_v_cmp_##name##_##type(struct lower *l, const struct rdna_inst *in)  \
   {                                                                                          \
      return fcmp(l, in, p, false, width);                                                    \
   }                                                                                          \
   enum rdna_status lower_v_cmpx_##name##_##type(struct lower *l, const struct rdna_inst *in) \
   {                                                                                          \
      return fcmp(l, in, p, true, width);                                                     \
   }
#define FCMP(name, p) FCMP_TYPE(name, p, f32, 32) FCMP_TYPE(name, p, f16, 16)

FCMP(f, FCMP_F)
FCMP(lt, FCMP_LT)
FCMP(eq, FCMP_EQ)
FCMP(le, FCMP_LE)
FCMP(gt, FCMP_GT)
FCMP(lg, FCMP_LG)
FCMP(ge, FCMP_GE)
FCMP(o, FCMP_O)
FCMP(u, FCMP_U)
FCMP(nge, FCMP_NGE)
FCMP(nlg, FCMP_NLG)
FCMP(ngt, FCMP_NGT)
FCMP(nle, FCMP_NLE)
FCMP(neq, FCMP_NEQ)
FCMP(nlt, FCMP_NLT)
FCMP(tru, FCMP_TRU)

/* The class index of guide 12.8: 0 signalling NaN, 1 quiet NaN, 2 -inf, 3 -normal, 4 -denormal,
 * 5 -0, 6 +0, 7 +denormal, 8 +normal, 9 +inf; negative classes mirror positive ones (11 - i). */
static uint32_t class_index(struct lower *l, uint32_t x, unsigned width)
{
   uint32_t t = l->t_u32;
   /* f16 sources arrive widened to f32: their denormals lie below 2^-14 there */
   uint32_t mag = lw_op2(l, SpvOpBitwiseAnd, t, x, lw_u32(l, 0x7fffffffu));
   uint32_t denorm = width == 16
                        ? lw_op2(l, SpvOpLogicalAnd, l->t_bool, lw_nz(l, mag),
                                 lw_op2(l, SpvOpULessThan, l->t_bool, mag, lw_u32(l, 0x38800000u)))
                        : fl_is_denorm(l, x);
   uint32_t positive =
      lw_select(l, t, fl_is_zero(l, x), lw_u32(l, 6),
                lw_select(l, t, denorm, lw_u32(l, 7),
                          lw_select(l, t, fl_is_inf(l, x), lw_u32(l, 9), lw_u32(l, 8))));
   uint32_t signed_index = lw_select(l, t, lw_nz(l, fl_sign(l, x)),
                                     lw_op2(l, SpvOpISub, t, lw_u32(l, 11), positive), positive);
   uint32_t nan_index = lw_select(l, t, fl_is_snan(l, x), lw_u32(l, 0), lw_u32(l, 1));
   return lw_select(l, t, fl_is_nan(l, x), nan_index, signed_index);
}

static enum rdna_status fclass(struct lower *l, const struct rdna_inst *in, bool to_exec,
                               unsigned width)
{
   unsigned first = to_exec ? 0 : 1;
   uint32_t a[LOWER_MAX_SLOTS], mask[LOWER_MAX_SLOTS], pred[LOWER_MAX_SLOTS];
   cmp_source(l, in, to_exec, 0, width, 0, a);
   lw_vsrc(l, &in->operands[first + 1], mask);
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t bit =
         lw_op2(l, SpvOpShiftRightLogical, l->t_u32, mask[k], class_index(l, a[k], width));
      pred[k] = lw_nz(l, lw_op2(l, SpvOpBitwiseAnd, l->t_u32, bit, lw_u32(l, 1)));
   }
   write_mask(l, in, to_exec, pred);
   return RDNA_OK;
}

enum rdna_status lower_v_cmp_class_f32(struct lower *l, const struct rdna_inst *in)
{
   return fclass(l, in, false, 32);
}

enum rdna_status lower_v_cmpx_class_f32(struct lower *l, const struct rdna_inst *in)
{
   return fclass(l, in, true, 32);
}

enum rdna_status lower_v_cmp_class_f16(struct lower *l, const struct rdna_inst *in)
{
   return fclass(l, in, false, 16);
}

enum rdna_status lower_v_cmpx_class_f16(struct lower *l, const struct rdna_inst *in)
{
   return fclass(l, in, true, 16);
}
