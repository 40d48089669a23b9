/* Roots, reciprocals, the f32 division helpers and the cube-map rows of the recompiler on the
 * default Vulkan device:
 * v_rcp_f32 and v_sqrt_f32 against the host's IEEE division and square root under the rounding
 * mode MODE selects (fesetround); v_rsq_f32 against 1/sqrt computed in long double and rounded
 * to f32 by the mode; MODE's f32 denormal flushing and the special values of docs/float.md
 * ("Transcendentals") written out here; the f16 forms, v_div_scale_f32, v_div_fmas_f32 and the
 * cube-map rows against the interpreter through rdna_diff_case. wave32 and wave64 under mixed EXEC
 * masks. Tests skip when there is no Vulkan device. */
#include <criterion/criterion.h>
#include <fenv.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "bench/trans_model.h"
#include "gpu_harness.h"
#include "rdna/diff.h"

#define MAX_LANES 64

static const uint32_t edges[] = {
   0x00000000u, 0x80000000u, 0x3f800000u, 0xbf800000u, 0x40800000u, 0x00000001u, 0x807fffffu,
   0x00400000u, 0x00800000u, 0x7f7fffffu, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0xff800001u,
   0x7e800000u, 0x7e800001u, 0x3f7fffffu, 0x3f800001u, 0x41100000u, 0x00000004u,
};
#define NUM_EDGES (sizeof(edges) / sizeof(edges[0]))

static uint32_t f32_value(uint32_t *state)
{
   uint32_t r = test_random(state);
   switch (r & 3) {
   case 0:
      return edges[(r >> 8) % NUM_EDGES];
   case 1:
      return test_random(state) & 0x7fffffffu; /* positive: roots are defined */
   case 2:
      return test_random(state) & 0x007fffffu; /* denormals */
   default:
      return test_random(state);
   }
}

struct mode {
   unsigned round, denorm; /* MODE FP_ROUND[1:0] and FP_DENORM[5:4] */
};

static const int host_rounding[4] = { FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO };

enum op {
   RCP,
   SQRT,
   RSQ
};

/* A positive long double rounded to f32 by `round` (an f32 result's nearest values bracket it;
 * the long double carries 64 bits, so only values within 2^-64 of a boundary could round
 * otherwise than the exact value). */
static uint32_t round_f32(long double x, unsigned round)
{
   fesetround(host_rounding[round]);
   volatile float f = (float)x;
   fesetround(FE_TONEAREST);
   return f32_to_bits(f);
}

static uint32_t expect(enum op op, const struct mode *m, uint32_t a)
{
   if (!(m->denorm & 1) && f32_is_denorm(a))
      a &= 0x80000000u;
   if (f32_is_nan(a))
      return a | 0x00400000u;
   bool negative = (a >> 31) != 0, zero = (a & 0x7fffffffu) == 0;
   uint32_t r;
   if (op == RCP) {
      fesetround(host_rounding[m->round]);
      volatile float q = 1.0f / f32_from_bits(a);
      fesetround(FE_TONEAREST);
      r = f32_to_bits(q);
   } else if (zero) {
      return op == SQRT ? a : (a & 0x80000000u) | 0x7f800000u; /* sqrt(-0) = -0, rsq(+-0) = +-inf */
   } else if (negative) {
      return 0x7fc00000u;
   } else if (op == SQRT) {
      fesetround(host_rounding[m->round]);
      volatile float s = sqrtf(f32_from_bits(a));
      fesetround(FE_TONEAREST);
      r = f32_to_bits(s);
   } else if (a == 0x7f800000u) {
      return 0;
   } else {
      r = round_f32(1.0L / sqrtl((long double)f32_from_bits(a)), m->round);
   }
   return !(m->denorm & 2) && f32_is_denorm(r) ? r & 0x80000000u : r;
}

static const struct {
   const char *text;
   enum op op;
} rows[] = {
   { "v_rcp_f32_e32 v10, v1", RCP },
   { "v_sqrt_f32_e32 v11, v1", SQRT },
   { "v_rsq_f32_e32 v12, v1", RSQ },
   { "v_rcp_iflag_f32_e32 v13, v1", RCP },
};
#define NUM_ROWS (sizeof(rows) / sizeof(rows[0]))

