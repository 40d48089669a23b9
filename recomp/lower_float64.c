/* f64 rows: compares and class tests, min/max, conversions between f64 and f32 or 32-bit
 * integers, rounding to integral values, fract and frexp, and the rows that round an f64 result
 * (add, mul, fma, ldexp, the division helpers) through the integer soft-float of
 * lower_float64_arith.c (RDNA2 ISA guide 12.7-12.10, docs/float.md). Values stay u64 bits;
 * signs, NaNs, denormals and ordering are decided in integer arithmetic, and the driver's f64 unit
 * is used only for exact operations (integer conversions, floor and friends on normal values) and
 * for fract, whose one inexact case is rounded here. */
#include <spirv/unified1/GLSL.std.450.h>

#include "recomp/lower_float.h"

static const uint64_t SIGN64 = 0x8000000000000000ull, INF64 = 0x7ff0000000000000ull,
                      QUIET64 = 0x0008000000000000ull;

static uint32_t mag64(struct lower *l, uint32_t x)
{
   return bin64(l, SpvOpBitwiseAnd, x, lw_u64(l, ~SIGN64));
}

static uint32_t is_nan64(struct lower *l, uint32_t x)
{
   return cmp(l, SpvOpUGreaterThan, mag64(l, x), lw_u64(l, INF64));
}

static uint32_t is_snan64(struct lower *l, uint32_t x)
{
   uint32_t quiet = lw_nz64(l, bin64(l, SpvOpBitwiseAnd, x, lw_u64(l, QUIET64)));
   return and_b(l, is_nan64(l, x), not_b(l, quiet));
}

static uint32_t is_inf64(struct lower *l, uint32_t x)
{
   return cmp(l, SpvOpIEqual, mag64(l, x), lw_u64(l, INF64));
}

static uint32_t is_zero64(struct lower *l, uint32_t x)
{
   return cmp(l, SpvOpIEqual, mag64(l, x), lw_u64(l, 0));
}

static uint32_t is_denorm64(struct lower *l, uint32_t x)
{
   uint32_t m = mag64(l, x);
   return and_b(l, lw_nz64(l, m), cmp(l, SpvOpULessThan, m, lw_u64(l, 1ull << 52)));
}

static uint32_t sign64(struct lower *l, uint32_t x)
{
   return bin64(l, SpvOpBitwiseAnd, x, lw_u64(l, SIGN64));
}

static uint32_t negative64(struct lower *l, uint32_t x)
{
   return lw_nz64(l, sign64(l, x));
}

static uint32_t quiet64(struct lower *l, uint32_t x)
{
   return bin64(l, SpvOpBitwiseOr, x, lw_u64(l, QUIET64));
}

/* Orders non-NaN values as u64 keys; both zeros give the same key. */
static uint32_t key64(struct lower *l, uint32_t x)
{
   x = sel64(l, is_zero64(l, x), lw_u64(l, 0), x);
   return sel64(l, negative64(l, x), lw_op1(l, SpvOpNot, T64, x),
                bin64(l, SpvOpBitwiseOr, x, lw_u64(l, SIGN64)));
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
         v = bin64(l, SpvOpBitwiseXor, v, lw_u64(l, SIGN64));
      if (flush)
         v = sel64(l, and_b(l, flush, is_denorm64(l, v)), sign64(l, v), v);
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
   uint32_t ordered = and_b(l, not_b(l, is_nan64(l, a)), not_b(l, is_nan64(l, b)));
   if (p == P_F || p == P_TRU)
      return lw_bool(l, p == P_TRU);
   if (p == P_O || p == P_U)
      return p == P_O ? ordered : not_b(l, ordered);
   bool negated = p >= P_NGE;
   /* nge, nlg, ngt, nle, neq, nlt negate ge, lg, gt, le, eq, lt */
   static const enum pred64 base[] = {
      [P_NGE] = P_GE, [P_NLG] = P_LG, [P_NGT] = P_GT, [P_NLE] = P_LE, [P_NEQ] = P_EQ, [P_NLT] = P_LT
   };
   enum pred64 q = negated ? base[p] : p;
   uint32_t r = and_b(l, ordered, cmp(l, ops[q], key64(l, a), key64(l, b)));
   return negated ? not_b(l, r) : r;
}

static void write_mask(struct lower *l, const struct rdna_inst *in, bool to_exec, uint32_t *pred)
{
   for (unsigned k = 0; k < l->slots; k++)
      pred[k] = and_b(l, pred[k], lw_active(l, k));
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
   F64_TO_F64,     /* f64 sources, f64 result (omod not lowered, clamp applies) */
   F64_TO_INT32,   /* f64 source, 32-bit integer result */
   F64_TO_F32,     /* f64 source, f32 result (output modifiers of f32) */
   F32_TO_F64,     /* f32 source, f64 result */
   INT32_TO_F64,   /* raw 32-bit source, f64 result */
   F64_I32_TO_F64, /* f64 source and a raw 32-bit source (ldexp), f64 result */
};

