/* The double-double evaluation behind the recompiler's v_exp, v_log, v_sin and v_cos
 * (docs/float.md, "The recompiler's lowering"): 2^x, log2(x) and sin(2 pi a) to about 2^-70
 * relative, so that rounding the result to the nearest f64 gives the correctly rounded f64 except
 * for arguments whose exact value lies within about 2^-70 of an f64 rounding boundary.
 *
 * Written once over an abstract f64 arithmetic, so that the SPIR-V the recompiler emits
 * (recomp/lower_float_trans.c) and the host model that bench/bench_trans_sweep.c and
 * tests/recomp/test_gpu_float_trans.c compare with the interpreter perform the same operations in
 * the same order. The includer defines, before including this file:
 *
 *   ta_ctx, ta_val, ta_bool          a context (pointer) type, an f64 value, a bool
 *   ta_add, ta_sub, ta_mul, ta_div   (ctx, a, b): IEEE binary64, rounded to nearest even, never
 *                                    contracted into an fma
 *   ta_neg, ta_abs, ta_floor         (ctx, a): exact
 *   ta_const(ctx, double)            a constant
 *   ta_less(ctx, a, b)               a < b
 *   ta_select(ctx, cond, a, b)       cond ? a : b
 *   ta_frexp(ctx, x, &e)             for a positive normal x: m in [1, 2) with x = m 2^e (e an
 *                                    integral f64)
 *   ta_ldexp(ctx, x, n)              x 2^n for an integral f64 n, exact (the result stays normal)
 *
 * No operation needs an fma, division is used once with its error recovered, and for f32 and f16
 * arguments every intermediate value is a normal f64 (nothing below 2^-420), so a device that
 * flushes f64 denormals computes the same. */
#ifndef RDNA_RECOMP_LOWER_FLOAT_TRANS_DD_H
#define RDNA_RECOMP_LOWER_FLOAT_TRANS_DD_H

#include <stdbool.h>

/* An unevaluated sum hi + lo with |lo| <= ulp(hi) / 2. */
struct ta_dd {
   ta_val hi, lo;
};

static inline struct ta_dd ta_dd_of(ta_ctx c, double hi, double lo)
{
   return (struct ta_dd){ ta_const(c, hi), ta_const(c, lo) };
}

/* s + e = a + b exactly (Knuth's TwoSum). */
static inline struct ta_dd ta_two_sum(ta_ctx c, ta_val a, ta_val b)
{
   ta_val s = ta_add(c, a, b);
   ta_val bb = ta_sub(c, s, a);
   ta_val e = ta_add(c, ta_sub(c, a, ta_sub(c, s, bb)), ta_sub(c, b, bb));
   return (struct ta_dd){ s, e };
}

/* s + e = a + b exactly, for |a| >= |b| (Dekker's FastTwoSum). */
static inline struct ta_dd ta_fast_two_sum(ta_ctx c, ta_val a, ta_val b)
{
   ta_val s = ta_add(c, a, b);
   return (struct ta_dd){ s, ta_sub(c, b, ta_sub(c, s, a)) };
}

/* a = hi + lo with halves of at most 26 significant bits (Veltkamp's split). */
static inline struct ta_dd ta_split(ta_ctx c, ta_val a)
{
   ta_val t = ta_mul(c, ta_const(c, 134217729.0), a); /* 2^27 + 1 */
   ta_val hi = ta_sub(c, t, ta_sub(c, t, a));
   return (struct ta_dd){ hi, ta_sub(c, a, hi) };
}

/* p + e = a * b exactly (Dekker's TwoProduct: the products of the halves are exact). */
static inline struct ta_dd ta_two_prod(ta_ctx c, ta_val a, ta_val b)
{
   ta_val p = ta_mul(c, a, b);
   struct ta_dd x = ta_split(c, a), y = ta_split(c, b);
   ta_val e = ta_sub(c, ta_mul(c, x.hi, y.hi), p);
   e = ta_add(c, e, ta_mul(c, x.hi, y.lo));
   e = ta_add(c, e, ta_mul(c, x.lo, y.hi));
   e = ta_add(c, e, ta_mul(c, x.lo, y.lo));
   return (struct ta_dd){ p, e };
}

/* a * b, relative error below 2^-102. */
static inline struct ta_dd ta_dd_mul(ta_ctx c, struct ta_dd a, struct ta_dd b)
{
   struct ta_dd p = ta_two_prod(c, a.hi, b.hi);
   ta_val cross = ta_add(c, ta_mul(c, a.hi, b.lo), ta_mul(c, a.lo, b.hi));
   return ta_fast_two_sum(c, p.hi, ta_add(c, p.lo, cross));
}

/* a + b, error below 2^-104 (|a| + |b|): the polynomials below never cancel more than a bit. */
static inline struct ta_dd ta_dd_add(ta_ctx c, struct ta_dd a, struct ta_dd b)
{
   struct ta_dd s = ta_two_sum(c, a.hi, b.hi);
   return ta_fast_two_sum(c, s.hi, ta_add(c, s.lo, ta_add(c, a.lo, b.lo)));
}

