/* The float lowering's core (recomp/lower_float.h): exact widening of f32 bits to f64, f64
 * arithmetic whose rounding error is recovered exactly, and the single rounding back to f32 or
 * f16 in integer arithmetic by MODE. Why this is exact: a product of two f32 values is exact in
 * f64 (48 significant bits, exponent >= -298); a sum of two f64 values is s + e exactly with
 * s = RN(x + y) and e from Knuth's TwoSum; s rounded to odd by e (its last bit set when e is
 * not zero) has at least two more bits than f32, so rounding it to f32 or f16 in any mode gives
 * the correctly rounded result of the exact value. No f64 value here is ever denormal, so the
 * driver's f64 denormal behaviour does not matter either. */
#include <spirv/unified1/GLSL.std.450.h>

#include "recomp/lower_float.h"

void fl_mode_f32(struct lower *l, struct fl_mode *m)
{
   fl_mode(l, m, 32, 32);
}

void fl_mode(struct lower *l, struct fl_mode *m, unsigned src_width, unsigned dst_width)
{
   uint32_t mode = spvb_load(l->b, T32, l->hwreg[RDNA_HWREG_MODE]);
   unsigned src_shift = src_width == 32 ? 0 : 2, dst_shift = dst_width == 32 ? 0 : 2;
   m->round = bin(l, SpvOpBitwiseAnd, bin(l, SpvOpShiftRightLogical, mode, lw_u32(l, dst_shift)),
                  lw_u32(l, 3));
   m->flush_in = cmp(l, SpvOpIEqual, bin(l, SpvOpBitwiseAnd, mode, lw_u32(l, 0x10u << src_shift)),
                     lw_u32(l, 0));
   m->flush_out = cmp(l, SpvOpIEqual, bin(l, SpvOpBitwiseAnd, mode, lw_u32(l, 0x20u << dst_shift)),
                      lw_u32(l, 0));
   m->dx10_clamp = lw_nz(l, bin(l, SpvOpBitwiseAnd, mode, lw_u32(l, 1u << 8)));
   m->ieee = lw_nz(l, bin(l, SpvOpBitwiseAnd, mode, lw_u32(l, 1u << 9)));
}

/* The builder deduplicates integer types only; an OpTypeFloat 64 already declared is found in
 * the globals section. */
uint32_t fl_type_f64(struct lower *l)
{
   struct spvb_buf *g = &l->b->globals;
   for (size_t i = 0; i + 2 < g->len;) {
      uint32_t head = g->words[i], count = head >> 16;
      if ((head & 0xffffu) == SpvOpTypeFloat && count == 3 && g->words[i + 2] == 64)
         return g->words[i + 1];
      if (!count)
         break;
      i += count;
   }
   spvb_capability(l->b, SpvCapabilityFloat64);
   uint32_t operands[2] = { spvb_id(l->b), 64 };
   spvb_emit(l->b, g, SpvOpTypeFloat, operands, 2);
   return operands[0];
}

uint32_t fl_as_f64(struct lower *l, uint32_t bits64)
{
   return lw_op1(l, SpvOpBitcast, fl_type_f64(l), bits64);
}

uint32_t fl_as_u64(struct lower *l, uint32_t value_f64)
{
   return lw_op1(l, SpvOpBitcast, T64, value_f64);
}

uint32_t fl_f64_op(struct lower *l, SpvOp op, uint32_t x, uint32_t y)
{
   uint32_t r = lw_op2(l, op, fl_type_f64(l), x, y);
   spvb_decorate(l->b, r, SpvDecorationNoContraction, NULL, 0);
   return r;
}

/* ---- f32 bit predicates -------------------------------------------------------------------- */

static uint32_t magnitude(struct lower *l, uint32_t x)
{
   return bin(l, SpvOpBitwiseAnd, x, lw_u32(l, 0x7fffffffu));
}

uint32_t fl_is_nan(struct lower *l, uint32_t x)
{
   return cmp(l, SpvOpUGreaterThan, magnitude(l, x), lw_u32(l, 0x7f800000u));
}

