/* A host model of the recompiler's v_exp, v_log, v_sin and v_cos (recomp/lower_float_trans.c):
 * recomp/lower_float_trans_dd.h instantiated on host doubles, so it performs the SPIR-V
 * helpers' f64 operations in the same order, plus the lane rules the helpers apply (special
 * values, rounding the f64 to nearest even, flushing a denormal result). bench/bench_trans_sweep.c
 * compares it with the interpreter for every f16 and f32 input; tests/recomp/test_gpu_float_trans.c
 * checks its constants and the accuracy of its f64 results. The project builds as ISO C11, where
 * GCC does not contract a * b + c into an fma and clang contracts only within one expression: every
 * operation here is its own function, so none is fused. */
#ifndef RDNA_BENCH_TRANS_MODEL_H
#define RDNA_BENCH_TRANS_MODEL_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

typedef const void *ta_ctx;
typedef double ta_val;
typedef bool ta_bool;

static inline double ta_add(ta_ctx c, double a, double b)
{
   (void)c;
   return a + b;
}

static inline double ta_sub(ta_ctx c, double a, double b)
{
   (void)c;
   return a - b;
}

static inline double ta_mul(ta_ctx c, double a, double b)
{
   (void)c;
   return a * b;
}

static inline double ta_div(ta_ctx c, double a, double b)
{
   (void)c;
   return a / b;
}

static inline double ta_neg(ta_ctx c, double a)
{
   (void)c;
   return -a;
}

static inline double ta_abs(ta_ctx c, double a)
{
   (void)c;
   return fabs(a);
}

static inline double ta_floor(ta_ctx c, double a)
{
   (void)c;
   return floor(a);
}

static inline double ta_const(ta_ctx c, double a)
{
   (void)c;
   return a;
}

static inline bool ta_less(ta_ctx c, double a, double b)
{
   (void)c;
   return a < b;
}

static inline double ta_select(ta_ctx c, bool cond, double a, double b)
{
   (void)c;
   return cond ? a : b;
}

static inline double ta_frexp(ta_ctx c, double x, double *e)
{
   (void)c;
   int exponent;
   double m = frexp(x, &exponent); /* [0.5, 1) */
   *e = (double)(exponent - 1);
   return m * 2.0;
}

static inline double ta_ldexp(ta_ctx c, double x, double n)
{
   (void)c;
   return ldexp(x, (int)n);
}

#include "recomp/lower_float_trans_dd.h"

enum trans_model_fn {
   TRANS_MODEL_EXP,
   TRANS_MODEL_LOG,
   TRANS_MODEL_SIN,
   TRANS_MODEL_COS
};

/* The f64 the recompiler's helpers compute for a finite, nonzero-where-it-matters x. */
static inline double trans_model_f64(enum trans_model_fn fn, double x)
{
   switch (fn) {
   case TRANS_MODEL_EXP:
      return ta_exp2(NULL, x);
   case TRANS_MODEL_LOG:
      return ta_log2(NULL, x);
   default: {
      double a;
      bool negative = ta_turns(NULL, x, fn == TRANS_MODEL_COS, &a);
      double r = ta_sin_quarter(NULL, a);
      return negative ? -r : r;
   }
   }
}

/* The result bits of `fn` on the source bits `a` (f32, or f16 in the low half when width is 16),
 * already flushed by MODE's input field; denormal results become signed zeros when flush_out. */
static inline uint32_t trans_model(enum trans_model_fn fn, uint32_t a, unsigned width,
                                   bool flush_out)
{
   bool f16 = width == 16;
   uint32_t sign_bit = f16 ? 0x8000u : 0x80000000u, inf = f16 ? 0x7c00u : 0x7f800000u;
   uint32_t quiet = f16 ? 0x0200u : 0x00400000u, nan = inf | quiet;
   uint32_t mag = a & (sign_bit - 1);
   bool negative = (a & sign_bit) != 0;
   if (mag > inf)
      return a | quiet;
   if (fn == TRANS_MODEL_EXP && mag == inf)
      return negative ? 0 : inf;
   if (fn == TRANS_MODEL_LOG) {
      if (mag == 0)
         return sign_bit | inf;
      if (negative)
         return nan;
      if (mag == inf)
         return inf;
   }
   if ((fn == TRANS_MODEL_SIN || fn == TRANS_MODEL_COS) && mag == inf)
      return nan;
   if (fn == TRANS_MODEL_SIN && mag == 0)
      return a;
   double x;
   if (f16) {
      _Float16 h;
      uint16_t bits = (uint16_t)a;
      memcpy(&h, &bits, sizeof(h));
      x = (double)h;
   } else {
      float f;
      memcpy(&f, &a, sizeof(f));
      x = (double)f;
   }
   double v = trans_model_f64(fn, x);
   uint32_t r;
   if (f16) {
      _Float16 h = (_Float16)v; /* nearest even */
      uint16_t bits;
      memcpy(&bits, &h, sizeof(bits));
      r = bits;
   } else {
      float f = (float)v;
      memcpy(&r, &f, sizeof(r));
   }
   bool denormal = (r & inf) == 0 && (r & (sign_bit - 1)) != 0;
   return flush_out && denormal ? r & sign_bit : r;
}

#endif
