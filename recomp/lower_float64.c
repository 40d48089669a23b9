/* f64 rows lowered without general f64 rounding: compares and class tests, min/max,
 * conversions between f64 and f32 or 32-bit integers, rounding to integral values, fract and frexp
 * (RDNA2 ISA guide 12.8-12.10, docs/float.md). Values stay u64 bits; signs, NaNs, denormals and
 * ordering are decided in integer arithmetic, and the driver's f64 unit is used only for exact
 * operations (integer conversions, floor and friends on normal values) and for fract, whose
 * one inexact case is rounded here. f64 add, mul, fma and ldexp are not lowered yet (UNSUPPORTED
 * in lower_valu_float.c), nor is omod on an f64 result. */
#include <spirv/unified1/GLSL.std.450.h>

#include "recomp/lower_float.h"

#define T32 (l->t_u32)
#define T64 (l->t_u64)
#define TB (l->t_bool)

static const uint64_t SIGN64 = 0x8000000000000000ull, INF64 = 0x7ff0000000000000ull,
                      QUIET64 = 0x0008000000000000ull;

static uint32_t op64(struct lower *l, SpvOp op, uint32_t x, uint32_t y)
{
   return lw_op2(l, op, T64, x, y);
}

static uint32_t cmp64(struct lower *l, SpvOp op, uint32_t x, uint32_t y)
{
   return lw_op2(l, op, TB, x, y);
}

static uint32_t sel64(struct lower *l, uint32_t cond, uint32_t x, uint32_t y)
{
   return lw_select(l, T64, cond, x, y);
}

static uint32_t and_(struct lower *l, uint32_t x, uint32_t y)
{
   return lw_op2(l, SpvOpLogicalAnd, TB, x, y);
}

static uint32_t or_(struct lower *l, uint32_t x, uint32_t y)
{
   return lw_op2(l, SpvOpLogicalOr, TB, x, y);
}

static uint32_t not_(struct lower *l, uint32_t x)
{
   return lw_op1(l, SpvOpLogicalNot, TB, x);
}

static uint32_t mag64(struct lower *l, uint32_t x)
{
   return op64(l, SpvOpBitwiseAnd, x, lw_u64(l, ~SIGN64));
}

static uint32_t is_nan64(struct lower *l, uint32_t x)
{
   return cmp64(l, SpvOpUGreaterThan, mag64(l, x), lw_u64(l, INF64));
}

static uint32_t is_snan64(struct lower *l, uint32_t x)
{
   uint32_t quiet = lw_nz64(l, op64(l, SpvOpBitwiseAnd, x, lw_u64(l, QUIET64)));
   return and_(l, is_nan64(l, x), not_(l, quiet));
}

static uint32_t is_inf64(struct lower *l, uint32_t x)
{
   return cmp64(l, SpvOpIEqual, mag64(l, x), lw_u64(l, INF64));
}

static uint32_t is_zero64(struct lower *l, uint32_t x)
{
   return cmp64(l, SpvOpIEqual, mag64(l, x), lw_u64(l, 0));
}

static uint32_t is_denorm64(struct lower *l, uint32_t x)
{
   uint32_t m = mag64(l, x);
   return and_(l, lw_nz64(l, m), cmp64(l, SpvOpULessThan, m, lw_u64(l, 1ull << 52)));
}

static uint32_t sign64(struct lower *l, uint32_t x)
{
   return op64(l, SpvOpBitwiseAnd, x, lw_u64(l, SIGN64));
}

static uint32_t negative64(struct lower *l, uint32_t x)
{
   return lw_nz64(l, sign64(l, x));
}

static uint32_t quiet64(struct lower *l, uint32_t x)
{
   return op64(l, SpvOpBitwiseOr, x, lw_u64(l, QUIET64));
}

/* Orders non-NaN values as u64 keys; both zeros give the same key. */
static uint32_t key64(struct lower *l, uint32_t x)
{
   x = sel64(l, is_zero64(l, x), lw_u64(l, 0), x);
   return sel64(l, negative64(l, x), lw_op1(l, SpvOpNot, T64, x),
                op64(l, SpvOpBitwiseOr, x, lw_u64(l, SIGN64)));
}