static uint32_t old_value(unsigned reg, unsigned lane)
{
   return 0x5eed0000u + reg * 64 + lane;
}

static void check(unsigned wave, const struct mode *m, uint64_t exec, uint32_t seed)
{
   uint32_t in[MAX_LANES];
   uint32_t state = seed;
   for (unsigned lane = 0; lane < wave; lane++)
      in[lane] = f32_value(&state);
   struct text t = { 0 };
   text_add(&t, "[require]\nwave %u\n[program]\n  s_round_mode 0x%x\n  s_denorm_mode 0x%x\n", wave,
            m->round, m->denorm | 0xc);
   for (unsigned i = 0; i < NUM_ROWS; i++)
      text_add(&t, "  %s\n", rows[i].text);
   text_add(&t, "  s_endpgm\n[init]\n");
   text_add_lanes(&t, 1, in, wave);
   for (unsigned i = 0; i < NUM_ROWS; i++) {
      uint32_t old[MAX_LANES];
      for (unsigned lane = 0; lane < wave; lane++)
         old[lane] = old_value(10 + i, lane);
      text_add_lanes(&t, 10 + i, old, wave);
   }
   text_add(&t, "exec = 0x%llx\n", (unsigned long long)exec);
   struct gpu_run run;
   harness_run(t.data, wave, RDNA_RELATIVE_DEFAULT, &run);
   for (unsigned lane = 0; lane < wave; lane++)
      for (unsigned i = 0; i < NUM_ROWS; i++) {
         uint32_t want =
            (exec >> lane) & 1 ? expect(rows[i].op, m, in[lane]) : old_value(10 + i, lane);
         uint32_t got = run_vgpr(&run, 10 + i, lane);
         cr_expect_eq(got, want,
                      "wave%u round %u denorm %u, %s lane %u: 0x%08x, expected 0x%08x (0x%08x)",
                      wave, m->round, m->denorm, rows[i].text, lane, got, want, in[lane]);
      }
   harness_free(&run);
   text_free(&t);
}

Test(float_trans, roots_and_reciprocals_match_the_host_in_every_round_mode, .timeout = 600)
{
   static const struct mode modes[] = {
      { 0, 3 }, { 1, 3 }, { 2, 0 }, { 3, 1 }, { 0, 2 }, { 3, 3 }
   };
   for (unsigned wave = 32; wave <= 64; wave *= 2)
      for (unsigned i = 0; i < sizeof(modes) / sizeof(modes[0]); i++)
         check(wave, &modes[i], mixed_exec(wave), 2468u + 31u * i + wave);
}

/* ---- f16 forms and the f32 division helpers against the interpreter ------------------------ */

static const char *const diff_rows[] = {
   "v_rcp_f16_e32 v10, v2",
   "v_sqrt_f16_e32 v11, v2",
   "v_rsq_f16_e64 v12, |v2| clamp",
   "v_rcp_f16_e64 v13, -v2 mul:4",
   "v_rsq_f32_e64 v14, |v1| mul:2",
   "v_sqrt_f32_e64 v15, v1 clamp",
   "v_div_scale_f32 v16, s20, v1, v3, v1",
   "v_div_scale_f32 v17, vcc, v3, v3, v1",
   "v_div_fmas_f32 v18, v1, v3, v4",
   "v_div_fmas_f32 v19, -v1, v3, |v4| div:2",
   "v_cubeid_f32 v20, v1, v3, v4",
   "v_cubesc_f32 v21, v1, -v3, v4",
   "v_cubetc_f32 v22, v4, v3, v1",
   "v_cubema_f32 v23, v1, v3, v4 mul:2",
};
#define NUM_DIFF_ROWS (sizeof(diff_rows) / sizeof(diff_rows[0]))

