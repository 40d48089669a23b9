/* The transcendentals of f32 and f16 (RDNA2 ISA guide 12.9; docs/float.md "Transcendentals").
 * V_RCP_F32, V_SQRT_F32, V_RSQ_F32 and their f16 forms are correctly rounded by MODE on every
 * driver: the exact result is bracketed in integer arithmetic (a u64 division for rcp; an integer
 * square root or reciprocal square root whose f64 estimate is corrected until squares prove the
 * bracket), kept as a 32- to 40-bit integer with a sticky bit (rounded to odd), scaled exactly into
 * an f64 and rounded once to the destination by fl_narrow_to; the driver's f64 unit only gives
 * estimates and exact integer conversions. V_EXP_F32, V_LOG_F32, V_SIN_F32, V_COS_F32 and their
 * f16 forms reproduce the interpreter's f64 evaluation in double-double arithmetic (the end of
 * this file). */
#include <string.h>

#include <spirv/unified1/GLSL.std.450.h>

#include "recomp/lower_float.h"

/* |a| = mx * 2^ex for finite nonzero f32 bits a: mx the 24-bit significand with bit 23 set. */
static void unpack(struct lower *l, uint32_t a, uint32_t *mx, uint32_t *ex)
{
   uint32_t w = fl_widen(l, a);
   uint32_t field =
      bin(l, SpvOpBitwiseAnd, bin(l, SpvOpShiftRightLogical, lw_hi(l, w), lw_u32(l, 20)),
          lw_u32(l, 0x7ff));
   *mx = bin64(l, SpvOpShiftRightLogical,
               bin64(l, SpvOpBitwiseOr, bin64(l, SpvOpBitwiseAnd, w, lw_u64(l, (1ull << 52) - 1)),
                     lw_u64(l, 1ull << 52)),
               lw_u64(l, 29));
   *ex = bin(l, SpvOpISub, field, lw_u32(l, 1075 - 29));
}

/* The exponent made even: mx doubled (up to 25 bits) and ex lowered where ex is odd. */
static void even_exponent(struct lower *l, uint32_t *mx, uint32_t *ex)
{
   uint32_t odd = lw_nz(l, bin(l, SpvOpBitwiseAnd, *ex, lw_u32(l, 1)));
   *mx = sel64(l, odd, bin64(l, SpvOpShiftLeftLogical, *mx, lw_u64(l, 1)), *mx);
   *ex = bin(l, SpvOpISub, *ex, lw_b2u(l, odd));
}

/* The f64 value (as u64 bits) of odd * 2^e for an integer odd < 2^53 and an i32 e keeping the
 * result normal: exact. */
static uint32_t scaled(struct lower *l, uint32_t odd, uint32_t e)
{
   uint32_t f = lw_op1(l, SpvOpConvertUToF, fl_type_f64(l), odd);
   uint32_t p = bin64(l, SpvOpShiftLeftLogical, lw_zext64(l, bin(l, SpvOpIAdd, e, lw_u32(l, 1023))),
                      lw_u64(l, 52));
   return fl_as_u64(l, fl_f64_op(l, SpvOpFMul, f, fl_as_f64(l, p)));
}

static uint32_t sticky(struct lower *l, uint32_t inexact)
{
   return lw_zext64(l, lw_b2u(l, inexact));
}

static uint32_t default_nan(struct lower *l, unsigned width)
{
   return lw_u32(l, width == 16 ? 0x7e00u : 0x7fc00000u);
}

static uint32_t inf_of(struct lower *l, uint32_t sign, unsigned width)
{
   return width == 16 ? bin(l, SpvOpBitwiseOr, bin(l, SpvOpShiftRightLogical, sign, lw_u32(l, 16)),
                            lw_u32(l, 0x7c00))
                      : bin(l, SpvOpBitwiseOr, sign, lw_u32(l, 0x7f800000u));
}

static uint32_t zero_of(struct lower *l, uint32_t sign, unsigned width)
{
   return width == 16 ? bin(l, SpvOpShiftRightLogical, sign, lw_u32(l, 16)) : sign;
}

