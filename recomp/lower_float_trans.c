/* The roots and reciprocals of f32 and f16 (RDNA2 ISA guide 12.9, V_RCP_F32, V_SQRT_F32,
 * V_RSQ_F32; docs/float.md "Transcendentals"), correctly rounded by MODE on every driver: the
 * exact result is bracketed in integer arithmetic (a u64 division for rcp; an integer square root
 * or reciprocal square root whose f64 estimate is corrected until squares prove the bracket),
 * kept as a 32- to 40-bit integer with a sticky bit (rounded to odd), scaled exactly into an f64
 * and rounded once to the destination by fl_narrow_to. The driver's f64 unit only gives
 * estimates and exact integer conversions. */
#include <spirv/unified1/GLSL.std.450.h>

#include "recomp/lower_float.h"

#define T32 (l->t_u32)
#define T64 (l->t_u64)
#define TB (l->t_bool)

static uint32_t b32(struct lower *l, SpvOp op, uint32_t x, uint32_t y)
{
   return lw_op2(l, op, T32, x, y);
}

static uint32_t b64(struct lower *l, SpvOp op, uint32_t x, uint32_t y)
{
   return lw_op2(l, op, T64, x, y);
}

static uint32_t cmp(struct lower *l, SpvOp op, uint32_t x, uint32_t y)
{
   return lw_op2(l, op, TB, x, y);
}

static uint32_t sel(struct lower *l, uint32_t c, uint32_t x, uint32_t y)
{
   return lw_select(l, T32, c, x, y);
}

static uint32_t sel64(struct lower *l, uint32_t c, uint32_t x, uint32_t y)
{
   return lw_select(l, T64, c, x, y);
}

/* |a| = mx * 2^ex for finite nonzero f32 bits a: mx the 24-bit significand with bit 23 set. */
static void unpack(struct lower *l, uint32_t a, uint32_t *mx, uint32_t *ex)
{
   uint32_t w = fl_widen(l, a);
   uint32_t field =
      b32(l, SpvOpBitwiseAnd, b32(l, SpvOpShiftRightLogical, lw_hi(l, w), lw_u32(l, 20)),
          lw_u32(l, 0x7ff));
   *mx = b64(l, SpvOpShiftRightLogical,
             b64(l, SpvOpBitwiseOr, b64(l, SpvOpBitwiseAnd, w, lw_u64(l, (1ull << 52) - 1)),
                 lw_u64(l, 1ull << 52)),
             lw_u64(l, 29));
   *ex = b32(l, SpvOpISub, field, lw_u32(l, 1075 - 29));
}

/* The exponent made even: mx doubled (up to 25 bits) and ex lowered where ex is odd. */
static void even_exponent(struct lower *l, uint32_t *mx, uint32_t *ex)
{
   uint32_t odd = lw_nz(l, b32(l, SpvOpBitwiseAnd, *ex, lw_u32(l, 1)));
   *mx = sel64(l, odd, b64(l, SpvOpShiftLeftLogical, *mx, lw_u64(l, 1)), *mx);
   *ex = b32(l, SpvOpISub, *ex, lw_b2u(l, odd));
}

/* The f64 value (as u64 bits) of odd * 2^e for an integer odd < 2^53 and an i32 e keeping the
 * result normal: exact. */