static uint32_t clamp64(struct lower *l, const struct fl_mode *m, uint32_t r)
{
   uint32_t one = lw_u64(l, 0x3ff0000000000000ull);
   uint32_t clamped =
      sel64(l, negative64(l, r), lw_u64(l, 0), sel64(l, cmp(l, SpvOpUGreaterThan, r, one), one, r));
   return sel64(l, is_nan64(l, r), sel64(l, m->dx10_clamp, lw_u64(l, 0), r), clamped);
}

/* omod on an f64 result (RDNA2 ISA guide 6.2.2): a scaling rounded like the operation, applied
 * unless output denormals are kept or MODE.IEEE is set, never to NaN; -0 becomes +0. */
static uint32_t omod64(struct lower *l, const struct rdna_inst *in, const struct fl_mode *m,
                       uint32_t r)
{
   static const int32_t scale[4] = { 0, 1, 2, -1 };
   uint32_t scaled =
      fl64_ldexp(l, r, lw_u32(l, (uint32_t)scale[in->mod.omod & 3]), m->round, m->flush_out);
   scaled = sel64(l, is_zero64(l, scaled), lw_u64(l, 0), scaled);
   uint32_t apply = and_b(l, and_b(l, m->flush_out, not_b(l, m->ieee)), not_b(l, is_nan64(l, r)));
   return sel64(l, apply, scaled, r);
}

