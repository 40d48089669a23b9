/* f64 arithmetic of the recompiler on the default Vulkan device: v_add/mul/fma/ldexp/rcp/sqrt_f64
 * against the host's IEEE double arithmetic under the rounding mode MODE selects (fesetround),
 * with MODE's f64 denormal flushing and the NaN rules of docs/float.md written out here; the
 * division helpers, v_trig_preop_f64, v_rsq_f64 (the interpreter's faithful algorithm), omod and
 * clamp on f64 results against the interpreter through rdna_diff_case. Inputs
 * mix edge values (signed zeros, denormals, extremes, infinities, NaNs) with random bits and
 * values whose products and sums land in the denormal range, in wave32 and wave64 under mixed
 * EXEC masks. Tests skip when there is no Vulkan device. */
#include <criterion/criterion.h>
#include <fenv.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "gpu_harness.h"
#include "rdna/diff.h"

#define MAX_LANES 64

static const uint64_t edges[] = {
   0x0000000000000000ull, 0x8000000000000000ull, 0x0000000000000001ull, 0x800fffffffffffffull,
   0x0010000000000000ull, 0x7fefffffffffffffull, 0xffefffffffffffffull, 0x7ff0000000000000ull,
   0xfff0000000000000ull, 0x7ff8000000000000ull, 0xfff0000000000001ull, 0x7ff4000000000123ull,
   0x3ff0000000000000ull, 0xbff0000000000000ull, 0x3ff8000000000000ull, 0x3fe0000000000000ull,
   0x3ff0000000000001ull, 0x4340000000000000ull, 0x0008000000000000ull, 0x3cb0000000000000ull,
};
#define NUM_EDGES (sizeof(edges) / sizeof(edges[0]))

/* An f64 input: an edge, random bits, a value near 1, or one near the bottom of the range. */
static uint64_t f64_value(uint32_t *state)
{
   uint32_t r = test_random(state);
   uint64_t bits = (uint64_t)test_random(state) << 32 | test_random(state);
   switch (r & 3) {
   case 0:
      return edges[(r >> 8) % NUM_EDGES];
   case 1:
      return bits;
   case 2:
      return (bits & 0x800fffffffffffffull) | (uint64_t)(0x3f0 + ((r >> 8) & 0x1f)) << 52;
   default:
      return (bits & 0x800fffffffffffffull) | (uint64_t)((r >> 8) % 0x220) << 52;
   }
}

static bool is_nan(uint64_t x)
{
   return (x & ~(1ull << 63)) > 0x7ff0000000000000ull;
}

static bool is_denorm(uint64_t x)
{
   return (x & 0x7ff0000000000000ull) == 0 && (x & 0x000fffffffffffffull) != 0;
}

/* MODE: f64 round in FP_ROUND[3:2], f64 denormals in FP_DENORM[7:6] (RDNA2 ISA guide 3.12) */
struct mode {
   unsigned round, denorm;
};

static const int host_rounding[4] = { FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO };

enum op {
   ADD,
   MUL,
   FMA,
   FMA_NEG, /* v_fma_f64 with -src1 and |src2| */
   LDEXP,
   RCP,
   SQRT
};

static uint64_t expect(enum op op, const struct mode *m, uint64_t a, uint64_t b, uint64_t c,
                       int32_t n)
{
   if (op == FMA_NEG) {
      b ^= 1ull << 63;
      c &= ~(1ull << 63);
   }
   uint64_t s[3] = { a, b, c };
   for (unsigned i = 0; i < 3; i++)
      if (!(m->denorm & 1) && is_denorm(s[i]))
         s[i] &= 1ull << 63;
   unsigned count = op == LDEXP || op == RCP || op == SQRT ? 1 : op == ADD || op == MUL ? 2 : 3;
   for (unsigned i = 0; i < count; i++)
      if (is_nan(s[i]))
         return s[i] | 0x0008000000000000ull; /* the first NaN source, quieted */
   volatile double x = f64_from_bits(s[0]), y = f64_from_bits(s[1]), z = f64_from_bits(s[2]);
   volatile double r;
   fesetround(host_rounding[m->round]);
   switch (op) {
   case ADD:
      r = x + y;
      break;
   case MUL:
      r = x * y;
      break;
   case LDEXP:
      r = ldexp(x, n);
      break;
   case RCP:
      r = 1.0 / x;
      break;
   case SQRT:
      r = sqrt(x); /* sqrt(-0) = -0, a negative source NaN */
      break;
   default:
      r = fma(x, y, z);
      break;
   }
   fesetround(FE_TONEAREST);
   if (isnan(r))
      return 0x7ff8000000000000ull; /* invalid: the default NaN */
   uint64_t bits = f64_to_bits(r);
   return !(m->denorm & 2) && is_denorm(bits) ? bits & (1ull << 63) : bits;
}

