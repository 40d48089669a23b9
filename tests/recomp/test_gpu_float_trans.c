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

#include "gpu_harness.h"
#include "rdna/diff.h"

#define MAX_LANES 64

static uint32_t next(uint32_t *state)
{
   *state = *state * 1664525u + 1013904223u; /* Numerical Recipes LCG */
   return *state ^ (*state >> 15);
}

static const uint32_t edges[] = {
   0x00000000u, 0x80000000u, 0x3f800000u, 0xbf800000u, 0x40800000u, 0x00000001u, 0x807fffffu,
   0x00400000u, 0x00800000u, 0x7f7fffffu, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0xff800001u,
   0x7e800000u, 0x7e800001u, 0x3f7fffffu, 0x3f800001u, 0x41100000u, 0x00000004u,
};
#define NUM_EDGES (sizeof(edges) / sizeof(edges[0]))

static uint32_t f32_value(uint32_t *state)
{
   uint32_t r = next(state);
   switch (r & 3) {
   case 0:
      return edges[(r >> 8) % NUM_EDGES];
   case 1:
      return next(state) & 0x7fffffffu; /* positive: roots are defined */
   case 2:
      return next(state) & 0x007fffffu; /* denormals */
   default:
      return next(state);
   }
}

static float as_float(uint32_t bits)
{
   float f;
   memcpy(&f, &bits, sizeof(f));
   return f;
}

static uint32_t as_bits(float f)
{
   uint32_t bits;
   memcpy(&bits, &f, sizeof(bits));
   return bits;
}

static bool is_nan(uint32_t x)
{
   return (x & 0x7fffffffu) > 0x7f800000u;
}

static bool is_denorm(uint32_t x)
{
   return (x & 0x7f800000u) == 0 && (x & 0x7fffffu) != 0;
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
   return as_bits(f);
}

static uint32_t expect(enum op op, const struct mode *m, uint32_t a)
{
   if (!(m->denorm & 1) && is_denorm(a))
      a &= 0x80000000u;
   if (is_nan(a))
      return a | 0x00400000u;
   bool negative = (a >> 31) != 0, zero = (a & 0x7fffffffu) == 0;
   uint32_t r;
   if (op == RCP) {
      fesetround(host_rounding[m->round]);
      volatile float q = 1.0f / as_float(a);
      fesetround(FE_TONEAREST);
      r = as_bits(q);
   } else if (zero) {
      return op == SQRT ? a : (a & 0x80000000u) | 0x7f800000u; /* sqrt(-0) = -0, rsq(+-0) = +-inf */
   } else if (negative) {
      return 0x7fc00000u;
   } else if (op == SQRT) {
      fesetround(host_rounding[m->round]);
      volatile float s = sqrtf(as_float(a));
      fesetround(FE_TONEAREST);
      r = as_bits(s);
   } else if (a == 0x7f800000u) {
      return 0;
   } else {
      r = round_f32(1.0L / sqrtl((long double)as_float(a)), m->round);
   }
   return !(m->denorm & 2) && is_denorm(r) ? r & 0x80000000u : r;
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

static uint64_t mixed_exec(unsigned wave)
{
   return wave == 32 ? 0xf7f0a5b5ull : 0x3c3c0ff1f0f0a5a5ull;
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
   text_add(&t,
            "[require]\nwave %u\n[program]\n  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 10), 0x%x\n",
            wave, mode);
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
      uint32_t r = next(&state);
      v[0][lane] = f32_value(&state);
      uint32_t lo = (r & 1) ? half_edges[(r >> 4) % 16] : (r >> 8) & 0xffffu;
      uint32_t hi = (r & 2) ? half_edges[(r >> 12) % 16] : r >> 16;
      v[1][lane] = lo | hi << 16;
      v[2][lane] = f32_value(&state);
      if (lane % 3 == 0) /* quotients near the range ends */
         v[2][lane] = (v[2][lane] & 0x807fffffu) | (next(&state) % 255u) << 23;
      v[3][lane] = f32_value(&state);
   }
   for (unsigned r = 0; r < 4; r++)
      text_add_lanes(&t, 1 + r, v[r], wave);
   text_add(&t, "exec = 0x%llx\nvcc = 0x%llx\n", (unsigned long long)exec,
            (unsigned long long)(0x9a5c3e1f0f0a5a53ull & (~0ull >> (64 - wave))));
   char label[64];
   snprintf(label, sizeof(label), "wave%u mode 0x%x exec 0x%llx", wave, mode,
            (unsigned long long)exec);
   harness_diff(&t, wave, label);
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
