/* f64 arithmetic in integer soft-float (docs/float.md "Arithmetic is integer soft-float"): add,
 * mul, fma and ldexp on u64 bits, rounded once by MODE's f64 rounding field and flushed by its
 * output denormal field at run time, with the NaN rules of docs/float.md. Nothing here uses the
 * driver's f64 unit: lavapipe's rounding mode and denormal handling cannot change a result.
 *
 * An exact intermediate is a sign, a 128-bit significand (two u64 halves) and a signed exponent:
 * value = sig * 2^exp. Products of two 53-bit significands are exact in 106 bits; an addend is
 * aligned to the other term in a frame whose leading bit sits at bit 124 or 125, the smaller term
 * shifted right with the bits shifted out OR-ed into its last bit ("jamming"), which keeps the
 * single rounding exact. The significands of denormal sources are normalized on unpacking. */
#include <spirv/unified1/GLSL.std.450.h>

#include "recomp/lower_float.h"

static const uint64_t SIGN64 = 0x8000000000000000ull, INF64 = 0x7ff0000000000000ull,
                      MANT64 = 0x000fffffffffffffull;

static uint32_t i32(struct lower *l, int v)
{
   return lw_u32(l, (uint32_t)v);
}

/* Signed compares on u32 bits holding an i32. */
static uint32_t slt(struct lower *l, uint32_t x, uint32_t y)
{
   return cmp(l, SpvOpSLessThan, x, y);
}

static uint32_t sge(struct lower *l, uint32_t x, uint32_t y)
{
   return cmp(l, SpvOpSGreaterThanEqual, x, y);
}

/* u64 x shifted by a u32 amount that must lie in [0, 63]. */
static uint32_t shl(struct lower *l, uint32_t x, uint32_t n)
{
   return bin64(l, SpvOpShiftLeftLogical, x, lw_zext64(l, n));
}

static uint32_t shr(struct lower *l, uint32_t x, uint32_t n)
{
   return bin64(l, SpvOpShiftRightLogical, x, lw_zext64(l, n));
}

static uint32_t nz64(struct lower *l, uint32_t x)
{
   return cmp(l, SpvOpINotEqual, x, c64(l, 0));
}

/* ---- bit predicates ------------------------------------------------------------------------ */

static uint32_t mag(struct lower *l, uint32_t x)
{
   return bin64(l, SpvOpBitwiseAnd, x, c64(l, ~SIGN64));
}

static uint32_t sign_of(struct lower *l, uint32_t x)
{
   return bin64(l, SpvOpBitwiseAnd, x, c64(l, SIGN64));
}

static uint32_t is_nan(struct lower *l, uint32_t x)
{
   return cmp(l, SpvOpUGreaterThan, mag(l, x), c64(l, INF64));
}

static uint32_t is_inf(struct lower *l, uint32_t x)
{
   return cmp(l, SpvOpIEqual, mag(l, x), c64(l, INF64));
}

static uint32_t is_zero(struct lower *l, uint32_t x)
{
   return cmp(l, SpvOpIEqual, mag(l, x), c64(l, 0));
}

static uint32_t quiet(struct lower *l, uint32_t x)
{
   return bin64(l, SpvOpBitwiseOr, x, c64(l, 0x0008000000000000ull));
}

static const uint64_t DEFAULT_NAN64 = 0x7ff8000000000000ull;

/* Leading zeros of a nonzero u64, as u32 (GLSL.std.450's FindUMsb takes 32-bit values). */
static uint32_t clz64(struct lower *l, uint32_t x)
{
   uint32_t hi = lw_hi(l, x), lo = lw_lo(l, x);
   uint32_t msb_hi = lw_glsl(l, GLSLstd450FindUMsb, T32, &hi, 1);
   uint32_t msb_lo = lw_glsl(l, GLSLstd450FindUMsb, T32, &lo, 1);
   uint32_t msb = sel(l, lw_nz(l, hi), bin(l, SpvOpIAdd, msb_hi, lw_u32(l, 32)), msb_lo);
   return bin(l, SpvOpISub, lw_u32(l, 63), msb);
}

/* ---- exact intermediates ------------------------------------------------------------------- */

struct wide {
   uint32_t hi, lo; /* u64 halves of the significand */
   uint32_t exp;    /* i32 in u32 bits: value = sig * 2^exp */
};

/* A finite nonzero f64 (sign ignored): 53-bit significand with bit 52 set, and its exponent. */
static void unpack(struct lower *l, uint32_t x, uint32_t *sig, uint32_t *exp)
{
   uint32_t field =
      bin(l, SpvOpBitwiseAnd, lw_lo(l, bin64(l, SpvOpShiftRightLogical, x, c64(l, 52))),
          lw_u32(l, 0x7ff));
   uint32_t m = bin64(l, SpvOpBitwiseAnd, x, c64(l, MANT64));
   uint32_t denorm = cmp(l, SpvOpIEqual, field, lw_u32(l, 0));
   /* a denormal's leading bit moves up to bit 52 (m is nonzero: the value is) */
   uint32_t n = bin(l, SpvOpISub, clz64(l, bin64(l, SpvOpBitwiseOr, m, c64(l, 1))), lw_u32(l, 11));
   n = sel(l, denorm, n, lw_u32(l, 0));
   *sig = sel64(l, denorm, shl(l, m, n), bin64(l, SpvOpBitwiseOr, m, c64(l, 1ull << 52)));
   *exp = sel(l, denorm, bin(l, SpvOpISub, i32(l, -1074), n),
              bin(l, SpvOpISub, field, lw_u32(l, 1075)));
}