static enum rdna_status f64_op(struct lower *l, const struct rdna_inst *in, enum f64_shape shape,
                               unsigned num_srcs, f64_fn fn)
{
   bool f64_result = shape == F64_TO_F64 || shape == F32_TO_F64 || shape == INT32_TO_F64 ||
                     shape == F64_I32_TO_F64;
   struct fl_mode m;
   unsigned src_width = shape == F32_TO_F64 ? 32 : 64;
   fl_mode(l, &m, src_width, shape == F64_TO_F32 ? 32 : 64);
   uint32_t src[3][LOWER_MAX_SLOTS];
   for (unsigned i = 0; i < num_srcs; i++) {
      const struct rdna_operand *op = &in->operands[1 + i];
      if (shape == INT32_TO_F64 || (shape == F64_I32_TO_F64 && i == 1))
         lw_vsrc(l, op, src[i]);
      else if (shape == F32_TO_F64)
         fl_src(l, op, m.flush_in, src[i]);
      else
         src64(l, op, m.flush_in, src[i]);
   }
   unsigned dst = in->operands[0].reg - RDNA_REG_VGPR0;
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t s[3] = { src[0][k], num_srcs > 1 ? src[1][k] : 0, num_srcs > 2 ? src[2][k] : 0 };
      uint32_t r = fn(l, &m, s);
      if (f64_result) {
         if (in->mod.omod)
            r = omod64(l, in, &m, r);
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
   uint32_t zero_pick_b = and_b(l, is_zero64(l, a), is_max ? a_negative : not_b(l, a_negative));
   uint32_t r = sel64(l, zero_pick_b, b, a);
   r = sel64(l, cmp(l, SpvOpUGreaterThan, ka, kb), is_max ? a : b, r);
   r = sel64(l, cmp(l, SpvOpULessThan, ka, kb), is_max ? b : a, r);
   r = sel64(l, is_nan64(l, b), a, r);
   r = sel64(l, is_nan64(l, a), b, r);
   r = sel64(l, and_b(l, m->ieee, is_snan64(l, b)), quiet64(l, b), r);
   return sel64(l, and_b(l, m->ieee, is_snan64(l, a)), quiet64(l, a), r);
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
      uint32_t inside = and_b(l, not_b(l, or_b(l, hi, lo)), not_b(l, is_nan64(l, a)));
      uint32_t safe = lw_select(l, fl_type_f64(l), inside, f, zero);
      r = lw_op1(l, SpvOpBitcast, T32, lw_op1(l, SpvOpConvertFToS, t_i32(l), safe));
      r = lw_select(l, T32, hi, lw_u32(l, 0x7fffffffu),
                    lw_select(l, T32, lo, lw_u32(l, 0x80000000u), r));
   } else {
      uint32_t hi = lw_op2(l, SpvOpFOrdGreaterThanEqual, TB, f, f64c(l, 0x41f0000000000000ull));
      uint32_t lo = lw_op2(l, SpvOpFOrdLessThanEqual, TB, f, zero);
      uint32_t inside = and_b(l, not_b(l, or_b(l, hi, lo)), not_b(l, is_nan64(l, a)));
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
      or_b(l, and_b(l, cmp(l, SpvOpIEqual, lw_zext64(l, m->round), lw_u64(l, 1)), not_b(l, neg)),
           and_b(l, cmp(l, SpvOpIEqual, lw_zext64(l, m->round), lw_u64(l, 2)), neg));
   uint32_t sign = lw_hi(l, sign64(l, a));
   uint32_t tiny =
      lw_op2(l, SpvOpBitwiseOr, T32, sign,
             lw_select(l, T32, and_b(l, away, not_b(l, m->flush_out)), lw_u32(l, 1), lw_u32(l, 0)));
   r = lw_select(l, T32, is_denorm64(l, a), tiny, r);
   uint32_t payload =
      lw_lo(l, bin64(l, SpvOpShiftRightLogical,
                     bin64(l, SpvOpBitwiseAnd, a, lw_u64(l, (1ull << 52) - 1)), lw_u32(l, 29)));
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
   uint32_t err_pos = and_b(l, not_b(l, is_zero64(l, err_bits)), not_b(l, negative64(l, err_bits)));
   uint32_t err_neg = and_b(l, not_b(l, is_zero64(l, err_bits)), negative64(l, err_bits));
   uint32_t round = lw_zext64(l, m->round);
   uint32_t up = and_b(l, cmp(l, SpvOpIEqual, round, lw_u64(l, 1)), err_pos);
   uint32_t down = and_b(
      l,
      or_b(l, cmp(l, SpvOpIEqual, round, lw_u64(l, 2)), cmp(l, SpvOpIEqual, round, lw_u64(l, 3))),
      err_neg);
   uint32_t near = sel64(l, up, bin64(l, SpvOpIAdd, sum_bits, lw_u64(l, 1)),
                         sel64(l, down, bin64(l, SpvOpISub, sum_bits, lw_u64(l, 1)), sum_bits));
   uint32_t small_negative = and_b(
      l, negative64(l, a), cmp(l, SpvOpULessThan, mag64(l, a), lw_u64(l, 0x3fe0000000000000ull)));
   uint32_t r = sel64(l, small_negative, near, diff);
   uint32_t below_one = lw_u64(l, 0x3fefffffffffffffull);
   r = sel64(l, cmp(l, SpvOpUGreaterThan, r, below_one), below_one, r);
   uint32_t zero =
      sel64(l, cmp(l, SpvOpIEqual, round, lw_u64(l, 2)), lw_u64(l, SIGN64), lw_u64(l, 0));
   uint32_t integral = cmp(l, SpvOpIEqual, fl_as_u64(l, x), fl_as_u64(l, fl));
   r = sel64(l, or_b(l, integral, is_zero64(l, a)), zero, r);
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
   uint32_t none = or_b(l, or_b(l, is_nan64(l, a), is_inf64(l, a)), is_zero64(l, a));
   return lw_select(l, T32, none, lw_u32(l, 0), r);
}

static uint32_t frexp_mant64(struct lower *l, uint32_t a)
{
   uint32_t frac_mask = lw_u64(l, (1ull << 52) - 1);
   uint32_t half = lw_u64(l, 0x3fe0000000000000ull);
   uint32_t normal =
      bin64(l, SpvOpBitwiseOr, bin64(l, SpvOpBitwiseAnd, a, lw_u64(l, SIGN64 | ((1ull << 52) - 1))),
            half);
   uint32_t shifted = bin64(l, SpvOpShiftLeftLogical, bin64(l, SpvOpBitwiseAnd, a, frac_mask),
                            lw_op2(l, SpvOpISub, T32, lw_u32(l, 52), msb52(l, a)));
   uint32_t denorm = bin64(l, SpvOpBitwiseOr, bin64(l, SpvOpBitwiseOr, sign64(l, a), half),
                           bin64(l, SpvOpBitwiseAnd, shifted, frac_mask));
   uint32_t r = sel64(l, is_denorm64(l, a), denorm, normal);
   r = sel64(l, or_b(l, is_inf64(l, a), is_zero64(l, a)), a, r);
   return sel64(l, is_nan64(l, a), quiet64(l, a), r);
}

F64_OP(v_frexp_exp_i32_f64, F64_TO_INT32, 1, frexp_exp64(l, s[0]))
F64_OP(v_frexp_mant_f64, F64_TO_F64, 1, frexp_mant64(l, s[0]))

/* ---- arithmetic ------------------------------------------------------------------------------ */

#define ROUND64 m->round, m->flush_out

F64_OP(v_add_f64, F64_TO_F64, 2, fl64_add(l, s[0], s[1], ROUND64))
F64_OP(v_mul_f64, F64_TO_F64, 2, fl64_mul(l, s[0], s[1], ROUND64))
F64_OP(v_fma_f64, F64_TO_F64, 3, fl64_fma(l, s[0], s[1], s[2], ROUND64))
F64_OP(v_ldexp_f64, F64_I32_TO_F64, 2, fl64_ldexp(l, s[0], s[1], ROUND64))
F64_OP(v_rcp_f64, F64_TO_F64, 1, fl64_rcp(l, s[0], ROUND64))

/* ---- v_trig_preop_f64 (guide 12.10) -----------------------------------------------------------
 * 53 bits of 2/pi for argument reduction: with shift = src1[4:0] * 53, plus exponent(src0) - 1077
 * when src0's biased exponent exceeds 1077, the 53 fraction bits of 2/pi after the first `shift`
 * ones, scaled by 2^(-53 - shift) (2^128 more for exponents of 1968 and up). The guide takes
 * 1201 fraction bits; later ones are 0. */

/* The first 1201 fraction bits of 2/pi, 24 per word (the interpreter's table, checked there
 * against 2/pi computed to 1800 bits), padded with zero words so that four words from each of
 * the first 51 exist. */
static const uint32_t two_over_pi[54] = {
   0xa2f983, 0x6e4e44, 0x1529fc, 0x2757d1, 0xf534dd, 0xc0db62, 0x95993c, 0x439041, 0xfe5163,
   0xabdebb, 0xc561b7, 0x246e3a, 0x424dd2, 0xe00649, 0x2eea09, 0xd1921c, 0xfe1deb, 0x1cb129,
   0xa73ee8, 0x8235f5, 0x2ebb44, 0x84e99c, 0x7026b4, 0x5f7e41, 0x3991d6, 0x398353, 0x39f49c,
   0x845f8b, 0xbdf928, 0x3b1ff8, 0x97ffde, 0x05980f, 0xef2f11, 0x8b5a0a, 0x6d1f6d, 0x367ecf,
   0x27cb09, 0xb74f46, 0x3f669e, 0x5fea2d, 0x7527ba, 0xc7ebe5, 0xf17b3d, 0x0739f7, 0x8a5292,
   0xea6bfb, 0x5fb11f, 0x8d5d08, 0x560330, 0x46fc7b, 0x000000, /* bit 1201 (0), zeros after */
};

static uint32_t field64(struct lower *l, uint32_t x);

static uint32_t trig_preop(struct lower *l, const struct fl_mode *m, const uint32_t *s)
{
   uint32_t exponent = field64(l, s[0]);
   uint32_t shift = lw_op2(l, SpvOpIMul, T32, lw_op2(l, SpvOpBitwiseAnd, T32, s[1], lw_u32(l, 31)),
                           lw_u32(l, 53));
   uint32_t big = lw_op2(l, SpvOpUGreaterThan, TB, exponent, lw_u32(l, 1077));
   shift = lw_op2(
      l, SpvOpIAdd, T32, shift,
      lw_select(l, T32, big, lw_op2(l, SpvOpISub, T32, exponent, lw_u32(l, 1077)), lw_u32(l, 0)));
   /* the 96 bits from word shift / 24 (a select chain over the words that hold bits: drivers
    * lower an indexed array into branches) as top (64 bits) and rest (32), then the window of 64
    * bits from bit shift % 24 */
   uint32_t first = lw_op2(l, SpvOpUDiv, T32, shift, lw_u32(l, 24));
   uint32_t offset = lw_op2(l, SpvOpUMod, T32, shift, lw_u32(l, 24));
   uint32_t top = lw_u64(l, 0), rest = lw_u64(l, 0);
   for (unsigned i = 0; i < 51; i++) {
      const uint32_t *w = &two_over_pi[i];
      uint64_t t = (uint64_t)w[0] << 40 | (uint64_t)w[1] << 16 | w[2] >> 8;
      uint64_t r = (uint64_t)(w[2] & 0xffu) << 24 | w[3];
      uint32_t here = lw_op2(l, SpvOpIEqual, TB, first, lw_u32(l, i));
      top = sel64(l, here, lw_u64(l, t), top);
      rest = sel64(l, here, lw_u64(l, r), rest);
   }
   uint32_t off64 = lw_zext64(l, offset);
   uint32_t window =
      bin64(l, SpvOpBitwiseOr, bin64(l, SpvOpShiftLeftLogical, top, off64),
            bin64(l, SpvOpShiftRightLogical, rest, bin64(l, SpvOpISub, lw_u64(l, 32), off64)));
   uint32_t bits = bin64(l, SpvOpShiftRightLogical, window, lw_u64(l, 11));
   uint32_t value = fl_as_u64(l, lw_op1(l, SpvOpConvertUToF, fl_type_f64(l), bits));
   uint32_t scale = lw_op2(l, SpvOpISub, T32, lw_u32(l, (uint32_t)-53), shift);
   scale =
      lw_op2(l, SpvOpIAdd, T32, scale,
             lw_select(l, T32, lw_op2(l, SpvOpUGreaterThanEqual, TB, exponent, lw_u32(l, 1968)),
                       lw_u32(l, 128), lw_u32(l, 0)));
   return fl64_ldexp(l, value, scale, m->round, m->flush_out);
}

F64_OP(v_trig_preop_f64, F64_I32_TO_F64, 2, trig_preop(l, m, s))
F64_OP(v_sqrt_f64, F64_TO_F64, 1, fl64_sqrt(l, s[0], ROUND64))
F64_OP(v_rsq_f64, F64_TO_F64, 1, fl64_rsq(l, s[0], ROUND64))

/* ---- division helpers (guide 12.10, docs/float.md "Division helpers") -------------------------
 */

static uint32_t field64(struct lower *l, uint32_t x)
{
   return lw_op2(l, SpvOpBitwiseAnd, T32,
                 lw_op2(l, SpvOpShiftRightLogical, T32, lw_hi(l, x), lw_u32(l, 20)),
                 lw_u32(l, 0x7ff));
}

/* A finite nonzero value's significand normalized to bit 52 and its exponent (value = sig *
 * 2^exp, an i32 in u32 bits). */
static void normalized64(struct lower *l, uint32_t x, uint32_t *sig, uint32_t *exp)
{
   uint32_t m = bin64(l, SpvOpBitwiseAnd, x, lw_u64(l, (1ull << 52) - 1));
   uint32_t denorm =
      cmp(l, SpvOpIEqual, bin64(l, SpvOpBitwiseAnd, x, lw_u64(l, INF64)), lw_u64(l, 0));
   uint32_t n = lw_op2(l, SpvOpISub, T32, lw_u32(l, 52), msb52(l, x));
   *sig = sel64(l, denorm, bin64(l, SpvOpShiftLeftLogical, m, lw_zext64(l, n)),
                bin64(l, SpvOpBitwiseOr, m, lw_u64(l, 1ull << 52)));
   *exp = lw_select(l, T32, denorm, lw_op2(l, SpvOpISub, T32, lw_u32(l, (uint32_t)-1074), n),
                    lw_op2(l, SpvOpISub, T32, field64(l, x), lw_u32(l, 1075)));
}

static uint32_t exponent64(struct lower *l, uint32_t x)
{
   uint32_t sig, exp;
   normalized64(l, x, &sig, &exp);
   return lw_op2(l, SpvOpIAdd, T32, exp, lw_u32(l, 52));
}

/* V_DIV_FIXUP_F64: the f32 row's rules (lower_valu_float.c) on f64; sources never flushed. */
static uint32_t div_fixup64(struct lower *l, const uint32_t *s)
{
   uint32_t q = s[0], den = s[1], num = s[2];
   uint32_t sign = sign64(l, bin64(l, SpvOpBitwiseXor, den, num));
   uint32_t inf = bin64(l, SpvOpBitwiseOr, sign, lw_u64(l, INF64));
   uint32_t diff = lw_op2(l, SpvOpISub, T32, exponent64(l, num), exponent64(l, den));
   uint32_t tiny = lw_op2(l, SpvOpSLessThan, TB, diff, lw_u32(l, (uint32_t)-1076));
   uint32_t r = bin64(l, SpvOpBitwiseOr, mag64(l, q), sign);
   r = sel64(l, is_nan64(l, q), inf, r);
   r = sel64(l, tiny, sign, r);
   r = sel64(l, or_b(l, is_inf64(l, den), is_zero64(l, num)), sign, r);
   r = sel64(l, or_b(l, is_zero64(l, den), is_inf64(l, num)), inf, r);
   uint32_t invalid = or_b(l, and_b(l, is_zero64(l, den), is_zero64(l, num)),
                           and_b(l, is_inf64(l, den), is_inf64(l, num)));
   r = sel64(l, invalid, lw_u64(l, 0xfff8000000000000ull), r);
   r = sel64(l, is_nan64(l, den), quiet64(l, den), r);
   return sel64(l, is_nan64(l, num), quiet64(l, num), r);
}

static enum rdna_status div_fixup_row(struct lower *l, const struct rdna_inst *in)
{
   if (in->mod.omod)
      return lower_unsupported(l, rdna_op_name(in->op), " (with omod)");
   struct fl_mode m;
   fl_mode(l, &m, 64, 64);
   uint32_t src[3][LOWER_MAX_SLOTS];
   for (unsigned i = 0; i < 3; i++)
      src64(l, &in->operands[1 + i], 0, src[i]);
   unsigned dst = in->operands[0].reg - RDNA_REG_VGPR0;
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t s[3] = { src[0][k], src[1][k], src[2][k] };
      uint32_t r = div_fixup64(l, s);
      if (in->mod.flags & RDNA_FLAG_CLAMP)
         r = clamp64(l, &m, r);
      lw_vwrite(l, dst, k, lw_lo(l, r));
      lw_vwrite(l, dst + 1, k, lw_hi(l, r));
   }
   return RDNA_OK;
}