/* Source `op` per slot as u64 bits: abs, neg, then flushed where `flush` (0: never) holds. */
static void src64(struct lower *l, const struct rdna_operand *op, uint32_t flush, uint32_t out[])
{
   lw_vsrc64(l, op, out);
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t v = out[k];
      if (op->mods & RDNA_MOD_ABS)
         v = mag64(l, v);
      if (op->mods & RDNA_MOD_NEG)
         v = op64(l, SpvOpBitwiseXor, v, lw_u64(l, SIGN64));
      if (flush)
         v = sel64(l, and_(l, flush, is_denorm64(l, v)), sign64(l, v), v);
      out[k] = v;
   }
}

/* ---- compares -------------------------------------------------------------------------------- */

enum pred64 {
   P_F,
   P_LT,
   P_EQ,
   P_LE,
   P_GT,
   P_LG,
   P_GE,
   P_O,
   P_U,
   P_NGE,
   P_NLG,
   P_NGT,
   P_NLE,
   P_NEQ,
   P_NLT,
   P_TRU
};

static uint32_t predicate64(struct lower *l, enum pred64 p, uint32_t a, uint32_t b)
{
   static const SpvOp ops[] = {
      SpvOpNop,          SpvOpULessThan, SpvOpIEqual,           SpvOpULessThanEqual,
      SpvOpUGreaterThan, SpvOpINotEqual, SpvOpUGreaterThanEqual
   };
   uint32_t ordered = and_(l, not_(l, is_nan64(l, a)), not_(l, is_nan64(l, b)));
   if (p == P_F || p == P_TRU)
      return lw_bool(l, p == P_TRU);
   if (p == P_O || p == P_U)
      return p == P_O ? ordered : not_(l, ordered);
   bool negated = p >= P_NGE;
   /* nge, nlg, ngt, nle, neq, nlt negate ge, lg, gt, le, eq, lt */
   static const enum pred64 base[] = {
      [P_NGE] = P_GE, [P_NLG] = P_LG, [P_NGT] = P_GT, [P_NLE] = P_LE, [P_NEQ] = P_EQ, [P_NLT] = P_LT
   };
   enum pred64 q = negated ? base[p] : p;
   uint32_t r = and_(l, ordered, cmp64(l, ops[q], key64(l, a), key64(l, b)));
   return negated ? not_(l, r) : r;
}

static void write_mask(struct lower *l, const struct rdna_inst *in, bool to_exec, uint32_t *pred)
{
   for (unsigned k = 0; k < l->slots; k++)
      pred[k] = and_(l, pred[k], lw_active(l, k));
   lw_mask_write(l, to_exec ? RDNA_REG_EXEC_LO : in->operands[0].reg, lw_ballot(l, pred));
}

static enum rdna_status fcmp64(struct lower *l, const struct rdna_inst *in, enum pred64 p,
                               bool to_exec)
{
   struct fl_mode m;
   fl_mode(l, &m, 64, 64);
   unsigned first = to_exec ? 0 : 1;
   uint32_t a[LOWER_MAX_SLOTS], b[LOWER_MAX_SLOTS], pred[LOWER_MAX_SLOTS];
   src64(l, &in->operands[first], m.flush_in, a);
   src64(l, &in->operands[first + 1], m.flush_in, b);
   for (unsigned k = 0; k < l->slots; k++)
      pred[k] = predicate64(l, p, a[k], b[k]);
   write_mask(l, in, to_exec, pred);
   return RDNA_OK;
}

#define FCMP64(name, p)                                                                    \
   enum rdna_status lower_v_cmp_##name##_f64(struct lower *l, const struct rdna_inst *in)  \
   {                                                                                       \
      return fcmp64(l, in, p, false);                                                      \
   }                                                                                       \
   enum rdna_status lower_v_cmpx_##name##_f64(struct lower *l, const struct rdna_inst *in) \
   {                                                                                       \
      return fcmp64(l, in, p, true);                                                       \
   }

FCMP64(f, P_F)
FCMP64(lt, P_LT)
FCMP64(eq, P_EQ)
FCMP64(le, P_LE)
FCMP64(gt, P_GT)
FCMP64(lg, P_LG)
FCMP64(ge, P_GE)
FCMP64(o, P_O)
FCMP64(u, P_U)
FCMP64(nge, P_NGE)
FCMP64(nlg, P_NLG)
FCMP64(ngt, P_NGT)
FCMP64(nle, P_NLE)
FCMP64(neq, P_NEQ)
FCMP64(nlt, P_NLT)
FCMP64(tru, P_TRU)