uint32_t fl_is_snan(struct lower *l, uint32_t x)
{
   uint32_t quiet = lw_nz(l, bin(l, SpvOpBitwiseAnd, x, lw_u32(l, 0x00400000u)));
   return and_b(l, fl_is_nan(l, x), not_b(l, quiet));
}

uint32_t fl_is_inf(struct lower *l, uint32_t x)
{
   return cmp(l, SpvOpIEqual, magnitude(l, x), lw_u32(l, 0x7f800000u));
}

uint32_t fl_is_zero(struct lower *l, uint32_t x)
{
   return cmp(l, SpvOpIEqual, magnitude(l, x), lw_u32(l, 0));
}

uint32_t fl_is_denorm(struct lower *l, uint32_t x)
{
   uint32_t m = magnitude(l, x);
   return and_b(l, lw_nz(l, m), cmp(l, SpvOpULessThan, m, lw_u32(l, 0x00800000u)));
}

uint32_t fl_quiet(struct lower *l, uint32_t x)
{
   return bin(l, SpvOpBitwiseOr, x, lw_u32(l, 0x00400000u));
}

uint32_t fl_sign(struct lower *l, uint32_t x)
{
   return bin(l, SpvOpBitwiseAnd, x, lw_u32(l, 0x80000000u));
}

/* ---- widening and rounding ---------------------------------------------------------------- */

uint32_t fl_widen(struct lower *l, uint32_t x)
{
   uint32_t sign = bin64(l, SpvOpShiftLeftLogical, lw_zext64(l, fl_sign(l, x)), lw_u32(l, 32));
   uint32_t e =
      bin(l, SpvOpBitwiseAnd, bin(l, SpvOpShiftRightLogical, x, lw_u32(l, 23)), lw_u32(l, 0xff));
   uint32_t m = bin(l, SpvOpBitwiseAnd, x, lw_u32(l, 0x7fffffu));
   uint32_t m64 = lw_zext64(l, m);
   /* normal: exponent rebiased by 1023 - 127; inf and NaN: all-ones exponent, payload on top */
   uint32_t e64 = sel(l, cmp(l, SpvOpIEqual, e, lw_u32(l, 0xff)), lw_u32(l, 0x7ff),
                      bin(l, SpvOpIAdd, e, lw_u32(l, 896)));
   uint32_t normal =
      bin64(l, SpvOpBitwiseOr, bin64(l, SpvOpShiftLeftLogical, lw_zext64(l, e64), lw_u32(l, 52)),
            bin64(l, SpvOpShiftLeftLogical, m64, lw_u32(l, 29)));
   /* denormal: m * 2^-149 with its leading bit at msb: exponent msb - 149 */
   uint32_t msb = lw_glsl(l, GLSLstd450FindUMsb, T32, &m, 1);
   uint32_t dexp = bin64(l, SpvOpShiftLeftLogical,
                         lw_zext64(l, bin(l, SpvOpIAdd, msb, lw_u32(l, 874))), lw_u32(l, 52));
   uint32_t dman =
      bin64(l, SpvOpBitwiseAnd,
            bin64(l, SpvOpShiftLeftLogical, m64, bin(l, SpvOpISub, lw_u32(l, 52), msb)),
            lw_u64(l, (1ull << 52) - 1));
   uint32_t denorm = bin64(l, SpvOpBitwiseOr, dexp, dman);
   uint32_t zero_e = cmp(l, SpvOpIEqual, e, lw_u32(l, 0));
   uint32_t mag = sel64(l, zero_e, sel64(l, lw_nz(l, m), denorm, lw_u64(l, 0)), normal);
   return bin64(l, SpvOpBitwiseOr, sign, mag);
}

/* The format's constants: f32 (8-bit exponent, 23-bit fraction) or f16 (5, 10). */
struct narrow_format {
   unsigned man, bias, sign_shift;
};