enum rdna_status lower_v_div_fixup_f64(struct lower *l, const struct rdna_inst *in)
{
   return div_fixup_row(l, in);
}

/* V_DIV_FMAS_F64: fma, then where the lane's VCC bit is set the scaling of v_div_scale undone:
 * 2^128 when src2's biased exponent is above the bias, else 2^-128 (docs/float.md). */
enum rdna_status lower_v_div_fmas_f64(struct lower *l, const struct rdna_inst *in)
{
   struct fl_mode m;
   fl_mode(l, &m, 64, 64);
   uint32_t src[3][LOWER_MAX_SLOTS];
   for (unsigned i = 0; i < 3; i++)
      src64(l, &in->operands[1 + i], m.flush_in, src[i]);
   uint32_t vcc = lw_vcc(l);
   unsigned dst = in->operands[0].reg - RDNA_REG_VGPR0;
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t r = fl64_fma(l, src[0][k], src[1][k], src[2][k], m.round, m.flush_out);
      uint32_t up = lw_op2(l, SpvOpUGreaterThan, TB, field64(l, src[2][k]), lw_u32(l, 1023));
      uint32_t n = lw_select(l, T32, up, lw_u32(l, 128), lw_u32(l, (uint32_t)-128));
      r = sel64(l, lw_mask_bit(l, vcc, k), fl64_ldexp(l, r, n, m.round, m.flush_out), r);
      if (in->mod.omod)
         r = omod64(l, in, &m, r);
      if (in->mod.flags & RDNA_FLAG_CLAMP)
         r = clamp64(l, &m, r);
      lw_vwrite(l, dst, k, lw_lo(l, r));
      lw_vwrite(l, dst + 1, k, lw_hi(l, r));
   }
   return RDNA_OK;
}

