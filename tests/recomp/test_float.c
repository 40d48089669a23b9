/* The f32 float lowering on the default Vulkan device: add, sub, mul, fma, ldexp and the
 * int-to-float conversions against the host's own IEEE arithmetic run under the rounding mode
 * MODE selects (fesetround), with MODE's denormal flushing and the NaN rules of docs/float.md
 * written out here; and every lowered f32 row against the interpreter through rdna_diff_case.
 * Inputs mix edge values (signed zeros, denormals, extremes, infinities, quiet and signalling
 * NaNs) with random bits and near-cancelling pairs, in wave32 and wave64, under EXEC masks of no
 * lane, one lane, mixed lanes and every lane. Tests skip when there is no Vulkan device. */
#include <criterion/criterion.h>
#include <fenv.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "gpu_harness.h"
#include "rdna/diff.h"

#define MAX_LANES 64

static const uint32_t edges[] = {
   0x00000000u, 0x80000000u, 0x3f800000u, 0xbf800000u, 0x3f000000u, 0x00000001u, 0x807fffffu,
   0x00400000u, 0x00800000u, 0x80800000u, 0x7f7fffffu, 0xff7fffffu, 0x7f800000u, 0xff800000u,
   0x7fc00000u, 0xffc00456u, 0x7f800123u, 0xff800001u, 0x4b800001u, 0x3effffffu, 0x3f000001u,
   0x4f000000u, 0xcf000000u, 0x4f800000u, 0x3fc00000u, 0x40200000u, 0xbfc00000u, 0x0ffffff1u,
   0x00fffffeu, 0x7effffffu, 0xc0200000u, 0x3f7fffffu,
};
#define NUM_EDGES (sizeof(edges) / sizeof(edges[0]))

/* A float input: an edge value, random bits, or a value with a small exponent range so that
 * sums cancel and products land near the denormal range. */
static uint32_t float_value(uint32_t *state)
{
   uint32_t r = test_random(state);
   switch (r & 3) {
   case 0:
      return edges[(r >> 8) % NUM_EDGES];
   case 1:
      return test_random(state);
   case 2:
      return (test_random(state) & 0x807fffffu) | ((0x70u + ((r >> 8) & 0x1fu)) << 23);
   default:
      return (test_random(state) & 0x807fffffu) | ((0x01u + ((r >> 8) & 0x0fu)) << 23);
   }
}

struct inputs {
   uint32_t v[6][MAX_LANES];
};

static void make_inputs(struct inputs *in, unsigned wave, uint32_t seed)
{
   uint32_t state = seed;
   for (unsigned lane = 0; lane < wave; lane++) {
      in->v[1][lane] = float_value(&state);
      in->v[2][lane] = float_value(&state);
      in->v[3][lane] = float_value(&state);
      if (lane % 5 == 0) /* a near-cancelling pair */
         in->v[2][lane] = (in->v[1][lane] ^ 0x80000000u) + (test_random(&state) & 3);
      in->v[4][lane] = (uint32_t)((int32_t)(test_random(&state) % 321) - 160);
      in->v[5][lane] =
         (lane & 1) ? test_random(&state) : (test_random(&state) & 0x00ffffffu) | 0x01000000u;
   }
}

static uint32_t old_value(unsigned reg, unsigned lane)
{
   return 0x5eed0000u + reg * 64 + lane;
}

static void init_text(struct text *t, const struct inputs *in, unsigned wave, uint64_t exec,
                      unsigned first_dst, unsigned num_dst)
{
   text_add(t, "[init]\n");
   for (unsigned r = 1; r <= 5; r++)
      text_add_lanes(t, r, in->v[r], wave);
   for (unsigned r = first_dst; r < first_dst + num_dst; r++) {
      uint32_t old[MAX_LANES];
      for (unsigned lane = 0; lane < wave; lane++)
         old[lane] = old_value(r, lane);
      text_add_lanes(t, r, old, wave);
   }
   text_add(t, "exec = 0x%llx\n", (unsigned long long)exec);
}

/* ---- the host's reference ------------------------------------------------------------------ */

static bool is_inf(uint32_t x)
{
   return (x & 0x7fffffffu) == 0x7f800000u;
}

static bool is_zero(uint32_t x)
{
   return (x & 0x7fffffffu) == 0;
}

/* MODE as the test sets it: FP_ROUND f32 and FP_DENORM f32 (RDNA2 ISA guide 3.12). */
struct mode {
   unsigned round, denorm;
};

static uint32_t flush_in(const struct mode *m, uint32_t x)
{
   return !(m->denorm & 1) && f32_is_denorm(x) ? x & 0x80000000u : x;
}

