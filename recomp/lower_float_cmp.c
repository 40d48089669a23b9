/* f32 compares of VOPC: the sixteen IEEE predicates of v_cmp_* (lane mask to VCC or an SGPR /
 * pair) and v_cmpx_* (to EXEC only, GFX10), and the class tests v_cmp_class_f32 /
 * v_cmpx_class_f32 (RDNA2 ISA guide 12.8). Sources take abs/neg and MODE's input flush (a flushed
 * denormal equals 0); the class test sees its source unflushed. Values are ordered by integer
 * keys of their bits, so no driver denormal or NaN behaviour enters; -0 == +0 and NaN is
 * unordered. Inactive lanes give 0. */
#include "recomp/lower_float.h"

#define TB (l->t_bool)

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

static enum rdna_status fcmp(struct lower *l, const struct rdna_inst *in, enum fcmp p, bool to_exec)
{
   struct fl_mode m;
   fl_mode_f32(l, &m);
   unsigned first = to_exec ? 0 : 1; /* v_cmp has its sdst first, v_cmpx none */
   uint32_t a[LOWER_MAX_SLOTS], b[LOWER_MAX_SLOTS], pred[LOWER_MAX_SLOTS];
   fl_src(l, &in->operands[first], m.flush_in, a);
   fl_src(l, &in->operands[first + 1], m.flush_in, b);
   for (unsigned k = 0; k < l->slots; k++)
      pred[k] = predicate(l, p, a[k], b[k]);
   write_mask(l, in, to_exec, pred);
   return RDNA_OK;
}

#define FCMP(name, p)                                                                      \
   enum rdna_status lower_v_cmp_##name##_f32(struct lower *l, const struct rdna_inst *in)  \
   {                                                                                       \
      return fcmp(l, in, p, false);                                                        \
   }                                                                                       \
   enum rdna_status lower_v_cmpx_##name##_f32(struct lower *l, const struct rdna_inst *in) \
   {                                                                                       \
      return fcmp(l, in, p, true);                                                         \
   }

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
static uint32_t class_index(struct lower *l, uint32_t x)
{
   uint32_t t = l->t_u32;
   uint32_t positive =
      lw_select(l, t, fl_is_zero(l, x), lw_u32(l, 6),
                lw_select(l, t, fl_is_denorm(l, x), lw_u32(l, 7),
                          lw_select(l, t, fl_is_inf(l, x), lw_u32(l, 9), lw_u32(l, 8))));
   uint32_t signed_index = lw_select(l, t, lw_nz(l, fl_sign(l, x)),
                                     lw_op2(l, SpvOpISub, t, lw_u32(l, 11), positive), positive);
   uint32_t nan_index = lw_select(l, t, fl_is_snan(l, x), lw_u32(l, 0), lw_u32(l, 1));
   return lw_select(l, t, fl_is_nan(l, x), nan_index, signed_index);
}

static enum rdna_status fclass(struct lower *l, const struct rdna_inst *in, bool to_exec)
{
   unsigned first = to_exec ? 0 : 1;
   uint32_t a[LOWER_MAX_SLOTS], mask[LOWER_MAX_SLOTS], pred[LOWER_MAX_SLOTS];
   fl_src(l, &in->operands[first], 0, a);
   lw_vsrc(l, &in->operands[first + 1], mask);
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t bit = lw_op2(l, SpvOpShiftRightLogical, l->t_u32, mask[k], class_index(l, a[k]));
      pred[k] = lw_nz(l, lw_op2(l, SpvOpBitwiseAnd, l->t_u32, bit, lw_u32(l, 1)));
   }
   write_mask(l, in, to_exec, pred);
   return RDNA_OK;
}

enum rdna_status lower_v_cmp_class_f32(struct lower *l, const struct rdna_inst *in)
{
   return fclass(l, in, false);
}

enum rdna_status lower_v_cmpx_class_f32(struct lower *l, const struct rdna_inst *in)
{
   return fclass(l, in, true);
}
