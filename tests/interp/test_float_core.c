/* The soft-float core (interp/float.h) on its own, over many more inputs than programs can
 * carry: every f16 value against a set of partners, random f32 and f64 divisions, square roots
 * and conversions, in all four rounding modes, each against the host's IEEE arithmetic under the
 * same rounding mode (fesetround). NaN results are only checked to be NaN here: which NaN comes
 * out is the interpreter's own rule, tested in test_float.c. */
#include <criterion/criterion.h>
#include <math.h>

#include "float_lanes.h"
#include "interp/float.h"

static const struct float_env no_flush[4] = {
   { ROUND_NEAREST_EVEN, false, false },
   { ROUND_PLUS_INF, false, false },
   { ROUND_MINUS_INF, false, false },
   { ROUND_ZERO, false, false },
};

static bool f16_nan(uint16_t h)
{
   return (h & 0x7c00u) == 0x7c00u && (h & 0x3ffu);
}

/* Host f16 results: the exact sum or product in long double (f16 spans fit its 64 bits), then
 * one conversion, both under the rounding mode (it decides the sign of an exact zero sum). */
static __attribute__((noinline)) uint16_t host_f16_op(bool mul, uint16_t a, uint16_t b,
                                                      unsigned round)
{
   _Float16 x, y;
   memcpy(&x, &a, 2);
   memcpy(&y, &b, 2);
   volatile long double wx = x, wy = y;
   fesetround(host_round(round));
   volatile long double exact = mul ? wx * wy : wx + wy;
   volatile _Float16 r = (_Float16)exact;
   fesetround(FE_TONEAREST);
   _Float16 out = r;
   uint16_t bits;
   memcpy(&bits, &out, 2);
   return bits;
}

Test(float_core, every_f16_add_and_mul)
{
   uint16_t partners[24];
   uint64_t s = 12345;
   static const uint16_t edges[] = { 0x0000, 0x8000, 0x0001, 0x03ff, 0x0400, 0x3c00,
                                     0xbc00, 0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x3555 };
   for (unsigned i = 0; i < 24; i++)
      partners[i] = i < 12 ? edges[i] : (uint16_t)lcg_next(&s);
   unsigned mismatches = 0;
   for (unsigned round = 0; round < 4; round++)
      for (uint32_t a = 0; a < 0x10000; a++) {
         if (f16_nan((uint16_t)a))
            continue;
         for (unsigned i = 0; i < 24; i++) {
            uint16_t b = partners[i];
            if (f16_nan(b))
               continue;
            for (unsigned mul = 0; mul < 2; mul++) {
               uint16_t want = host_f16_op(mul, (uint16_t)a, b, round);
               uint64_t got = mul ? float_mul(FLOAT16, a, b, &no_flush[round])
                                  : float_add(FLOAT16, a, b, &no_flush[round]);
               bool ok = f16_nan(want) ? f16_nan((uint16_t)got) : got == want;
               if (!ok && mismatches++ < 10)
                  cr_log_error("%s 0x%04x 0x%04x round %u: 0x%04llx, host 0x%04x",
                               mul ? "mul" : "add", a, b, round, (unsigned long long)got, want);
            }
         }
      }
   cr_expect_eq(mismatches, 0u, "%u mismatches", mismatches);
}

/* Random bit patterns (NaN patterns become infinities) with exponents over the whole range. */
static uint32_t random_f32(uint64_t *s)
{
   uint32_t v = lcg_next(s);
   return f32_bits_nan(v) ? v & 0xff800000u : v;
}

static uint64_t random_f64(uint64_t *s)
{
   uint64_t v = (uint64_t)lcg_next(s) << 32 | lcg_next(s);
   if ((lcg_next(s) & 7) == 0)
      v &= 0x800fffffffffffffull; /* denormals */
   return f64_bits_nan(v) ? v & 0xfff0000000000000ull : v;
}

static __attribute__((noinline)) uint32_t host_div_sqrt_f32(bool sqrt_op, uint32_t a, uint32_t b,
                                                            unsigned round)
{
   volatile float x = f32_of(a), y = f32_of(b);
   fesetround(host_round(round));
   volatile float r = sqrt_op ? sqrtf(x) : x / y;
   fesetround(FE_TONEAREST);
   return bits_of_f32(r);
}

static __attribute__((noinline)) uint64_t host_div_sqrt_f64(bool sqrt_op, uint64_t a, uint64_t b,
                                                            unsigned round)
{
   volatile double x = f64_of(a), y = f64_of(b);
   fesetround(host_round(round));
   volatile double r = sqrt_op ? sqrt(x) : x / y;
   fesetround(FE_TONEAREST);
   return bits_of_f64(r);
}