static uint32_t flush_out(const struct mode *m, uint32_t x)
{
   return !(m->denorm & 2) && f32_is_denorm(x) ? x & 0x80000000u : x;
}

static const int host_rounding[4] = { FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO };

enum host_op {
   H_ADD,
   H_SUB,
   H_MUL,
   H_FMA,
   H_LDEXP,
   H_CVT_I32,
   H_CVT_U32
};

/* The first NaN source quieted, else the default NaN of an invalid operation, else the IEEE
 * result in the host's rounding mode; sources and result flushed by MODE. */
static uint32_t host_expect(enum host_op op, const struct mode *m, uint32_t a, uint32_t b,
                            uint32_t c, uint32_t n)
{
   if (op == H_CVT_I32 || op == H_CVT_U32) {
      fesetround(host_rounding[m->round]);
      volatile float r = op == H_CVT_I32 ? (float)(int32_t)n : (float)n;
      fesetround(FE_TONEAREST);
      return f32_to_bits(r);
   }
   a = flush_in(m, a);
   b = flush_in(m, b);
   c = flush_in(m, c);
   if (op == H_SUB)
      b ^= 0x80000000u;
   uint32_t srcs[3] = { a, b, c };
   unsigned count = op == H_FMA ? 3 : op == H_LDEXP ? 1 : 2;
   for (unsigned i = 0; i < count; i++)
      if (f32_is_nan(srcs[i]))
         return srcs[i] | 0x00400000u;
   bool product = op == H_MUL || op == H_FMA;
   if (product && ((is_inf(a) && is_zero(b)) || (is_zero(a) && is_inf(b))))
      return 0x7fc00000u;
   if ((op == H_ADD || op == H_SUB) && is_inf(a) && is_inf(b) && (a ^ b) >> 31)
      return 0x7fc00000u;
   if (op == H_FMA && (is_inf(a) || is_inf(b)) && is_inf(c) && ((a ^ b ^ c) >> 31))
      return 0x7fc00000u;
   volatile float x = f32_from_bits(a), y = f32_from_bits(b), z = f32_from_bits(c);
   volatile float r;
   fesetround(host_rounding[m->round]);
   switch (op) {
   case H_ADD:
   case H_SUB:
      r = x + y;
      break;
   case H_MUL:
      r = x * y;
      break;
   case H_FMA:
      r = fmaf(x, y, z);
      break;
   default:
      r = ldexpf(x, (int32_t)n);
      break;
   }
   fesetround(FE_TONEAREST);
   return flush_out(m, f32_to_bits(r));
}

struct host_row {
   const char *text; /* the instruction, writing v{dst} */
   enum host_op op;
};

static const struct host_row host_rows[] = {
   { "v_add_f32_e32 v10, v1, v2", H_ADD },     { "v_sub_f32_e32 v11, v1, v2", H_SUB },
   { "v_mul_f32_e32 v12, v1, v2", H_MUL },     { "v_fma_f32 v13, v1, v2, v3", H_FMA },
   { "v_ldexp_f32 v14, v1, v4", H_LDEXP },     { "v_cvt_f32_i32_e32 v15, v5", H_CVT_I32 },
   { "v_cvt_f32_u32_e32 v16, v5", H_CVT_U32 },
};
#define NUM_HOST_ROWS (sizeof(host_rows) / sizeof(host_rows[0]))

static void check_against_host(unsigned wave, const struct mode *m, uint64_t exec, uint32_t seed)
{
   struct inputs in;
   make_inputs(&in, wave, seed);
   struct text t = { 0 };
   text_add(&t, "[require]\nwave %u\n[program]\n  s_round_mode 0x%x\n  s_denorm_mode 0x%x\n", wave,
            m->round, m->denorm);
   for (unsigned i = 0; i < NUM_HOST_ROWS; i++)
      text_add(&t, "  %s\n", host_rows[i].text);
   text_add(&t, "  s_endpgm\n");
   init_text(&t, &in, wave, exec, 10, NUM_HOST_ROWS);
   struct gpu_run run;
   harness_run(t.data, wave, RDNA_RELATIVE_DEFAULT, &run);
   for (unsigned lane = 0; lane < wave; lane++) {
      bool active = (exec >> lane) & 1;
      for (unsigned i = 0; i < NUM_HOST_ROWS; i++) {
         unsigned reg = 10 + i;
         uint32_t a = in.v[1][lane], b = in.v[2][lane], c = in.v[3][lane];
         uint32_t n = host_rows[i].op == H_LDEXP ? in.v[4][lane] : in.v[5][lane];
         uint32_t expect =
            active ? host_expect(host_rows[i].op, m, a, b, c, n) : old_value(reg, lane);
         uint32_t got = run_vgpr(&run, reg, lane);
         cr_expect_eq(got, expect,
                      "wave%u round %u denorm %u, %s lane %u: 0x%08x, expected 0x%08x (sources "
                      "0x%08x 0x%08x 0x%08x 0x%08x)",
                      wave, m->round, m->denorm, host_rows[i].text, lane, got, expect, a, b, c, n);
      }
   }
   harness_free(&run);
   text_free(&t);
}