/* v >> n (n a u32 in [0, 128]; 128 and more leave only the sticky bit), the bits shifted out
 * OR-ed into bit 0. */
static struct wide shift_right_jam(struct lower *l, struct wide v, uint32_t n)
{
   uint32_t n63 = bin(l, SpvOpBitwiseAnd, n, lw_u32(l, 63));
   uint32_t inv = bin(l, SpvOpBitwiseAnd, bin(l, SpvOpISub, lw_u32(l, 64), n63), lw_u32(l, 63));
   uint32_t below64 = cmp(l, SpvOpULessThan, n, lw_u32(l, 64));
   uint32_t zero = cmp(l, SpvOpIEqual, n, lw_u32(l, 0));
   uint32_t far = cmp(l, SpvOpUGreaterThanEqual, n, lw_u32(l, 128));
   /* n in [1, 63] */
   uint32_t lo_small = bin64(l, SpvOpBitwiseOr, shr(l, v.lo, n63), shl(l, v.hi, inv));
   uint32_t lost_small = nz64(
      l, bin64(l, SpvOpBitwiseAnd, v.lo, bin64(l, SpvOpISub, shl(l, c64(l, 1), n63), c64(l, 1))));
   /* n in [64, 127] */
   uint32_t lo_big = shr(l, v.hi, n63);
   uint32_t lost_big = or_b(l, nz64(l, v.lo),
                            nz64(l, bin64(l, SpvOpBitwiseAnd, v.hi,
                                          bin64(l, SpvOpISub, shl(l, c64(l, 1), n63), c64(l, 1)))));
   uint32_t any = or_b(l, nz64(l, v.hi), nz64(l, v.lo));
   struct wide r = v;
   r.hi = sel64(l, below64, shr(l, v.hi, n63), c64(l, 0));
   r.lo = sel64(l, below64, lo_small, lo_big);
   uint32_t lost = sel(l, below64, lw_b2u(l, lost_small), lw_b2u(l, lost_big));
   r.lo = bin64(l, SpvOpBitwiseOr, r.lo, lw_zext64(l, lost));
   r.hi = sel64(l, far, c64(l, 0), r.hi);
   r.lo = sel64(l, far, lw_zext64(l, lw_b2u(l, any)), r.lo);
   r.hi = sel64(l, zero, v.hi, r.hi);
   r.lo = sel64(l, zero, v.lo, r.lo);
   return r;
}

/* The f64 bits nearest, by `round` (u32, MODE encoding: 0 even, 1 +inf, 2 -inf, 3 zero), to
 * sign * v for a nonzero v; a denormal result becomes a signed zero when `flush_out`. */