/* The division helpers' parameters per width: the smallest normal exponent, the significand
 * bits, v_div_scale's scale, its exponent distance and its small-numerator exponent. */
struct div_width {
   int emin;
   unsigned precision, scale, far, tiny;
   uint64_t rcp_limit; /* the f64 bits of 2^-emin: 1 / den is denormal above it */
};

static const struct div_width DIV_F64 = { -1022, 53, 128, 768, 53, 0x7fd0000000000000ull };
static const struct div_width DIV_F32 = { -126, 24, 64, 96, 23, 0x47d0000000000000ull };

/* Whether num / den rounded to nearest even is a denormal of the width (not zero), for finite
 * nonzero sources given as exact f64 bits, decided exactly on the normalized significands as
 * `precision`-bit integers mn, md and the exponent difference D: with x = mn / md in (1/2, 2)
 * and q = x * 2^D, q is denormal when 2^(emin - p) < q < 2^emin - 2^(emin - p) (the bounds
 * round to zero and to the smallest normal). */
static uint32_t quotient_denormal(struct lower *l, uint32_t num, uint32_t den,
                                  const struct div_width *w)
{
   uint32_t mn, en, md, ed;
   normalized64(l, num, &mn, &en);
   normalized64(l, den, &md, &ed);
   uint32_t drop = lw_u64(l, 53 - w->precision);
   mn = bin64(l, SpvOpShiftRightLogical, mn, drop);
   md = bin64(l, SpvOpShiftRightLogical, md, drop);
   uint32_t t_i32 = spvb_type_int(l->b, 32, true);
   uint32_t d = lw_op2(l, SpvOpISub, T32, en, ed);
   uint32_t zero = lw_op1(l, SpvOpBitcast, t_i32, lw_u32(l, 0));
   uint32_t one = lw_op1(l, SpvOpBitcast, t_i32, lw_u32(l, 1));
   /* x > 2^j, j = emin - p - D */
   uint32_t j =
      lw_op1(l, SpvOpBitcast, t_i32,
             lw_op2(l, SpvOpISub, T32, lw_u32(l, (uint32_t)(w->emin - (int)w->precision)), d));
   uint32_t above = lw_op2(l, SpvOpSLessThan, TB, j, zero);
   above = or_b(l, above,
                and_b(l, lw_op2(l, SpvOpIEqual, TB, j, zero), cmp(l, SpvOpUGreaterThan, mn, md)));
   /* x < 2^i (1 - 2^-p), i = emin - D: for i = 0 iff md > mn; for i = 1 iff mn <= 2 md - 2 */
   uint32_t i =
      lw_op1(l, SpvOpBitcast, t_i32, lw_op2(l, SpvOpISub, T32, lw_u32(l, (uint32_t)w->emin), d));
   uint32_t below = lw_op2(l, SpvOpSGreaterThan, TB, i, one);
   below = or_b(l, below,
                and_b(l, lw_op2(l, SpvOpIEqual, TB, i, zero), cmp(l, SpvOpUGreaterThan, md, mn)));
   uint32_t twice =
      bin64(l, SpvOpISub, bin64(l, SpvOpShiftLeftLogical, md, lw_u64(l, 1)), lw_u64(l, 2));
   below =
      or_b(l, below,
           and_b(l, lw_op2(l, SpvOpIEqual, TB, i, one), cmp(l, SpvOpULessThanEqual, mn, twice)));
   return and_b(l, above, below);
}