static uint64_t float_exec(unsigned wave)
{
   return wave == 32 ? 0xf0f0a5a5ull : 0x3c3c0ff1f0f0a5a5ull;
}

Test(float, arithmetic_matches_host_ieee_in_every_round_mode, .timeout = 600)
{
   static const struct mode modes[] = {
      { 0, 0 }, { 1, 3 }, { 2, 1 }, { 3, 2 }, { 2, 0 }, { 0, 3 }
   };
   for (unsigned wave = 32; wave <= 64; wave *= 2)
      for (unsigned i = 0; i < sizeof(modes) / sizeof(modes[0]); i++)
         check_against_host(wave, &modes[i], float_exec(wave), 1234u + 97u * i + wave);
}

Test(float, exec_none_one_and_all_lanes, .timeout = 600)
{
   const struct mode nearest = { 0, 0 };
   for (unsigned wave = 32; wave <= 64; wave *= 2) {
      uint64_t all = wave == 32 ? 0xffffffffull : ~0ull;
      check_against_host(wave, &nearest, 0, 77u);
      check_against_host(wave, &nearest, 1ull << (wave - 3), 78u);
      check_against_host(wave, &nearest, all, 79u);
   }
}

/* ---- every lowered f32 row against the interpreter ----------------------------------------- */