static void diff_program(unsigned wave, unsigned mode, uint64_t exec, uint32_t seed)
{
   uint32_t state = seed;
   struct text t = { 0 };
   text_add_mode_program(&t, wave, mode);
   for (unsigned i = 0; i < NUM_DIFF_ROWS; i++) {
      const char *row = diff_rows[i];
      if (wave == 32 && strstr(row, "vcc,"))
         text_add(&t, "  v_div_scale_f32 v17, vcc_lo, v3, v3, v1\n");
      else if (wave == 64 && strstr(row, "s20,"))
         text_add(&t, "  v_div_scale_f32 v16, s[20:21], v1, v3, v1\n");
      else
         text_add(&t, "  %s\n", row);
   }
   text_add(&t, "  s_endpgm\n[init]\n");
   static const uint16_t half_edges[] = { 0x0000, 0x8000, 0x0001, 0x83ff, 0x0400, 0x7bff,
                                          0xfbff, 0x7c00, 0xfc00, 0x7e00, 0xfd01, 0x7c01,
                                          0x3c00, 0x3800, 0x4400, 0x3bff };
   uint32_t v[4][MAX_LANES];
   for (unsigned lane = 0; lane < wave; lane++) {
      uint32_t r = test_random(&state);
      v[0][lane] = f32_value(&state);
      uint32_t lo = (r & 1) ? half_edges[(r >> 4) % 16] : (r >> 8) & 0xffffu;
      uint32_t hi = (r & 2) ? half_edges[(r >> 12) % 16] : r >> 16;
      v[1][lane] = lo | hi << 16;
      v[2][lane] = f32_value(&state);
      if (lane % 3 == 0) /* quotients near the range ends */
         v[2][lane] = (v[2][lane] & 0x807fffffu) | (test_random(&state) % 255u) << 23;
      v[3][lane] = f32_value(&state);
   }
   for (unsigned r = 0; r < 4; r++)
      text_add_lanes(&t, 1 + r, v[r], wave);
   text_add(&t, "exec = 0x%llx\nvcc = 0x%llx\n", (unsigned long long)exec,
            (unsigned long long)(0x9a5c3e1f0f0a5a53ull & (~0ull >> (64 - wave))));
   harness_diff_mode(&t, wave, mode, exec);
   text_free(&t);
}

Test(float_trans, f16_forms_division_helpers_and_cube_rows_match_the_interpreter, .timeout = 900)
{
   /* MODE: denormals kept, nearest; IEEE and DX10_CLAMP, toward +inf; all flushed, toward
    * zero; output denormals only, toward -inf, f16 toward +inf */
   static const unsigned modes[] = { 0x0f0, 0x3f5, 0x00f, 0x1a6 };
   for (unsigned wave = 32; wave <= 64; wave *= 2)
      for (unsigned i = 0; i < sizeof(modes) / sizeof(modes[0]); i++)
         diff_program(wave, modes[i], i == 1 ? ~0ull >> (64 - wave) : mixed_exec(wave),
                      1700u + 23u * i + wave);
}

/* ---- exp, log, sin and cos ------------------------------------------------------------------
 * Expected values from the definitions of docs/float.md ("Transcendentals"), computed here in
 * long double (64-bit significand) and rounded to f64, then to f32 by the host's nearest-even
 * conversions: 2^x, log2(x) and, for sin and cos, the turn reduction t = x - floor(x + 1/2)
 * (exact), folded into a in [0, 1/4], of which the sine of the f64 product 2 pi a is taken. The
 * special values are written out. The only inputs where this could differ from the exact
 * definition lie within 2^-63 of an f64 rounding boundary that is also an f32 one. */

enum trans_op {
   T_EXP,
   T_LOG,
   T_SIN,
   T_COS
};

static long double sin_of_turns(long double t)
{
   long double a = fabsl(t);
   if (a > 0.25L)
      a = 0.5L - a;
   double y = 6.283185307179586476925286766559 * (double)a; /* the f64 argument */
   long double r = sinl((long double)y);
   return t < 0 ? -r : r;
}

static uint32_t expect_trans(enum trans_op op, unsigned denorm, uint32_t a)
{
   if (!(denorm & 1) && f32_is_denorm(a))
      a &= 0x80000000u;
   if (f32_is_nan(a))
      return a | 0x00400000u;
   bool negative = (a >> 31) != 0, zero = (a & 0x7fffffffu) == 0;
   bool inf = (a & 0x7fffffffu) == 0x7f800000u;
   long double x = (long double)f32_from_bits(a), r;
   switch (op) {
   case T_EXP:
      if (inf)
         return negative ? 0 : a;
      r = exp2l(x);
      break;
   case T_LOG:
      if (zero)
         return 0xff800000u;
      if (negative)
         return 0x7fc00000u;
      if (inf)
         return a;
      r = log2l(x);
      break;
   default:
      if (inf)
         return 0x7fc00000u;
      if (op == T_SIN && zero)
         return a;
      long double t = x - floorl(x + 0.5L);
      if (op == T_COS)
         t = 0.25L - fabsl(t);
      r = sin_of_turns(t);
      break;
   }
   volatile double d = (double)r;
   uint32_t bits = f32_to_bits((float)d);
   return !(denorm & 2) && f32_is_denorm(bits) ? bits & 0x80000000u : bits;
}