/* V_DIV_SCALE (guide 12.10; interp/exec_float_arith.c) on sources given as exact f64 bits, with
 * the biased exponent fields of num and den in their own width and whether den is a denormal
 * there: src0 scaled by 2^scale or 2^-scale where the quotient or the reciprocal would be
 * denormal or the exponents lie far apart (exactly, in f64); *bit says where v_div_fmas must undo
 * a scaling. NaN and zero sources are left to the caller. */
static uint32_t div_scale(struct lower *l, const struct div_width *w, uint32_t s0, uint32_t den,
                          uint32_t num, uint32_t exp_num, uint32_t exp_den, uint32_t den_denorm,
                          uint32_t *bit)
{
   uint32_t exact = lw_u32(l, 0), keep = lw_bool(l, false);
   uint32_t up = fl64_ldexp(l, s0, lw_u32(l, w->scale), exact, keep);
   uint32_t down = fl64_ldexp(l, s0, lw_u32(l, (uint32_t) - (int)w->scale), exact, keep);
   uint32_t finite = not_b(l, or_b(l, is_inf64(l, num), is_inf64(l, den)));
   uint32_t rcp_denorm = and_b(l, not_b(l, is_inf64(l, den)),
                               cmp(l, SpvOpUGreaterThan, mag64(l, den), lw_u64(l, w->rcp_limit)));
   uint32_t quot_denorm = and_b(l, finite, quotient_denormal(l, num, den, w));
   uint32_t far = lw_op2(l, SpvOpSGreaterThanEqual, TB, lw_op2(l, SpvOpISub, T32, exp_num, exp_den),
                         lw_u32(l, w->far));
   uint32_t is_den = cmp(l, SpvOpIEqual, s0, den), is_num = cmp(l, SpvOpIEqual, s0, num);
   /* the guide's cases, last first so that the earlier ones win */
   uint32_t r = sel64(l, lw_op2(l, SpvOpULessThanEqual, TB, exp_num, lw_u32(l, w->tiny)), up, s0);
   uint32_t b = lw_bool(l, false), yes = lw_bool(l, true), no = b;
   r = sel64(l, quot_denorm, sel64(l, is_num, up, s0), r);
   b = lw_select(l, TB, quot_denorm, yes, b);
   r = sel64(l, rcp_denorm, down, r);
   b = lw_select(l, TB, rcp_denorm, no, b);
   uint32_t both = and_b(l, rcp_denorm, quot_denorm);
   r = sel64(l, both, sel64(l, is_den, up, s0), r);
   b = lw_select(l, TB, both, yes, b);
   r = sel64(l, den_denorm, up, r);
   b = lw_select(l, TB, den_denorm, no, b);
   r = sel64(l, far, sel64(l, is_den, up, s0), r);
   *bit = lw_select(l, TB, far, yes, b);
   return r;
}