static const struct narrow_format narrow_f32 = { 23, 127, 31 }, narrow_f16 = { 10, 15, 15 };

uint32_t fl_narrow(struct lower *l, uint32_t v, uint32_t round, uint32_t flush_out)
{
   return fl_narrow_to(l, v, round, flush_out, 32);
}

uint32_t fl_narrow_to(struct lower *l, uint32_t v, uint32_t round, uint32_t flush_out,
                      unsigned width)
{
   const struct narrow_format *f = width == 16 ? &narrow_f16 : &narrow_f32;
   uint32_t inf_bits = ((2 * f->bias + 1) << f->man), min_normal = 1u << f->man;
   /* the f64 biased exponent of the format's smallest normal value */
   uint32_t normal_e = 1023 - f->bias + 1, normal_shift = 52 - f->man;
   uint32_t sign =
      bin(l, SpvOpShiftRightLogical, fl_sign(l, lw_hi(l, v)), lw_u32(l, 31 - f->sign_shift));
   uint32_t negative = lw_nz(l, sign);
   uint32_t e =
      lw_lo(l, bin64(l, SpvOpBitwiseAnd, bin64(l, SpvOpShiftRightLogical, v, lw_u32(l, 52)),
                     lw_u64(l, 0x7ff)));
   uint32_t sig =
      bin64(l, SpvOpBitwiseOr, bin64(l, SpvOpBitwiseAnd, v, lw_u64(l, (1ull << 52) - 1)),
            lw_u64(l, 1ull << 52));
   /* the format keeps man + 1 bits from its smallest normal exponent up; below, one bit fewer
    * per step */
   uint32_t in_normal = cmp(l, SpvOpUGreaterThanEqual, e, lw_u32(l, normal_e));
   uint32_t deep = bin(l, SpvOpISub, lw_u32(l, normal_shift + normal_e), e);
   deep = lw_glsl(l, GLSLstd450UMin, T32, (uint32_t[]){ deep, lw_u32(l, 63) }, 2);
   uint32_t shift = sel(l, in_normal, lw_u32(l, normal_shift), deep);
   uint32_t kept = bin64(l, SpvOpShiftRightLogical, sig, shift);
   uint32_t rem_mask =
      bin64(l, SpvOpISub, bin64(l, SpvOpShiftLeftLogical, lw_u64(l, 1), shift), lw_u64(l, 1));
   uint32_t rem = bin64(l, SpvOpBitwiseAnd, sig, rem_mask);
   uint32_t half =
      bin64(l, SpvOpShiftLeftLogical, lw_u64(l, 1), bin(l, SpvOpISub, shift, lw_u32(l, 1)));
   uint32_t inexact = lw_nz64(l, rem);
   uint32_t odd = lw_nz64(l, bin64(l, SpvOpBitwiseAnd, kept, lw_u64(l, 1)));
   /* IEEE 754 rounding directions, MODE.FP_ROUND encoding (RDNA2 ISA guide 3.12) */
   uint32_t up_even =
      or_b(l, cmp(l, SpvOpUGreaterThan, rem, half), and_b(l, cmp(l, SpvOpIEqual, rem, half), odd));
   uint32_t up_plus = and_b(l, inexact, not_b(l, negative));
   uint32_t up_minus = and_b(l, inexact, negative);
   uint32_t up = lw_select(l, TB, cmp(l, SpvOpIEqual, round, lw_u32(l, 0)), up_even,
                           lw_select(l, TB, cmp(l, SpvOpIEqual, round, lw_u32(l, 1)), up_plus,
                                     lw_select(l, TB, cmp(l, SpvOpIEqual, round, lw_u32(l, 2)),
                                               up_minus, lw_bool(l, false))));
   kept = bin64(l, SpvOpIAdd, kept, lw_zext64(l, lw_b2u(l, up)));
   /* normal range: the hidden bit in kept adds one to (e - normal_e), giving the format's biased
    * exponent, and a carry out of rounding moves into the exponent by itself */
   uint32_t normal =
      bin64(l, SpvOpIAdd,
            bin64(l, SpvOpShiftLeftLogical, lw_zext64(l, bin(l, SpvOpISub, e, lw_u32(l, normal_e))),
                  lw_u32(l, f->man)),
            kept);
   uint32_t mag64 = sel64(l, in_normal, normal, kept);
   uint32_t overflow = cmp(l, SpvOpUGreaterThanEqual, e, lw_u32(l, 1023 + f->bias + 1));
   overflow = or_b(l, overflow, cmp(l, SpvOpUGreaterThanEqual, mag64, lw_u64(l, inf_bits)));
   uint32_t to_inf =
      or_b(l, cmp(l, SpvOpIEqual, round, lw_u32(l, 0)),
           or_b(l, and_b(l, cmp(l, SpvOpIEqual, round, lw_u32(l, 1)), not_b(l, negative)),
                and_b(l, cmp(l, SpvOpIEqual, round, lw_u32(l, 2)), negative)));
   uint32_t big = sel(l, to_inf, lw_u32(l, inf_bits), lw_u32(l, inf_bits - 1));
   uint32_t mag = sel(l, overflow, big, lw_lo(l, mag64));
   mag = sel(l, cmp(l, SpvOpIEqual, e, lw_u32(l, 0x7ff)), lw_u32(l, inf_bits), mag);
   mag = sel(l, cmp(l, SpvOpIEqual, e, lw_u32(l, 0)), lw_u32(l, 0), mag);
   uint32_t denormal = and_b(l, lw_nz(l, mag), cmp(l, SpvOpULessThan, mag, lw_u32(l, min_normal)));
   mag = sel(l, and_b(l, flush_out, denormal), lw_u32(l, 0), mag);
   return bin(l, SpvOpBitwiseOr, sign, mag);
}