/* sum over k of coef_k u^k: the terms from k = num_dd on (small enough that an f64 error in them
 * stays below 2^-70 of the sum) by Horner's rule in f64, the first num_dd in double-double. */
static inline struct ta_dd ta_poly(ta_ctx c, struct ta_dd u, const double (*dd_coef)[2],
                                   unsigned num_dd, const double *tail, unsigned num_tail)
{
   ta_val t = ta_const(c, tail[num_tail - 1]);
   for (unsigned k = num_tail - 1; k-- > 0;)
      t = ta_add(c, ta_const(c, tail[k]), ta_mul(c, u.hi, t));
   struct ta_dd acc = { t, ta_const(c, 0.0) };
   for (unsigned k = num_dd; k-- > 0;)
      acc = ta_dd_add(c, ta_dd_of(c, dd_coef[k][0], dd_coef[k][1]), ta_dd_mul(c, u, acc));
   return acc;
}

/* ---- 2^x ------------------------------------------------------------------------------------ */

/* ln 2 as a double-double; 1/k! for k = 0..6 (double-double) and 7..16 (f64). The constants are
 * the nearest f64 values to the exact ones and their remainders, checked in
 * tests/recomp/test_gpu_float_trans.c against 113-bit arithmetic. */
static const double ta_ln2[2] = { 0x1.62e42fefa39efp-1, 0x1.abc9e3b39803fp-56 };
static const double ta_exp_dd[7][2] = {
   { 1.0, 0.0 },
   { 1.0, 0.0 },
   { 0.5, 0.0 },
   { 0x1.5555555555555p-3, 0x1.5555555555555p-57 },
   { 0x1.5555555555555p-5, 0x1.5555555555555p-59 },
   { 0x1.1111111111111p-7, 0x1.1111111111111p-63 },
   { 0x1.6c16c16c16c17p-10, -0x1.f49f49f49f49fp-65 },
};
static const double ta_exp_tail[10] = {
   0x1.a01a01a01a01ap-13, 0x1.a01a01a01a01ap-16, 0x1.71de3a556c734p-19, 0x1.27e4fb7789f5cp-22,
   0x1.ae64567f544e4p-26, 0x1.1eed8eff8d898p-29, 0x1.6124613a86d09p-33, 0x1.93974a8c07c9dp-37,
   0x1.ae7f3e733b81fp-41, 0x1.ae7f3e733b81fp-45,
};

/* 2^x for a finite x of at most 24 significant bits: x = n + r with n = floor(x + 1/2) and
 * r = x - n in [-1/2, 1/2] (exact), 2^r = e^z for z = r ln 2 (|z| < 0.35) by its Taylor series to
 * z^16 (the remainder is below 2^-74), scaled by 2^n. x is first clamped to [-200, 200], which
 * keeps every f32 and f16 result (0 or infinity beyond 2^+-150). */
static inline ta_val ta_exp2(ta_ctx c, ta_val x)
{
   ta_val limit = ta_const(c, 200.0), neg_limit = ta_const(c, -200.0);
   x = ta_select(c, ta_less(c, limit, x), limit, x);
   x = ta_select(c, ta_less(c, x, neg_limit), neg_limit, x);
   ta_val n = ta_floor(c, ta_add(c, x, ta_const(c, 0.5)));
   ta_val r = ta_sub(c, x, n);
   struct ta_dd p = ta_two_prod(c, r, ta_const(c, ta_ln2[0]));
   struct ta_dd z = ta_fast_two_sum(c, p.hi, ta_add(c, p.lo, ta_mul(c, r, ta_const(c, ta_ln2[1]))));
   struct ta_dd e = ta_poly(c, z, ta_exp_dd, 7, ta_exp_tail, 10);
   return ta_ldexp(c, ta_add(c, e.hi, e.lo), n);
}

/* ---- log2(x) -------------------------------------------------------------------------------- */

/* 2 / ((2k + 1) ln 2) for k = 0..2 (double-double) and 3..13 (f64). */
static const double ta_log_dd[3][2] = {
   { 0x1.71547652b82fep+1, 0x1.777d0ffda0d24p-55 },
   { 0x1.ec709dc3a03fdp-1, 0x1.d27f05548af0cp-55 },
   { 0x1.2776c50ef9bfep-1, 0x1.e4b29ccc535d4p-55 },
};
static const double ta_log_tail[11] = {
   0x1.a61762a7aded9p-2, 0x1.484b13d7c02a9p-2, 0x1.0c9a84994022dp-2, 0x1.c68f568d31760p-3,
   0x1.89f3b1694cffep-3, 0x1.5b9ac9b743f0dp-3, 0x1.3703c1f4d0ffep-3, 0x1.1964ec6fc9491p-3,
   0x1.00ecd7e080215p-3, 0x1.d8be0817f5ffep-4, 0x1.b5b96fca558e1p-4,
};