static uint32_t round_pack(struct lower *l, uint32_t sign, struct wide v, uint32_t round,
                           uint32_t flush_out)
{
   uint32_t negative = nz64(l, sign);
   /* the leading 64 bits of v with the rest as a sticky bit, leading bit at bit 63 */
   uint32_t hi_zero = cmp(l, SpvOpIEqual, v.hi, c64(l, 0));
   uint32_t n = sel(l, hi_zero, bin(l, SpvOpIAdd, clz64(l, v.lo), lw_u32(l, 64)), clz64(l, v.hi));
   uint32_t n63 = bin(l, SpvOpBitwiseAnd, n, lw_u32(l, 63));
   uint32_t inv = bin(l, SpvOpBitwiseAnd, bin(l, SpvOpISub, lw_u32(l, 64), n63), lw_u32(l, 63));
   uint32_t top =
      bin64(l, SpvOpBitwiseOr, shl(l, v.hi, n63),
            sel64(l, cmp(l, SpvOpIEqual, n63, lw_u32(l, 0)), c64(l, 0), shr(l, v.lo, inv)));
   uint32_t rest = shl(l, v.lo, n63);
   uint32_t sig = sel64(l, hi_zero, shl(l, v.lo, n63), top);
   rest = sel64(l, hi_zero, c64(l, 0), rest);
   sig = bin64(l, SpvOpBitwiseOr, sig, lw_zext64(l, lw_b2u(l, nz64(l, rest))));
   /* value = sig * 2^(exp + 64 - n); biased exponent of the leading bit */
   uint32_t be = bin(l, SpvOpISub, bin(l, SpvOpIAdd, v.exp, lw_u32(l, 64 + 63 + 1023)), n);
   uint32_t normal = sge(l, be, i32(l, 1));
   /* bits below the result's last place: 11 for a normal result, more for a denormal one */
   uint32_t shift = sel(l, normal, lw_u32(l, 11), bin(l, SpvOpISub, lw_u32(l, 12), be));
   uint32_t beyond = cmp(l, SpvOpSGreaterThan, shift, i32(l, 64));
   sig = sel64(l, beyond, c64(l, 1), sig);
   shift = sel(l, beyond, lw_u32(l, 64), shift);
   uint32_t all = cmp(l, SpvOpIEqual, shift, lw_u32(l, 64));
   uint32_t s63 = bin(l, SpvOpBitwiseAnd, shift, lw_u32(l, 63));
   uint32_t kept = sel64(l, all, c64(l, 0), shr(l, sig, s63));
   uint32_t rem =
      sel64(l, all, sig,
            bin64(l, SpvOpBitwiseAnd, sig, bin64(l, SpvOpISub, shl(l, c64(l, 1), s63), c64(l, 1))));
   uint32_t half = shl(l, c64(l, 1), bin(l, SpvOpISub, shift, lw_u32(l, 1)));
   uint32_t inexact = nz64(l, rem);
   uint32_t odd = nz64(l, bin64(l, SpvOpBitwiseAnd, kept, c64(l, 1)));
   uint32_t up_even =
      or_b(l, cmp(l, SpvOpUGreaterThan, rem, half), and_b(l, cmp(l, SpvOpIEqual, rem, half), odd));
   uint32_t mode_even = cmp(l, SpvOpIEqual, round, lw_u32(l, 0));
   uint32_t mode_up = cmp(l, SpvOpIEqual, round, lw_u32(l, 1));
   uint32_t mode_down = cmp(l, SpvOpIEqual, round, lw_u32(l, 2));
   uint32_t up = sel(l, mode_even, lw_b2u(l, up_even),
                     lw_b2u(l, and_b(l, inexact,
                                     or_b(l, and_b(l, mode_up, not_b(l, negative)),
                                          and_b(l, mode_down, negative)))));
   kept = bin64(l, SpvOpIAdd, kept, lw_zext64(l, up));
   /* a carry out of the significand moves into the exponent field by itself */
   uint32_t be_safe = sel(l, slt(l, be, i32(l, 2047)), be, lw_u32(l, 2047));
   uint32_t bits = sel64(
      l, normal,
      bin64(l, SpvOpIAdd,
            shl(l, lw_zext64(l, bin(l, SpvOpISub, be_safe, lw_u32(l, 1))), lw_u32(l, 52)), kept),
      kept);
   uint32_t overflow =
      or_b(l, sge(l, be, i32(l, 2047)), cmp(l, SpvOpUGreaterThanEqual, bits, c64(l, INF64)));
   uint32_t toward_zero =
      or_b(l, cmp(l, SpvOpIEqual, round, lw_u32(l, 3)),
           or_b(l, and_b(l, mode_up, negative), and_b(l, mode_down, not_b(l, negative))));
   bits = sel64(l, overflow, sel64(l, toward_zero, c64(l, INF64 - 1), c64(l, INF64)), bits);
   bits = sel64(l, and_b(l, flush_out, cmp(l, SpvOpULessThan, bits, c64(l, 1ull << 52))), c64(l, 0),
                bits);
   return bin64(l, SpvOpBitwiseOr, bits, sign);
}

/* The first NaN of `n` sources quieted into *value; returns whether there is one. */
static uint32_t first_nan(struct lower *l, const uint32_t *src, unsigned n, uint32_t *value)
{
   uint32_t any = is_nan(l, src[n - 1]);
   *value = quiet(l, src[n - 1]);
   for (unsigned i = n - 1; i-- > 0;) {
      uint32_t nan = is_nan(l, src[i]);
      *value = sel64(l, nan, quiet(l, src[i]), *value);
      any = or_b(l, any, nan);
   }
   return any;
}

/* The sign of an exact zero sum of terms with signs sa and sb: their sign when they agree, else
 * -0 rounding toward -inf and +0 otherwise (IEEE 754 6.3). */
static uint32_t zero_sum_sign(struct lower *l, uint32_t sa, uint32_t sb, uint32_t round)
{
   uint32_t down = cmp(l, SpvOpIEqual, round, lw_u32(l, 2));
   return sel64(l, cmp(l, SpvOpIEqual, sa, sb), sa, sel64(l, down, c64(l, SIGN64), c64(l, 0)));
}

/* sa * a + sb * b rounded once; a term whose `zero` flag holds is zero. Terms are in the frame
 * (leading bit at 124 or 125). */