/* The class index of guide 12.8 (see lower_float_cmp.c). */
static enum rdna_status fclass64(struct lower *l, const struct rdna_inst *in, bool to_exec)
{
   unsigned first = to_exec ? 0 : 1;
   uint32_t a[LOWER_MAX_SLOTS], mask[LOWER_MAX_SLOTS], pred[LOWER_MAX_SLOTS];
   src64(l, &in->operands[first], 0, a);
   lw_vsrc(l, &in->operands[first + 1], mask);
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t x = a[k];
      uint32_t positive =
         lw_select(l, T32, is_zero64(l, x), lw_u32(l, 6),
                   lw_select(l, T32, is_denorm64(l, x), lw_u32(l, 7),
                             lw_select(l, T32, is_inf64(l, x), lw_u32(l, 9), lw_u32(l, 8))));
      uint32_t index = lw_select(l, T32, negative64(l, x),
                                 lw_op2(l, SpvOpISub, T32, lw_u32(l, 11), positive), positive);
      index = lw_select(l, T32, is_nan64(l, x),
                        lw_select(l, T32, is_snan64(l, x), lw_u32(l, 0), lw_u32(l, 1)), index);
      uint32_t bit = lw_op2(l, SpvOpShiftRightLogical, T32, mask[k], index);
      pred[k] = lw_nz(l, lw_op2(l, SpvOpBitwiseAnd, T32, bit, lw_u32(l, 1)));
   }
   write_mask(l, in, to_exec, pred);
   return RDNA_OK;
}

enum rdna_status lower_v_cmp_class_f64(struct lower *l, const struct rdna_inst *in)
{
   return fclass64(l, in, false);
}

enum rdna_status lower_v_cmpx_class_f64(struct lower *l, const struct rdna_inst *in)
{
   return fclass64(l, in, true);
}

/* ---- the lane loop --------------------------------------------------------------------------- */

typedef uint32_t (*f64_fn)(struct lower *l, const struct fl_mode *m, const uint32_t *s);

enum f64_shape {
   F64_TO_F64,   /* f64 sources, f64 result (omod not lowered, clamp applies) */
   F64_TO_INT32, /* f64 source, 32-bit integer result */
   F64_TO_F32,   /* f64 source, f32 result (output modifiers of f32) */
   F32_TO_F64,   /* f32 source, f64 result */
   INT32_TO_F64, /* raw 32-bit source, f64 result */
};

static uint32_t clamp64(struct lower *l, const struct fl_mode *m, uint32_t r)
{
   uint32_t one = lw_u64(l, 0x3ff0000000000000ull);
   uint32_t clamped = sel64(l, negative64(l, r), lw_u64(l, 0),
                            sel64(l, cmp64(l, SpvOpUGreaterThan, r, one), one, r));
   return sel64(l, is_nan64(l, r), sel64(l, m->dx10_clamp, lw_u64(l, 0), r), clamped);
}

static enum rdna_status f64_op(struct lower *l, const struct rdna_inst *in, enum f64_shape shape,
                               unsigned num_srcs, f64_fn fn)
{
   bool f64_result = shape == F64_TO_F64 || shape == F32_TO_F64 || shape == INT32_TO_F64;
   if (f64_result && in->mod.omod)
      return lower_unsupported(l, rdna_op_name(in->op), " (with omod on an f64 result)");
   struct fl_mode m;
   unsigned src_width = shape == F32_TO_F64 ? 32 : 64;
   fl_mode(l, &m, src_width, shape == F64_TO_F32 ? 32 : 64);
   uint32_t src[2][LOWER_MAX_SLOTS];
   for (unsigned i = 0; i < num_srcs; i++) {
      const struct rdna_operand *op = &in->operands[1 + i];
      if (shape == INT32_TO_F64)
         lw_vsrc(l, op, src[i]);
      else if (shape == F32_TO_F64)
         fl_src(l, op, m.flush_in, src[i]);
      else
         src64(l, op, m.flush_in, src[i]);
   }
   unsigned dst = in->operands[0].reg - RDNA_REG_VGPR0;
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t s[2] = { src[0][k], num_srcs > 1 ? src[1][k] : 0 };
      uint32_t r = fn(l, &m, s);
      if (f64_result) {
         if (in->mod.flags & RDNA_FLAG_CLAMP)
            r = clamp64(l, &m, r);
         lw_vwrite(l, dst, k, lw_lo(l, r));
         lw_vwrite(l, dst + 1, k, lw_hi(l, r));
      } else {
         if (shape == F64_TO_F32)
            r = fl_output_mods(l, in, &m, r, 32);
         lw_vwrite(l, dst, k, r);
      }
   }
   return RDNA_OK;
}