static const uint32_t trans_edges[] = {
   0x00000000u, 0x80000000u, 0x00000001u, 0x807fffffu, 0x00800000u,
   0x3f800000u, 0xbf800000u, 0x3e800000u, /* 0.25: a quarter turn */
   0xbe800000u, 0x3f000000u, 0xbf000000u, 0x3f400000u, 0x40400000u,
   0x41000000u, 0x42fe0000u, 0x43000000u, 0x42ffffffu, /* 128 and just below: overflow */
   0xc3150000u, 0xc3160000u, 0xc3140000u, /* -149, -150, -148: the f32 denormal range */
   0x4b000001u, 0xcb7fffffu, 0x7f7fffffu, 0x4e800000u, /* huge turns: whole numbers */
   0x4a800003u, /* 2^22 + 0.75: the last binade with quarter turns */
   0x7f800000u, 0xff800000u, 0x7fc00000u, 0xff800123u, 0x7f800001u,
   0x33800000u, 0x3f800001u, 0x3f7fffffu, 0x3dcccccdu, 0xc2c80000u,
};
#define NUM_TRANS_EDGES (sizeof(trans_edges) / sizeof(trans_edges[0]))

static const struct {
   const char *text;
   enum trans_op op;
} trans_rows[] = {
   { "v_exp_f32_e32 v10, v1", T_EXP },
   { "v_log_f32_e32 v11, v1", T_LOG },
   { "v_sin_f32_e32 v12, v1", T_SIN },
   { "v_cos_f32_e32 v13, v1", T_COS },
};
#define NUM_TRANS_ROWS (sizeof(trans_rows) / sizeof(trans_rows[0]))

static uint32_t trans_input(uint32_t *state, unsigned lane)
{
   uint32_t r = test_random(state);
   if (lane < NUM_TRANS_EDGES && (r & 1))
      return trans_edges[lane];
   switch (r >> 29) {
   case 0:
      return trans_edges[(r >> 8) % NUM_TRANS_EDGES];
   case 1:
      return test_random(state) & 0x807fffffu; /* denormals */
   case 2:                                     /* exp's range [-160, 160] */
      return f32_to_bits(((float)(test_random(state) % 320001u) - 160000.0f) / 1000.0f);
   case 3: /* turns within a few whole turns, quarter-turn neighbours */
      return f32_to_bits((float)((int)(test_random(state) % 64u) - 32) * 0.25f) +
             (test_random(state) % 3u) - 1u;
   default:
      return test_random(state);
   }
}

static void check_trans(unsigned wave, unsigned denorm, uint64_t exec, uint32_t seed)
{
   uint32_t in[MAX_LANES];
   uint32_t state = seed;
   for (unsigned lane = 0; lane < wave; lane++)
      in[lane] = trans_input(&state, lane);
   struct text t = { 0 };
   /* the round mode is toward zero: exp, log, sin and cos ignore it */
   text_add(&t, "[require]\nwave %u\n[program]\n  s_round_mode 0x3\n  s_denorm_mode 0x%x\n", wave,
            denorm | 0xc);
   for (unsigned i = 0; i < NUM_TRANS_ROWS; i++)
      text_add(&t, "  %s\n", trans_rows[i].text);
   text_add(&t, "  s_endpgm\n[init]\n");
   text_add_lanes(&t, 1, in, wave);
   for (unsigned i = 0; i < NUM_TRANS_ROWS; i++) {
      uint32_t old[MAX_LANES];
      for (unsigned lane = 0; lane < wave; lane++)
         old[lane] = old_value(10 + i, lane);
      text_add_lanes(&t, 10 + i, old, wave);
   }
   text_add(&t, "exec = 0x%llx\n", (unsigned long long)exec);
   struct gpu_run run;
   harness_run(t.data, wave, RDNA_RELATIVE_DEFAULT, &run);
   for (unsigned lane = 0; lane < wave; lane++)
      for (unsigned i = 0; i < NUM_TRANS_ROWS; i++) {
         uint32_t want = (exec >> lane) & 1 ? expect_trans(trans_rows[i].op, denorm, in[lane])
                                            : old_value(10 + i, lane);
         uint32_t got = run_vgpr(&run, 10 + i, lane);
         cr_expect_eq(got, want, "wave%u denorm %u, %s lane %u: 0x%08x, expected 0x%08x (0x%08x)",
                      wave, denorm, trans_rows[i].text, lane, got, want, in[lane]);
      }
   harness_free(&run);
   text_free(&t);
}