static uint32_t sum_terms(struct lower *l, uint32_t sa, struct wide a, uint32_t a_zero, uint32_t sb,
                          struct wide b, uint32_t b_zero, uint32_t round, uint32_t flush_out)
{
   /* a zero term never decides the alignment */
   a.exp = sel(l, a_zero, i32(l, -100000), a.exp);
   b.exp = sel(l, b_zero, i32(l, -100000), b.exp);
   uint32_t a_first = sge(l, a.exp, b.exp);
   struct wide big, small;
   big.hi = sel64(l, a_first, a.hi, b.hi);
   big.lo = sel64(l, a_first, a.lo, b.lo);
   big.exp = sel(l, a_first, a.exp, b.exp);
   small.hi = sel64(l, a_first, b.hi, a.hi);
   small.lo = sel64(l, a_first, b.lo, a.lo);
   small.exp = big.exp;
   uint32_t s_big = sel64(l, a_first, sa, sb), s_small = sel64(l, a_first, sb, sa);
   uint32_t d = bin(l, SpvOpISub, big.exp, sel(l, a_first, b.exp, a.exp));
   d = sel(l, cmp(l, SpvOpUGreaterThan, d, lw_u32(l, 128)), lw_u32(l, 128), d);
   small = shift_right_jam(l, small, d);
   /* same signs: add; else subtract the smaller magnitude from the larger */
   uint32_t sum_lo = bin64(l, SpvOpIAdd, big.lo, small.lo);
   uint32_t carry = lw_zext64(l, lw_b2u(l, cmp(l, SpvOpULessThan, sum_lo, big.lo)));
   uint32_t sum_hi = bin64(l, SpvOpIAdd, bin64(l, SpvOpIAdd, big.hi, small.hi), carry);
   uint32_t big_ge = or_b(l, cmp(l, SpvOpUGreaterThan, big.hi, small.hi),
                          and_b(l, cmp(l, SpvOpIEqual, big.hi, small.hi),
                                cmp(l, SpvOpUGreaterThanEqual, big.lo, small.lo)));
   uint32_t x_hi = sel64(l, big_ge, big.hi, small.hi), x_lo = sel64(l, big_ge, big.lo, small.lo);
   uint32_t y_hi = sel64(l, big_ge, small.hi, big.hi), y_lo = sel64(l, big_ge, small.lo, big.lo);
   uint32_t diff_lo = bin64(l, SpvOpISub, x_lo, y_lo);
   uint32_t borrow = lw_zext64(l, lw_b2u(l, cmp(l, SpvOpULessThan, x_lo, y_lo)));
   uint32_t diff_hi = bin64(l, SpvOpISub, bin64(l, SpvOpISub, x_hi, y_hi), borrow);
   uint32_t same = cmp(l, SpvOpIEqual, s_big, s_small);
   struct wide r = { sel64(l, same, sum_hi, diff_hi), sel64(l, same, sum_lo, diff_lo), big.exp };
   uint32_t sign = sel64(l, or_b(l, same, big_ge), s_big, s_small);
   uint32_t zero =
      and_b(l, cmp(l, SpvOpIEqual, r.hi, c64(l, 0)), cmp(l, SpvOpIEqual, r.lo, c64(l, 0)));
   /* an exact zero must not reach round_pack; give it a harmless nonzero value there */
   r.lo = sel64(l, zero, c64(l, 1), r.lo);
   return sel64(l, zero, zero_sum_sign(l, sa, sb, round), round_pack(l, sign, r, round, flush_out));
}

/* A single f64 significand (bit 52 leading) in the frame: leading bit at 124. */
static struct wide frame_single(struct lower *l, uint32_t sig, uint32_t exp)
{
   struct wide w = { shl(l, sig, lw_u32(l, 8)), c64(l, 0), bin(l, SpvOpISub, exp, lw_u32(l, 72)) };
   return w;
}

/* The exact product of two 53-bit significands (106 bits) from 32-bit pieces. */
static struct wide product(struct lower *l, uint32_t a, uint32_t b, uint32_t exp)
{
   uint32_t mask = c64(l, 0xffffffffull);
   uint32_t a0 = bin64(l, SpvOpBitwiseAnd, a, mask), a1 = shr(l, a, lw_u32(l, 32));
   uint32_t b0 = bin64(l, SpvOpBitwiseAnd, b, mask), b1 = shr(l, b, lw_u32(l, 32));
   uint32_t p00 = bin64(l, SpvOpIMul, a0, b0);
   uint32_t mid = bin64(l, SpvOpIAdd, bin64(l, SpvOpIMul, a1, b0), bin64(l, SpvOpIMul, a0, b1));
   uint32_t lo = bin64(l, SpvOpIAdd, p00, shl(l, mid, lw_u32(l, 32)));
   uint32_t carry = lw_zext64(l, lw_b2u(l, cmp(l, SpvOpULessThan, lo, p00)));
   uint32_t hi =
      bin64(l, SpvOpIAdd,
            bin64(l, SpvOpIAdd, bin64(l, SpvOpIMul, a1, b1), shr(l, mid, lw_u32(l, 32))), carry);
   struct wide w = { hi, lo, exp };
   return w;
}

/* The product in the frame: 105 or 106 bits moved up by 20. */
static struct wide frame_product(struct lower *l, struct wide p)
{
   struct wide w = { bin64(l, SpvOpBitwiseOr, shl(l, p.hi, lw_u32(l, 20)),
                           shr(l, p.lo, lw_u32(l, 44))),
                     shl(l, p.lo, lw_u32(l, 20)), bin(l, SpvOpISub, p.exp, lw_u32(l, 20)) };
   return w;
}