uint32_t fl_widen16(struct lower *l, uint32_t x)
{
   uint32_t sign =
      bin(l, SpvOpShiftLeftLogical, bin(l, SpvOpBitwiseAnd, x, lw_u32(l, 0x8000)), lw_u32(l, 16));
   uint32_t e =
      bin(l, SpvOpBitwiseAnd, bin(l, SpvOpShiftRightLogical, x, lw_u32(l, 10)), lw_u32(l, 0x1f));
   uint32_t m = bin(l, SpvOpBitwiseAnd, x, lw_u32(l, 0x3ff));
   uint32_t m13 = bin(l, SpvOpShiftLeftLogical, m, lw_u32(l, 13));
   uint32_t special = bin(l, SpvOpBitwiseOr, lw_u32(l, 0x7f800000u), m13);
   uint32_t normal =
      bin(l, SpvOpBitwiseOr,
          bin(l, SpvOpShiftLeftLogical, bin(l, SpvOpIAdd, e, lw_u32(l, 112)), lw_u32(l, 23)), m13);
   /* denormal: m * 2^-24 with its leading bit at msb: f32 exponent msb - 24 */
   uint32_t msb = lw_glsl(l, GLSLstd450FindUMsb, T32, &m, 1);
   uint32_t denorm =
      bin(l, SpvOpBitwiseOr,
          bin(l, SpvOpShiftLeftLogical, bin(l, SpvOpIAdd, msb, lw_u32(l, 103)), lw_u32(l, 23)),
          bin(l, SpvOpBitwiseAnd,
              bin(l, SpvOpShiftLeftLogical, m, bin(l, SpvOpISub, lw_u32(l, 23), msb)),
              lw_u32(l, 0x7fffffu)));
   uint32_t mag = sel(l, cmp(l, SpvOpIEqual, e, lw_u32(l, 0x1f)), special,
                      sel(l, lw_nz(l, e), normal, sel(l, lw_nz(l, m), denorm, lw_u32(l, 0))));
   return bin(l, SpvOpBitwiseOr, sign, mag);
}