Test(float_trans, exp_log_sin_cos_match_their_definitions_with_and_without_flush, .timeout = 600)
{
   for (unsigned wave = 32; wave <= 64; wave *= 2)
      for (unsigned denorm = 0; denorm < 4; denorm++)
         check_trans(wave, denorm, denorm == 3 ? ~0ull >> (64 - wave) : mixed_exec(wave),
                     9100u + 7u * denorm + wave);
}

/* The quarter turns are exact: sin(n / 4 turns) and cos(n / 4 turns) are 0, 1 or -1 (a whole or
 * half turn's sine is +0, or -0 where the reduced turn t is -1/2), and 2^n, log2(2^n) exact. */
Test(float_trans, quarter_turns_and_powers_of_two_are_exact, .timeout = 300)
{
   static const struct {
      const char *row;
      uint32_t in, want;
   } cases[] = {
      { "v_sin_f32_e32", 0x3e800000u, 0x3f800000u }, /* sin(1/4) = 1 */
      { "v_sin_f32_e32", 0xbe800000u, 0xbf800000u }, /* sin(-1/4) = -1 */
      { "v_sin_f32_e32", 0x3f400000u, 0xbf800000u }, /* sin(3/4) = -1 */
      { "v_sin_f32_e32", 0x3f000000u, 0x80000000u }, /* sin(1/2): t = -1/2, -0 */
      { "v_sin_f32_e32", 0x40a00000u, 0x00000000u }, /* sin(5) = +0 */
      { "v_sin_f32_e32", 0x80000000u, 0x80000000u }, /* sin(-0) = -0 */
      { "v_cos_f32_e32", 0x00000000u, 0x3f800000u }, /* cos(0) = 1 */
      { "v_cos_f32_e32", 0x3f000000u, 0xbf800000u }, /* cos(1/2) = -1 */
      { "v_cos_f32_e32", 0x3e800000u, 0x00000000u }, /* cos(1/4) = +0 */
      { "v_cos_f32_e32", 0x4b000001u, 0x3f800000u }, /* cos(2^23 + 1) = 1 */
      { "v_exp_f32_e32", 0xc3150000u, 0x00000001u }, /* 2^-149 */
      { "v_exp_f32_e32", 0x42fe0000u, 0x7f000000u }, /* 2^127 */
      { "v_exp_f32_e32", 0x43000000u, 0x7f800000u }, /* 2^128 overflows */
      { "v_exp_f32_e32", 0x80000000u, 0x3f800000u }, /* 2^-0 = 1 */
      { "v_log_f32_e32", 0x00000001u, 0xc3150000u }, /* log2(2^-149) = -149 */
      { "v_log_f32_e32", 0x3f800000u, 0x00000000u }, /* log2(1) = +0 */
      { "v_log_f32_e32", 0x80000000u, 0xff800000u }, /* log2(-0) = -inf */
      { "v_exp_f16_e32", 0x4880u, 0x6000u },         /* 2^9 = 512 */
      { "v_log_f16_e32", 0x0001u, 0xce00u },         /* log2(2^-24) = -24 */
      { "v_sin_f16_e32", 0x3400u, 0x3c00u },         /* sin(1/4) = 1 */
      { "v_cos_f16_e32", 0x3800u, 0xbc00u },         /* cos(1/2) = -1 */
   };
   const size_t n = sizeof(cases) / sizeof(cases[0]);
   for (unsigned wave = 32; wave <= 64; wave *= 2) {
      struct text t = { 0 };
      text_add(&t, "[require]\nwave %u\n[program]\n  s_denorm_mode 0xf\n", wave);
      for (size_t i = 0; i < n; i++)
         text_add(&t, "  %s v%zu, 0x%x\n", cases[i].row, 10 + i, cases[i].in);
      text_add(&t, "  s_endpgm\n");
      struct gpu_run run;
      harness_run(t.data, wave, RDNA_RELATIVE_DEFAULT, &run);
      for (unsigned lane = 0; lane < wave; lane += 13)
         for (size_t i = 0; i < n; i++) {
            uint32_t got = run_vgpr(&run, 10 + (unsigned)i, lane);
            cr_expect_eq(got, cases[i].want, "wave%u %s 0x%x lane %u: 0x%08x, expected 0x%08x",
                         wave, cases[i].row, cases[i].in, lane, got, cases[i].want);
         }
      harness_free(&run);
      text_free(&t);
   }
}