uint32_t fl_rcp(struct lower *l, uint32_t a, uint32_t round, uint32_t flush_out, unsigned width)
{
   uint32_t mx, ex;
   unpack(l, a, &mx, &ex);
   /* 1 / a = 2^(-62 - ex) * (2^62 / mx): a quotient of 38 to 39 bits and its remainder */
   uint32_t n = lw_u64(l, 1ull << 62);
   uint32_t q = bin64(l, SpvOpUDiv, n, mx), r = bin64(l, SpvOpUMod, n, mx);
   uint32_t odd = bin64(l, SpvOpBitwiseOr, q, sticky(l, cmp(l, SpvOpINotEqual, r, lw_u64(l, 0))));
   uint32_t v = scaled(l, odd, bin(l, SpvOpISub, lw_u32(l, (uint32_t)-62), ex));
   uint32_t sign = fl_sign(l, a);
   v = bin64(l, SpvOpBitwiseOr, v,
             bin64(l, SpvOpShiftLeftLogical, lw_zext64(l, sign), lw_u64(l, 32)));
   uint32_t res = fl_narrow_to(l, v, round, flush_out, width);
   res = sel(l, fl_is_inf(l, a), zero_of(l, sign, width), res);
   res = sel(l, fl_is_zero(l, a), inf_of(l, sign, width), res);
   return sel(l, fl_is_nan(l, a), fl_from_f32(l, fl_quiet(l, a), width), res);
}

/* floor(sqrt(m)) for m < 2^63 from the f64 estimate, corrected by two steps each way. */
static uint32_t isqrt(struct lower *l, uint32_t m)
{
   uint32_t f = lw_op1(l, SpvOpConvertUToF, fl_type_f64(l), m);
   f = lw_glsl(l, GLSLstd450Sqrt, fl_type_f64(l), &f, 1);
   uint32_t s = lw_op1(l, SpvOpConvertFToU, T64, f);
   for (int i = 0; i < 2; i++) {
      uint32_t too_big = cmp(l, SpvOpUGreaterThan, bin64(l, SpvOpIMul, s, s), m);
      s = sel64(l, too_big, bin64(l, SpvOpISub, s, lw_u64(l, 1)), s);
   }
   for (int i = 0; i < 2; i++) {
      uint32_t s1 = bin64(l, SpvOpIAdd, s, lw_u64(l, 1));
      s = sel64(l, cmp(l, SpvOpULessThanEqual, bin64(l, SpvOpIMul, s1, s1), m), s1, s);
   }
   return s;
}

uint32_t fl_sqrt(struct lower *l, uint32_t a, uint32_t round, uint32_t flush_out, unsigned width)
{
   uint32_t mx, ex;
   unpack(l, a, &mx, &ex);
   even_exponent(l, &mx, &ex);
   /* sqrt(a) = sqrt(mx * 2^38) * 2^((ex - 38) / 2): a root of 31 to 32 bits */
   uint32_t m = bin64(l, SpvOpShiftLeftLogical, mx, lw_u64(l, 38));
   uint32_t s = isqrt(l, m);
   uint32_t inexact = cmp(l, SpvOpINotEqual, bin64(l, SpvOpIMul, s, s), m);
   uint32_t odd = bin64(l, SpvOpBitwiseOr, bin64(l, SpvOpShiftLeftLogical, s, lw_u64(l, 1)),
                        sticky(l, inexact));
   uint32_t e =
      bin(l, SpvOpShiftRightArithmetic, bin(l, SpvOpISub, ex, lw_u32(l, 38)), lw_u32(l, 1));
   uint32_t v = scaled(l, odd, bin(l, SpvOpISub, e, lw_u32(l, 1)));
   uint32_t res = fl_narrow_to(l, v, round, flush_out, width);
   res = sel(l, fl_is_inf(l, a), fl_from_f32(l, a, width), res);
   res = sel(l, lw_nz(l, fl_sign(l, a)), default_nan(l, width), res);
   res = sel(l, fl_is_zero(l, a), fl_from_f32(l, a, width), res);
   return sel(l, fl_is_nan(l, a), fl_from_f32(l, fl_quiet(l, a), width), res);
}

/* Compares t^2 * mx with 2^86 for t < 2^32 and mx < 2^26 (a product of up to 90 bits): -1, 0 or
 * 1 as the u32 bits of an i32, through the product's bits from 32 up and its low 32 bits. */