/* ---- the operations -------------------------------------------------------------------------
 */

uint32_t fl64_add(struct lower *l, uint32_t a, uint32_t b, uint32_t round, uint32_t flush_out)
{
   uint32_t src[2] = { a, b }, nan;
   uint32_t any_nan = first_nan(l, src, 2, &nan);
   uint32_t sa, ea, sb, eb;
   unpack(l, a, &sa, &ea);
   unpack(l, b, &sb, &eb);
   uint32_t r = sum_terms(l, sign_of(l, a), frame_single(l, sa, ea), is_zero(l, a), sign_of(l, b),
                          frame_single(l, sb, eb), is_zero(l, b), round, flush_out);
   r = sel64(l, is_inf(l, b), b, r);
   r = sel64(l, is_inf(l, a), a, r);
   uint32_t invalid = and_b(l, and_b(l, is_inf(l, a), is_inf(l, b)),
                            cmp(l, SpvOpINotEqual, sign_of(l, a), sign_of(l, b)));
   r = sel64(l, invalid, c64(l, DEFAULT_NAN64), r);
   return sel64(l, any_nan, nan, r);
}

uint32_t fl64_mul(struct lower *l, uint32_t a, uint32_t b, uint32_t round, uint32_t flush_out)
{
   uint32_t src[2] = { a, b }, nan;
   uint32_t any_nan = first_nan(l, src, 2, &nan);
   uint32_t sign = sign_of(l, bin64(l, SpvOpBitwiseXor, a, b));
   uint32_t sa, ea, sb, eb;
   unpack(l, a, &sa, &ea);
   unpack(l, b, &sb, &eb);
   uint32_t r =
      round_pack(l, sign, product(l, sa, sb, bin(l, SpvOpIAdd, ea, eb)), round, flush_out);
   uint32_t zero = or_b(l, is_zero(l, a), is_zero(l, b));
   uint32_t inf = or_b(l, is_inf(l, a), is_inf(l, b));
   r = sel64(l, zero, sign, r);
   r = sel64(l, inf, bin64(l, SpvOpBitwiseOr, sign, c64(l, INF64)), r);
   r = sel64(l, and_b(l, zero, inf), c64(l, DEFAULT_NAN64), r);
   return sel64(l, any_nan, nan, r);
}

uint32_t fl64_fma(struct lower *l, uint32_t a, uint32_t b, uint32_t c, uint32_t round,
                  uint32_t flush_out)
{
   uint32_t src[3] = { a, b, c }, nan;
   uint32_t any_nan = first_nan(l, src, 3, &nan);
   uint32_t psign = sign_of(l, bin64(l, SpvOpBitwiseXor, a, b));
   uint32_t sa, ea, sb, eb, sc, ec;
   unpack(l, a, &sa, &ea);
   unpack(l, b, &sb, &eb);
   unpack(l, c, &sc, &ec);
   uint32_t p_zero = or_b(l, is_zero(l, a), is_zero(l, b));
   struct wide p = frame_product(l, product(l, sa, sb, bin(l, SpvOpIAdd, ea, eb)));
   uint32_t r = sum_terms(l, psign, p, p_zero, sign_of(l, c), frame_single(l, sc, ec),
                          is_zero(l, c), round, flush_out);
   uint32_t p_inf = or_b(l, is_inf(l, a), is_inf(l, b));
   r = sel64(l, is_inf(l, c), c, r);
   r = sel64(l, p_inf, bin64(l, SpvOpBitwiseOr, psign, c64(l, INF64)), r);
   uint32_t invalid =
      or_b(l, and_b(l, p_inf, p_zero),
           and_b(l, and_b(l, p_inf, is_inf(l, c)), cmp(l, SpvOpINotEqual, psign, sign_of(l, c))));
   r = sel64(l, invalid, c64(l, DEFAULT_NAN64), r);
   return sel64(l, any_nan, nan, r);
}

uint32_t fl64_ldexp(struct lower *l, uint32_t a, uint32_t n, uint32_t round, uint32_t flush_out)
{
   uint32_t sig, exp;
   unpack(l, a, &sig, &exp);
   /* beyond +-4000 every finite value over- or underflows alike */
   n = lw_sclamp(l, n, -4000, 4000);
   struct wide v = { c64(l, 0), sig, bin(l, SpvOpIAdd, exp, n) };
   uint32_t r = round_pack(l, sign_of(l, a), v, round, flush_out);
   r = sel64(l, or_b(l, is_inf(l, a), is_zero(l, a)), a, r);
   return sel64(l, is_nan(l, a), quiet(l, a), r);
}

/* 1 / a correctly rounded (guide 12.9, V_RCP_F64): Q = floor(2^107 / m) for the significand m of
 * a by long division in steps of 11 bits (every partial remainder stays below m < 2^53, so its
 * shift fits u64), the remainder as the sticky bit. */