/* log2(x) for a positive normal x: x = m 2^e with m in [sqrt(2)/2, sqrt(2)), and
 * log2(m) = (2 / ln 2) atanh(s) = s sum_k 2 s^2k / ((2k + 1) ln 2) for s = (m - 1) / (m + 1),
 * |s| < 0.172, to s^26 (the remainder is below 2^-71). s is a double-double: m - 1 is exact, the
 * division's error is recovered from the exact residual m - 1 - q (m + 1). */
static inline ta_val ta_log2(ta_ctx c, ta_val x)
{
   ta_val e;
   ta_val m = ta_frexp(c, x, &e);
   ta_bool high = ta_less(c, ta_const(c, 0x1.6a09e667f3bcdp+0), m); /* sqrt(2) */
   m = ta_select(c, high, ta_mul(c, m, ta_const(c, 0.5)), m);
   e = ta_select(c, high, ta_add(c, e, ta_const(c, 1.0)), e);
   ta_val one = ta_const(c, 1.0);
   ta_val num = ta_sub(c, m, one);
   struct ta_dd den = ta_two_sum(c, m, one);
   ta_val q = ta_div(c, num, den.hi);
   struct ta_dd qd = ta_two_prod(c, q, den.hi);
   ta_val rest = ta_sub(c, ta_sub(c, ta_sub(c, num, qd.hi), qd.lo), ta_mul(c, q, den.lo));
   struct ta_dd s = ta_fast_two_sum(c, q, ta_div(c, rest, den.hi));
   struct ta_dd p = ta_poly(c, ta_dd_mul(c, s, s), ta_log_dd, 3, ta_log_tail, 11);
   struct ta_dd r = ta_dd_add(c, (struct ta_dd){ e, ta_const(c, 0.0) }, ta_dd_mul(c, s, p));
   return ta_add(c, r.hi, r.lo);
}

/* ---- sin(2 pi a) ---------------------------------------------------------------------------- */

/* The f64 nearest 2 pi, as the interpreter writes it; (-1)^k / (2k + 1)! for k = 0..5
 * (double-double) and 6..12 (f64). */
#define TA_TWO_PI 6.283185307179586476925286766559
static const double ta_sin_dd[6][2] = {
   { 1.0, 0.0 },
   { -0x1.5555555555555p-3, -0x1.5555555555555p-57 },
   { 0x1.1111111111111p-7, 0x1.1111111111111p-63 },
   { -0x1.a01a01a01a01ap-13, -0x1.a01a01a01a01ap-73 },
   { 0x1.71de3a556c734p-19, -0x1.c154f8ddc6c00p-73 },
   { -0x1.ae64567f544e4p-26, 0x1.c062e06d1f209p-80 },
};
static const double ta_sin_tail[7] = {
   0x1.6124613a86d09p-33, -0x1.ae7f3e733b81fp-41, 0x1.952c77030ad4ap-49, -0x1.2f49b46814157p-57,
   0x1.71b8ef6dcf572p-66, -0x1.761b41316381ap-75, 0x1.3f3ccdd165fa9p-84,
};

/* sin(y) for y = 2 pi a rounded to f64, a in [0, 1/4], as the interpreter forms its argument
 * (interp/exec_float_trans.c): y (1 + sum_k (-1)^k y^2k / (2k + 1)!) to y^25 (the remainder is
 * below 2^-75 of the result on [0, pi / 2]). */
static inline ta_val ta_sin_quarter(ta_ctx c, ta_val a)
{
   ta_val y = ta_mul(c, ta_const(c, TA_TWO_PI), a);
   struct ta_dd p = ta_poly(c, ta_two_prod(c, y, y), ta_sin_dd, 6, ta_sin_tail, 7);
   struct ta_dd r = ta_dd_mul(c, (struct ta_dd){ y, ta_const(c, 0.0) }, p);
   return ta_add(c, r.hi, r.lo);
}

/* The interpreter's reduction of x turns: t = x - floor(x + 1/2) in [-1/2, 1/2] (exact for f32
 * and f16 sources), for cosine t = 1/4 - |t| (cos(2 pi t) = sin(2 pi (1/4 - |t|))), then
 * a = |t| folded into [0, 1/4] by sin(pi - y) = sin(y). sin(2 pi x) is sin_quarter(a), negated
 * where the returned condition holds. (t is -0 only for x = -0, whose sine is set apart.) */
static inline ta_bool ta_turns(ta_ctx c, ta_val x, bool cosine, ta_val *a)
{
   ta_val t = ta_sub(c, x, ta_floor(c, ta_add(c, x, ta_const(c, 0.5))));
   if (cosine)
      t = ta_sub(c, ta_const(c, 0.25), ta_abs(c, t));
   ta_val m = ta_abs(c, t);
   *a = ta_select(c, ta_less(c, ta_const(c, 0.25), m), ta_sub(c, ta_const(c, 0.5), m), m);
   return ta_less(c, t, ta_const(c, 0.0));
}

#endif