uint32_t fl_from_f32(struct lower *l, uint32_t x, unsigned width)
{
   if (width == 32)
      return x;
   uint32_t nan =
      bin(l, SpvOpBitwiseOr, bin(l, SpvOpShiftRightLogical, fl_sign(l, x), lw_u32(l, 16)),
          bin(l, SpvOpBitwiseOr, lw_u32(l, 0x7c00),
              bin(l, SpvOpShiftRightLogical, bin(l, SpvOpBitwiseAnd, x, lw_u32(l, 0x7fffffu)),
                  lw_u32(l, 13))));
   uint32_t value = fl_narrow_to(l, fl_widen(l, x), lw_u32(l, 0), lw_bool(l, false), 16);
   return sel(l, fl_is_nan(l, x), nan, value);
}

/* ---- correctly rounded operations ----------------------------------------------------------- */

static uint32_t f64_is_nan(struct lower *l, uint32_t bits)
{
   uint32_t m = bin64(l, SpvOpBitwiseAnd, bits, lw_u64(l, 0x7fffffffffffffffull));
   return cmp(l, SpvOpUGreaterThan, m, lw_u64(l, 0x7ff0000000000000ull));
}

static uint32_t f64_is_zero(struct lower *l, uint32_t bits)
{
   uint32_t m = bin64(l, SpvOpBitwiseAnd, bits, lw_u64(l, 0x7fffffffffffffffull));
   return cmp(l, SpvOpIEqual, m, lw_u64(l, 0));
}

/* RN(x + y) as bits, rounded to odd by the exact error of the sum (TwoSum, Knuth TAOCP 4.2.2):
 * where the error is nonzero and the sum's last bit is even, the sum moves one unit toward the
 * exact value. */
static uint32_t sum_to_odd(struct lower *l, uint32_t x, uint32_t y)
{
   uint32_t s = fl_f64_op(l, SpvOpFAdd, x, y);
   uint32_t yy = fl_f64_op(l, SpvOpFSub, s, x);
   uint32_t xx = fl_f64_op(l, SpvOpFSub, s, yy);
   uint32_t err =
      fl_f64_op(l, SpvOpFAdd, fl_f64_op(l, SpvOpFSub, x, xx), fl_f64_op(l, SpvOpFSub, y, yy));
   uint32_t sb = fl_as_u64(l, s), eb = fl_as_u64(l, err);
   uint32_t finite =
      cmp(l, SpvOpULessThan, bin64(l, SpvOpBitwiseAnd, sb, lw_u64(l, 0x7fffffffffffffffull)),
          lw_u64(l, 0x7ff0000000000000ull));
   uint32_t inexact =
      and_b(l, finite, and_b(l, not_b(l, f64_is_zero(l, eb)), not_b(l, f64_is_nan(l, eb))));
   uint32_t even = cmp(l, SpvOpIEqual, bin64(l, SpvOpBitwiseAnd, sb, lw_u64(l, 1)), lw_u64(l, 0));
   uint32_t same_sign = cmp(l, SpvOpIEqual, bin64(l, SpvOpShiftRightLogical, sb, lw_u32(l, 63)),
                            bin64(l, SpvOpShiftRightLogical, eb, lw_u32(l, 63)));
   uint32_t moved = sel64(l, same_sign, bin64(l, SpvOpIAdd, sb, lw_u64(l, 1)),
                          bin64(l, SpvOpISub, sb, lw_u64(l, 1)));
   return sel64(l, and_b(l, inexact, even), moved, sb);
}

/* The first NaN source quieted (docs/float.md "NaN rules"): found, and its value. */
static uint32_t first_nan(struct lower *l, const uint32_t *src, unsigned n, uint32_t *value)
{
   uint32_t any = fl_is_nan(l, src[n - 1]);
   uint32_t v = fl_quiet(l, src[n - 1]);
   for (unsigned i = n - 1; i-- > 0;) {
      uint32_t is = fl_is_nan(l, src[i]);
      v = sel(l, is, fl_quiet(l, src[i]), v);
      any = or_b(l, any, is);
   }
   *value = v;
   return any;
}