static const char *const diff_rows[] = {
   "v_add_f32_e64 v10, -|v1|, v2 clamp",
   "v_subrev_f32_e32 v11, v1, v2",
   "v_mul_legacy_f32_e32 v12, v1, v2",
   "v_mul_f32_e64 v13, v1, v2 mul:2",
   "v_mul_f32_e64 v14, v1, v2 div:2",
   "v_min_f32_e32 v15, v1, v2",
   "v_max_f32_e64 v16, v1, -v2",
   "v_fmac_f32_e32 v17, v1, v2",
   "v_fma_legacy_f32 v18, v1, v2, v3",
   "v_fmac_legacy_f32_e32 v19, v1, v2",
   "v_fmamk_f32 v20, v1, 0x3fc00000, v3",
   "v_fmaak_f32 v21, v1, v2, 0xc0200000",
   "v_min3_f32 v22, v1, v2, v3",
   "v_max3_f32 v23, v1, v2, v3",
   "v_med3_f32 v24, v1, v2, v3",
   "v_cvt_i32_f32_e32 v25, v1",
   "v_cvt_u32_f32_e32 v26, v1",
   "v_cvt_flr_i32_f32_e32 v27, v1",
   "v_cvt_rpi_i32_f32_e32 v28, v1",
   "v_cvt_off_f32_i4_e32 v29, v5",
   "v_cvt_f32_ubyte0_e32 v30, v5",
   "v_cvt_f32_ubyte3_e32 v31, v5",
   "v_floor_f32_e32 v32, v1",
   "v_ceil_f32_e32 v33, v1",
   "v_trunc_f32_e32 v34, v1",
   "v_rndne_f32_e32 v35, v1",
   "v_fract_f32_e32 v36, v1",
   "v_frexp_mant_f32_e32 v37, v1",
   "v_frexp_exp_i32_f32_e32 v38, v1",
   "v_cmp_class_f32_e64 s[20:21], v1, v5",
   "v_cmp_lt_f32_e64 s[22:23], v1, v2",
   "v_cmp_nge_f32_e64 s[24:25], v1, v2",
   "v_cmp_lg_f32_e64 s[26:27], v1, v2",
   "v_cmp_u_f32_e64 s[28:29], v1, -v2",
   "v_cmp_neq_f32_e64 s[30:31], |v1|, v2",
   "v_cmp_le_f32_e64 s[32:33], v1, v2",
   "v_cvt_f16_f32_e32 v40, v1",
   "v_cvt_f16_f32_e32 v41, v2",
   "v_add_f16_e32 v42, v40, v41",
   "v_mul_f16_e64 v43, -v40, |v41| clamp",
   "v_fma_f16 v44, v40, v41, v6 op_sel:[0,0,1,1]",
   "v_fmac_f16_e32 v45, v40, v41",
   "v_sub_f16_e32 v46, v40, v41",
   "v_min3_f16 v47, v40, v41, v6",
   "v_max_f16_e32 v48, v40, v41",
   "v_med3_f16 v49, v40, v41, v6 op_sel:[0,0,1,0]",
   "v_ldexp_f16_e32 v50, v40, v4",
   "v_cvt_f32_f16_e32 v51, v6",
   "v_cvt_f32_f16_e64 v52, v41 mul:2",
   "v_cvt_u16_f16_e32 v53, v40",
   "v_cvt_i16_f16_e32 v54, v41",
   "v_cvt_f16_u16_e32 v55, v5",
   "v_cvt_f16_i16_e32 v56, v5",
   "v_floor_f16_e32 v57, v40",
   "v_rndne_f16_e32 v58, v41",
   "v_fract_f16_e32 v59, v40",
   "v_frexp_mant_f16_e32 v60, v6",
   "v_frexp_exp_i16_f16_e32 v61, v6",
   "v_cmp_lt_f16_e64 s[34:35], v40, v41",
   "v_cmp_nlg_f16_e64 s[36:37], v6, v41",
   "v_cmp_class_f16_e64 s[38:39], v6, v5",
   "v_cvt_f64_f32_e32 v[64:65], v1",
   "v_cvt_f64_i32_e32 v[66:67], v5",
   "v_cvt_f64_u32_e32 v[68:69], v5",
   "v_cvt_f32_f64_e32 v70, v[7:8]",
   "v_cvt_i32_f64_e32 v71, v[7:8]",
   "v_cvt_u32_f64_e32 v72, v[62:63]",
   "v_min_f64 v[73:74], v[7:8], v[62:63]",
   "v_max_f64 v[75:76], -v[7:8], v[62:63] clamp",
   "v_floor_f64_e32 v[77:78], v[7:8]",
   "v_ceil_f64_e32 v[79:80], v[62:63]",
   "v_trunc_f64_e32 v[81:82], v[7:8]",
   "v_rndne_f64_e32 v[83:84], v[62:63]",
   "v_frexp_mant_f64_e32 v[85:86], v[7:8]",
   "v_frexp_exp_i32_f64_e32 v87, v[62:63]",
   "v_cmp_lt_f64_e64 s[40:41], v[7:8], v[62:63]",
   "v_cmp_nge_f64_e64 s[42:43], v[7:8], v[62:63]",
   "v_cmp_eq_f64_e64 s[44:45], |v[7:8]|, v[62:63]",
   "v_cmp_class_f64_e64 s[46:47], v[7:8], v5",
   "v_fract_f64_e32 v[98:99], v[7:8]",
   "v_cvt_pkrtz_f16_f32_e32 v88, v1, v2",
   "v_cvt_pknorm_i16_f32 v89, v1, v2",
   "v_cvt_pknorm_u16_f16 v90, v6, -v41 op_sel:[1,0,0]",
   "v_cvt_pk_u8_f32 v91, v1, v5, v2",
   "v_mullit_f32 v92, v1, v2, v3",
   "v_pack_b32_f16 v93, -v6, v40 op_sel:[1,0,0]",
   "v_cvt_norm_u16_f16_e32 v94, v6",
   "v_div_fixup_f32 v95, v1, v2, v3",
   "v_div_fixup_f32 v96, v3, -v2, v1",
   "v_div_fixup_f16 v97, v40, v41, v6 op_sel:[0,0,1,0]",
};
#define NUM_DIFF_ROWS (sizeof(diff_rows) / sizeof(diff_rows[0]))