uint32_t fl64_rcp(struct lower *l, uint32_t a, uint32_t round, uint32_t flush_out)
{
   uint32_t m, e;
   unpack(l, a, &m, &e);
   uint32_t top = c64(l, 1ull << 52);
   uint32_t q = bin64(l, SpvOpUDiv, top, m), r = bin64(l, SpvOpUMod, top, m);
   for (int i = 0; i < 5; i++) {
      uint32_t t = shl(l, r, lw_u32(l, 11));
      q = bin64(l, SpvOpBitwiseOr, shl(l, q, lw_u32(l, 11)), bin64(l, SpvOpUDiv, t, m));
      r = bin64(l, SpvOpUMod, t, m);
   }
   uint32_t odd =
      bin64(l, SpvOpBitwiseOr, shl(l, q, lw_u32(l, 1)), lw_zext64(l, lw_b2u(l, nz64(l, r))));
   struct wide v = { c64(l, 0), odd, bin(l, SpvOpISub, i32(l, -108), e) };
   uint32_t sign = sign_of(l, a);
   uint32_t res = round_pack(l, sign, v, round, flush_out);
   res = sel64(l, is_inf(l, a), sign, res);
   res = sel64(l, is_zero(l, a), bin64(l, SpvOpBitwiseOr, sign, c64(l, INF64)), res);
   return sel64(l, is_nan(l, a), quiet(l, a), res);
}

/* 128-bit unsigned x < y. */
static uint32_t less128(struct lower *l, struct wide x, struct wide y)
{
   return or_b(l, cmp(l, SpvOpULessThan, x.hi, y.hi),
               and_b(l, cmp(l, SpvOpIEqual, x.hi, y.hi), cmp(l, SpvOpULessThan, x.lo, y.lo)));
}

/* sqrt(a) correctly rounded (guide 12.9, V_SQRT_F64): with a = M * 2^E, E even and M below 2^54,
 * S = sqrt(M * 2^52) lies in [2^52, 2^53); R = floor(S) from the f64 estimate, corrected until
 * R^2 <= M 2^52 < (R + 1)^2 (exact 106-bit squares), then the guard bit (2R + 1)^2 < M 2^54 and
 * the sticky bit (an odd square never equals M 2^54) round it once. */
uint32_t fl64_sqrt(struct lower *l, uint32_t a, uint32_t round, uint32_t flush_out)
{
   uint32_t m, e;
   unpack(l, a, &m, &e);
   uint32_t odd_e = lw_nz(l, bin(l, SpvOpBitwiseAnd, e, lw_u32(l, 1)));
   m = sel64(l, odd_e, shl(l, m, lw_u32(l, 1)), m);
   e = bin(l, SpvOpISub, e, lw_b2u(l, odd_e));
   struct wide x = { shr(l, m, lw_u32(l, 12)), shl(l, m, lw_u32(l, 52)), c64(l, 0) };
   struct wide x4 = { shr(l, m, lw_u32(l, 10)), shl(l, m, lw_u32(l, 54)), c64(l, 0) };
   uint32_t f64 = fl_type_f64(l);
   /* the estimate: the f64 square root of M * 2^52 (exact in f64, a normal value) */
   uint32_t mf = lw_op1(l, SpvOpConvertUToF, f64, m);
   mf = fl_f64_op(l, SpvOpFMul, mf, fl_as_f64(l, c64(l, 0x4330000000000000ull))); /* 2^52 */
   mf = lw_glsl(l, GLSLstd450Sqrt, f64, &mf, 1);
   uint32_t root = lw_op1(l, SpvOpConvertFToU, T64, mf);
   for (int i = 0; i < 3; i++) {
      struct wide sq = product(l, root, root, c64(l, 0));
      root = sel64(l, less128(l, x, sq), bin64(l, SpvOpISub, root, c64(l, 1)), root);
   }
   for (int i = 0; i < 3; i++) {
      uint32_t next = bin64(l, SpvOpIAdd, root, c64(l, 1));
      struct wide sq = product(l, next, next, c64(l, 0));
      root = sel64(l, less128(l, x, sq), root, next);
   }
   struct wide sq = product(l, root, root, c64(l, 0));
   uint32_t exact = and_b(l, cmp(l, SpvOpIEqual, sq.hi, x.hi), cmp(l, SpvOpIEqual, sq.lo, x.lo));
   uint32_t twice = bin64(l, SpvOpIAdd, shl(l, root, lw_u32(l, 1)), c64(l, 1));
   uint32_t guard = less128(l, product(l, twice, twice, c64(l, 0)), x4);
   uint32_t sticky = or_b(l, guard, not_b(l, exact));
   uint32_t w = bin64(l, SpvOpBitwiseOr, shl(l, root, lw_u32(l, 2)),
                      bin64(l, SpvOpBitwiseOr, shl(l, lw_zext64(l, lw_b2u(l, guard)), lw_u32(l, 1)),
                            lw_zext64(l, lw_b2u(l, sticky))));
   /* sqrt(a) = S * 2^((E - 52) / 2) and S = w / 4 */
   uint32_t ex =
      bin(l, SpvOpISub,
          bin(l, SpvOpShiftRightArithmetic, bin(l, SpvOpISub, e, lw_u32(l, 52)), lw_u32(l, 1)),
          lw_u32(l, 2));
   struct wide v = { c64(l, 0), w, ex };
   uint32_t res = round_pack(l, c64(l, 0), v, round, flush_out);
   res = sel64(l, is_inf(l, a), a, res);
   res = sel64(l, nz64(l, sign_of(l, a)), c64(l, DEFAULT_NAN64), res);
   res = sel64(l, is_zero(l, a), a, res);
   return sel64(l, is_nan(l, a), quiet(l, a), res);
}