/* What an operation's special cases give, decided on the sources' bits so that no driver
 * optimisation of infinities, NaNs or signed zeros can enter: `invalid` gives the default NaN,
 * `special` (when not 0) the value `special_value`; an exact zero sum is -0 when both addends
 * are -0 (`both_minus_zero`), or under round toward -inf unless both are +0 (`both_plus_zero`);
 * 0 for these two means "not a sum". `sign` (when not 0) forces the result's sign bit. */
struct fl_special {
   uint32_t invalid, special, special_value, both_plus_zero, both_minus_zero, sign;
};

/* The f32 result of the exact f64 value `bits` (rounded to odd) under the NaN rules: the first
 * NaN source quieted, then the default NaN of an invalid operation. */
static uint32_t finish(struct lower *l, const uint32_t *src, unsigned n, uint32_t bits,
                       const struct fl_special *sp, uint32_t round, uint32_t flush_out,
                       unsigned width)
{
   uint32_t r = fl_narrow_to(l, bits, round, flush_out, width);
   if (sp->sign)
      r = bin(l, SpvOpBitwiseOr, bin(l, SpvOpBitwiseAnd, r, lw_u32(l, (1u << (width - 1)) - 1)),
              fl_from_f32(l, sp->sign, width));
   if (sp->both_plus_zero) {
      uint32_t minus =
         or_b(l, sp->both_minus_zero,
              and_b(l, cmp(l, SpvOpIEqual, round, lw_u32(l, 2)), not_b(l, sp->both_plus_zero)));
      uint32_t zero = sel(l, minus, lw_u32(l, 1u << (width - 1)), lw_u32(l, 0));
      r = sel(l, f64_is_zero(l, bits), zero, r);
   }
   if (sp->special)
      r = sel(l, sp->special, fl_from_f32(l, sp->special_value, width), r);
   r = sel(l, sp->invalid, lw_u32(l, width == 16 ? 0x7e00u : 0x7fc00000u), r);
   uint32_t nan;
   uint32_t has_nan = first_nan(l, src, n, &nan);
   return sel(l, has_nan, fl_from_f32(l, nan, width), r);
}

static uint32_t equals(struct lower *l, uint32_t x, uint32_t value)
{
   return cmp(l, SpvOpIEqual, x, lw_u32(l, value));
}

uint32_t fl_add(struct lower *l, uint32_t a, uint32_t b, uint32_t round, uint32_t flush_out,
                unsigned width)
{
   uint32_t src[2] = { a, b };
   uint32_t s = sum_to_odd(l, fl_as_f64(l, fl_widen(l, a)), fl_as_f64(l, fl_widen(l, b)));
   uint32_t opposite = cmp(l, SpvOpINotEqual, fl_sign(l, a), fl_sign(l, b));
   struct fl_special sp = {
      .invalid = and_b(l, and_b(l, fl_is_inf(l, a), fl_is_inf(l, b)), opposite),
      .special = or_b(l, fl_is_inf(l, a), fl_is_inf(l, b)),
      .special_value = sel(l, fl_is_inf(l, a), a, b),
      .both_plus_zero = and_b(l, equals(l, a, 0), equals(l, b, 0)),
      .both_minus_zero = and_b(l, equals(l, a, 0x80000000u), equals(l, b, 0x80000000u)),
   };
   return finish(l, src, 2, s, &sp, round, flush_out, width);
}

static uint32_t product_sign(struct lower *l, uint32_t a, uint32_t b)
{
   return fl_sign(l, bin(l, SpvOpBitwiseXor, a, b));
}