static const struct {
   const char *text; /* writes v[10 + 2i : 11 + 2i] */
   enum op op;
} rows[] = {
   { "v_add_f64 v[10:11], v[1:2], v[3:4]", ADD },
   { "v_mul_f64 v[12:13], v[1:2], v[3:4]", MUL },
   { "v_fma_f64 v[14:15], v[1:2], v[3:4], v[5:6]", FMA },
   { "v_fma_f64 v[16:17], v[1:2], -v[3:4], |v[5:6]|", FMA_NEG },
   { "v_ldexp_f64 v[18:19], v[1:2], v7", LDEXP },
   { "v_rcp_f64_e32 v[20:21], v[1:2]", RCP },
   { "v_sqrt_f64_e32 v[22:23], v[1:2]", SQRT },
   { "v_add_f64 v[24:25], v[1:2], -v[1:2]", ADD }, /* exact zeros: the sign by the mode; last */
};
#define NUM_ROWS (sizeof(rows) / sizeof(rows[0]))

static uint64_t old_value(unsigned reg, unsigned lane)
{
   return 0x5eed000000000000ull + ((uint64_t)reg << 8) + lane;
}

static void check(unsigned wave, const struct mode *m, uint64_t exec, uint32_t seed)
{
   uint64_t in[3][MAX_LANES];
   uint32_t ldexp_n[MAX_LANES];
   uint32_t state = seed;
   for (unsigned lane = 0; lane < wave; lane++) {
      for (unsigned i = 0; i < 3; i++)
         in[i][lane] = f64_value(&state);
      if (lane % 4 == 1) /* a near-cancelling pair */
         in[1][lane] = (in[0][lane] ^ (1ull << 63)) + (test_random(&state) & 3);
      uint32_t r = test_random(&state);
      ldexp_n[lane] = (r & 1) ? (uint32_t)((int32_t)(r % 4400) - 2200) : r;
   }
   struct text t = { 0 };
   text_add(&t, "[require]\nwave %u\n[program]\n  s_round_mode 0x%x\n  s_denorm_mode 0x%x\n", wave,
            m->round << 2, m->denorm << 2 | 3);
   for (unsigned i = 0; i < NUM_ROWS; i++)
      text_add(&t, "  %s\n", rows[i].text);
   text_add(&t, "  s_endpgm\n[init]\n");
   for (unsigned i = 0; i < 3; i++) {
      uint32_t lo[MAX_LANES], hi[MAX_LANES];
      for (unsigned lane = 0; lane < wave; lane++) {
         lo[lane] = (uint32_t)in[i][lane];
         hi[lane] = (uint32_t)(in[i][lane] >> 32);
      }
      text_add_lanes(&t, 1 + 2 * i, lo, wave);
      text_add_lanes(&t, 2 + 2 * i, hi, wave);
   }
   text_add_lanes(&t, 7, ldexp_n, wave);
   for (unsigned i = 0; i < NUM_ROWS; i++) {
      uint32_t lo[MAX_LANES], hi[MAX_LANES];
      for (unsigned lane = 0; lane < wave; lane++) {
         lo[lane] = (uint32_t)old_value(10 + 2 * i, lane);
         hi[lane] = (uint32_t)(old_value(10 + 2 * i, lane) >> 32);
      }
      text_add_lanes(&t, 10 + 2 * i, lo, wave);
      text_add_lanes(&t, 11 + 2 * i, hi, wave);
   }
   text_add(&t, "exec = 0x%llx\n", (unsigned long long)exec);
   struct gpu_run run;
   harness_run(t.data, wave, RDNA_RELATIVE_DEFAULT, &run);
   for (unsigned lane = 0; lane < wave; lane++)
      for (unsigned i = 0; i < NUM_ROWS; i++) {
         unsigned reg = 10 + 2 * i;
         uint64_t a = in[0][lane], b = i == NUM_ROWS - 1 ? a ^ (1ull << 63) : in[1][lane];
         uint64_t want = (exec >> lane) & 1
                            ? expect(rows[i].op, m, a, b, in[2][lane], (int32_t)ldexp_n[lane])
                            : old_value(reg, lane);
         uint64_t got = run_vgpr(&run, reg, lane) | (uint64_t)run_vgpr(&run, reg + 1, lane) << 32;
         cr_expect_eq(got, want,
                      "wave%u round %u denorm %u, %s lane %u: 0x%016llx, expected 0x%016llx "
                      "(0x%016llx 0x%016llx 0x%016llx %d)",
                      wave, m->round, m->denorm, rows[i].text, lane, (unsigned long long)got,
                      (unsigned long long)want, (unsigned long long)a, (unsigned long long)b,
                      (unsigned long long)in[2][lane], (int32_t)ldexp_n[lane]);
      }
   harness_free(&run);
   text_free(&t);
}