static uint32_t compare_square(struct lower *l, uint32_t t, uint32_t mx)
{
   uint32_t t2 = bin64(l, SpvOpIMul, t, t);
   uint32_t mask = lw_u64(l, 0xffffffffull);
   uint32_t hi_part = bin64(l, SpvOpIMul, bin64(l, SpvOpShiftRightLogical, t2, lw_u64(l, 32)), mx);
   uint32_t lo_part = bin64(l, SpvOpIMul, bin64(l, SpvOpBitwiseAnd, t2, mask), mx);
   uint32_t upper =
      bin64(l, SpvOpIAdd, hi_part, bin64(l, SpvOpShiftRightLogical, lo_part, lw_u64(l, 32)));
   uint32_t low = bin64(l, SpvOpBitwiseAnd, lo_part, mask);
   uint32_t limit = lw_u64(l, 1ull << 54); /* 2^86 = 2^54 * 2^32 */
   uint32_t below = cmp(l, SpvOpULessThan, upper, limit);
   uint32_t equal = lw_op2(l, SpvOpLogicalAnd, TB, cmp(l, SpvOpIEqual, upper, limit),
                           cmp(l, SpvOpIEqual, low, lw_u64(l, 0)));
   return sel(l, below, lw_u32(l, (uint32_t)-1), sel(l, equal, lw_u32(l, 0), lw_u32(l, 1)));
}

uint32_t fl_rsq(struct lower *l, uint32_t a, uint32_t round, uint32_t flush_out, unsigned width)
{
   uint32_t mx, ex;
   unpack(l, a, &mx, &ex);
   even_exponent(l, &mx, &ex);
   /* 1 / sqrt(a) = (2^43 / sqrt(mx)) * 2^(-43 - ex / 2); t = floor(2^43 / sqrt(mx)) has 31 to 32
    * bits, bracketed by t^2 mx <= 2^86 < (t + 1)^2 mx */
   uint32_t f = lw_op1(l, SpvOpConvertUToF, fl_type_f64(l), mx);
   f = lw_glsl(l, GLSLstd450Sqrt, fl_type_f64(l), &f, 1);
   f = fl_f64_op(l, SpvOpFDiv, fl_as_f64(l, lw_u64(l, 0x42a0000000000000ull)), f); /* 2^43 */
   uint32_t t = lw_op1(l, SpvOpConvertFToU, T64, f);
   uint32_t one = lw_u32(l, 1);
   for (int i = 0; i < 2; i++)
      t = sel64(l, cmp(l, SpvOpIEqual, compare_square(l, t, mx), one),
                bin64(l, SpvOpISub, t, lw_u64(l, 1)), t);
   for (int i = 0; i < 2; i++) {
      uint32_t t1 = bin64(l, SpvOpIAdd, t, lw_u64(l, 1));
      t = sel64(l, cmp(l, SpvOpINotEqual, compare_square(l, t1, mx), one), t1, t);
   }
   uint32_t inexact = cmp(l, SpvOpINotEqual, compare_square(l, t, mx), lw_u32(l, 0));
   uint32_t odd = bin64(l, SpvOpBitwiseOr, bin64(l, SpvOpShiftLeftLogical, t, lw_u64(l, 1)),
                        sticky(l, inexact));
   uint32_t half_ex = bin(l, SpvOpShiftRightArithmetic, ex, lw_u32(l, 1));
   uint32_t v = scaled(l, odd, bin(l, SpvOpISub, lw_u32(l, (uint32_t)-44), half_ex));
   uint32_t res = fl_narrow_to(l, v, round, flush_out, width);
   res = sel(l, fl_is_inf(l, a), lw_u32(l, 0), res);
   res = sel(l, lw_nz(l, fl_sign(l, a)), default_nan(l, width), res);
   res = sel(l, fl_is_zero(l, a), inf_of(l, fl_sign(l, a), width), res);
   return sel(l, fl_is_nan(l, a), fl_from_f32(l, fl_quiet(l, a), width), res);
}

/* ---- exp, log, sin and cos ---------------------------------------------------------------------
 * The interpreter evaluates 2^x, log2(x) and sin(2 pi x) of the source widened to f64 with the C
 * library and rounds that f64 to nearest even (docs/float.md "Transcendentals"). Here the same
 * f64 comes from the double-double evaluation of recomp/lower_float_trans_dd.h, instantiated
 * below on SPIR-V f64 instructions, and is rounded by fl_narrow_to with the rounding field forced
 * to nearest even. The evaluations are helper functions, emitted once per module and called per
 * lane slot: each is several hundred f64 instructions. */