Test(float_core, f32_f64_division_and_sqrt)
{
   uint64_t s = 777;
   unsigned mismatches = 0;
   for (unsigned round = 0; round < 4; round++)
      for (unsigned i = 0; i < 50000; i++) {
         uint32_t a = random_f32(&s), b = random_f32(&s);
         uint64_t c = random_f64(&s), d = random_f64(&s);
         uint32_t want[2] = { host_div_sqrt_f32(false, a, b, round),
                              host_div_sqrt_f32(true, a & 0x7fffffffu, 0, round) };
         uint64_t got[2] = { float_div(FLOAT32, a, b, &no_flush[round]),
                             float_sqrt(FLOAT32, a & 0x7fffffffu, &no_flush[round]) };
         uint64_t want64[2] = { host_div_sqrt_f64(false, c, d, round),
                                host_div_sqrt_f64(true, c & ~(1ull << 63), 0, round) };
         uint64_t got64[2] = { float_div(FLOAT64, c, d, &no_flush[round]),
                               float_sqrt(FLOAT64, c & ~(1ull << 63), &no_flush[round]) };
         for (unsigned k = 0; k < 2; k++) {
            bool ok = f32_bits_nan(want[k]) ? f32_bits_nan((uint32_t)got[k]) : got[k] == want[k];
            bool ok64 = f64_bits_nan(want64[k]) ? f64_bits_nan(got64[k]) : got64[k] == want64[k];
            if (!ok && mismatches++ < 10)
               cr_log_error("f32 %s 0x%08x 0x%08x round %u: 0x%08llx host 0x%08x",
                            k ? "sqrt" : "div", a, b, round, (unsigned long long)got[k], want[k]);
            if (!ok64 && mismatches++ < 10)
               cr_log_error("f64 %s 0x%016llx 0x%016llx round %u", k ? "sqrt" : "div",
                            (unsigned long long)c, (unsigned long long)d, round);
         }
      }
   cr_expect_eq(mismatches, 0u, "%u mismatches", mismatches);
}

static __attribute__((noinline)) uint32_t host_f64_to_f32_mode(uint64_t a, unsigned round)
{
   volatile double x = f64_of(a);
   fesetround(host_round(round));
   volatile float r = (float)x;
   fesetround(FE_TONEAREST);
   return bits_of_f32(r);
}

static __attribute__((noinline)) uint16_t host_f32_to_f16_mode(uint32_t a, unsigned round)
{
   volatile float x = f32_of(a);
   fesetround(host_round(round));
   volatile _Float16 r = (_Float16)x;
   fesetround(FE_TONEAREST);
   _Float16 out = r;
   uint16_t bits;
   memcpy(&bits, &out, 2);
   return bits;
}

static __attribute__((noinline)) uint32_t host_i64_to_f32(int64_t v, unsigned round)
{
   volatile int64_t x = v;
   fesetround(host_round(round));
   volatile float r = (float)x;
   fesetround(FE_TONEAREST);
   return bits_of_f32(r);
}

Test(float_core, conversions_and_rounding_to_integral)
{
   uint64_t s = 4242;
   unsigned mismatches = 0;
   for (unsigned round = 0; round < 4; round++)
      for (unsigned i = 0; i < 50000; i++) {
         uint64_t d = random_f64(&s);
         uint32_t f = random_f32(&s);
         int64_t n = (int64_t)((uint64_t)lcg_next(&s) << 32 | lcg_next(&s)) >> (lcg_next(&s) & 63);
         uint32_t want_f = host_f64_to_f32_mode(d, round);
         uint64_t got_f = float_convert(FLOAT32, FLOAT64, d, &no_flush[round]);
         uint16_t want_h = host_f32_to_f16_mode(f, round);
         uint64_t got_h = float_convert(FLOAT16, FLOAT32, f, &no_flush[round]);
         uint32_t want_n = host_i64_to_f32(n, round);
         uint64_t got_n = float_from_int(FLOAT32, n, &no_flush[round]);
         float x = f32_of(f);
         float want_r = round == 0   ? nearbyintf(x)
                        : round == 1 ? ceilf(x)
                        : round == 2 ? floorf(x)
                                     : truncf(x);
         uint64_t got_r = float_round_int(FLOAT32, f, no_flush[round].round);
         bool ok = (f64_bits_nan(d) || got_f == want_f) && got_h == want_h && got_n == want_n &&
                   (isnan(x) || got_r == bits_of_f32(want_r));
         if (!ok && mismatches++ < 10)
            cr_log_error(
               "round %u: f64 0x%016llx -> 0x%08llx (host 0x%08x); f32 0x%08x -> f16 "
               "0x%04llx (host 0x%04x); i64 %lld -> 0x%08llx (host 0x%08x); rint 0x%08llx",
               round, (unsigned long long)d, (unsigned long long)got_f, want_f, f,
               (unsigned long long)got_h, want_h, (long long)n, (unsigned long long)got_n, want_n,
               (unsigned long long)got_r);
      }
   cr_expect_eq(mismatches, 0u, "%u mismatches", mismatches);
}
