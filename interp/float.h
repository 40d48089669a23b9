/* Soft-float core of the interpreter: IEEE 754 binary16/32/64 arithmetic on raw bits with an
 * explicit rounding mode and denormal flushing, computed in integers (never through the host's
 * float unit, so no host rounding mode or NaN payload rule leaks into results). Every function
 * takes and returns the format's bits in the low bits of a uint64_t. NaN rules: an operation
 * with a NaN source returns the first NaN source (in operand order) quieted; an invalid
 * operation (inf - inf, 0 * inf, sqrt(-1), ...) returns the default NaN, the positive quiet NaN
 * with an empty payload (docs/float.md "NaN rules"). */
#ifndef RDNA_INTERP_FLOAT_H
#define RDNA_INTERP_FLOAT_H

#include <stdbool.h>
#include <stdint.h>

#include "interp/wave.h"

/* MODE.FP_ROUND encodings (RDNA2 ISA guide 3.12, MODE register). */
enum float_round {
   ROUND_NEAREST_EVEN = 0,
   ROUND_PLUS_INF = 1,
   ROUND_MINUS_INF = 2,
   ROUND_ZERO = 3
};

/* How one operation rounds: the MODE fields of its width. flush_in: denormal sources read as
 * signed zero (done by the caller, float_flush); flush_out: a denormal result becomes signed
 * zero (done by float_round_pack, after rounding). */
struct float_env {
   enum float_round round;
   bool flush_in, flush_out;
};

/* Classes of v_cmp_class (RDNA2 ISA guide 12.8 "VOPC": bit i of the class mask). */
enum float_class {
   CLASS_SNAN = 0,
   CLASS_QNAN = 1,
   CLASS_NEG_INF = 2,
   CLASS_NEG_NORMAL = 3,
   CLASS_NEG_DENORM = 4,
   CLASS_NEG_ZERO = 5,
   CLASS_POS_ZERO = 6,
   CLASS_POS_DENORM = 7,
   CLASS_POS_NORMAL = 8,
   CLASS_POS_INF = 9
};

/* ---- format properties and predicates (inline: every lane of every float op uses them) ---- */

static inline unsigned float_exp_bits(enum float_width w)
{
   return w == FLOAT16 ? 5 : w == FLOAT32 ? 8 : 11;
}

static inline unsigned float_man_bits(enum float_width w)
{
   return w == FLOAT16 ? 10 : w == FLOAT32 ? 23 : 52;
}

static inline int float_bias(enum float_width w)
{
   return (1 << (float_exp_bits(w) - 1)) - 1;
}

static inline uint64_t float_sign_bit(enum float_width w)
{
   return w == FLOAT16 ? 0x8000u : w == FLOAT32 ? 0x80000000u : 0x8000000000000000ull;
}

static inline uint64_t float_exp_mask(enum float_width w)
{
   return ((1ull << float_exp_bits(w)) - 1) << float_man_bits(w);
}

static inline uint64_t float_man_mask(enum float_width w)
{
   return (1ull << float_man_bits(w)) - 1;
}

static inline uint64_t float_quiet_bit(enum float_width w)
{
   return 1ull << (float_man_bits(w) - 1);
}

static inline uint64_t float_inf(enum float_width w, bool negative)
{
   return float_exp_mask(w) | (negative ? float_sign_bit(w) : 0);
}

/* The largest finite magnitude, with the sign: exponent all ones but one, mantissa all ones. */
static inline uint64_t float_max_finite(enum float_width w, bool negative)
{
   return float_inf(w, negative) - 1;
}

/* The default NaN: positive, quiet, no payload (0x7e00, 0x7fc00000, 0x7ff8000000000000). */
static inline uint64_t float_default_nan(enum float_width w)
{
   return float_exp_mask(w) | float_quiet_bit(w);
}

static inline uint64_t float_one(enum float_width w, bool negative)
{
   return ((uint64_t)float_bias(w) << float_man_bits(w)) | (negative ? float_sign_bit(w) : 0);
}