/* The 128-bit product of two u64 values, from 32-bit pieces. */
static struct wide mul64(struct lower *l, uint32_t a, uint32_t b)
{
   uint32_t mask = c64(l, 0xffffffffull), n32 = lw_u32(l, 32);
   uint32_t a0 = bin64(l, SpvOpBitwiseAnd, a, mask), a1 = shr(l, a, n32);
   uint32_t b0 = bin64(l, SpvOpBitwiseAnd, b, mask), b1 = shr(l, b, n32);
   uint32_t p00 = bin64(l, SpvOpIMul, a0, b0), p01 = bin64(l, SpvOpIMul, a0, b1);
   uint32_t p10 = bin64(l, SpvOpIMul, a1, b0), p11 = bin64(l, SpvOpIMul, a1, b1);
   uint32_t mid = bin64(l, SpvOpIAdd, p01, p10);
   uint32_t mid_carry = lw_zext64(l, lw_b2u(l, cmp(l, SpvOpULessThan, mid, p01)));
   uint32_t lo = bin64(l, SpvOpIAdd, p00, shl(l, mid, n32));
   uint32_t lo_carry = lw_zext64(l, lw_b2u(l, cmp(l, SpvOpULessThan, lo, p00)));
   uint32_t hi = bin64(l, SpvOpIAdd, bin64(l, SpvOpIAdd, p11, shr(l, mid, n32)),
                       bin64(l, SpvOpIAdd, shl(l, mid_carry, n32), lo_carry));
   struct wide w = { hi, lo, c64(l, 0) };
   return w;
}

/* The f64 value of a 128-bit unsigned x minus y (either sign), approximately. */
static uint32_t diff_approx(struct lower *l, struct wide x, struct wide y)
{
   uint32_t f64 = fl_type_f64(l);
   uint32_t two64 = fl_as_f64(l, c64(l, 0x43f0000000000000ull));
   /* the difference of the high parts is exact enough: both lie within 2^-40 of each other */
   uint32_t dh = lw_op1(l, SpvOpConvertSToF, f64, bin64(l, SpvOpISub, x.hi, y.hi));
   uint32_t dl = fl_f64_op(l, SpvOpFSub, lw_op1(l, SpvOpConvertUToF, f64, x.lo),
                           lw_op1(l, SpvOpConvertUToF, f64, y.lo));
   return fl_f64_op(l, SpvOpFAdd, fl_f64_op(l, SpvOpFMul, dh, two64), dl);
}

/* An integer estimate e (u64) moved by the f64 correction `delta`, rounded to nearest. */
static uint32_t nudge(struct lower *l, uint32_t e, uint32_t delta)
{
   uint32_t t = spvb_type_int(l->b, 64, true);
   uint32_t d = lw_glsl(l, GLSLstd450RoundEven, fl_type_f64(l), &delta, 1);
   return bin64(l, SpvOpIAdd, e, lw_op1(l, SpvOpBitcast, T64, lw_op1(l, SpvOpConvertFToS, t, d)));
}

/* 1 / sqrt(a) as the interpreter computes it (interp/float.c, float_rsq): the significand
 * normalized to bit 62 and shifted up by 62 (one more for an odd exponent) gives v below 2^126;
 * root = floor(sqrt(v)) (63 bits) with a sticky bit, then floor(2^127 / (2 root + sticky)) with
 * the remainder as the sticky bit, rounded once. Both integers come from f64 estimates refined
 * once by their exact residual and then proved by exact 128-bit products. */