Test(float64, arithmetic_matches_host_ieee_in_every_round_mode, .timeout = 600)
{
   static const struct mode modes[] = {
      { 0, 3 }, { 1, 3 }, { 2, 0 }, { 3, 1 }, { 0, 2 }, { 2, 3 }
   };
   for (unsigned wave = 32; wave <= 64; wave *= 2)
      for (unsigned i = 0; i < sizeof(modes) / sizeof(modes[0]); i++)
         check(wave, &modes[i], mixed_exec(wave), 4321u + 57u * i + wave);
}

/* ---- the division helpers and output modifiers against the interpreter --------------------- */

static const char *const diff_rows[] = {
   "v_div_scale_f64 v[10:11], s[20:21], v[1:2], v[3:4], v[1:2]",
   "v_div_scale_f64 v[12:13], vcc, v[3:4], v[3:4], v[1:2]",
   "v_div_fmas_f64 v[14:15], v[1:2], v[3:4], v[5:6]",
   "v_div_fixup_f64 v[16:17], v[5:6], v[3:4], v[1:2]",
   "v_div_fixup_f64 v[18:19], v[1:2], -v[3:4], |v[5:6]|",
   "v_mul_f64 v[20:21], v[1:2], v[3:4] mul:4",
   "v_add_f64 v[22:23], v[1:2], v[3:4] clamp div:2",
   "v_fma_f64 v[24:25], v[1:2], v[3:4], v[5:6] mul:2",
   "v_trig_preop_f64 v[26:27], v[3:4], v5",
   "v_trig_preop_f64 v[28:29], |v[1:2]|, 2",
   "v_rsq_f64_e32 v[30:31], v[1:2]",
   "v_rsq_f64_e64 v[32:33], |v[3:4]|",
};
#define NUM_DIFF_ROWS (sizeof(diff_rows) / sizeof(diff_rows[0]))

static void diff_program(unsigned wave, unsigned mode, uint64_t exec, uint32_t seed)
{
   uint32_t state = seed;
   struct text t = { 0 };
   text_add_mode_program(&t, wave, mode);
   for (unsigned i = 0; i < NUM_DIFF_ROWS; i++) {
      const char *row = diff_rows[i];
      if (wave == 32 && strstr(row, "s[20:21]"))
         text_add(&t, "  v_div_scale_f64 v[10:11], s20, v[1:2], v[3:4], v[1:2]\n");
      else if (wave == 32 && strstr(row, "vcc,"))
         text_add(&t, "  v_div_scale_f64 v[12:13], vcc_lo, v[3:4], v[3:4], v[1:2]\n");
      else
         text_add(&t, "  %s\n", row);
   }
   text_add(&t, "  s_endpgm\n[init]\n");
   uint32_t v[6][MAX_LANES];
   for (unsigned lane = 0; lane < wave; lane++)
      for (unsigned i = 0; i < 3; i++) {
         uint64_t x = f64_value(&state);
         if (i == 1 && (lane % 3) == 0) /* quotients near the range ends */
            x = (x & 0x800fffffffffffffull) | (uint64_t)(test_random(&state) % 2047) << 52;
         v[2 * i][lane] = (uint32_t)x;
         v[2 * i + 1][lane] = (uint32_t)(x >> 32);
      }
   for (unsigned r = 0; r < 6; r++)
      text_add_lanes(&t, 1 + r, v[r], wave);
   text_add(&t, "exec = 0x%llx\nvcc = 0x%llx\n", (unsigned long long)exec,
            (unsigned long long)(0x9a5c3e1f0f0a5a53ull & (~0ull >> (64 - wave))));
   harness_diff_mode(&t, wave, mode, exec);
   text_free(&t);
}

Test(float64, division_helpers_and_output_modifiers_match_the_interpreter, .timeout = 900)
{
   /* MODE: denormals kept, nearest; IEEE and DX10_CLAMP, toward +inf; f64 denormals flushed,
    * toward zero; output denormals only, toward -inf */
   static const unsigned modes[] = { 0x0f0, 0x3f4, 0x00c, 0x1b8 };
   for (unsigned wave = 32; wave <= 64; wave *= 2)
      for (unsigned i = 0; i < sizeof(modes) / sizeof(modes[0]); i++)
         diff_program(wave, modes[i], i == 1 ? ~0ull >> (64 - wave) : mixed_exec(wave),
                      700u + 19u * i + wave);
}