static void diff_program(unsigned wave, unsigned mode, uint64_t exec, uint32_t seed,
                         unsigned first_row, unsigned end_row)
{
   struct inputs in;
   make_inputs(&in, wave, seed);
   uint32_t halves[MAX_LANES]; /* v6: two f16 values, edges among them */
   static const uint16_t half_edges[] = { 0x0000, 0x8000, 0x0001, 0x83ff, 0x0400, 0x7bff,
                                          0xfbff, 0x7c00, 0xfc00, 0x7e00, 0xfd01, 0x7c01,
                                          0x3c00, 0x3800, 0xb7ff, 0x3bff };
   uint32_t state = seed * 7u + 1u;
   for (unsigned lane = 0; lane < wave; lane++) {
      uint32_t r = test_random(&state);
      uint32_t lo = (r & 1) ? half_edges[(r >> 4) % 16] : (r >> 8) & 0xffffu;
      uint32_t hi = (r & 2) ? half_edges[(r >> 12) % 16] : r >> 16;
      halves[lane] = lo | hi << 16;
   }
   for (unsigned lane = 0; lane < wave; lane++)
      in.v[5][lane] = (lane & 1) ? in.v[5][lane] : 1u << (lane % 10); /* single class bits */
   struct text t = { 0 };
   text_add_mode_program(&t, wave, mode);
   for (unsigned i = first_row; i < end_row; i++) {
      const char *row = diff_rows[i];
      /* 64-bit masks name a pair in wave64 and one SGPR in wave32 */
      if (wave == 32 && strstr(row, "s[")) {
         char buf[96];
         const char *pair = strstr(row, "s[");
         unsigned lo = 0;
         sscanf(pair, "s[%u", &lo);
         const char *rest = strchr(pair, ']') + 1;
         snprintf(buf, sizeof(buf), "%.*ss%u%s", (int)(pair - row), row, lo, rest);
         text_add(&t, "  %s\n", buf);
      } else {
         text_add(&t, "  %s\n", row);
      }
   }
   text_add(&t, "  v_cmpx_gt_f32_e32 v1, v2\n  v_add_f32_e32 v39, v1, v3\n  s_endpgm\n");
   init_text(&t, &in, wave, exec, 10, 90);
   text_add_lanes(&t, 6, halves, wave);
   /* v[7:8] and v[62:63]: f64 sources, edges among them (zeros, denormals, extremes, infinities,
    * NaNs, halves) */
   static const uint64_t double_edges[] = {
      0x0000000000000000ull, 0x8000000000000000ull, 0x0000000000000001ull, 0x800fffffffffffffull,
      0x0010000000000000ull, 0x7fefffffffffffffull, 0x7ff0000000000000ull, 0xfff0000000000000ull,
      0x7ff8000000000000ull, 0xfff0000000000001ull, 0x3ff8000000000000ull, 0xc004000000000000ull,
      0x41e0000000000000ull, 0xc1e0000000200000ull, 0x41efffffffe00000ull, 0x3810000000000001ull,
   };
   uint32_t dbl[4][MAX_LANES];
   for (unsigned lane = 0; lane < wave; lane++)
      for (unsigned i = 0; i < 2; i++) {
         uint32_t r = test_random(&state);
         uint64_t v = (r & 1) ? double_edges[(r >> 4) % 16]
                              : ((uint64_t)test_random(&state) << 32 | test_random(&state)) ^
                                   ((uint64_t)(r & 0x100) << 54);
         if ((r & 6) == 2) /* near the f32 range, so that cvt_f32_f64 rounds */
            v = (v & 0x800fffffffffffffull) | (uint64_t)(0x360 + ((r >> 9) & 0x3f)) << 52;
         dbl[2 * i][lane] = (uint32_t)v;
         dbl[2 * i + 1][lane] = (uint32_t)(v >> 32);
      }
   text_add_lanes(&t, 7, dbl[0], wave);
   text_add_lanes(&t, 8, dbl[1], wave);
   text_add_lanes(&t, 62, dbl[2], wave);
   text_add_lanes(&t, 63, dbl[3], wave);
   harness_diff_mode(&t, wave, mode, exec);
   text_free(&t);
}

/* The rows in groups (f32, f16, f64, packing and division fixup), each its own module: small
 * modules keep the driver's compile time low. */
static void diff_rows_in_every_mode(unsigned first_row, unsigned end_row)
{
   /* MODE: default; IEEE and DX10_CLAMP with denormals kept and rounding up; toward zero with
    * output denormals only; toward -inf with input denormals only */
   static const unsigned modes[] = { 0x000, 0x331, 0x123, 0x212 };
   for (unsigned wave = 32; wave <= 64; wave *= 2)
      for (unsigned i = 0; i < sizeof(modes) / sizeof(modes[0]); i++)
         diff_program(wave, modes[i], i == 1 ? 1 : float_exec(wave), 555u + i * 31u + wave,
                      first_row, end_row);
}

Test(float, f32_rows_match_the_interpreter, .timeout = 900)
{
   diff_rows_in_every_mode(0, 36);
}

Test(float, f16_rows_match_the_interpreter, .timeout = 900)
{
   diff_rows_in_every_mode(36, 61);
}

Test(float, f64_rows_match_the_interpreter, .timeout = 900)
{
   diff_rows_in_every_mode(61, 80);
}

Test(float, packing_rows_match_the_interpreter, .timeout = 900)
{
   diff_rows_in_every_mode(80, NUM_DIFF_ROWS);
}
