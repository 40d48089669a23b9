/* Transcendentals of VOP1 (the ISA leaves their precision open, RDNA2 ISA guide 12.9): rcp,
 * rcp_iflag, sqrt and rsq in f16, f32 and f64 through the soft-float core (rcp and sqrt
 * correctly rounded in MODE's rounding mode, rsq from a 64-bit intermediate); exp (2^x), log
 * (log2 x), sin and cos (of x turns: sin(2 pi x)) in f16 and f32 from a double-precision value
 * rounded to nearest even. docs/float.md gives each algorithm and its worst-case error measured
 * by bench/bench_float_ulp.c. */
#include <math.h>
#include <string.h>

#include "interp/float_valu.h"

#define FLOAT_OP(name, width, expr)                                          \
   static uint64_t lane_##name(const struct float_ctx *c, const uint64_t *s) \
   {                                                                         \
      return (expr);                                                         \
   }                                                                         \
   enum rdna_status exec_##name(struct wave *w, const struct rdna_inst *in)  \
   {                                                                         \
      static const struct float_spec spec = { width, width, 1, 0 };          \
      return float_exec(w, in, &spec, lane_##name);                          \
   }

static uint64_t rcp(const struct float_ctx *c, uint64_t a)
{
   return float_div(c->width, float_one(c->width, false), a, &c->env);
}

#define ROOTS(suffix, width)                                          \
   FLOAT_OP(v_rcp_##suffix, width, rcp(c, s[0]))                      \
   FLOAT_OP(v_sqrt_##suffix, width, float_sqrt(width, s[0], &c->env)) \
   FLOAT_OP(v_rsq_##suffix, width, float_rsq(width, s[0], &c->env))

ROOTS(f16, FLOAT16)
ROOTS(f32, FLOAT32)
ROOTS(f64, FLOAT64)
/* v_rcp_iflag_f32 is v_rcp_f32 for integer division sequences; it raises no float exception,
 * which the interpreter does not model, so its value is the same. */
FLOAT_OP(v_rcp_iflag_f32, FLOAT32, rcp(c, s[0]))

/* ---- exp, log, sin, cos --------------------------------------------------------------------
 * The source is widened exactly to double, the function evaluated by the C library in double
 * (error below 1 ulp of double, 2^29 times finer than f32), and the result rounded to the
 * width to nearest even with MODE's output flush. Special values are set explicitly, never
 * taken from the host. */

static double to_double(enum float_width w, uint64_t a)
{
   const struct float_env exact = { ROUND_NEAREST_EVEN, false, false };
   uint64_t bits = float_convert(FLOAT64, w, a, &exact);
   double d;
   memcpy(&d, &bits, sizeof(d));
   return d;
}

static uint64_t from_double(const struct float_ctx *c, double d)
{
   struct float_env env = c->env;
   env.round = ROUND_NEAREST_EVEN;
   uint64_t bits;
   memcpy(&bits, &d, sizeof(bits));
   return float_convert(c->width, FLOAT64, bits, &env);
}

enum trans_fn {
   TRANS_EXP,
   TRANS_LOG,
   TRANS_SIN,
   TRANS_COS
};

/* sin(2 pi t) for t in [-0.5, 0.5], folded into [-1/4, 1/4] by sin(pi - y) = sin(y) so that
 * whole and half turns give exact zeros (sin(-0.5 turn) = -0) and quarter turns exact +-1. */
static double sin_turns(double t)
{
   double a = fabs(t);
   if (a > 0.25)
      a = 0.5 - a; /* exact */
   double r = sin(6.283185307179586476925286766559 * a);
   return signbit(t) ? -r : r;
}

static uint64_t transcendental(const struct float_ctx *c, uint64_t a, enum trans_fn fn)
{
   enum float_width w = c->width;
   if (float_is_nan(w, a))
      return float_quiet(w, a);
   bool neg = float_sign(w, a);
   switch (fn) {
   case TRANS_EXP:
      if (float_is_inf(w, a))
         return neg ? 0 : a;
      return from_double(c, exp2(to_double(w, a)));
   case TRANS_LOG:
      if (float_is_zero(w, a))
         return float_inf(w, true);
      if (neg)
         return float_default_nan(w);
      if (float_is_inf(w, a))
         return a;
      return from_double(c, log2(to_double(w, a)));
   default:
      break;
   }
   if (float_is_inf(w, a))
      return float_default_nan(w);
   if (fn == TRANS_SIN && float_is_zero(w, a))
      return a;
   /* Whole turns drop out exactly: t = x - floor(x + 0.5) is exact in double for f16 and f32
    * sources (below 2^23 x + 0.5 is exact, above it x is an integer), t in [-0.5, 0.5]. */
   double x = to_double(w, a);
   double t = x - floor(x + 0.5);
   if (fn == TRANS_COS) /* cos(2 pi t) = sin(2 pi (1/4 - |t|)), exact argument */
      t = 0.25 - fabs(t);
   return from_double(c, sin_turns(t));
}

#define TRANSCENDENTALS(suffix, width)                                 \
   FLOAT_OP(v_exp_##suffix, width, transcendental(c, s[0], TRANS_EXP)) \
   FLOAT_OP(v_log_##suffix, width, transcendental(c, s[0], TRANS_LOG)) \
   FLOAT_OP(v_sin_##suffix, width, transcendental(c, s[0], TRANS_SIN)) \
   FLOAT_OP(v_cos_##suffix, width, transcendental(c, s[0], TRANS_COS))

TRANSCENDENTALS(f16, FLOAT16)
TRANSCENDENTALS(f32, FLOAT32)