/* The f16 forms and the VOP3 source and output modifiers against the interpreter. */
static void diff_trans(unsigned wave, unsigned mode, uint64_t exec, uint32_t seed)
{
   static const char *const trans_diff_rows[] = {
      "v_exp_f16_e32 v10, v2",          "v_log_f16_e32 v11, v2",
      "v_sin_f16_e32 v12, v2",          "v_cos_f16_e32 v13, v2",
      "v_exp_f32_e64 v14, -v1 mul:2",   "v_log_f32_e64 v15, |v1| clamp",
      "v_sin_f32_e64 v16, -|v1| div:2", "v_cos_f32_e64 v17, v3 clamp",
      "v_exp_f16_e64 v18, -|v2| clamp", "v_log_f16_e64 v19, |v2| mul:4",
      "v_sin_f16_e64 v20, -v2",         "v_cos_f16_e64 v21, v2 mul:2",
   };
   static const uint16_t half_edges[] = { 0x0000, 0x8000, 0x0001, 0x83ff, 0x0400, 0x7bff,
                                          0xfbff, 0x7c00, 0xfc00, 0x7e00, 0xfd01, 0x3400,
                                          0x3c00, 0x3800, 0x4c00, 0xcc80, 0x6800, 0x3a00 };
   uint32_t state = seed;
   struct text t = { 0 };
   text_add_mode_program(&t, wave, mode);
   for (size_t i = 0; i < sizeof(trans_diff_rows) / sizeof(trans_diff_rows[0]); i++)
      text_add(&t, "  %s\n", trans_diff_rows[i]);
   text_add(&t, "  s_endpgm\n[init]\n");
   uint32_t v[3][MAX_LANES];
   for (unsigned lane = 0; lane < wave; lane++) {
      uint32_t r = test_random(&state);
      v[0][lane] = trans_input(&state, lane);
      v[1][lane] = (r & 1) ? half_edges[(r >> 4) % 18] : (r >> 8) & 0xffffu;
      v[2][lane] = trans_input(&state, lane + 7);
   }
   for (unsigned r = 0; r < 3; r++)
      text_add_lanes(&t, 1 + r, v[r], wave);
   text_add(&t, "exec = 0x%llx\n", (unsigned long long)exec);
   char label[64];
   snprintf(label, sizeof(label), "wave%u mode 0x%x", wave, mode);
   harness_diff(&t, wave, label);
   text_free(&t);
}

Test(float_trans, exp_log_sin_cos_f16_and_modifiers_match_the_interpreter, .timeout = 600)
{
   /* MODE: denormals kept; IEEE and DX10_CLAMP with everything flushed; f16 flushed, f32 kept */
   static const unsigned modes[] = { 0x0f0, 0x300, 0x0b3 };
   for (unsigned wave = 32; wave <= 64; wave *= 2)
      for (unsigned i = 0; i < sizeof(modes) / sizeof(modes[0]); i++)
         diff_trans(wave, modes[i], i == 1 ? ~0ull >> (64 - wave) : mixed_exec(wave),
                    5300u + 11u * i + wave);
}

/* ---- the double-double evaluation on the host (bench/trans_model.h) ------------------------ */

/* Its constants are the nearest f64 to the exact values (and, in double-double, their
 * remainders): checked against 113-bit arithmetic, ln 2 from sum 1 / (k 2^k). */
static __float128 ln2_q(void)
{
   __float128 sum = 0, power = 1;
   for (int k = 1; k <= 130; k++) {
      power /= 2;
      sum += power / k;
   }
   return sum;
}