uint32_t fl_mul(struct lower *l, uint32_t a, uint32_t b, uint32_t round, uint32_t flush_out,
                unsigned width)
{
   uint32_t src[2] = { a, b };
   uint32_t p = fl_f64_op(l, SpvOpFMul, fl_as_f64(l, fl_widen(l, a)), fl_as_f64(l, fl_widen(l, b)));
   uint32_t sign = product_sign(l, a, b);
   uint32_t any_inf = or_b(l, fl_is_inf(l, a), fl_is_inf(l, b));
   uint32_t any_zero = or_b(l, fl_is_zero(l, a), fl_is_zero(l, b));
   struct fl_special sp = {
      .invalid = and_b(l, any_inf, any_zero),
      .special = any_inf,
      .special_value = bin(l, SpvOpBitwiseOr, lw_u32(l, 0x7f800000u), sign),
      .sign = sign,
   };
   return finish(l, src, 2, fl_as_u64(l, p), &sp, round, flush_out, width);
}

uint32_t fl_fma(struct lower *l, uint32_t a, uint32_t b, uint32_t c, uint32_t round,
                uint32_t flush_out, unsigned width)
{
   uint32_t src[3] = { a, b, c };
   uint32_t p = fl_f64_op(l, SpvOpFMul, fl_as_f64(l, fl_widen(l, a)), fl_as_f64(l, fl_widen(l, b)));
   uint32_t s = sum_to_odd(l, p, fl_as_f64(l, fl_widen(l, c)));
   uint32_t psign = product_sign(l, a, b);
   uint32_t pinf = or_b(l, fl_is_inf(l, a), fl_is_inf(l, b));
   uint32_t pzero = or_b(l, fl_is_zero(l, a), fl_is_zero(l, b));
   uint32_t pminus = lw_nz(l, psign);
   uint32_t opposite_inf = and_b(l, fl_is_inf(l, c), cmp(l, SpvOpINotEqual, fl_sign(l, c), psign));
   struct fl_special sp = {
      .invalid = or_b(l, and_b(l, pinf, pzero), and_b(l, pinf, opposite_inf)),
      .special = or_b(l, pinf, fl_is_inf(l, c)),
      .special_value = sel(l, pinf, bin(l, SpvOpBitwiseOr, lw_u32(l, 0x7f800000u), psign), c),
      .both_plus_zero = and_b(l, and_b(l, pzero, not_b(l, pminus)), equals(l, c, 0)),
      .both_minus_zero = and_b(l, and_b(l, pzero, pminus), equals(l, c, 0x80000000u)),
   };
   return finish(l, src, 3, s, &sp, round, flush_out, width);
}

/* |n| beyond 400 changes nothing: f32 magnitudes lie in [2^-149, 2^128), so a * 2^400 overflows
 * and a * 2^-400 lies below half the smallest denormal either way, and 2^+-400 is a normal f64. */
uint32_t fl_ldexp(struct lower *l, uint32_t a, uint32_t n, uint32_t round, uint32_t flush_out,
                  unsigned width)
{
   uint32_t clamped = lw_sclamp(l, n, -400, 400);
   uint32_t scale = bin64(l, SpvOpShiftLeftLogical,
                          lw_zext64(l, bin(l, SpvOpIAdd, clamped, lw_u32(l, 1023))), lw_u32(l, 52));
   uint32_t p = fl_f64_op(l, SpvOpFMul, fl_as_f64(l, fl_widen(l, a)), fl_as_f64(l, scale));
   uint32_t src[1] = { a };
   struct fl_special sp = {
      .invalid = lw_bool(l, false),
      .special = or_b(l, fl_is_inf(l, a), fl_is_zero(l, a)),
      .special_value = a,
      .sign = fl_sign(l, a),
   };
   return finish(l, src, 1, fl_as_u64(l, p), &sp, round, flush_out, width);
}

/* ---- comparison --------------------------------------------------------------------------- */

uint32_t fl_order_key(struct lower *l, uint32_t x)
{
   x = sel(l, fl_is_zero(l, x), lw_u32(l, 0), x);
   uint32_t negative = lw_nz(l, fl_sign(l, x));
   return sel(l, negative, lw_op1(l, SpvOpNot, T32, x),
              bin(l, SpvOpBitwiseOr, x, lw_u32(l, 0x80000000u)));
}