typedef struct lower *ta_ctx;
typedef uint32_t ta_val;
typedef uint32_t ta_bool;

static uint32_t ta_add(struct lower *l, uint32_t a, uint32_t b)
{
   return fl_f64_op(l, SpvOpFAdd, a, b);
}

static uint32_t ta_sub(struct lower *l, uint32_t a, uint32_t b)
{
   return fl_f64_op(l, SpvOpFSub, a, b);
}

static uint32_t ta_mul(struct lower *l, uint32_t a, uint32_t b)
{
   return fl_f64_op(l, SpvOpFMul, a, b);
}

static uint32_t ta_div(struct lower *l, uint32_t a, uint32_t b)
{
   return fl_f64_op(l, SpvOpFDiv, a, b);
}

static uint32_t ta_neg(struct lower *l, uint32_t a)
{
   return lw_op1(l, SpvOpFNegate, fl_type_f64(l), a);
}

static uint32_t ta_abs(struct lower *l, uint32_t a)
{
   return lw_glsl(l, GLSLstd450FAbs, fl_type_f64(l), &a, 1);
}

static uint32_t ta_floor(struct lower *l, uint32_t a)
{
   return lw_glsl(l, GLSLstd450Floor, fl_type_f64(l), &a, 1);
}

static uint32_t ta_const(struct lower *l, double value)
{
   uint64_t bits;
   memcpy(&bits, &value, sizeof(bits));
   return spvb_const_bits64(l->b, fl_type_f64(l), bits);
}

static uint32_t ta_less(struct lower *l, uint32_t a, uint32_t b)
{
   return cmp(l, SpvOpFOrdLessThan, a, b);
}

static uint32_t ta_select(struct lower *l, uint32_t c, uint32_t a, uint32_t b)
{
   return lw_select(l, fl_type_f64(l), c, a, b);
}

static uint32_t t_i32(struct lower *l)
{
   return spvb_type_int(l->b, 32, true);
}

static uint32_t ta_frexp(struct lower *l, uint32_t x, uint32_t *e)
{
   uint32_t bits = fl_as_u64(l, x);
   uint32_t field = lw_lo(l, bin64(l, SpvOpShiftRightLogical, bits, lw_u64(l, 52))); /* x > 0 */
   uint32_t unbiased = bin(l, SpvOpISub, field, lw_u32(l, 1023));
   *e = lw_op1(l, SpvOpConvertSToF, fl_type_f64(l), lw_op1(l, SpvOpBitcast, t_i32(l), unbiased));
   uint32_t m =
      bin64(l, SpvOpBitwiseOr, bin64(l, SpvOpBitwiseAnd, bits, lw_u64(l, (1ull << 52) - 1)),
            lw_u64(l, 1023ull << 52));
   return fl_as_f64(l, m);
}

static uint32_t ta_ldexp(struct lower *l, uint32_t x, uint32_t n)
{
   uint32_t ni = lw_op1(l, SpvOpBitcast, T32, lw_op1(l, SpvOpConvertFToS, t_i32(l), n));
   uint32_t scale = bin64(l, SpvOpShiftLeftLogical,
                          lw_zext64(l, bin(l, SpvOpIAdd, ni, lw_u32(l, 1023))), lw_u64(l, 52));
   return ta_mul(l, x, fl_as_f64(l, scale));
}

#include "recomp/lower_float_trans_dd.h"

enum trans_helper {
   HELPER_EXP2,        /* f64 -> f64 */
   HELPER_LOG2,        /* f64 -> f64 */
   HELPER_SIN_QUARTER, /* f64 -> f64 */
   HELPER_LANES,       /* (u32 bits, bool flush_out) -> u32 bits, per function and width */
};

enum trans_fn {
   TRANS_EXP,
   TRANS_LOG,
   TRANS_SIN,
   TRANS_COS,
};

static uint32_t call(struct lower *l, uint32_t type, uint32_t fn, const uint32_t *args,
                     unsigned count)
{
   uint32_t operands[3] = { fn, args[0], count > 1 ? args[1] : 0 };
   return spvb_op(l->b, SpvOpFunctionCall, type, operands, 1 + count);
}