static __float128 factorial_q(int n)
{
   __float128 f = 1;
   for (int i = 2; i <= n; i++)
      f *= i;
   return f;
}

static void expect_dd(const double dd[2], __float128 exact, const char *what, int k)
{
   __float128 err = (__float128)dd[0] + (__float128)dd[1] - exact;
   if (err < 0)
      err = -err;
   __float128 mag = exact < 0 ? -exact : exact;
   cr_expect(err <= mag * 0x1p-104, "%s %d: double-double off by %g of its value", what, k,
             (double)(err / mag));
   cr_expect_eq(dd[0], (double)exact, "%s %d: high part is not the nearest f64", what, k);
}

static void expect_f64(double d, __float128 exact, const char *what, int k)
{
   cr_expect_eq(d, (double)exact, "%s %d: not the nearest f64", what, k);
}

Test(float_trans, double_double_constants_are_the_nearest_values)
{
   __float128 ln2 = ln2_q();
   expect_dd(ta_ln2, ln2, "ln 2", 0);
   for (int k = 0; k < 7; k++)
      expect_dd(ta_exp_dd[k], 1 / factorial_q(k), "1/k!", k);
   for (int k = 7; k <= 16; k++)
      expect_f64(ta_exp_tail[k - 7], 1 / factorial_q(k), "1/k!", k);
   for (int k = 0; k < 3; k++)
      expect_dd(ta_log_dd[k], 2 / ((2 * k + 1) * ln2), "2/((2k+1) ln 2)", k);
   for (int k = 3; k <= 13; k++)
      expect_f64(ta_log_tail[k - 3], 2 / ((2 * k + 1) * ln2), "2/((2k+1) ln 2)", k);
   for (int k = 0; k < 6; k++)
      expect_dd(ta_sin_dd[k], (k & 1 ? -1 : 1) / factorial_q(2 * k + 1), "(-1)^k/(2k+1)!", k);
   for (int k = 6; k <= 12; k++)
      expect_f64(ta_sin_tail[k - 6], (k & 1 ? -1 : 1) / factorial_q(2 * k + 1), "(-1)^k/(2k+1)!",
                 k);
}

/* Its f64 result is the f64 nearest the exact value: compared with the long double library
 * functions (64-bit significands, themselves within about 2^-63), it agrees except where the
 * exact value lies that close to an f64 rounding boundary, and is never a whole f64 ulp away. */
static void check_model_f64(enum trans_model_fn fn, uint32_t state, float lo, float hi)
{
   unsigned n = 20000, differ = 0;
   for (unsigned i = 0; i < n; i++) {
      float x = lo + (hi - lo) * (float)(test_random(&state) >> 8) * 0x1p-24f;
      long double ref;
      if (fn == TRANS_MODEL_EXP) {
         ref = exp2l(x);
      } else if (fn == TRANS_MODEL_LOG) {
         ref = log2l(x);
      } else {
         long double t = (long double)x - floorl((long double)x + 0.5L);
         ref = sin_of_turns(fn == TRANS_MODEL_COS ? 0.25L - fabsl(t) : t);
      }
      double got = trans_model_f64(fn, x), want = (double)ref;
      if (got != want) {
         differ++;
         cr_expect(fabsl((long double)got - ref) <= (long double)fabs(nextafter(want, 0) - want),
                   "fn %d x %a: %a, long double %La", fn, (double)x, got, ref);
      }
   }
   cr_expect(differ <= n / 200, "fn %d: %u of %u results differ from the long double's", fn, differ,
             n);
}

Test(float_trans, double_double_results_are_the_nearest_f64)
{
   check_model_f64(TRANS_MODEL_EXP, 1, -150.0f, 128.0f);
   check_model_f64(TRANS_MODEL_EXP, 2, -1.0f, 1.0f);
   check_model_f64(TRANS_MODEL_LOG, 3, 0x1p-30f, 0x1p30f);
   check_model_f64(TRANS_MODEL_LOG, 4, 0.5f, 2.0f);
   check_model_f64(TRANS_MODEL_SIN, 5, -3.0f, 3.0f);
   check_model_f64(TRANS_MODEL_COS, 6, -3.0f, 3.0f);
   check_model_f64(TRANS_MODEL_SIN, 7, -0x1p-10f, 0x1p-10f);
}