/* ---- operands ----------------------------------------------------------------------------- */

void fl_src16(struct lower *l, const struct rdna_inst *in, const struct rdna_operand *op,
              unsigned index, uint32_t flush, uint32_t out[])
{
   lw_vsrc(l, op, out);
   bool high = lw_is_vgpr(op) && ((in->mod.op_sel >> index) & 1u);
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t v = out[k];
      if (high)
         v = bin(l, SpvOpShiftRightLogical, v, lw_u32(l, 16));
      v = bin(l, SpvOpBitwiseAnd, v, lw_u32(l, 0xffff));
      if (op->mods & RDNA_MOD_ABS)
         v = bin(l, SpvOpBitwiseAnd, v, lw_u32(l, 0x7fff));
      if (op->mods & RDNA_MOD_NEG)
         v = bin(l, SpvOpBitwiseXor, v, lw_u32(l, 0x8000));
      if (flush) {
         uint32_t denorm = and_b(
            l, cmp(l, SpvOpIEqual, bin(l, SpvOpBitwiseAnd, v, lw_u32(l, 0x7c00)), lw_u32(l, 0)),
            lw_nz(l, bin(l, SpvOpBitwiseAnd, v, lw_u32(l, 0x3ff))));
         v = sel(l, and_b(l, flush, denorm), bin(l, SpvOpBitwiseAnd, v, lw_u32(l, 0x8000)), v);
      }
      out[k] = fl_widen16(l, v);
   }
}

void fl_src(struct lower *l, const struct rdna_operand *op, uint32_t flush, uint32_t out[])
{
   lw_vsrc(l, op, out);
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t v = out[k];
      if (op->mods & RDNA_MOD_ABS)
         v = magnitude(l, v);
      if (op->mods & RDNA_MOD_NEG)
         v = bin(l, SpvOpBitwiseXor, v, lw_u32(l, 0x80000000u));
      if (flush)
         v = sel(l, and_b(l, flush, fl_is_denorm(l, v)), fl_sign(l, v), v);
      out[k] = v;
   }
}

uint32_t fl_output_mods(struct lower *l, const struct rdna_inst *in, const struct fl_mode *m,
                        uint32_t r, unsigned width)
{
   /* work on the f32 bits of the result (exact for f16), then back to its width */
   uint32_t x = width == 16 ? fl_widen16(l, r) : r;
   if (in->mod.omod) {
      static const uint64_t factor[4] = { 0, 0x4000000000000000ull, 0x4010000000000000ull,
                                          0x3fe0000000000000ull };
      uint32_t p = fl_f64_op(l, SpvOpFMul, fl_as_f64(l, fl_widen(l, x)),
                             fl_as_f64(l, lw_u64(l, factor[in->mod.omod & 3])));
      uint32_t scaled = fl_narrow_to(l, fl_as_u64(l, p), m->round, m->flush_out, width);
      scaled = width == 16 ? fl_widen16(l, scaled) : scaled;
      scaled = sel(l, fl_is_zero(l, scaled), lw_u32(l, 0), scaled);
      uint32_t apply =
         and_b(l, and_b(l, m->flush_out, not_b(l, m->ieee)), not_b(l, fl_is_nan(l, x)));
      x = sel(l, apply, scaled, x);
   }
   if (in->mod.flags & RDNA_FLAG_CLAMP) {
      uint32_t nan = fl_is_nan(l, x);
      uint32_t clamped = sel(
         l, lw_nz(l, fl_sign(l, x)), lw_u32(l, 0),
         sel(l, cmp(l, SpvOpUGreaterThan, x, lw_u32(l, 0x3f800000u)), lw_u32(l, 0x3f800000u), x));
      x = sel(l, nan, sel(l, m->dx10_clamp, lw_u32(l, 0), x), clamped);
   }
   if (!in->mod.omod && !(in->mod.flags & RDNA_FLAG_CLAMP))
      return r;
   return fl_from_f32(l, x, width);
}