static uint32_t core_helper(struct lower *l, enum trans_helper which)
{
   if (l->trans_helper[which])
      return l->trans_helper[which];
   uint32_t f64 = fl_type_f64(l), x;
   uint32_t id = spvb_begin_helper(l->b, f64, &f64, 1, &x);
   uint32_t r = which == HELPER_EXP2   ? ta_exp2(l, x)
                : which == HELPER_LOG2 ? ta_log2(l, x)
                                       : ta_sin_quarter(l, x);
   spvb_end_helper(l->b, r);
   return l->trans_helper[which] = id;
}

/* The lane function of `fn` in `width`: special values as docs/float.md lists them, the others
 * the core's f64 rounded to nearest even and flushed by `flush_out`. */
static uint32_t lane_helper(struct lower *l, enum trans_fn fn, unsigned width)
{
   unsigned slot = HELPER_LANES + 2 * fn + (width == 16);
   if (l->trans_helper[slot])
      return l->trans_helper[slot];
   uint32_t f64 = fl_type_f64(l);
   uint32_t core = core_helper(l, fn == TRANS_EXP   ? HELPER_EXP2
                                  : fn == TRANS_LOG ? HELPER_LOG2
                                                    : HELPER_SIN_QUARTER);
   uint32_t types[2] = { T32, TB }, params[2];
   uint32_t id = spvb_begin_helper(l->b, T32, types, 2, params);
   uint32_t a = params[0], flush_out = params[1];
   uint32_t x = fl_as_f64(l, fl_widen(l, a));
   uint32_t sign = fl_sign(l, a), v, res;
   if (fn == TRANS_SIN || fn == TRANS_COS) {
      uint32_t quarter;
      uint32_t negative = ta_turns(l, x, fn == TRANS_COS, &quarter);
      v = call(l, f64, core, &quarter, 1);
      v = ta_select(l, negative, ta_neg(l, v), v);
   } else {
      v = call(l, f64, core, &x, 1);
   }
   res = fl_narrow_to(l, fl_as_u64(l, v), lw_u32(l, 0), flush_out, width);
   switch (fn) {
   case TRANS_EXP: /* 2^-inf = +0, 2^+inf = +inf */
      res =
         sel(l, fl_is_inf(l, a), sel(l, lw_nz(l, sign), lw_u32(l, 0), inf_of(l, sign, width)), res);
      break;
   case TRANS_LOG: /* log(+inf) = +inf, log(x < 0) = NaN, log(+-0) = -inf */
      res = sel(l, fl_is_inf(l, a), inf_of(l, sign, width), res);
      res = sel(l, lw_nz(l, sign), default_nan(l, width), res);
      res = sel(l, fl_is_zero(l, a), inf_of(l, lw_u32(l, 0x80000000u), width), res);
      break;
   case TRANS_SIN: /* sin(+-0) = +-0, sin(inf) = NaN */
   case TRANS_COS:
      res = sel(l, fl_is_inf(l, a), default_nan(l, width), res);
      if (fn == TRANS_SIN)
         res = sel(l, fl_is_zero(l, a), fl_from_f32(l, a, width), res);
      break;
   }
   res = sel(l, fl_is_nan(l, a), fl_from_f32(l, fl_quiet(l, a), width), res);
   spvb_end_helper(l->b, res);
   return l->trans_helper[slot] = id;
}

static uint32_t transcendental(struct lower *l, enum trans_fn fn, uint32_t a, uint32_t flush_out,
                               unsigned width)
{
   uint32_t fn_id = lane_helper(l, fn, width);
   uint32_t args[2] = { a, flush_out };
   return call(l, T32, fn_id, args, 2);
}

uint32_t fl_exp(struct lower *l, uint32_t a, uint32_t flush_out, unsigned width)
{
   return transcendental(l, TRANS_EXP, a, flush_out, width);
}

uint32_t fl_log(struct lower *l, uint32_t a, uint32_t flush_out, unsigned width)
{
   return transcendental(l, TRANS_LOG, a, flush_out, width);
}

uint32_t fl_sin(struct lower *l, uint32_t a, uint32_t flush_out, unsigned width)
{
   return transcendental(l, TRANS_SIN, a, flush_out, width);
}

uint32_t fl_cos(struct lower *l, uint32_t a, uint32_t flush_out, unsigned width)
{
   return transcendental(l, TRANS_COS, a, flush_out, width);
}