#define F64_OP(name, shape, num_srcs, expr)                                                 \
   static uint32_t lane_##name(struct lower *l, const struct fl_mode *m, const uint32_t *s) \
   {                                                                                        \
      (void)m;                                                                              \
      return (expr);                                                                        \
   }                                                                                        \
   enum rdna_status lower_##name(struct lower *l, const struct rdna_inst *in)               \
   {                                                                                        \
      return f64_op(l, in, shape, num_srcs, lane_##name);                                   \
   }

/* ---- min and max ----------------------------------------------------------------------------- */

/* V_MIN_F64 / V_MAX_F64: the V_MIN_F32 rules (guide 12.7) on f64. */
static uint32_t min_max64(struct lower *l, const struct fl_mode *m, uint32_t a, uint32_t b,
                          bool is_max)
{
   uint32_t ka = key64(l, a), kb = key64(l, b);
   uint32_t a_negative = negative64(l, a);
   uint32_t zero_pick_b = and_(l, is_zero64(l, a), is_max ? a_negative : not_(l, a_negative));
   uint32_t r = sel64(l, zero_pick_b, b, a);
   r = sel64(l, cmp64(l, SpvOpUGreaterThan, ka, kb), is_max ? a : b, r);
   r = sel64(l, cmp64(l, SpvOpULessThan, ka, kb), is_max ? b : a, r);
   r = sel64(l, is_nan64(l, b), a, r);
   r = sel64(l, is_nan64(l, a), b, r);
   r = sel64(l, and_(l, m->ieee, is_snan64(l, b)), quiet64(l, b), r);
   return sel64(l, and_(l, m->ieee, is_snan64(l, a)), quiet64(l, a), r);
}

F64_OP(v_min_f64, F64_TO_F64, 2, min_max64(l, m, s[0], s[1], false))
F64_OP(v_max_f64, F64_TO_F64, 2, min_max64(l, m, s[0], s[1], true))

/* ---- conversions ----------------------------------------------------------------------------- */

static uint32_t t_i32(struct lower *l)
{
   return spvb_type_int(l->b, 32, true);
}

static uint32_t f64c(struct lower *l, uint64_t bits)
{
   return fl_as_f64(l, lw_u64(l, bits));
}

/* Truncated, saturated to the 32-bit range; NaN gives 0 (guide 12.9). Denormals truncate to 0
 * whatever the driver does with them. */
static uint32_t to_int32(struct lower *l, uint32_t a, bool is_signed)
{
   uint32_t f = fl_as_f64(l, a);
   uint32_t zero = f64c(l, 0), r;
   if (is_signed) {
      uint32_t hi = lw_op2(l, SpvOpFOrdGreaterThanEqual, TB, f, f64c(l, 0x41e0000000000000ull));
      uint32_t lo = lw_op2(l, SpvOpFOrdLessThanEqual, TB, f, f64c(l, 0xc1e0000000000000ull));
      uint32_t inside = and_(l, not_(l, or_(l, hi, lo)), not_(l, is_nan64(l, a)));
      uint32_t safe = lw_select(l, fl_type_f64(l), inside, f, zero);
      r = lw_op1(l, SpvOpBitcast, T32, lw_op1(l, SpvOpConvertFToS, t_i32(l), safe));
      r = lw_select(l, T32, hi, lw_u32(l, 0x7fffffffu),
                    lw_select(l, T32, lo, lw_u32(l, 0x80000000u), r));
   } else {
      uint32_t hi = lw_op2(l, SpvOpFOrdGreaterThanEqual, TB, f, f64c(l, 0x41f0000000000000ull));
      uint32_t lo = lw_op2(l, SpvOpFOrdLessThanEqual, TB, f, zero);
      uint32_t inside = and_(l, not_(l, or_(l, hi, lo)), not_(l, is_nan64(l, a)));
      uint32_t safe = lw_select(l, fl_type_f64(l), inside, f, zero);
      r = lw_op1(l, SpvOpConvertFToU, T32, safe);
      r = lw_select(l, T32, hi, lw_u32(l, 0xffffffffu), lw_select(l, T32, lo, lw_u32(l, 0), r));
   }
   r = lw_select(l, T32, is_denorm64(l, a), lw_u32(l, 0), r);
   return lw_select(l, T32, is_nan64(l, a), lw_u32(l, 0), r);
}

/* f64 to f32 by the f32 MODE fields; an f64 denormal lies below half the smallest f32 denormal,
 * so it rounds to zero or, away from zero in the directed modes, to that denormal; a NaN keeps
 * its sign and the top of its payload, quieted. */
static uint32_t f64_to_f32(struct lower *l, const struct fl_mode *m, uint32_t a)
{
   uint32_t r = fl_narrow(l, a, m->round, m->flush_out);
   uint32_t neg = negative64(l, a);
   uint32_t away =
      or_(l, and_(l, cmp64(l, SpvOpIEqual, lw_zext64(l, m->round), lw_u64(l, 1)), not_(l, neg)),
          and_(l, cmp64(l, SpvOpIEqual, lw_zext64(l, m->round), lw_u64(l, 2)), neg));
   uint32_t sign = lw_hi(l, sign64(l, a));
   uint32_t tiny =
      lw_op2(l, SpvOpBitwiseOr, T32, sign,
             lw_select(l, T32, and_(l, away, not_(l, m->flush_out)), lw_u32(l, 1), lw_u32(l, 0)));
   r = lw_select(l, T32, is_denorm64(l, a), tiny, r);
   uint32_t payload =
      lw_lo(l, op64(l, SpvOpShiftRightLogical,
                    op64(l, SpvOpBitwiseAnd, a, lw_u64(l, (1ull << 52) - 1)), lw_u32(l, 29)));
   uint32_t nan = lw_op2(l, SpvOpBitwiseOr, T32,
                         lw_op2(l, SpvOpBitwiseOr, T32, sign, lw_u32(l, 0x7fc00000u)), payload);
   return lw_select(l, T32, is_nan64(l, a), nan, r);
}

static uint32_t f32_to_f64(struct lower *l, uint32_t a)
{
   uint32_t w = fl_widen(l, a);
   return sel64(l, fl_is_nan(l, a), quiet64(l, w), w);
}

static uint32_t int_to_f64(struct lower *l, uint32_t v, bool is_signed)
{
   uint32_t f =
      is_signed ? lw_op1(l, SpvOpConvertSToF, fl_type_f64(l), lw_op1(l, SpvOpBitcast, t_i32(l), v))
                : lw_op1(l, SpvOpConvertUToF, fl_type_f64(l), v);
   return fl_as_u64(l, f);
}

F64_OP(v_cvt_i32_f64, F64_TO_INT32, 1, to_int32(l, s[0], true))
F64_OP(v_cvt_u32_f64, F64_TO_INT32, 1, to_int32(l, s[0], false))
F64_OP(v_cvt_f32_f64, F64_TO_F32, 1, f64_to_f32(l, m, s[0]))
F64_OP(v_cvt_f64_f32, F32_TO_F64, 1, f32_to_f64(l, s[0]))
F64_OP(v_cvt_f64_i32, INT32_TO_F64, 1, int_to_f64(l, s[0], true))
F64_OP(v_cvt_f64_u32, INT32_TO_F64, 1, int_to_f64(l, s[0], false))

/* ---- rounding to integral values and frexp -------------------------------------------------- */

enum round64 {
   R_TRUNC,
   R_CEIL,
   R_FLOOR,
   R_RNDNE
};

/* The integral value (guide 12.9, V_TRUNC_F64 ...): the GLSL instruction on normal values (exact),
 * denormals decided here: they lie in (-1, 1), so they give a signed zero, or -1 / +1 where floor
 * / ceil move away from zero. NaN quieted; a zero result keeps the source's sign. */
static uint32_t round_int64(struct lower *l, uint32_t a, enum round64 how)
{
   static const unsigned inst[] = { GLSLstd450Trunc, GLSLstd450Ceil, GLSLstd450Floor,
                                    GLSLstd450RoundEven };
   uint32_t f = fl_as_f64(l, a);
   uint32_t r = fl_as_u64(l, lw_glsl(l, inst[how], fl_type_f64(l), &f, 1));
   r = sel64(l, is_zero64(l, r), sign64(l, a), r);
   uint32_t neg = negative64(l, a), tiny = sign64(l, a);
   if (how == R_FLOOR)
      tiny = sel64(l, neg, lw_u64(l, 0xbff0000000000000ull), lw_u64(l, 0));
   else if (how == R_CEIL)
      tiny = sel64(l, neg, lw_u64(l, SIGN64), lw_u64(l, 0x3ff0000000000000ull));
   r = sel64(l, is_denorm64(l, a), tiny, r);
   r = sel64(l, is_inf64(l, a), a, r);
   return sel64(l, is_nan64(l, a), quiet64(l, a), r);
}

/* V_FRACT_F64 (guide 12.9): x - floor(x) rounded by MODE, kept below 1.0; inf gives the default
 * NaN. The difference is exact except for x in (-0.5, 0), where it is 1 + x: its rounding
 * error comes from Fast2Sum (|x| < 1), and the directed modes move the nearest-even sum one unit
 * toward the exact value. Integral sources give an exact zero: -0 under round toward -inf, +0
 * otherwise; denormal sources are decided here. */
static uint32_t fract64(struct lower *l, const struct fl_mode *m, uint32_t a)
{
   uint32_t t = fl_type_f64(l);
   uint32_t x = fl_as_f64(l, a);
   uint32_t fl = lw_glsl(l, GLSLstd450Floor, t, &x, 1);
   uint32_t diff = fl_as_u64(l, fl_f64_op(l, SpvOpFSub, x, fl));
   uint32_t sum = fl_f64_op(l, SpvOpFAdd, f64c(l, 0x3ff0000000000000ull), x);
   uint32_t err =
      fl_f64_op(l, SpvOpFSub, x, fl_f64_op(l, SpvOpFSub, sum, f64c(l, 0x3ff0000000000000ull)));
   uint32_t sum_bits = fl_as_u64(l, sum), err_bits = fl_as_u64(l, err);
   uint32_t err_pos = and_(l, not_(l, is_zero64(l, err_bits)), not_(l, negative64(l, err_bits)));
   uint32_t err_neg = and_(l, not_(l, is_zero64(l, err_bits)), negative64(l, err_bits));
   uint32_t round = lw_zext64(l, m->round);
   uint32_t up = and_(l, cmp64(l, SpvOpIEqual, round, lw_u64(l, 1)), err_pos);
   uint32_t down = and_(l,
                        or_(l, cmp64(l, SpvOpIEqual, round, lw_u64(l, 2)),
                            cmp64(l, SpvOpIEqual, round, lw_u64(l, 3))),
                        err_neg);
   uint32_t near = sel64(l, up, op64(l, SpvOpIAdd, sum_bits, lw_u64(l, 1)),
                         sel64(l, down, op64(l, SpvOpISub, sum_bits, lw_u64(l, 1)), sum_bits));
   uint32_t small_negative = and_(
      l, negative64(l, a), cmp64(l, SpvOpULessThan, mag64(l, a), lw_u64(l, 0x3fe0000000000000ull)));
   uint32_t r = sel64(l, small_negative, near, diff);
   uint32_t below_one = lw_u64(l, 0x3fefffffffffffffull);
   r = sel64(l, cmp64(l, SpvOpUGreaterThan, r, below_one), below_one, r);
   uint32_t zero =
      sel64(l, cmp64(l, SpvOpIEqual, round, lw_u64(l, 2)), lw_u64(l, SIGN64), lw_u64(l, 0));
   uint32_t integral = cmp64(l, SpvOpIEqual, fl_as_u64(l, x), fl_as_u64(l, fl));
   r = sel64(l, or_(l, integral, is_zero64(l, a)), zero, r);
   uint32_t tiny = sel64(l, negative64(l, a), below_one, sel64(l, m->flush_out, lw_u64(l, 0), a));
   r = sel64(l, is_denorm64(l, a), tiny, r);
   r = sel64(l, is_inf64(l, a), lw_u64(l, 0x7ff8000000000000ull), r);
   return sel64(l, is_nan64(l, a), quiet64(l, a), r);
}

F64_OP(v_fract_f64, F64_TO_F64, 1, fract64(l, m, s[0]))
F64_OP(v_trunc_f64, F64_TO_F64, 1, round_int64(l, s[0], R_TRUNC))
F64_OP(v_ceil_f64, F64_TO_F64, 1, round_int64(l, s[0], R_CEIL))
F64_OP(v_floor_f64, F64_TO_F64, 1, round_int64(l, s[0], R_FLOOR))
F64_OP(v_rndne_f64, F64_TO_F64, 1, round_int64(l, s[0], R_RNDNE))

/* The position of the leading one of a nonzero 52-bit fraction. */
static uint32_t msb52(struct lower *l, uint32_t a)
{
   uint32_t lo = lw_lo(l, a), hi = lw_op2(l, SpvOpBitwiseAnd, T32, lw_hi(l, a), lw_u32(l, 0xfffff));
   uint32_t hmsb = lw_glsl(l, GLSLstd450FindUMsb, T32, &hi, 1);
   uint32_t lmsb = lw_glsl(l, GLSLstd450FindUMsb, T32, &lo, 1);
   return lw_select(l, T32, lw_nz(l, hi), lw_op2(l, SpvOpIAdd, T32, hmsb, lw_u32(l, 32)), lmsb);
}

/* frexp (guide 12.9, V_FREXP_MANT_F64 / V_FREXP_EXP_I32_F64): x = mant * 2^exp with |mant| in
 * [0.5, 1), denormals normalized; inf and zero keep their value and give exponent 0, NaN is
 * quieted. */
static uint32_t frexp_exp64(struct lower *l, uint32_t a)
{
   uint32_t e =
      lw_op2(l, SpvOpBitwiseAnd, T32,
             lw_op2(l, SpvOpShiftRightLogical, T32, lw_hi(l, a), lw_u32(l, 20)), lw_u32(l, 0x7ff));
   uint32_t normal = lw_op2(l, SpvOpISub, T32, e, lw_u32(l, 1022));
   uint32_t denorm = lw_op2(l, SpvOpISub, T32, msb52(l, a), lw_u32(l, 1073));
   uint32_t r = lw_select(l, T32, is_denorm64(l, a), denorm, normal);
   uint32_t none = or_(l, or_(l, is_nan64(l, a), is_inf64(l, a)), is_zero64(l, a));
   return lw_select(l, T32, none, lw_u32(l, 0), r);
}

static uint32_t frexp_mant64(struct lower *l, uint32_t a)
{
   uint32_t frac_mask = lw_u64(l, (1ull << 52) - 1);
   uint32_t half = lw_u64(l, 0x3fe0000000000000ull);
   uint32_t normal = op64(
      l, SpvOpBitwiseOr, op64(l, SpvOpBitwiseAnd, a, lw_u64(l, SIGN64 | ((1ull << 52) - 1))), half);
   uint32_t shifted = op64(l, SpvOpShiftLeftLogical, op64(l, SpvOpBitwiseAnd, a, frac_mask),
                           lw_op2(l, SpvOpISub, T32, lw_u32(l, 52), msb52(l, a)));
   uint32_t denorm = op64(l, SpvOpBitwiseOr, op64(l, SpvOpBitwiseOr, sign64(l, a), half),
                          op64(l, SpvOpBitwiseAnd, shifted, frac_mask));
   uint32_t r = sel64(l, is_denorm64(l, a), denorm, normal);
   r = sel64(l, or_(l, is_inf64(l, a), is_zero64(l, a)), a, r);
   return sel64(l, is_nan64(l, a), quiet64(l, a), r);
}

F64_OP(v_frexp_exp_i32_f64, F64_TO_INT32, 1, frexp_exp64(l, s[0]))
F64_OP(v_frexp_mant_f64, F64_TO_F64, 1, frexp_mant64(l, s[0]))