static uint32_t field32(struct lower *l, uint32_t x)
{
   return lw_op2(l, SpvOpBitwiseAnd, T32, lw_op2(l, SpvOpShiftRightLogical, T32, x, lw_u32(l, 23)),
                 lw_u32(l, 0xff));
}

/* v_div_scale_f32 / _f64: vdst, sdst, then src0 (the value to scale), src1 (the denominator),
 * src2 (the numerator), read unflushed; NaN sources give src0 quieted (or as it is), a zero
 * numerator or denominator the default NaN, without a mask bit. */
static enum rdna_status div_scale_row(struct lower *l, const struct rdna_inst *in, bool is64)
{
   if (in->mod.omod || (in->mod.flags & RDNA_FLAG_CLAMP))
      return lower_unsupported(l, rdna_op_name(in->op), " (with output modifiers)");
   uint32_t src[3][LOWER_MAX_SLOTS];
   for (unsigned i = 0; i < 3; i++) {
      if (is64)
         src64(l, &in->operands[2 + i], 0, src[i]);
      else
         fl_src(l, &in->operands[2 + i], 0, src[i]);
   }
   unsigned dst = in->operands[0].reg - RDNA_REG_VGPR0;
   uint32_t bits[LOWER_MAX_SLOTS];
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t s0 = src[0][k], den = src[1][k], num = src[2][k], bit, r;
      if (is64) {
         r = div_scale(l, &DIV_F64, s0, den, num, field64(l, num), field64(l, den),
                       is_denorm64(l, den), &bit);
      } else {
         r = div_scale(l, &DIV_F32, fl_widen(l, s0), fl_widen(l, den), fl_widen(l, num),
                       field32(l, num), field32(l, den), fl_is_denorm(l, den), &bit);
         r = fl_narrow(l, r, lw_u32(l, 0), lw_bool(l, false));
      }
      uint32_t nan, zero, quieted, default_nan;
      if (is64) {
         nan = or_b(l, is_nan64(l, s0), or_b(l, is_nan64(l, den), is_nan64(l, num)));
         zero = or_b(l, is_zero64(l, num), is_zero64(l, den));
         quieted = sel64(l, is_nan64(l, s0), quiet64(l, s0), s0);
         default_nan = lw_u64(l, 0x7ff8000000000000ull);
      } else {
         nan = or_b(l, fl_is_nan(l, s0), or_b(l, fl_is_nan(l, den), fl_is_nan(l, num)));
         zero = or_b(l, fl_is_zero(l, num), fl_is_zero(l, den));
         quieted = lw_select(l, T32, fl_is_nan(l, s0), fl_quiet(l, s0), s0);
         default_nan = lw_u32(l, 0x7fc00000u);
      }
      uint32_t type = is64 ? T64 : T32;
      r = lw_select(l, type, nan, quieted, r);
      r = lw_select(l, type, zero, default_nan, r);
      bits[k] = and_b(l, and_b(l, bit, not_b(l, or_b(l, nan, zero))), lw_active(l, k));
      if (is64) {
         lw_vwrite(l, dst, k, lw_lo(l, r));
         lw_vwrite(l, dst + 1, k, lw_hi(l, r));
      } else {
         lw_vwrite(l, dst, k, r);
      }
   }
   lw_mask_write(l, in->operands[1].reg, lw_ballot(l, bits));
   return RDNA_OK;
}