uint32_t fl64_rsq(struct lower *l, uint32_t a, uint32_t round, uint32_t flush_out)
{
   uint32_t m, e;
   unpack(l, a, &m, &e);
   uint32_t f64 = fl_type_f64(l);
   /* sig at bit 62: m << 10, exponent e - 10; v = sig << 62, exponent e - 72 (made even) */
   uint32_t sig = shl(l, m, lw_u32(l, 10));
   uint32_t ev = bin(l, SpvOpISub, e, lw_u32(l, 72));
   uint32_t odd = lw_nz(l, bin(l, SpvOpBitwiseAnd, ev, lw_u32(l, 1)));
   struct wide v = { sel64(l, odd, shr(l, sig, lw_u32(l, 1)), shr(l, sig, lw_u32(l, 2))),
                     sel64(l, odd, shl(l, sig, lw_u32(l, 63)), shl(l, sig, lw_u32(l, 62))),
                     c64(l, 0) };
   ev = bin(l, SpvOpISub, ev, lw_b2u(l, odd));
   /* root: estimate, one residual step, then exact corrections */
   uint32_t two64 = fl_as_f64(l, c64(l, 0x43f0000000000000ull));
   uint32_t vf = fl_f64_op(l, SpvOpFMul, lw_op1(l, SpvOpConvertUToF, f64, v.hi), two64);
   uint32_t root = lw_op1(l, SpvOpConvertFToU, T64, lw_glsl(l, GLSLstd450Sqrt, f64, &vf, 1));
   uint32_t rf = lw_op1(l, SpvOpConvertUToF, f64, root);
   root = nudge(l, root,
                fl_f64_op(l, SpvOpFDiv, diff_approx(l, v, mul64(l, root, root)),
                          fl_f64_op(l, SpvOpFAdd, rf, rf)));
   for (int i = 0; i < 2; i++)
      root =
         sel64(l, less128(l, v, mul64(l, root, root)), bin64(l, SpvOpISub, root, c64(l, 1)), root);
   for (int i = 0; i < 2; i++) {
      uint32_t next = bin64(l, SpvOpIAdd, root, c64(l, 1));
      root = sel64(l, less128(l, v, mul64(l, next, next)), root, next);
   }
   struct wide sq = mul64(l, root, root);
   uint32_t exact = and_b(l, cmp(l, SpvOpIEqual, sq.hi, v.hi), cmp(l, SpvOpIEqual, sq.lo, v.lo));
   uint32_t den = bin64(l, SpvOpBitwiseOr, shl(l, root, lw_u32(l, 1)),
                        lw_zext64(l, lw_b2u(l, not_b(l, exact))));
   /* q = floor(2^127 / den), den in [2^63, 2^64): q in (2^63, 2^64], 2^64 only for den = 2^63 */
   struct wide top = { c64(l, 1ull << 63), c64(l, 0), c64(l, 0) };
   uint32_t denf = lw_op1(l, SpvOpConvertUToF, f64, den);
   uint32_t qf = fl_f64_op(l, SpvOpFDiv, fl_as_f64(l, c64(l, 0x47e0000000000000ull)), denf);
   uint32_t limit[2] = { qf, fl_as_f64(l, c64(l, 0x43efffffffffffffull)) }; /* below 2^64 */
   uint32_t q = lw_op1(l, SpvOpConvertFToU, T64, lw_glsl(l, GLSLstd450FMin, f64, limit, 2));
   q = nudge(l, q, fl_f64_op(l, SpvOpFDiv, diff_approx(l, top, mul64(l, q, den)), denf));
   for (int i = 0; i < 2; i++)
      q = sel64(l, less128(l, top, mul64(l, q, den)), bin64(l, SpvOpISub, q, c64(l, 1)), q);
   for (int i = 0; i < 2; i++) {
      uint32_t next = bin64(l, SpvOpIAdd, q, c64(l, 1));
      uint32_t fits = and_b(l, nz64(l, next), not_b(l, less128(l, top, mul64(l, next, den))));
      q = sel64(l, fits, next, q);
   }
   struct wide prod = mul64(l, q, den);
   uint32_t rem =
      or_b(l, cmp(l, SpvOpINotEqual, prod.hi, top.hi), cmp(l, SpvOpINotEqual, prod.lo, top.lo));
   uint32_t power = cmp(l, SpvOpIEqual, den, c64(l, 1ull << 63));
   /* the quotient doubled with its sticky bit: 65 bits */
   struct wide w = {
      shr(l, q, lw_u32(l, 63)),
      bin64(l, SpvOpBitwiseOr, shl(l, q, lw_u32(l, 1)), lw_zext64(l, lw_b2u(l, rem))), c64(l, 0)
   };
   w.hi = sel64(l, power, c64(l, 2), w.hi);
   w.lo = sel64(l, power, c64(l, 0), w.lo);
   /* the root's exponent: sqrt(v * 2^ev) = (den / 2) * 2^(ev / 2); 1 / that = 2^127 / den *
    * 2^(-127 + 1 - ev / 2), and w = 2 q */
   uint32_t half_ev = bin(l, SpvOpShiftRightArithmetic, ev, lw_u32(l, 1));
   w.exp = bin(l, SpvOpISub, i32(l, -127), half_ev);
   uint32_t res = round_pack(l, c64(l, 0), w, round, flush_out);
   res = sel64(l, is_inf(l, a), c64(l, 0), res);
   res = sel64(l, nz64(l, sign_of(l, a)), c64(l, DEFAULT_NAN64), res);
   res = sel64(l, is_zero(l, a), bin64(l, SpvOpBitwiseOr, sign_of(l, a), c64(l, INF64)), res);
   return sel64(l, is_nan(l, a), quiet(l, a), res);
}