static uint32_t scaled(struct lower *l, uint32_t odd, uint32_t e)
{
   uint32_t f = lw_op1(l, SpvOpConvertUToF, fl_type_f64(l), odd);
   uint32_t p = b64(l, SpvOpShiftLeftLogical, lw_zext64(l, b32(l, SpvOpIAdd, e, lw_u32(l, 1023))),
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
   return width == 16 ? b32(l, SpvOpBitwiseOr, b32(l, SpvOpShiftRightLogical, sign, lw_u32(l, 16)),
                            lw_u32(l, 0x7c00))
                      : b32(l, SpvOpBitwiseOr, sign, lw_u32(l, 0x7f800000u));
}

static uint32_t zero_of(struct lower *l, uint32_t sign, unsigned width)
{
   return width == 16 ? b32(l, SpvOpShiftRightLogical, sign, lw_u32(l, 16)) : sign;
}

uint32_t fl_rcp(struct lower *l, uint32_t a, uint32_t round, uint32_t flush_out, unsigned width)
{
   uint32_t mx, ex;
   unpack(l, a, &mx, &ex);
   /* 1 / a = 2^(-62 - ex) * (2^62 / mx): a quotient of 38 to 39 bits and its remainder */
   uint32_t n = lw_u64(l, 1ull << 62);
   uint32_t q = b64(l, SpvOpUDiv, n, mx), r = b64(l, SpvOpUMod, n, mx);
   uint32_t odd = b64(l, SpvOpBitwiseOr, q, sticky(l, cmp(l, SpvOpINotEqual, r, lw_u64(l, 0))));
   uint32_t v = scaled(l, odd, b32(l, SpvOpISub, lw_u32(l, (uint32_t)-62), ex));
   uint32_t sign = fl_sign(l, a);
   v = b64(l, SpvOpBitwiseOr, v, b64(l, SpvOpShiftLeftLogical, lw_zext64(l, sign), lw_u64(l, 32)));
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
      uint32_t too_big = cmp(l, SpvOpUGreaterThan, b64(l, SpvOpIMul, s, s), m);
      s = sel64(l, too_big, b64(l, SpvOpISub, s, lw_u64(l, 1)), s);
   }
   for (int i = 0; i < 2; i++) {
      uint32_t s1 = b64(l, SpvOpIAdd, s, lw_u64(l, 1));
      s = sel64(l, cmp(l, SpvOpULessThanEqual, b64(l, SpvOpIMul, s1, s1), m), s1, s);
   }
   return s;
}

uint32_t fl_sqrt(struct lower *l, uint32_t a, uint32_t round, uint32_t flush_out, unsigned width)
{
   uint32_t mx, ex;
   unpack(l, a, &mx, &ex);
   even_exponent(l, &mx, &ex);
   /* sqrt(a) = sqrt(mx * 2^38) * 2^((ex - 38) / 2): a root of 31 to 32 bits */
   uint32_t m = b64(l, SpvOpShiftLeftLogical, mx, lw_u64(l, 38));
   uint32_t s = isqrt(l, m);
   uint32_t inexact = cmp(l, SpvOpINotEqual, b64(l, SpvOpIMul, s, s), m);
   uint32_t odd =
      b64(l, SpvOpBitwiseOr, b64(l, SpvOpShiftLeftLogical, s, lw_u64(l, 1)), sticky(l, inexact));
   uint32_t e =
      b32(l, SpvOpShiftRightArithmetic, b32(l, SpvOpISub, ex, lw_u32(l, 38)), lw_u32(l, 1));
   uint32_t v = scaled(l, odd, b32(l, SpvOpISub, e, lw_u32(l, 1)));
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
   uint32_t t2 = b64(l, SpvOpIMul, t, t);
   uint32_t mask = lw_u64(l, 0xffffffffull);
   uint32_t hi_part = b64(l, SpvOpIMul, b64(l, SpvOpShiftRightLogical, t2, lw_u64(l, 32)), mx);
   uint32_t lo_part = b64(l, SpvOpIMul, b64(l, SpvOpBitwiseAnd, t2, mask), mx);
   uint32_t upper =
      b64(l, SpvOpIAdd, hi_part, b64(l, SpvOpShiftRightLogical, lo_part, lw_u64(l, 32)));
   uint32_t low = b64(l, SpvOpBitwiseAnd, lo_part, mask);
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
                b64(l, SpvOpISub, t, lw_u64(l, 1)), t);
   for (int i = 0; i < 2; i++) {
      uint32_t t1 = b64(l, SpvOpIAdd, t, lw_u64(l, 1));
      t = sel64(l, cmp(l, SpvOpINotEqual, compare_square(l, t1, mx), one), t1, t);
   }
   uint32_t inexact = cmp(l, SpvOpINotEqual, compare_square(l, t, mx), lw_u32(l, 0));
   uint32_t odd =
      b64(l, SpvOpBitwiseOr, b64(l, SpvOpShiftLeftLogical, t, lw_u64(l, 1)), sticky(l, inexact));
   uint32_t half_ex = b32(l, SpvOpShiftRightArithmetic, ex, lw_u32(l, 1));
   uint32_t v = scaled(l, odd, b32(l, SpvOpISub, lw_u32(l, (uint32_t)-44), half_ex));
   uint32_t res = fl_narrow_to(l, v, round, flush_out, width);
   res = sel(l, fl_is_inf(l, a), lw_u32(l, 0), res);
   res = sel(l, lw_nz(l, fl_sign(l, a)), default_nan(l, width), res);
   res = sel(l, fl_is_zero(l, a), inf_of(l, fl_sign(l, a), width), res);
   return sel(l, fl_is_nan(l, a), fl_from_f32(l, fl_quiet(l, a), width), res);
}