static inline bool float_is_nan(enum float_width w, uint64_t a)
{
   return (a & float_exp_mask(w)) == float_exp_mask(w) && (a & float_man_mask(w)) != 0;
}

static inline bool float_is_snan(enum float_width w, uint64_t a)
{
   return float_is_nan(w, a) && !(a & float_quiet_bit(w));
}

static inline bool float_is_inf(enum float_width w, uint64_t a)
{
   return (a & ~float_sign_bit(w)) == float_exp_mask(w);
}

static inline bool float_is_zero(enum float_width w, uint64_t a)
{
   return (a & ~float_sign_bit(w)) == 0;
}

static inline bool float_is_denorm(enum float_width w, uint64_t a)
{
   return (a & float_exp_mask(w)) == 0 && (a & float_man_mask(w)) != 0;
}

static inline bool float_sign(enum float_width w, uint64_t a)
{
   return (a & float_sign_bit(w)) != 0;
}

static inline uint64_t float_quiet(enum float_width w, uint64_t a)
{
   return a | float_quiet_bit(w);
}

/* A denormal becomes zero of the same sign when env->flush_in. */
static inline uint64_t float_flush(enum float_width w, uint64_t a, const struct float_env *env)
{
   if (env->flush_in && float_is_denorm(w, a))
      return a & float_sign_bit(w);
   return a;
}

enum float_class float_classify(enum float_width w, uint64_t a);
/* The unbiased exponent of a finite nonzero value as if normalized (denormals included). */
int float_exponent(enum float_width w, uint64_t a);

/* ---- rounding ------------------------------------------------------------------------------ */

/* The format's value nearest (by env->round) to (-1)^sign * sig * 2^exp, where sig's lowest bit
 * may be a sticky bit standing for nonzero bits below it (the caller keeps at least three bits
 * beyond the format's precision). Handles overflow per rounding mode, denormals and flush_out. */
uint64_t float_round_pack(enum float_width w, bool sign, int exp, unsigned __int128 sig,
                          const struct float_env *env);

/* ---- arithmetic (correctly rounded) ---------------------------------------------------------- */

uint64_t float_add(enum float_width w, uint64_t a, uint64_t b, const struct float_env *env);
uint64_t float_mul(enum float_width w, uint64_t a, uint64_t b, const struct float_env *env);
/* a * b + c with one rounding. */
uint64_t float_fma(enum float_width w, uint64_t a, uint64_t b, uint64_t c,
                   const struct float_env *env);
uint64_t float_div(enum float_width w, uint64_t a, uint64_t b, const struct float_env *env);
uint64_t float_sqrt(enum float_width w, uint64_t a, const struct float_env *env);
/* 1 / sqrt(a): rounded from a 64-bit-accurate intermediate (docs/float.md measures it). */
uint64_t float_rsq(enum float_width w, uint64_t a, const struct float_env *env);
/* a * 2^n. */
uint64_t float_ldexp(enum float_width w, uint64_t a, int n, const struct float_env *env);
/* Converts between widths (NaN: quieted, payload truncated or widened from the top). */
uint64_t float_convert(enum float_width to, enum float_width from, uint64_t a,
                       const struct float_env *env);
uint64_t float_from_int(enum float_width w, int64_t v, const struct float_env *env);
uint64_t float_from_uint(enum float_width w, uint64_t v, const struct float_env *env);
/* Rounds to an integral value in the same format by `round` (rndne, floor, ceil, trunc); the
 * sign of a zero result is the source's; NaN is quieted. */
uint64_t float_round_int(enum float_width w, uint64_t a, enum float_round round);
/* The integral value of a (rounded by `round`), saturated to [INT64_MIN, INT64_MAX]; NaN: 0. */
int64_t float_to_int(enum float_width w, uint64_t a, enum float_round round);

/* ---- comparison ---------------------------------------------------------------------------- */

enum float_order {
   ORDER_LESS,
   ORDER_EQUAL,
   ORDER_GREATER,
   ORDER_UNORDERED
};

/* IEEE comparison: -0 == +0, NaN unordered. */
enum float_order float_compare(enum float_width w, uint64_t a, uint64_t b);

#endif