enum rdna_status lower_v_div_scale_f64(struct lower *l, const struct rdna_inst *in)
{
   return div_scale_row(l, in, true);
}

enum rdna_status lower_v_div_scale_f32(struct lower *l, const struct rdna_inst *in)
{
   return div_scale_row(l, in, false);
}

/* V_DIV_FMAS_F32: fma rounded by the f32 MODE fields, then where the lane's VCC bit is set the
 * scaling undone: 2^64 when src2's biased exponent is above the bias, else 2^-64, rounded again
 * (docs/float.md "Division helpers"). */
enum rdna_status lower_v_div_fmas_f32(struct lower *l, const struct rdna_inst *in)
{
   struct fl_mode m;
   fl_mode(l, &m, 32, 32);
   uint32_t src[3][LOWER_MAX_SLOTS];
   for (unsigned i = 0; i < 3; i++)
      fl_src(l, &in->operands[1 + i], m.flush_in, src[i]);
   uint32_t vcc = lw_vcc(l);
   unsigned dst = in->operands[0].reg - RDNA_REG_VGPR0;
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t r = fl_fma(l, src[0][k], src[1][k], src[2][k], m.round, m.flush_out, 32);
      uint32_t up = lw_op2(l, SpvOpUGreaterThan, TB, field32(l, src[2][k]), lw_u32(l, 127));
      uint32_t n = lw_select(l, T32, up, lw_u32(l, 64), lw_u32(l, (uint32_t)-64));
      r = lw_select(l, T32, lw_mask_bit(l, vcc, k), fl_ldexp(l, r, n, m.round, m.flush_out, 32), r);
      lw_vwrite(l, dst, k, fl_output_mods(l, in, &m, r, 32));
   }
   return RDNA_OK;
}
